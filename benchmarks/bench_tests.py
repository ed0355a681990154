"""What the whole test suite costs: the README's command (`python -m pytest -q`), timed.

Prints the wall time, the processor time (user + system, every process the suite started
included: the test processes, the forked commands, the servers, the browser) and the
machine's load before and after: on a shared machine the wall time follows the others'
work, the processor time much less.

A process's processor time reaches its parent's count only when the parent waits for it, and
a process whose parent has gone before it is no one's to wait for: the browser's page
processes (the browser quit under them) were left out so, about a second each. On Linux the
benchmark takes in the processes so left (a "child subreaper") and waits for them at the end:
their time is counted too.

    python benchmarks/bench_tests.py [--runs 1] [pytest arguments...]

e.g. `python benchmarks/bench_tests.py -- tests/rules tests/store` for a part of it.

Machines differ, and a shared machine's speed drifts over days: before the runs, the
benchmark times a yardstick, the start-up of a bare Textual app (bench_app.py's, process
start to first frame, median of 9), so that figures taken on different days can be compared.
On the machine where the goal of 100 s was set, the yardstick read 113–118 ms.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


PR_SET_CHILD_SUBREAPER = 36  # (Linux, prctl(2))


def take_in_orphans() -> bool:
    """Become the parent of the suite's processes whose own parent ends before them (Linux),
    so that their processor time is counted when they end. False where that cannot be."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


def wait_for_orphans(within: float = 30) -> int:
    """Wait for the processes taken in (their time counted once waited for): how many."""
    waited, end = 0, time.monotonic() + within
    while time.monotonic() < end:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:  # none left
            break
        if pid:
            waited += 1
        else:
            time.sleep(0.05)  # (one still running)
    return waited


def one_run(args: list[str]) -> tuple[float, float, int, str]:
    """Wall and processor seconds of one run, its exit status and its summary (the tests
    that failed or were run again, and the last line)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-rfER", *args], cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - start
    wait_for_orphans()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = run.stdout.strip().splitlines()
    if not lines:
        return wall, cpu, run.returncode, run.stderr.strip()[-2000:]
    told = [line for line in lines if line.startswith(("FAILED", "ERROR", "RERUN"))]
    return wall, cpu, run.returncode, "\n       ".join([*told, lines[-1]])


def yardstick(runs: int = 9) -> float:
    """Milliseconds from process start to a bare Textual app's first frame (median of `runs`,
    after one to warm the file cache)."""
    import statistics

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_app import BARE, _run

    _run(BARE)
    return statistics.median(_run(BARE)[0] for _ in range(runs)) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest (after --)")
    options = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{cores} cores; load average before: {load()}; yardstick (a bare Textual app's "
          f"start-up): {yardstick():.0f} ms")
    if not take_in_orphans():
        print("(processes whose parent ended first are not counted here: Linux only)")
    for index in range(options.runs):
        wall, cpu, status, last = one_run(options.pytest_args)
        print(f"run {index + 1}: {wall:6.1f} s wall, {cpu:6.1f} s CPU (user + system), "
              f"exit {status}; load average after: {load()}")
        print(f"       {last}")


if __name__ == "__main__":
    main()
