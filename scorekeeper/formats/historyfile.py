"""The whole history in one file (`vicaire export --all`), and reading any file to import.

    {"format": "vicaire-history", "version": 1, "matches": [
    {match file},
    ...
    ]}

Each match is a match file as `vicaire export` writes it (matchmeta.py), on one line.
`vicaire import` takes this file or a single match file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from scorekeeper.errors import VicaireError
from scorekeeper.formats.matchfile import MAX_BYTES
from scorekeeper.formats.matchmeta import incoming_of, stored_to_dict
from scorekeeper.i18n import tr, tr_n
from scorekeeper.store.merge import COPY, NEW, OLDER, SAME, UPDATED, Imported, Incoming
from scorekeeper.store.records import StoredMatch

FORMAT = "vicaire-history"
VERSION = 1


def history_text(matches: Iterable[StoredMatch]) -> str:
    """The history file of these matches (oldest first); refused (export.too_big) if it
    would be larger than an import takes."""
    ordered = sorted(matches, key=lambda s: (s.created, s.id))
    lines = [json.dumps(stored_to_dict(s), ensure_ascii=False, separators=(",", ":"))
             for s in ordered]
    head = json.dumps({"format": FORMAT, "version": VERSION})[:-1] + ', "matches": ['
    text = head + ("\n" + ",\n".join(lines) + "\n" if lines else "") + "]}\n"
    if len(text) > MAX_BYTES or len(text.encode("utf-8")) > MAX_BYTES:
        raise VicaireError("export.too_big", limit=MAX_BYTES // (1024 * 1024))
    return text


def _entry(data: Any, number: int) -> Incoming:
    try:
        return incoming_of(data)
    except VicaireError as exc:
        raise VicaireError(exc.code, **{**exc.params, "entry": number}) from None


def incoming_from(data: Any) -> list[Incoming]:
    """The matches of a history file or of a match file, each checked whole; a file with
    one bad match is refused whole (the error names the match by its place in the file)."""
    if isinstance(data, dict) and data.get("format") == FORMAT:
        version = data.get("version", VERSION)
        if type(version) is not int or version != VERSION:
            raise VicaireError("file.history_version", value=json.dumps(version)[:20])
        matches = data.get("matches")
        if not isinstance(matches, list):
            raise VicaireError("file.matches")
        return [_entry(item, number) for number, item in enumerate(matches, start=1)]
    return [incoming_of(data)]


def copy_namer(lang: str, label: str) -> Callable[[str], str]:
    """The name of the copy of a match that diverged: where it came from, said in `lang`
    (`vendredi (imported from famille.json)`), at most MAX_MATCH_NAME characters."""
    from scorekeeper.store.records import MAX_MATCH_NAME

    source = "".join(ch if ch.isprintable() else "?" for ch in label)[:40]

    def name(old: str) -> str:
        if not old:
            return tr(lang, "Imported from {file}", file=source)
        room = MAX_MATCH_NAME - len(tr(lang, "{name} (imported from {file})", name="",
                                       file=source))
        short = old if len(old) <= room else old[:room - 1].rstrip() + "…"
        return tr(lang, "{name} (imported from {file})", name=short, file=source)

    return name


def import_summary(results: Sequence[Imported], lang: str) -> str:
    """What became of a file's matches, in one line: "12 matches imported, 1 brought up to
    date, 3 already in the history"."""
    counts = {kind: sum(r.kind == kind for r in results) for kind in (NEW, UPDATED, COPY)}
    counts[SAME] = sum(r.kind in (SAME, OLDER) for r in results)
    parts = [tr_n(lang, "{count} match imported", "{count} matches imported", counts[NEW]),
             tr_n(lang, "{count} brought up to date", "{count} brought up to date",
                  counts[UPDATED]),
             tr_n(lang, "{count} kept as a copy", "{count} kept as copies", counts[COPY]),
             tr_n(lang, "{count} already in the history", "{count} already in the history",
                  counts[SAME])]
    shown = [part for part, count in zip(parts, counts.values(), strict=True) if count]
    return ", ".join(shown) if shown else tr(lang, "no match in this file")
