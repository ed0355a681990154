"""Per-file mutation scores from the last `mutmut run` (docs/development.md, "Mutation testing").

Reads `mutmut results --all true` and the equivalent mutants listed in docs/development.md
(a line "- `<mutant name>`: <reason>"), and prints for each mutated file the mutants killed
(a timeout counts as killed: the mutant never finished), the total, the listed equivalents
and the score: killed / (total - equivalent). Survivors that are not listed are printed
too. Exit status 1 if a file scores under 90 % or a mutant was not run; 0 otherwise.

    mutmut run --max-children 1; python scripts/mutation_score.py
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "development.md"
GOAL = 0.90
LISTED = re.compile(r"^- `([\w.ǁ]+__mutmut_\d+)`")
KILLED = {"killed", "timeout"}


def listed_equivalents() -> set[str]:
    return {m.group(1) for line in DOC.read_text("utf-8").splitlines()
            if (m := LISTED.match(line))}


def results() -> dict[str, str]:
    """Each mutant's status, by name."""
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
    out = subprocess.run([mutmut, "results", "--all", "true"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    status = {}
    for line in out.splitlines():
        name, sep, state = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            status[name] = state
    return status


def module_of(name: str) -> str:
    return name.rsplit(".", 1)[0]


def main() -> int:
    status = results()
    equivalent = listed_equivalents()
    by_module: dict[str, list[str]] = defaultdict(list)
    for name in status:
        by_module[module_of(name)].append(name)
    ok = bool(status)
    print(f"{'file':<32} {'killed':>6} {'total':>6} {'equiv.':>6} {'score':>7}")
    for module in sorted(by_module):
        names = by_module[module]
        killed = sum(status[n] in KILLED for n in names)
        equal = sum(n in equivalent and status[n] not in KILLED for n in names)
        judged = len(names) - equal
        score = killed / judged if judged else 1.0
        unrun = [n for n in names if status[n] == "not checked"]
        ok &= score >= GOAL and not unrun
        path = module.replace(".", "/") + ".py"
        print(f"{path:<32} {killed:>6} {len(names):>6} {equal:>6} {score:>7.1%}"
              + (f"  ({len(unrun)} not run)" if unrun else ""))
        for n in sorted(names):
            if status[n] not in KILLED and n not in equivalent and status[n] != "not checked":
                print(f"    {status[n]}: {n}")
    stale = sorted(n for n in equivalent if n in status and status[n] in KILLED)
    for n in stale:
        print(f"listed as equivalent but killed (remove it from the list): {n}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
