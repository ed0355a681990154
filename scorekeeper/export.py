"""Writing a stored match to a file the user can see: a match file (JSON) or a CSV sheet."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from scorekeeper.csvsheet import csv_sheet
from scorekeeper.matchfile import dumps

KINDS = ("json", "csv")


EXPORTS = "exports"


def export_folder(history_folder: str | os.PathLike[str]) -> Path:
    """Where the app writes its exports: the `exports` folder of the history folder.

    The same place whatever folder the app was started from, always writable where the
    history is; the app's message names the full path. (`vicaire export -o` writes where asked.)
    """
    return Path(history_folder) / EXPORTS


def export_name(stored: Any, kind: str) -> str:
    """`vicaire-2026-03-14-1a2b3c4d.json`: the match's date and id, nothing a shell dislikes."""
    return f"vicaire-{str(stored.created)[:10]}-{stored.id}.{kind}"


def export_text(stored: Any, kind: str, lang: str = "en") -> str:
    """The file's text: the match file (SPEC §3, with its name) or the CSV score sheet."""
    if kind == "json":
        extra = {"name": stored.name} if stored.name else {}
        return dumps(stored.match, **extra)
    return csv_sheet(stored.state, lang)


def write_export(stored: Any, kind: str, folder: Path, lang: str = "en") -> Path:
    """Write the export into `folder` (created if missing), whole: a temporary file renamed
    into place; OSError if it cannot."""
    if kind not in KINDS:
        raise ValueError(kind)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / export_name(stored, kind)
    data = export_text(stored, kind, lang).encode("utf-8")
    fd, temp = tempfile.mkstemp(prefix=".vicaire-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path
