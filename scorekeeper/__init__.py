"""Vicaire: the score-keeping companion for Le vicaire.

When Python runs Vicaire as its program (`vicaire`, `python -m scorekeeper`), these are the
first lines of Vicaire that it runs, and the first thing they do is take Ctrl+C: until a
command begins (Python still importing Vicaire, or the arguments being read) nothing has
been done, so Ctrl+C ends the program at once, silently, with status 130 (nothing saved).
Nothing is imported before that: `sys` and `_signal` are loaded by Python itself before any
program runs (`signal` would first import `enum`, a few milliseconds more without it).
scorekeeper/cli/interrupts.py takes over once a command runs; the app gets Python's own
handling back (`give_back_ctrl_c`, from cli/common.py's `run_handler`). A program of its own
that imports Vicaire is left alone. What comes before these lines (Python's start-up, its
`site` module, the `vicaire` script pip writes) is Python's: docs/command-line.md, exit
statuses.
"""

import sys

try:
    import _signal as _signals  # type: ignore[import-not-found]  # (what `signal` wraps)
except ImportError:  # pragma: no cover - (a Python without CPython's module)
    import signal as _signals


def _stop_at_start(_number: int, _frame: object) -> None:
    """Ctrl+C before a command has begun: nothing was done; no traceback, status 130."""
    import os

    os._exit(130)


def _run_as_program() -> bool:
    """Whether Python runs Vicaire as its program (`vicaire`, `python -m scorekeeper`), not
    a program of its own that imports it."""
    name = sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] if sys.argv else ""
    if name.split(".")[0].removesuffix("-script") == "vicaire":
        return True
    argv = getattr(sys, "orig_argv", [])
    return name == "-m" and any(argv[i:i + 2] == ["-m", "scorekeeper"]
                                for i in range(len(argv)))


def _take_ctrl_c() -> None:
    """Where Python's own handling is in place (not where Ctrl+C is ignored, as in a
    background job), Ctrl+C stops the program as `_stop_at_start` says."""
    try:
        if _signals.getsignal(_signals.SIGINT) is _signals.default_int_handler:
            _signals.signal(_signals.SIGINT, _stop_at_start)
    except (ValueError, OSError):  # (not the main thread)
        pass


def give_back_ctrl_c() -> None:
    """Python's own handling of Ctrl+C (a KeyboardInterrupt) again, where `_take_ctrl_c`
    took it: for the app, which handles Ctrl+C itself."""
    try:
        if _signals.getsignal(_signals.SIGINT) is _stop_at_start:
            _signals.signal(_signals.SIGINT, _signals.default_int_handler)
    except (ValueError, OSError):  # (not the main thread)
        pass


if _run_as_program():
    _take_ctrl_c()

__version__ = "0.1.0"
