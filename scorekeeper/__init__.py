"""Vicaire: the score-keeping companion for Le vicaire."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import TracebackType

__version__ = "0.1.0"


def _quiet_interrupt(kind: type[BaseException], value: BaseException,
                     trace: TracebackType | None) -> None:
    """Ctrl+C before a command has begun (Python still importing Vicaire, or its arguments
    being read): nothing was done, so no traceback either; Python then ends as interrupted
    (killed by SIGINT: a shell shows 130). scorekeeper/cli/interrupts.py takes over once a
    command runs."""
    if not issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, trace)


def _run_as_program() -> bool:
    """Whether Python runs Vicaire as its program (`vicaire`, `python -m scorekeeper`), not
    a program of its own that imports it."""
    name = sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] if sys.argv else ""
    if name.split(".")[0].removesuffix("-script") == "vicaire":
        return True
    argv = getattr(sys, "orig_argv", [])
    return name == "-m" and any(argv[i:i + 2] == ["-m", "scorekeeper"]
                                for i in range(len(argv)))


# Set here, the first of Vicaire that Python runs.
if _run_as_program() and sys.excepthook is sys.__excepthook__:
    sys.excepthook = _quiet_interrupt
