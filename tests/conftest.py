"""Fixtures for every test."""

from __future__ import annotations

import compileall
import gc
import importlib
import os
import re
import signal
import sys
import time
import warnings
from pathlib import Path

import pytest

from tests import unseen_frames
from tests.counted_callbacks import count_parameters_once
from tests.idle_window import shorten_idle_window, skip_second_key_wait
from tests.memory_temp import temporary_files_in_memory
from tests.screen_waits import wait_on_busy_widgets
from tests.shared_css import share_parsed_css


def pytest_configure(config: pytest.Config) -> None:
    """Let the suite's Pythons keep the bytecode they compile.

    The suite starts hundreds of Pythons: the test workers, `vicaire` for each command-line
    test, the app behind each served page. Where PYTHONDONTWRITEBYTECODE is set (some machines
    and containers set it), none of them keeps what it compiles, so each one compiles Textual,
    Rich, TinyDB, pytest and Vicaire again from source: about a third of the suite's time. The
    first Python to import a module now writes its bytecode and the others read it. Set before
    the workers start, so they and every process they run inherit it."""
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    # Hypothesis runs the plugins other packages register for it as it is imported: here only
    # trio's (a dependency of Selenium), which the tests do not use; importing trio cost each
    # test process some 30 ms of its collection.
    os.environ["HYPOTHESIS_NO_PLUGINS"] = "1"
    temporary_files_in_memory(config)  # (tests/memory_temp.py)
    share_parsed_css()
    unseen_frames.skip_unseen_frames()
    shorten_idle_window()
    skip_second_key_wait()
    count_parameters_once()
    wait_on_busy_widgets()


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the package's bytecode once, before the test processes start, so that they do
    not all compile it at the same moment; and where the tests' own is missing (a fresh
    clone), theirs too."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        tests = Path(__file__).resolve().parent
        compileall.compile_dir(tests.parent / "scorekeeper", quiet=1)
        if getattr(session.config.option, "numprocesses", None):
            rewrite_test_modules_once(tests)


def rewrite_test_modules_once(tests: Path) -> None:
    """Import here, once, each test module whose bytecode with its asserts rewritten (pytest's
    `__pycache__/NAME.TAG-pytest-VERSION.pyc`) is missing or older than it, so that pytest
    writes it before the test processes start. Otherwise each of them rewrites and compiles
    every such module for itself as it collects the tests: on a fresh clone, about 1.8 s of
    processor time each, some 2.5 s of a first run's wall time. Importing them costs about
    the same once, here, the modules shared between this process and a fork of it (where
    there is `fork`), one core each: the test processes wait for it; a module that cannot be
    imported is left to the test process that collects it, which reports it."""
    tag = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}.pyc"
    # (the helpers' bytecode, as usual; the test modules' is pytest's, below)
    compileall.compile_dir(tests, quiet=1, rx=re.compile(r"test_[^/\\]*\.py$"))
    missing = []
    for path in sorted(tests.rglob("test_*.py")):
        cached = path.parent / "__pycache__" / f"{path.stem}.{tag}"
        if not (cached.exists() and cached.stat().st_mtime >= path.stat().st_mtime):
            missing.append(".".join(path.relative_to(tests.parent).with_suffix("").parts))
    # A few modules (a file or two edited since the last run) are not worth a fork.
    if len(missing) < 8 or not hasattr(os, "fork"):
        import_each(missing)
        return
    child = os.fork()
    if child == 0:  # (the fork: its half, then gone at once, nothing of pytest's run)
        try:
            import_each(missing[1::2])
        finally:
            os._exit(0)
    import_each(missing[0::2])
    os.waitpid(child, 0)


def import_each(names: list[str]) -> None:
    """Import each module named (its bytecode written as it is), those that fail left."""
    for name in names:
        try:
            importlib.import_module(name)
        except KeyboardInterrupt:
            raise
        except BaseException:  # noqa: BLE001 - (skipped modules too: pytest.skip raises)
            continue


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Three test processes per core (`-n auto`, the README's command): an app test spends
    about half of its time waiting for the app to go idle after each key (Textual's pilot),
    and a browser or command-line test waits on other processes; the other test processes
    use the processor meanwhile."""
    return 3 * (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                else os.cpu_count() or 1)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """The browser tests first, in two test processes. Each one waits 1 to 20 s on a browser
    and on the apps it serves, the processor mostly idle meanwhile; collected among the
    others, they came last in their test processes, and the suite's last minute waited on
    them alone. In one test process, one after the other, they took the whole run: about
    98 s of a 100 s run, the end of the suite waiting on them. Half of them, every other one,
    now lead the list, and the other half leads the share of the list pytest-xdist hands the
    second test process (its "worksteal" schedule gives each, at first, an equal stretch of
    the list in order; the others then take tests from the end of a stretch, never its
    head). Each of the two runs a browser of its own, and the suite ends with its work."""
    browser = [item for item in items if item.nodeid.startswith("tests/e2e/")]
    others = [item for item in items if not item.nodeid.startswith("tests/e2e/")]
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    first, second = browser[0::2], browser[1::2]
    share = len(items) // workers  # (the first test process's stretch)
    if workers < 2 or share <= len(first):
        items[:] = browser + others
        return
    ahead = share - len(first)
    items[:] = first + others[:ahead] + second + others[ahead:]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Spare each test process the garbage collector's full sweeps of what never dies.

    A test process runs hundreds of apps one after the other; what the imports made (Textual,
    Rich, Vicaire: most of the process's objects) lives to the end, and the bounded caches of
    Textual and Rich fill up as tests go. Python's collector nevertheless walks all of it at
    each full sweep: about a quarter of the app tests' processor time went there. Once the
    tests are collected (everything imported), that is set aside for good (`gc.freeze`), and
    the young generation is swept every 10,000 allocations instead of 700. Cycles are still
    collected; only what the tests assert runs, unchanged."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 100)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """One last sweep, then set what is left aside (`gc.freeze`), before the test process says
    it has finished.

    At its very end pytest sweeps five times over for objects whose finalizers raise (its
    "unraisable" check). After hundreds of apps that is seconds of processor time per test
    process, all at once at the end of the suite, and it came after the process had told
    pytest-xdist it was done: on a loaded machine xdist's 5 s wait ran out and it
    interrupted the process (a stray KeyboardInterrupt warning, seen once in CI). The one
    sweep here collects the same garbage, with pytest's check still listening; the five that
    follow then have nothing left to walk."""
    gc.collect()
    gc.freeze()


@pytest.fixture
def frames_drawn():
    """The headless apps of the test draw every frame, as a terminal's would
    (tests/unseen_frames.py: by default they skip the frames nobody sees)."""
    unseen_frames.drawing = True
    yield
    unseen_frames.drawing = False


@pytest.fixture(autouse=True)
def local_time_zone_restored():
    """Tests that set TZ and call time.tzset() leave the next test the machine's zone."""
    saved = os.environ.get("TZ")
    yield
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    if hasattr(time, "tzset"):
        time.tzset()


@pytest.fixture(autouse=True)
def ctrl_c_restored(request: pytest.FixtureRequest):
    """Each test starts with Python's own Ctrl+C handling, whatever the test before did.

    A command run inside the test process (`scorekeeper.cli.interrupts.installed`) ends by
    ignoring Ctrl+C, as a command that has finished must, and blocks it; every process a later
    test started from that test process would then inherit a Ctrl+C that never comes, and a
    test that interrupts a `vicaire` (tests/cli/test_interrupts.py) would see it never stop.
    Put back after each test (the handler, and the signal unblocked), with a warning naming
    the test that changed it."""
    before = signal.getsignal(signal.SIGINT)
    blocked = _ctrl_c_blocked()
    yield
    if signal.getsignal(signal.SIGINT) is not before:
        signal.signal(signal.SIGINT, before)
        warnings.warn(f"{request.node.nodeid} left Ctrl+C handled otherwise; put back",
                      stacklevel=1)
    if _ctrl_c_blocked() and not blocked:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        warnings.warn(f"{request.node.nodeid} left Ctrl+C blocked; unblocked", stacklevel=1)


def _ctrl_c_blocked() -> bool:
    return hasattr(signal, "pthread_sigmask") and (
        signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, ()))
