"""The digests of a history's matches, kept on disk so that statistics over thousands of
matches need not replay them all again.

`cache/stats.json` in the history folder holds one digest (`facts.MatchFacts`) per match,
with the key of the match it was made from: its creation and last change stamps, its number
of deals and its status, as the history's listing has them. A match whose listing line no
longer has that key (a deal added, undone or corrected, the match abandoned, deleted or
imported again) is read and replayed again; everything else is taken as kept. The file is
written whole (a temporary file renamed over it), by whichever program (the app or the
command line) found something to change; a damaged or unreadable file is ignored and made
again, and a folder where it cannot be written only makes the statistics slower.
"""

from __future__ import annotations

import gc
import json
import os
import tempfile
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.stats.facts import MatchFacts, facts_of_stored

if TYPE_CHECKING:
    from scorekeeper.store import History

CACHE = Path("cache") / "stats.json"
VERSION = 2  # the digest's shape: a cache of another version is made again


def match_key(created: str, updated: str, deals: int, status: str) -> str:
    """What must stay the same for a digest to still be the match's."""
    return f"{created}|{updated}|{deals}|{status}"


def cache_path(history: History) -> Path:
    return Path(history.folder) / CACHE


def read_cache(path: Path) -> dict[str, Any]:
    """The cache's entries (id -> [key, digest]); empty if missing, damaged or of another
    version."""
    try:
        doc = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("version") != VERSION:
        return {}
    entries = doc.get("matches")
    return entries if isinstance(entries, dict) else {}


def write_cache(path: Path, entries: dict[str, Any]) -> None:
    """Write the cache whole, or nothing (OSError is left for the caller)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"version": VERSION, "matches": entries}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=".stats.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            os.fchmod(out.fileno(), 0o644)  # (as the history's other files; mkstemp: 0600)
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def _kept(entry: Any, key: str) -> MatchFacts | None:
    if not isinstance(entry, list) or len(entry) != 2 or entry[0] != key:
        return None
    try:
        return MatchFacts.from_list(entry[1])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def history_facts(history: History, ids: Iterable[str] | None = None) -> list[MatchFacts]:
    """The digest of every match the history lists (or of those with these full `ids`), from
    the cache where it is still good, else replayed (and the cache brought up to date)."""
    summaries = history.summaries()
    if ids is not None:
        wanted = set(ids)
        summaries = [s for s in summaries if s.id in wanted]
    path = cache_path(history)
    found: list[MatchFacts] = []
    missing: list[str] = []
    # Tens of thousands of small objects are made here at once, none of them garbage: the
    # garbage collector would walk them all again and again for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        entries = read_cache(path)
        for summary in summaries:
            key = match_key(summary.created, summary.updated, summary.deals, summary.status)
            kept = _kept(entries.get(summary.id), key)
            if kept is None:
                missing.append(summary.id)
            else:
                found.append(kept)
    finally:
        if collecting:
            gc.enable()
    changed = bool(missing)
    for stored in history.matches(missing) if missing else ():
        facts = facts_of_stored(stored)
        found.append(facts)
        key = match_key(stored.created, stored.updated, len(stored.match.deals),
                        stored.status)
        entries[stored.id] = [key, facts.to_list()]
    if ids is None:
        listed = {s.id for s in summaries}
        gone = [match_id for match_id in entries if match_id not in listed]
        for match_id in gone:
            del entries[match_id]
        changed = changed or bool(gone)
    if changed:
        with suppress(OSError):
            write_cache(path, entries)
    return found
