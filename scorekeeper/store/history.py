"""The match history: one small TinyDB file per match, a sharded index with a journal."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import VicaireError
from scorekeeper.store.journal import Journal
from scorekeeper.store.notices import Notice
from scorekeeper.store.paths import history_folder
from scorekeeper.store.records import (
    Correction,
    MatchSummary,
    StoredMatch,
    check_name,
    latest_live,
    new_id,
    now,
    record_from_dict,
    record_to_dict,
    status_after,
    summary_from_dict,
    summary_of,
    summary_to_dict,
)
from scorekeeper.store.storage import (
    DamagedFile,
    atomic_write,
    backup_path,
    dump,
    parse,
    read_file,
    set_aside,
)

if TYPE_CHECKING:
    from filelock import FileLock

    from scorekeeper.rules import Match

# Listing the history reads only JSON files: TinyDB, the file lock and the rules engine are
# imported by the methods that write or replay, so that the app's home screen opens fast.

LOCK_TIMEOUT = 20.0
MIN_PREFIX = 4
ID_LENGTH = 8
_ID_CHARS = re.compile(r"^[0-9a-f]+$")
_MATCH_FILE = re.compile(r"^[0-9a-f]{8}\.json$")
MATCH_TABLE = "match"
INDEX_TABLE = "matches"
INDEX_SCHEMA = 2  # 2: the listing line has the round being played
JOURNAL_LIMIT = 256 * 1024  # bytes (about 700 changes): past this, the writer compacts


_BULK = Path("matches")  # where matches() reports damage before _load looks again


def _stamp(stat: os.stat_result) -> list[int]:
    """What changes whenever a match file is replaced: inode, modification time, size."""
    return [stat.st_ino, stat.st_mtime_ns, stat.st_size]


def _stale(entry: dict[str, Any]) -> bool:
    """A journal entry whose listing line an older Vicaire wrote (another index schema)."""
    line = entry.get("line")
    return isinstance(line, dict) and line.get("schema") != INDEX_SCHEMA


def _doc_id(match_id: str) -> int:
    return int(match_id, 16) + 1


class History:
    """The stored matches in one folder. Safe to use from several processes at once."""

    journal_limit = JOURNAL_LIMIT

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = history_folder(folder)
        self.notices: list[Notice] = []
        self._lock: FileLock | None = None
        self._journal = Journal(self.folder / "index" / "journal")

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
            from filelock import FileLock, Timeout

            if self._lock is None:
                self._lock = FileLock(str(self.folder / "lock"), timeout=LOCK_TIMEOUT)
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
        if len(key) == ID_LENGTH:  # a whole id: one look at its file, whatever the history's size
            with self._guard():
                if self._match_path(key).is_file():
                    return key
            raise VicaireError("store.not_found", id=key)
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
            self._claim(match_id)
            aside = set_aside(path)
            bak = backup_path(path)
            try:
                raw = bak.read_bytes()
                restored = self._record_of(parse(raw, bak), bak)
            except (OSError, DamagedFile):
                self.notices.append(Notice("store.notice.lost", {
                    "id": match_id, "reason": damage.reason, "path": str(aside)}))
                raise VicaireError("store.lost", id=match_id, path=str(aside)) from None
            atomic_write(path, raw, backup=False)
            self.notices.append(Notice("store.notice.restored", {
                "id": match_id, "reason": damage.reason, "when": restored.updated,
                "path": str(aside)}))
            return restored

    def get(self, match_id: str) -> StoredMatch:
        """The stored match with this id or unique id prefix."""
        return self._load(self._resolve(match_id))

    def matches(self, ids: Iterable[str] | None = None) -> list[StoredMatch]:
        """Many stored matches at once, e.g. for statistics: all of them (newest first, as
        `summaries()`) when `ids` is None, else those with these ids or unique id prefixes,
        in that order.

        Each match file is read once, straight from disk (no index, no lock unless one is
        damaged). A match `get()` would refuse (unknown, lost, from a newer Vicaire) is left
        out; a damaged one is restored from its backup with a notice, as `get()` does.
        """
        with self._guard():
            if ids is None:
                if not self._matches.is_dir():
                    if self.folder.exists() and not self.folder.is_dir():
                        raise NotADirectoryError
                    return []
                keys = [k for shard in self._shards() for k in sorted(self._shard_names(shard))]
            else:
                keys = []
                for match_id in ids:
                    try:
                        keys.append(self._resolve(match_id))
                    except VicaireError:
                        continue
            found: list[StoredMatch] = []
            folder = str(self._matches)
            for key in keys:
                name = os.path.join(folder, key[:2], key + ".json")
                try:
                    with open(name, "rb") as file:
                        raw = file.read()
                    # (a damaged file is read again by _load, which names it)
                    found.append(self._record_of(parse(raw, _BULK), _BULK))
                except (FileNotFoundError, IsADirectoryError):
                    continue
                except DamagedFile:
                    try:
                        found.append(self._load(key))
                    except VicaireError:
                        continue
                except VicaireError:
                    continue  # from a newer Vicaire
        if ids is None:
            found.sort(key=attrgetter("created", "id"), reverse=True)
        return found

    def signature(self, match_id: str | None = None) -> tuple[int, ...] | None:
        """A cheap sign of change, one stat and nothing read: (inode, mtime, size) of the
        match file (a full id), or with no id of the journal, which every change appends to.
        None when the file is not there."""
        path = self._match_path(match_id) if match_id else self._journal.path
        try:
            return tuple(_stamp(path.stat()))
        except (OSError, ValueError):
            return None

    def revision(self, match_id: str) -> int:
        """The match's revision: it grows by one with every recorded change."""
        return self.get(match_id).revision

    # ----------------------------------------------------------------- index
    #
    # index/<2 chars>.json holds the listing lines of the matches whose id starts with those
    # characters, as they were when the journal was last compacted. index/journal names every
    # match changed since, with its new line: it is appended (one fsynced line) *before* the
    # match file is replaced. So a line read from a shard is current unless the journal names
    # its match, and a match the journal names is checked against its file (stamp) and
    # recomputed from it if they disagree. Without a journal (a history from an older Vicaire,
    # or one whose journal was damaged), every line is checked against its file once.

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

    def _write_index(self, shard: str, docs: dict[str, dict[str, Any]]) -> None:
        path = self._index_path(shard)
        path.parent.mkdir(parents=True, exist_ok=True)
        table = {str(_doc_id(i)): d for i, d in sorted(docs.items())}
        atomic_write(path, dump({INDEX_TABLE: table}))

    def _index_doc(self, stored: StoredMatch) -> dict[str, Any]:
        doc = summary_to_dict(summary_of(stored))
        doc["schema"] = INDEX_SCHEMA
        doc["stamp"] = _stamp(self._match_path(stored.id).stat())
        return doc

    def _shard_names(self, shard: str) -> set[str]:
        """The ids of the match files of one shard (names only: nothing is opened)."""
        try:
            with os.scandir(self._matches / shard) as entries:
                return {e.name[:ID_LENGTH] for e in entries if _MATCH_FILE.match(e.name)}
        except FileNotFoundError:
            return set()

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

    def _shards(self) -> list[str]:
        return sorted(e.name for e in os.scandir(self._matches)
                      if e.is_dir() and len(e.name) == 2)

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
            if docs != current or not path.exists():
                self._write_index(shard, docs)
            return docs

    def _check_all(self) -> None:
        """Check every index line against its match file (lock held): the slow, sure way."""
        if self._matches.is_dir():
            for shard in self._shards():
                self._rebuild_shard(shard)

    def _ensure_journal(self) -> None:
        """Start the journal (lock held), after checking the index if there was none."""
        if not self._journal.exists():
            self._check_all()
            self._journal.create()

    def _repair_journal(self, damage: DamagedFile) -> None:
        """A damaged journal: check every line against its file, then start a new journal."""
        with self._locked():
            try:
                self._journal.read()
            except DamagedFile:
                pass
            else:  # repaired by another process meanwhile
                self._ensure_journal()
                return
            self._check_all()
            aside = set_aside(self._journal.path)
            self.notices.append(Notice("store.notice.index", {
                "reason": damage.reason, "path": str(aside)}))
            self._journal.create()

    def _journal_entries(self) -> dict[str, dict[str, Any]] | None:
        """The journal's last entry per match, starting one if there is none.

        None when there is still no journal (a read-only folder, a lock held too long):
        then the caller checks every line against its file.
        """
        for _ in range(3):
            try:
                entries = self._journal.read()
            except DamagedFile as damage:
                self._repair_journal(damage)
                continue
            if entries is not None:
                return entries
            try:
                with self._locked():
                    self._ensure_journal()
            except VicaireError:
                return None
        return None

    def _claim(self, match_id: str, line: dict[str, Any] | None = None) -> int | None:
        """Journal a change to a match before it is made (lock held); the journal's size."""
        entry: dict[str, Any] = {"id": match_id}
        if line is not None:
            entry["line"] = line
        return self._journal.append(entry)

    def _current_doc(self, match_id: str, entry: dict[str, Any] | None,
                     ) -> dict[str, Any] | None:
        """The listing line of a journaled match, checked against its file (None: gone)."""
        path = self._match_path(match_id)
        try:
            stamp = _stamp(path.stat())
        except (FileNotFoundError, NotADirectoryError):
            return None
        line = (entry or {}).get("line")
        if isinstance(line, dict) and line.get("stamp") == stamp and (
                line.get("schema") == INDEX_SCHEMA and line.get("id") == match_id):
            return line
        try:  # the change did not land as journaled (a killed writer): ask the file
            stored = self._load(match_id)
        except VicaireError:
            return None
        return self._index_doc(stored)

    def _compact(self) -> None:
        """Fold the journal into the shards it names, then empty it (lock held).

        Each shard is replaced whole (atomically) before the journal is emptied, so an
        interruption at any point leaves a journal that still names every change.
        """
        try:
            entries = self._journal.read()
        except DamagedFile as damage:
            self._repair_journal(damage)
            return
        if entries is None:
            self._ensure_journal()
            return
        by_shard: dict[str, list[str]] = {}
        for match_id in entries:
            by_shard.setdefault(match_id[:2], []).append(match_id)
        for shard, ids in sorted(by_shard.items()):
            path = self._index_path(shard)
            try:
                data = read_file(path)
                docs = {d["id"]: d for d in (data or {}).get(INDEX_TABLE, {}).values()}
            except DamagedFile as damage:
                self._rebuild_shard(shard, damage)
                continue
            except (TypeError, KeyError, AttributeError):
                self._rebuild_shard(shard, DamagedFile(path, "invalid"))
                continue
            for match_id in ids:
                doc = self._current_doc(match_id, entries[match_id])
                if doc is None:
                    docs.pop(match_id, None)
                else:
                    docs[match_id] = doc
            self._write_index(shard, docs)
        self._journal.reset()

    def summaries(self) -> list[MatchSummary]:
        """Every stored match as a listing line, newest first (read from the index)."""
        with self._guard():
            if not self._matches.is_dir():
                if self.folder.exists() and not self.folder.is_dir():
                    raise NotADirectoryError
                return []
            # The journal first: a compaction running meanwhile empties it only after its
            # shards are written, so whatever shards are read next, nothing is missed.
            entries = self._journal_entries()
            if entries and any(_stale(entry) for entry in entries.values()):
                # Lines journaled by an older Vicaire would send every listing back to their
                # match files: fold them into the index once (the next writer would, too).
                with suppress(OSError, VicaireError), self._locked():
                    self._compact()
                entries = self._journal_entries()
            journaled: dict[str, list[str]] = {}
            for match_id in entries or {}:
                journaled.setdefault(match_id[:2], []).append(match_id)
            result: list[MatchSummary] = []
            for shard in self._shards():
                docs = self._read_index(shard)
                if entries is None:  # no journal to say what changed: check every line
                    files = self._shard_files(shard)
                    if files.keys() != docs.keys() or any(
                            docs[i].get("stamp") != s or docs[i].get("schema") != INDEX_SCHEMA
                            for i, s in files.items()):
                        docs = self._rebuild_shard(shard)
                else:
                    for match_id in journaled.get(shard, ()):
                        doc = self._current_doc(match_id, entries[match_id])
                        if doc is None:
                            docs.pop(match_id, None)
                        else:
                            docs[match_id] = doc
                    if docs.keys() != self._shard_names(shard) or any(
                            d.get("schema") != INDEX_SCHEMA for d in docs.values()):
                        # A match file added or removed behind the index's back, or lines
                        # listed by an older Vicaire: check the shard.
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
        latest = latest_live(self.summaries())
        if latest is None:
            return None
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
        """Store a match (lock held): its new listing line is journaled, then its file replaced.

        The line goes to the journal once the new file is on disk under its temporary name
        and before it replaces the match file, with the stamp the match file will then have.
        """
        from tinydb import TinyDB
        from tinydb.table import Document

        from scorekeeper.store.tinydb_storage import AtomicJSONStorage

        path = self._match_path(stored.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._ensure_journal()
        line = summary_to_dict(summary_of(stored))
        line["schema"] = INDEX_SCHEMA
        size: list[int | None] = []

        def journal(status: os.stat_result) -> None:
            line["stamp"] = _stamp(status)
            size.append(self._claim(stored.id, line))

        table = TinyDB(path, storage=AtomicJSONStorage, before_replace=journal).table(MATCH_TABLE)
        document = Document(record_to_dict(stored), doc_id=1)
        if path.exists():
            table.upsert(document)
        else:  # a new match: one write (upsert would first write an empty table)
            table.insert(document)
        if size and (size[-1] or 0) > self.journal_limit:
            # The deal is recorded: if compacting fails, the journal stays longer and the
            # next writer tries again.
            with suppress(OSError, VicaireError):
                self._compact()

    def create(self, match: Match, name: str = "", simulated: bool = False,
               match_id: str | None = None) -> StoredMatch:
        """Store a new match (it may already hold deals); returns it with its new id, or with
        `match_id` (an imported match keeps its id; refused if the history has it)."""
        name = check_name(name)
        status = status_after(match)
        stamp = now()
        if match_id is not None and not _MATCH_FILE.match(f"{match_id}.json"):
            raise VicaireError("store.bad_id", id=str(match_id)[:20])
        with self._locked():
            if match_id is not None and self._match_path(match_id).exists():
                raise VicaireError("store.taken", id=match_id)
            while match_id is None or self._match_path(match_id).exists():
                match_id = new_id()
            stored = StoredMatch(
                id=match_id, name=name, match=match, status=status,
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
            return replace(current, match=match, status=status_after(match))
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
            return replace(current, match=match, status=status_after(match),
                           corrections=(*current.corrections, fix))
        return self._change(match_id, expected_revision, change)

    def edit_deal(self, match_id: str, number: int, deal: Any,
                  expected_revision: int | None = None) -> StoredMatch:
        """Replace deal `number` (1-based) and recompute everything after it; logged."""
        from scorekeeper.rules import validate_deal

        def change(current: StoredMatch) -> StoredMatch | None:
            self._writable(current)
            deals = current.match.deals
            match = current.match.replace_deal(number, deal)
            new = validate_deal(deal, number)
            if new == deals[number - 1]:
                return None
            fix = Correction(kind="edit", deal=number, before=deals[number - 1], after=new,
                             at=now())
            return replace(current, match=match, status=status_after(match),
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
                self._ensure_journal()
                self._claim(key)
                path.unlink()
                backup_path(path).unlink(missing_ok=True)
