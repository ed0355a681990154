"""A fault report: what Vicaire writes when it meets a fault of its own (a bug).

The person at the keyboard reads a few words in their language instead of a traceback: that
Vicaire stopped on a fault of its own, that every deal recorded so far is saved, and the file
that holds the details (the traceback, Vicaire's and Python's versions, the platform), to send
to whoever looks after Vicaire. The file goes into the history folder's `fault-reports`
folder, beside `exports`, or into the system's temporary folder where that cannot be written.
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scorekeeper import __version__
from scorekeeper.errors import VicaireError
from scorekeeper.formats.files import write_file_atomically
from scorekeeper.i18n import tr

FAULTS = "fault-reports"
FAULT_STATUS = 70  # sysexits' EX_SOFTWARE: the program's own fault (docs/command-line.md)


def report_text(details: str) -> str:
    """The report: when, which Vicaire on which Python and system, the command, the details."""
    return "\n".join([
        f"Vicaire {__version__} fault report, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"Python {platform.python_version()} ({sys.executable}) on {platform.platform()}",
        "Command: " + " ".join(["vicaire", *sys.argv[1:]]),
        "",
        details.rstrip(),
        "",
    ])


def write_fault_report(details: str, history_folder: Path | None) -> Path | None:
    """Write the report into the history's `fault-reports` folder, else into the temporary
    folder; its path, or None if it could be written nowhere."""
    name = time.strftime("vicaire-fault-%Y%m%d-%H%M%S") + f"-{os.getpid()}.txt"
    data = report_text(details).encode("utf-8")
    places = [Path(history_folder) / FAULTS] if history_folder is not None else []
    for folder in [*places, Path(tempfile.gettempdir())]:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            write_file_atomically(path, data)
            return path
        except OSError:
            continue
    return None


def fault_message(path: Path | None, lang: str) -> str:
    """What the user reads, in their language."""
    said = tr(lang, "Vicaire stopped on a fault of its own, not on anything you typed. "
                    "Every deal recorded so far is saved: start Vicaire again to carry on.")
    if path is None:
        return said
    return said + " " + tr(lang, "The details are in {path}: send that file to whoever looks "
                                 "after Vicaire.", path=path)


def report_fault(details: str, history_folder: Callable[[], Path], lang: str) -> int:
    """Write the report (into `history_folder()`'s, unless that cannot be told), say so on
    stderr in one paragraph, and return FAULT_STATUS."""
    try:
        folder: Path | None = history_folder()
    except (VicaireError, OSError):
        folder = None
    message = fault_message(write_fault_report(details, folder), lang)
    if sys.stderr is not None:  # (started with stderr closed: print would pick stdout)
        with contextlib.suppress(OSError, ValueError):
            print(f"vicaire: {message}", file=sys.stderr, flush=True)
    return FAULT_STATUS
