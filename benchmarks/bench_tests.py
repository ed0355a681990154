"""What the whole test suite costs: the README's command (`python -m pytest -q`), timed.

Prints the wall time, the processor time (user + system, every process the suite started
included: the test processes, the forked commands, the servers, the browser) and the
machine's load before and after: on a shared machine the wall time follows the others'
work, the processor time much less.

    python benchmarks/bench_tests.py [--runs 1] [pytest arguments...]

e.g. `python benchmarks/bench_tests.py -- tests/rules tests/store` for a part of it.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def one_run(args: list[str]) -> tuple[float, float, int, str]:
    """Wall and processor seconds of one run, its exit status and its summary (the tests
    that failed or were run again, and the last line)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-rfER", *args], cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = run.stdout.strip().splitlines()
    if not lines:
        return wall, cpu, run.returncode, run.stderr.strip()[-2000:]
    told = [line for line in lines if line.startswith(("FAILED", "ERROR", "RERUN"))]
    return wall, cpu, run.returncode, "\n       ".join([*told, lines[-1]])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest (after --)")
    options = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{cores} cores; load average before: {load()}")
    for index in range(options.runs):
        wall, cpu, status, last = one_run(options.pytest_args)
        print(f"run {index + 1}: {wall:6.1f} s wall, {cpu:6.1f} s CPU (user + system), "
              f"exit {status}; load average after: {load()}")
        print(f"       {last}")


if __name__ == "__main__":
    main()
