"""Ctrl+C in the first milliseconds of a real `vicaire add`: what each moment gives.

Runs the installed `vicaire` script (the one next to this Python, as pip wrote it; --vicaire
for another) with a match in a fresh history, sends SIGINT at a random moment between 0 and
--max-ms after the process has started, and sorts what came out:

- saved (status 0), or not saved (130, or killed by SIGINT before Python has installed its
  own handling: a shell shows 130 for both), with no traceback: what Vicaire promises;
- a traceback in Python's `site` module ("Fatal Python error: init_import_site", status 1):
  Python's start-up, before any program runs (an editable install's path hook runs here);
- a traceback in the `vicaire` script pip wrote, before its line `from scorekeeper...` has
  reached Vicaire's first line (its `import re`, Python finding and loading the package);
- a traceback through any of Vicaire's files: a fault of Vicaire's (must be none).

Each kind is listed with the moments (ms after start) it was seen at, which shows where the
window Python leaves open lies. Not a timed test: a machine's load moves every moment.

    python benchmarks/bench_ctrl_c.py [--runs 200] [--max-ms 60] [--vicaire PATH] [--examples]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path


def kind(status: int, out: str, err: str) -> str:
    if "Traceback" not in err:
        if status == 0:
            return "saved (0), no traceback"
        if status in (130, -signal.SIGINT) and not out and not err:
            return f"not saved ({'130' if status == 130 else 'killed by SIGINT'}), silent"
        return f"OTHER: status {status}, stderr {err[-200:]!r}"
    files = re.findall(r'File "([^"]+)", line (\d+)', err)
    if any(f"{os.sep}scorekeeper{os.sep}" in name for name, _line in files):
        return f"TRACEBACK THROUGH VICAIRE'S FILES (status {status})"
    if "init_import_site" in err:
        return f"traceback: Python's site module (status {status})"
    lines = [line for name, line in files if not name.startswith("<")]
    return f"traceback: the vicaire script, line {lines[0] if lines else '?'} (status {status})"

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--max-ms", type=float, default=60.0)
    parser.add_argument("--vicaire", default=str(Path(sys.executable).parent / "vicaire"))
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--examples", action="store_true", help="print one stderr of each kind")
    options = parser.parse_args()
    random.seed(options.seed)
    moments: dict[str, list[float]] = defaultdict(list)
    examples: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "VICAIRE_DB": folder, "LANG": "en_US.UTF-8"}
        env.pop("LC_ALL", None)
        env.pop("PYTHONPATH", None)
        subprocess.run([options.vicaire, "new", "Amélie", "Bruno", "Chloé", "--target",
                        "100000"], env=env, check=True, capture_output=True)
        started = time.perf_counter()
        for _ in range(options.runs):
            delay = random.uniform(0, options.max_ms / 1000)
            proc = subprocess.Popen([options.vicaire, "add", "4", "3", "3"], env=env,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            try:  # (Popen returns once the new program has been started)
                proc.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=60)
            name = kind(proc.returncode, out, err)
            moments[name].append(delay * 1000)
            report = re.search(r"The details are in (.+?): send", err)
            if report and Path(report[1]).exists():  # (a fault: what the report says)
                err += Path(report[1]).read_text()
            examples.setdefault(name, err)
    print(f"{options.runs} runs of {options.vicaire} add, SIGINT at 0–{options.max_ms:g} ms "
          f"({time.perf_counter() - started:.0f} s)")
    for name, seen in sorted(moments.items(), key=lambda item: min(item[1])):
        print(f"{len(seen):5}  {100 * len(seen) / options.runs:5.1f} %  "
              f"at {min(seen):5.1f}–{max(seen):5.1f} ms  {name}")
    if options.examples:
        for name, err in examples.items():
            print(f"\n{name}:\n{err}")


if __name__ == "__main__":
    main()
