"""Writing a stored match to a file the user can see: a match file (JSON), a CSV sheet or an
HTML page to share (`html_sheet.py`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.formats.csvsheet import csv_sheet
from scorekeeper.formats.files import write_file_atomically
from scorekeeper.formats.matchfile import text_of

if TYPE_CHECKING:
    from scorekeeper.store.records import StoredMatch

KINDS = ("json", "csv", "html")
EXPORTS = "exports"


def export_folder(history_folder: str | os.PathLike[str]) -> Path:
    """Where the app writes its exports: the `exports` folder of the history folder.

    The same place whatever folder the app was started from, always writable where the
    history is; the app's message names the full path. (`vicaire export -o` writes where asked.)
    """
    return Path(history_folder) / EXPORTS


def export_name(stored: StoredMatch, kind: str) -> str:
    """`vicaire-2026-03-14-1a2b3c4d.json`: the match's date and id, nothing a shell dislikes."""
    return f"vicaire-{str(stored.created)[:10]}-{stored.id}.{kind}"


def export_text(stored: StoredMatch, kind: str, lang: str = "en", sep: str | None = None) -> str:
    """The file's text, the same from the app and `vicaire export`: the match file (see
    docs/command-line.md, "Match files"; with the match's "id", its "name" only when it has
    one, and the rest of what the history knows: formats/matchmeta.py), the CSV score
    sheet (`sep` between cells; by default the language's: `;` in French) or the HTML page
    to share, in `lang`."""
    if kind == "json":  # everything the history knows: imported again, the same match
        from scorekeeper.formats.matchmeta import stored_to_dict

        return text_of(stored_to_dict(stored))
    if kind == "csv":
        return csv_sheet(stored.state, lang, sep)
    if kind == "html":
        from scorekeeper.formats.html_sheet import html_sheet

        return html_sheet(stored, lang)
    raise ValueError(kind)


def file_bytes(text: str, kind: str) -> bytes:
    """The bytes of an export file: UTF-8; a CSV sheet starts with the UTF-8 byte-order mark,
    without which Excel reads "Amélie" as "AmÃ©lie" (other spreadsheets take it either way).
    Printed on standard output, a sheet has no mark: the next program may not expect one."""
    data = text.encode("utf-8")
    return b"\xef\xbb\xbf" + data if kind == "csv" else data


def write_export(stored: StoredMatch, kind: str, folder: Path, lang: str = "en") -> Path:
    """Write the export into `folder` (created if missing), whole (write_file_atomically);
    OSError if it cannot."""
    if kind not in KINDS:
        raise ValueError(kind)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / export_name(stored, kind)
    write_file_atomically(path, file_bytes(export_text(stored, kind, lang), kind))
    return path


def history_export_name(stamp: str) -> str:
    """`vicaire-history-2026-12-04.json`: the day of the export (local), nothing a shell
    dislikes."""
    from scorekeeper.i18n.dates import moment

    when = moment(stamp)
    return f"vicaire-history-{when.strftime('%Y-%m-%d') if when else stamp[:10]}.json"


def write_history_export(matches: Any, folder: Path, stamp: str) -> Path:
    """Write every match into one history file in `folder` (created if missing), whole;
    OSError if it cannot, VicaireError (export.too_big) if it would be too big to import."""
    from scorekeeper.formats.historyfile import history_text

    data = history_text(matches).encode("utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / history_export_name(stamp)
    write_file_atomically(path, data)
    return path
