"""The listing of the history: a sharded index of one line per match, with its journal.

index/<2 chars>.json holds the listing lines of the matches whose id starts with those
characters, as they were when the journal was last compacted. index/journal names every
match changed since, with its new line: it is appended (one fsynced line) *before* the match
file is replaced. So a line read from a shard is current unless the journal names its match,
and a match the journal names is checked against its file (stamp) and recomputed from it if
they disagree. Without a journal (a history from an older Vicaire, or one whose journal was
damaged), every line is checked against its file once.
"""

from __future__ import annotations

import os
from contextlib import suppress
from operator import attrgetter
from typing import Any

from scorekeeper.errors import VicaireError
from scorekeeper.store.folder import Folder, stamp
from scorekeeper.store.journal import Journal
from scorekeeper.store.match_files import MatchFiles
from scorekeeper.store.notices import Notice
from scorekeeper.store.records import (
    MatchSummary,
    StoredMatch,
    summary_from_dict,
    summary_of,
    summary_to_dict,
)
from scorekeeper.store.storage import (
    DamagedFile,
    atomic_write,
    dump,
    read_file,
    set_aside,
    sweep_temporaries,
)
from scorekeeper.store.tidy import Tidy

INDEX_TABLE = "matches"
INDEX_SCHEMA = 3  # 2: the listing line has the round being played; 3: the deals' times
Docs = dict[str, dict[str, Any]]


def _doc_id(match_id: str) -> int:
    return int(match_id, 16) + 1


def _stale(entry: dict[str, Any]) -> bool:
    """A journal entry whose listing line an older Vicaire wrote (another index schema)."""
    line = entry.get("line")
    return isinstance(line, dict) and line.get("schema") != INDEX_SCHEMA


def line_of(stored: StoredMatch, status: os.stat_result) -> dict[str, Any]:
    """The listing line of a match whose file has this status."""
    doc = summary_to_dict(summary_of(stored))
    doc["schema"] = INDEX_SCHEMA
    doc["stamp"] = stamp(status)
    return doc


def _docs_of(data: dict[str, Any] | None) -> Docs:
    """The listing lines of a shard file's JSON by match id (TypeError, KeyError: damaged)."""
    return {doc["id"]: doc for doc in (data or {}).get(INDEX_TABLE, {}).values()}


class Listing:
    """The index of one history folder: read, checked against the files, compacted."""

    def __init__(self, folder: Folder, files: MatchFiles, journal: Journal,
                 notices: list[Notice]) -> None:
        self.folder = folder
        self.files = files
        self.journal = journal
        self.notices = notices
        self.tidy = Tidy(folder, files)  # what the last listing put right or could not use

    # ---------------------------------------------------------------- shards

    def read_shard(self, shard: str) -> Docs:
        """The index documents of one shard by match id, rebuilding a damaged shard."""
        path = self.folder.index_path(shard)
        try:
            data = read_file(path)
        except DamagedFile as damage:
            return self.rebuild_shard(shard, damage)
        try:
            return _docs_of(data)
        except (TypeError, KeyError):
            return self.rebuild_shard(shard, DamagedFile(path, "invalid"))

    def write_shard(self, shard: str, docs: Docs) -> None:
        path = self.folder.index_path(shard)
        path.parent.mkdir(parents=True, exist_ok=True)
        table = {str(_doc_id(i)): d for i, d in sorted(docs.items())}
        atomic_write(path, dump({INDEX_TABLE: table}))

    def _line_from_file(self, match_id: str) -> dict[str, Any] | None:
        """The listing line read from the match's file (None: it cannot be used, and it is
        named in `unreadable`, or it was moved where it belongs)."""
        path = self.folder.match_path(match_id)
        try:
            stored = self.files.load(match_id)
            return line_of(stored, path.stat())
        except VicaireError as exc:
            if exc.code == "store.misnamed":
                self.tidy.settle(path, exc.params["inner"])
            else:
                self.tidy.note(match_id, exc)
            return None
        except FileNotFoundError:
            return None

    def rebuild_shard(self, shard: str, damage: DamagedFile | None = None) -> Docs:
        """Recompute one index shard from the match files (lock taken here). In a folder
        that cannot be changed (read-only), the lines are read from the files, unsaved."""
        try:
            return self._rebuild_shard(shard, damage)
        except VicaireError as exc:
            if exc.code not in ("store.os", "store.busy"):
                raise
            return self._read_lines(shard)

    def _read_lines(self, shard: str) -> Docs:
        """The lines of one shard read straight from its files, repairing nothing."""
        docs: Docs = {}
        for match_id in sorted(self.folder.shard_files(shard)):
            path = self.folder.match_path(match_id)
            try:
                stored = self.files.read_record(path)
                if stored is None:
                    continue
                if stored.id != match_id:  # (it cannot be moved where it belongs here)
                    self.tidy.unreadable[match_id] = ("unusable", str(path))
                    continue
                docs[match_id] = line_of(stored, path.stat())
            except VicaireError as exc:
                self.tidy.unreadable[match_id] = (
                    "newer" if exc.code == "store.newer" else "unusable", str(path))
            except (DamagedFile, OSError):
                self.tidy.unreadable[match_id] = ("unusable", str(path))
        return docs

    def _rebuild_shard(self, shard: str, damage: DamagedFile | None) -> Docs:
        with self.folder.locked():
            path = self.folder.index_path(shard)
            if damage is not None and path.exists():
                try:
                    read_file(path)
                except DamagedFile:
                    aside = set_aside(path)
                    self.notices.append(Notice("store.notice.index", {
                        "reason": damage.reason, "path": str(aside)}))
            try:
                current = _docs_of(read_file(path))
            except (DamagedFile, TypeError, KeyError):
                current = {}
            docs: Docs = {}
            for match_id, mark in self.folder.shard_files(shard).items():
                old = current.get(match_id)
                if old is not None and old.get("stamp") == mark and (
                        old.get("schema") == INDEX_SCHEMA):
                    docs[match_id] = old
                    continue
                line = self._line_from_file(match_id)
                if line is not None:
                    docs[match_id] = line
            if docs != current or not path.exists():
                self.write_shard(shard, docs)
            return docs

    def check_all(self) -> None:
        """Check every index line against its match file (lock held): the slow, sure way."""
        if self.folder.matches.is_dir():
            for shard in self.folder.shards():
                self.rebuild_shard(shard)

    # --------------------------------------------------------------- journal

    def ensure_journal(self) -> None:
        """Start the journal (lock held), after checking the index if there was none."""
        if not self.journal.exists():
            self.check_all()
            self.journal.create()

    def repair_journal(self, damage: DamagedFile) -> None:
        """A damaged journal: check every line against its file, then start a new journal."""
        with self.folder.locked():
            try:
                self.journal.read()
            except DamagedFile:
                pass
            else:  # repaired by another process meanwhile
                self.ensure_journal()
                return
            self.check_all()
            aside = set_aside(self.journal.path)
            self.notices.append(Notice("store.notice.index", {
                "reason": damage.reason, "path": str(aside)}))
            self.journal.create()

    def journal_entries(self) -> Docs | None:
        """The journal's last entry per match, starting one if there is none.

        None when there is still no journal (a read-only folder, a lock held too long):
        then the caller checks every line against its file.
        """
        for _ in range(3):
            try:
                entries = self.journal.read()
            except DamagedFile as damage:
                try:
                    self.repair_journal(damage)
                except VicaireError:
                    return None  # a folder that cannot be changed: check every line
                continue
            if entries is not None:
                return entries
            try:
                with self.folder.locked():
                    self.ensure_journal()
            except VicaireError:
                return None
        return None

    def claim(self, match_id: str, line: dict[str, Any] | None = None) -> int | None:
        """Journal a change to a match before it is made (lock held); the journal's size."""
        entry: dict[str, Any] = {"id": match_id}
        if line is not None:
            entry["line"] = line
        return self.journal.append(entry)

    def current_doc(self, match_id: str, entry: dict[str, Any] | None) -> dict[str, Any] | None:
        """The listing line of a journaled match, checked against its file (None: gone)."""
        try:
            mark = stamp(self.folder.match_path(match_id).stat())
        except (FileNotFoundError, NotADirectoryError):
            return None
        line = (entry or {}).get("line")
        if isinstance(line, dict) and line.get("stamp") == mark and (
                line.get("schema") == INDEX_SCHEMA and line.get("id") == match_id):
            return line
        # The change did not land as journaled (a killed writer): ask the file.
        return self._line_from_file(match_id)

    def _apply(self, docs: Docs, ids: list[str], entries: Docs) -> None:
        """Bring the lines of these journaled matches up to date in `docs`."""
        for match_id in ids:
            doc = self.current_doc(match_id, entries[match_id])
            if doc is None:
                docs.pop(match_id, None)
            else:
                docs[match_id] = doc

    def compact(self) -> None:
        """Fold the journal into the shards it names, then empty it (lock held).

        Each shard is replaced whole (atomically) before the journal is emptied, so an
        interruption at any point leaves a journal that still names every change.
        """
        try:
            entries = self.journal.read()
        except DamagedFile as damage:
            self.repair_journal(damage)
            return
        if entries is None:
            self.ensure_journal()
            return
        for shard, ids in sorted(_by_shard(entries).items()):
            path = self.folder.index_path(shard)
            try:
                docs = _docs_of(read_file(path))
            except DamagedFile as damage:
                self.rebuild_shard(shard, damage)
                continue
            except (TypeError, KeyError, AttributeError):
                self.rebuild_shard(shard, DamagedFile(path, "invalid"))
                continue
            self._apply(docs, ids, entries)
            self.write_shard(shard, docs)
        self.journal.reset()

    # --------------------------------------------------------------- listing

    def summaries(self) -> list[MatchSummary]:
        """Every stored match as a listing line, newest first (read from the index)."""
        with self.folder.guard():
            if not self.folder.has_matches():
                return []
            # The journal first: a compaction running meanwhile empties it only after its
            # shards are written, so whatever shards are read next, nothing is missed.
            entries = self.journal_entries()
            if entries and any(_stale(entry) for entry in entries.values()):
                # Lines journaled by an older Vicaire would send every listing back to their
                # match files: fold them into the index once (the next writer would, too).
                with suppress(OSError, VicaireError), self.folder.locked():
                    self.compact()
                entries = self.journal_entries()
            for _ in range(2):  # again if a stray file was moved into a shard already read
                self.tidy.start()
                lines = self._lines(entries)
                if not self.tidy.settled:
                    break
                entries = self.journal_entries()
        result: list[MatchSummary] = []
        for docs in lines:
            for doc in docs.values():
                try:
                    result.append(summary_from_dict(doc))
                except (KeyError, TypeError, ValueError, IndexError):
                    continue
        result.sort(key=attrgetter("created", "id"), reverse=True)
        return result

    def _lines(self, entries: Docs | None) -> list[Docs]:
        """The current lines of every shard, after reconciling each shard folder."""
        journaled = _by_shard(entries or {})
        lines = []
        sweep_temporaries(self.folder.path)  # (a settings file's, by age: no lock here)
        sweep_temporaries(self.folder.path / "index")
        for shard in self.folder.shards():
            scan = self.folder.scan(shard)
            if scan.temporaries:
                sweep_temporaries(self.folder.matches / shard, scan.temporaries)
            if scan.strays or scan.lone_backups() or scan.lost():
                self.tidy.shard(scan)
                scan = self.folder.scan(shard)
            lines.append(self._shard_lines(shard, entries, journaled.get(shard, []),
                                           scan.files))
        return lines

    def _shard_lines(self, shard: str, entries: Docs | None, journaled: list[str],
                     names: set[str]) -> Docs:
        """The current lines of one shard: its index, brought up to date."""
        docs = self.read_shard(shard)
        if entries is None:  # no journal to say what changed: check every line
            files = self.folder.shard_files(shard)
            if files.keys() != docs.keys() or any(
                    docs[i].get("stamp") != s or docs[i].get("schema") != INDEX_SCHEMA
                    for i, s in files.items()):
                docs = self.rebuild_shard(shard)
            return docs
        self._apply(docs, journaled, entries)
        if docs.keys() != names or any(
                d.get("schema") != INDEX_SCHEMA for d in docs.values()):
            # A match file added or removed behind the index's back, or lines listed by an
            # older Vicaire: check the shard.
            docs = self.rebuild_shard(shard)
        return docs


def _by_shard(entries: Docs) -> dict[str, list[str]]:
    shards: dict[str, list[str]] = {}
    for match_id in entries:
        shards.setdefault(match_id[:2], []).append(match_id)
    return shards
