"""What one `vicaire` command costs in CPU: a true process (`python -m scorekeeper ...`, as a
user's shell runs it), a bare Python for comparison, and the same commands forked from the
command-line tests' preloaded server (tests/cli/forkserver.py), same machine, same run.

CPU (user + system, children included) rather than wall time: the figure stays put on a
busy machine.

    python benchmarks/bench_cli.py [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def children_cpu() -> float:
    """CPU of the children waited for, and of the fork servers and their children so far
    (read from /proc: their children are theirs to wait for)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = used.ru_utime + used.ru_stime
    from tests.cli import forkserver

    for server in forkserver.SERVERS.values():
        if server is not None:
            fields = Path(f"/proc/{server.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(tick) for tick in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


def cpu_per_run(run: Callable[[], object], runs: int) -> float:
    """Milliseconds of CPU (this process and its children) per call of `run`."""
    run()  # a first run starts what is started once (the fork server)
    before = children_cpu() + sum(os.times()[:2])
    for _ in range(runs):
        run()
    return 1000 * (children_cpu() + sum(os.times()[:2]) - before) / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    from tests.cli import forkserver

    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "VICAIRE_DB": folder, "LANG": "en_US.UTF-8",
               "PYTHONPATH": str(ROOT)}
        env.pop("LC_ALL", None)
        quiet = {"env": env, "capture_output": True, "stdin": subprocess.DEVNULL,
                 "check": True}
        match_id = subprocess.run([sys.executable, "-m", "scorekeeper", "new", "A", "B", "C"],
                                  text=True, **quiet).stdout.split()[-1]
        subprocess.run([sys.executable, "-m", "scorekeeper", "add", match_id, "4", "3", "3"],
                       **quiet)
        print(f"CPU per run, ms ({runs} runs each)")
        bare = cpu_per_run(lambda: subprocess.run([sys.executable, "-c", "pass"], **quiet),
                           runs)
        print(f"  {'bare python -c pass':<28} {bare:7.1f}")
        for command in (["--version"], ["history", "--json"], ["show", match_id],
                        ["add", match_id, "3", "3", "4"]):
            true = cpu_per_run(lambda c=command: subprocess.run(
                [sys.executable, "-m", "scorekeeper", *c], **quiet), runs)
            forked = cpu_per_run(lambda c=command: forkserver.run(c, **quiet), runs)
            name = " ".join(command).replace(match_id, "ID")
            print(f"  {name:<28} {true:7.1f} true process, {forked:6.1f} forked")
        forkserver.stop_all()


if __name__ == "__main__":
    main()
