"""The match history: one small TinyDB file per match, a sharded index, a lock, revisions."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from operator import attrgetter
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper.errors import VicaireError
from scorekeeper.rules import Match, check_deal, replay
from scorekeeper.store.notices import Notice
from scorekeeper.store.paths import history_folder
from scorekeeper.store.records import (
    Correction,
    MatchSummary,
    StoredMatch,
    check_name,
    new_id,
    now,
    record_from_dict,
    record_to_dict,
    status_of,
    summary_from_dict,
    summary_of,
    summary_to_dict,
)
from scorekeeper.store.storage import (
    AtomicJSONStorage,
    DamagedFile,
    atomic_write,
    backup_path,
    parse,
    read_file,
    set_aside,
)

LOCK_TIMEOUT = 20.0
MIN_PREFIX = 4
ID_LENGTH = 8
_ID_CHARS = re.compile(r"^[0-9a-f]+$")
_MATCH_FILE = re.compile(r"^[0-9a-f]{8}\.json$")
MATCH_TABLE = "match"
INDEX_TABLE = "matches"
INDEX_SCHEMA = 1


def _stamp(stat: os.stat_result) -> list[int]:
    """What changes whenever a match file is replaced: inode, modification time, size."""
    return [stat.st_ino, stat.st_mtime_ns, stat.st_size]


def _doc_id(match_id: str) -> int:
    return int(match_id, 16) + 1


class History:
    """The stored matches in one folder. Safe to use from several processes at once."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = history_folder(folder)
        self.notices: list[Notice] = []
        self._lock = FileLock(str(self.folder / "lock"), timeout=LOCK_TIMEOUT)

    # ----------------------------------------------------------------- places

    @property
    def _matches(self) -> Path:
        return self.folder / "matches"

    def _match_path(self, match_id: str) -> Path:
        return self._matches / match_id[:2] / f"{match_id}.json"

    def _index_path(self, shard: str) -> Path:
        return self.folder / "index" / f"{shard}.json"

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn file-system failures into a refusal in plain words."""
        try:
            yield
        except (NotADirectoryError, FileExistsError):
            raise VicaireError("store.not_folder", path=str(self.folder)) from None
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise VicaireError("store.os", path=str(self.folder), reason=reason) from None

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the history lock around a read-modify-write."""
        with self._guard():
            if self.folder.exists() and not self.folder.is_dir():
                raise NotADirectoryError
            self.folder.mkdir(parents=True, exist_ok=True)
            try:
                with self._lock:
                    yield
            except Timeout:
                raise VicaireError("store.busy") from None

    # ------------------------------------------------------------------- ids

    def _resolve(self, match_id: str) -> str:
        """The full id for an id or unique prefix of at least 4 characters."""
        key = str(match_id).strip().lower()
        if len(key) < MIN_PREFIX or len(key) > ID_LENGTH or not _ID_CHARS.match(key):
            raise VicaireError("store.bad_id", id=str(match_id)[:20])
        folder = self._matches / key[:2]
        with self._guard():
            try:
                names = [n[:ID_LENGTH] for n in os.listdir(folder) if _MATCH_FILE.match(n)]
            except FileNotFoundError:
                names = []
        found = sorted(n for n in names if n.startswith(key))
        if not found:
            raise VicaireError("store.not_found", id=key)
        if len(found) > 1:
            raise VicaireError("store.ambiguous", id=key, ids=", ".join(found[:5]))
        return found[0]

    # --------------------------------------------------------------- reading

    def _read_record(self, path: Path) -> StoredMatch | None:
        """The stored match in `path`; None if there is no file; DamagedFile if damaged."""
        data = read_file(path)
        if data is None:
            return None
        return self._record_of(data, path)

    @staticmethod
    def _record_of(data: dict[str, Any], path: Path) -> StoredMatch:
        doc = data.get(MATCH_TABLE, {}).get("1")
        try:
            return record_from_dict(doc)
        except VicaireError as exc:
            if exc.code == "store.newer":
                raise
            raise DamagedFile(path, "invalid") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            raise DamagedFile(path, "invalid") from None

    def _load(self, match_id: str) -> StoredMatch:
        """Read a match, repairing it from its backup if its file is damaged."""
        path = self._match_path(match_id)
        with self._guard():
            try:
                stored = self._read_record(path)
            except DamagedFile as damage:
                stored = self._recover_match(match_id, damage)
        if stored is None:
            raise VicaireError("store.not_found", id=match_id)
        return stored

    def _recover_match(self, match_id: str, damage: DamagedFile) -> StoredMatch:
        """Set a damaged match file aside and restore its backup; refuse if none is good."""
        path = damage.path
        with self._locked():
            try:  # another process may have repaired it meanwhile
                stored = self._read_record(path)
                if stored is not None:
                    return stored
            except DamagedFile:
                pass
            if not path.exists():
                raise VicaireError("store.not_found", id=match_id)
            aside = set_aside(path)
            bak = backup_path(path)
            try:
                raw = bak.read_bytes()
                restored = self._record_of(parse(raw, bak), bak)
            except (OSError, DamagedFile):
                self.notices.append(Notice("store.notice.lost", {
                    "id": match_id, "reason": damage.reason, "path": str(aside)}))
                self._index_remove(match_id)
                raise VicaireError("store.lost", id=match_id, path=str(aside)) from None
            atomic_write(path, raw, backup=False)
            self.notices.append(Notice("store.notice.restored", {
                "id": match_id, "reason": damage.reason, "when": restored.updated,
                "path": str(aside)}))
            self._index_put(restored)
            return restored

    def get(self, match_id: str) -> StoredMatch:
        """The stored match with this id or unique id prefix."""
        return self._load(self._resolve(match_id))

    def revision(self, match_id: str) -> int:
        """The match's revision: it grows by one with every recorded change."""
        return self.get(match_id).revision

    # ----------------------------------------------------------------- index

    def _read_index(self, shard: str) -> dict[str, dict[str, Any]]:
        """The index documents of one shard by match id, rebuilding a damaged shard."""
        path = self._index_path(shard)
        try:
            data = read_file(path)
        except DamagedFile as damage:
            return self._rebuild_shard(shard, damage)
        table = (data or {}).get(INDEX_TABLE, {})
        try:
            return {doc["id"]: doc for doc in table.values()}
        except (TypeError, KeyError):
            return self._rebuild_shard(shard, DamagedFile(path, "invalid"))

    def _index_db(self, shard: str) -> TinyDB:
        path = self._index_path(shard)
        path.parent.mkdir(parents=True, exist_ok=True)
        return TinyDB(path, storage=AtomicJSONStorage)

    def _index_write(self, match_id: str, action: Callable[[Any], None]) -> None:
        """Apply `action` to the shard's TinyDB table (lock held); rebuild it if damaged."""
        shard = match_id[:2]
        try:
            action(self._index_db(shard).table(INDEX_TABLE))
        except DamagedFile as damage:
            self._rebuild_shard(shard, damage)

    def _index_doc(self, stored: StoredMatch) -> dict[str, Any]:
        doc = summary_to_dict(summary_of(stored))
        doc["schema"] = INDEX_SCHEMA
        doc["stamp"] = _stamp(self._match_path(stored.id).stat())
        return doc

    def _index_put(self, stored: StoredMatch) -> None:
        doc = Document(self._index_doc(stored), doc_id=_doc_id(stored.id))
        self._index_write(stored.id, lambda table: table.upsert(doc))

    def _index_remove(self, match_id: str) -> None:
        def remove(table: Any) -> None:
            if table.contains(doc_id=_doc_id(match_id)):
                table.remove(doc_ids=[_doc_id(match_id)])
        self._index_write(match_id, remove)

    def _shard_files(self, shard: str) -> dict[str, list[int]]:
        """The match files of one shard with their stamps."""
        found: dict[str, list[int]] = {}
        try:
            entries = list(os.scandir(self._matches / shard))
        except FileNotFoundError:
            return found
        for entry in entries:
            name = entry.name
            if len(name) == ID_LENGTH + 5 and name.endswith(".json") and name[0] != ".":
                try:
                    found[entry.name[:ID_LENGTH]] = _stamp(entry.stat())
                except FileNotFoundError:
                    continue
        return found

    def _rebuild_shard(self, shard: str, damage: DamagedFile | None = None,
                       ) -> dict[str, dict[str, Any]]:
        """Recompute one index shard from the match files (lock taken here)."""
        with self._locked():
            path = self._index_path(shard)
            if damage is not None and path.exists():
                try:
                    read_file(path)
                except DamagedFile:
                    aside = set_aside(path)
                    self.notices.append(Notice("store.notice.index", {
                        "reason": damage.reason, "path": str(aside)}))
            try:
                current = {d["id"]: d for d in (read_file(path) or {})
                           .get(INDEX_TABLE, {}).values()}
            except (DamagedFile, TypeError, KeyError):
                current = {}
            files = self._shard_files(shard)
            docs: dict[str, dict[str, Any]] = {}
            for match_id, stamp in files.items():
                old = current.get(match_id)
                if old is not None and old.get("stamp") == stamp and (
                        old.get("schema") == INDEX_SCHEMA):
                    docs[match_id] = old
                    continue
                try:
                    stored = self._load(match_id)
                except VicaireError:
                    continue  # lost or from a newer Vicaire: left out, with a notice
                docs[match_id] = self._index_doc(stored)
            table = {str(_doc_id(i)): d for i, d in docs.items()}
            path.parent.mkdir(parents=True, exist_ok=True)
            AtomicJSONStorage(path).write({INDEX_TABLE: table})
            return docs

    def summaries(self) -> list[MatchSummary]:
        """Every stored match as a listing line, newest first (read from the index)."""
        with self._guard():
            if not self._matches.is_dir():
                if self.folder.exists() and not self.folder.is_dir():
                    raise NotADirectoryError
                return []
            shards = sorted(e.name for e in os.scandir(self._matches)
                            if e.is_dir() and len(e.name) == 2)
            result: list[MatchSummary] = []
            for shard in shards:
                docs = self._read_index(shard)
                files = self._shard_files(shard)
                if files.keys() != docs.keys() or any(
                        docs[i].get("stamp") != s for i, s in files.items()):
                    docs = self._rebuild_shard(shard)
                for doc in docs.values():
                    try:
                        result.append(summary_from_dict(doc))
                    except (KeyError, TypeError, ValueError, IndexError):
                        continue
        result.sort(key=attrgetter("created", "id"), reverse=True)
        return result

    def latest_unfinished(self) -> StoredMatch | None:
        """The most recently changed match still in progress (simulated ones left out)."""
        live = [s for s in self.summaries() if s.status == "in_progress" and not s.simulated]
        if not live:
            return None
        latest = max(live, key=lambda s: (s.updated, s.created))
        try:
            return self.get(latest.id)
        except VicaireError:
            return None

    def player_names(self) -> list[str]:
        """Distinct player names, most recently played first."""
        seen: set[str] = set()
        names: list[str] = []
        for summary in sorted(self.summaries(), key=lambda s: s.updated, reverse=True):
            for name in summary.players:
                if name.casefold() not in seen:
                    seen.add(name.casefold())
                    names.append(name)
        return names

    # --------------------------------------------------------------- writing

    def _write(self, stored: StoredMatch) -> None:
        """Store a match (lock held): its own file first, then its index line."""
        path = self._match_path(stored.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        table = TinyDB(path, storage=AtomicJSONStorage).table(MATCH_TABLE)
        table.upsert(Document(record_to_dict(stored), doc_id=1))
        self._index_put(stored)

    def create(self, match: Match, name: str = "", simulated: bool = False) -> StoredMatch:
        """Store a new match (it may already hold deals); returns it with its new id."""
        name = check_name(name)
        state = replay(match)
        stamp = now()
        with self._locked():
            match_id = new_id()
            while self._match_path(match_id).exists():
                match_id = new_id()
            stored = StoredMatch(
                id=match_id, name=name, match=match, status=status_of(state),
                created=stamp, updated=stamp, revision=1, corrections=(),
                simulated=bool(simulated))
            with self._guard():
                self._write(stored)
        return stored

    def import_match(self, match: Match, name: str = "") -> StoredMatch:
        """Store a match read from a match file, under a new id."""
        return self.create(match, name=name)

    def _change(self, match_id: str, expected_revision: int | None,
                change: Callable[[StoredMatch], StoredMatch | None]) -> StoredMatch:
        """Read-modify-write under the lock; a stale revision or a refusal changes nothing."""
        key = self._resolve(match_id)
        with self._locked():
            current = self._load(key)
            if expected_revision is not None and expected_revision != current.revision:
                raise VicaireError("store.stale", deals=len(current.match.deals),
                                   revision=current.revision, current=current)
            changed = change(current)
            if changed is None:
                return current
            stored = replace(changed, revision=current.revision + 1, updated=now())
            with self._guard():
                self._write(stored)
        return stored

    @staticmethod
    def _writable(current: StoredMatch) -> None:
        if current.status == "abandoned":
            raise VicaireError("store.abandoned")

    def add_deal(self, match_id: str, deal: Any,
                 expected_revision: int | None = None) -> StoredMatch:
        """Record one more deal; refuses a bad deal, a finished or a changed match."""
        def change(current: StoredMatch) -> StoredMatch:
            self._writable(current)
            state = current.state
            if state.winner is not None:
                raise VicaireError("store.finished", winner=state.players[state.winner])
            match = current.match.add_deal(deal)
            return replace(current, match=match, status=status_of(replay(match)))
        return self._change(match_id, expected_revision, change)

    def undo(self, match_id: str, expected_revision: int | None = None) -> StoredMatch:
        """Remove the last deal; the removal is logged as a correction."""
        def change(current: StoredMatch) -> StoredMatch:
            self._writable(current)
            deals = current.match.deals
            if not deals:
                raise VicaireError("store.no_deal")
            match = current.match.remove_deal(len(deals))
            fix = Correction(kind="undo", deal=len(deals), before=deals[-1], after=None,
                             at=now())
            return replace(current, match=match, status=status_of(replay(match)),
                           corrections=(*current.corrections, fix))
        return self._change(match_id, expected_revision, change)

    def edit_deal(self, match_id: str, number: int, deal: Any,
                  expected_revision: int | None = None) -> StoredMatch:
        """Replace deal `number` (1-based) and recompute everything after it; logged."""
        def change(current: StoredMatch) -> StoredMatch | None:
            self._writable(current)
            deals = current.match.deals
            match = current.match.replace_deal(number, deal)
            new = check_deal(deal, number)
            if new == deals[number - 1]:
                return None
            fix = Correction(kind="edit", deal=number, before=deals[number - 1], after=new,
                             at=now())
            return replace(current, match=match, status=status_of(replay(match)),
                           corrections=(*current.corrections, fix))
        return self._change(match_id, expected_revision, change)

    def abandon(self, match_id: str, expected_revision: int | None = None) -> StoredMatch:
        """Mark a match in progress as abandoned: it stays in the history, closed."""
        def change(current: StoredMatch) -> StoredMatch:
            self._writable(current)
            state = current.state
            if state.winner is not None:
                raise VicaireError("store.finished", winner=state.players[state.winner])
            fix = Correction(kind="abandon", deal=len(current.match.deals), before=None,
                             after=None, at=now())
            return replace(current, status="abandoned",
                           corrections=(*current.corrections, fix))
        return self._change(match_id, expected_revision, change)

    def delete(self, match_id: str) -> None:
        """Remove a match and its backup from the history for good."""
        key = self._resolve(match_id)
        with self._locked():
            path = self._match_path(key)
            if not path.exists():
                raise VicaireError("store.not_found", id=key)
            with self._guard():
                path.unlink()
                backup_path(path).unlink(missing_ok=True)
                self._index_remove(key)
