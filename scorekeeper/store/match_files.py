"""The match files: one small TinyDB file per match, read alone or in bulk, repaired from its
backup when damaged, written atomically with a hook that journals the change first."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from scorekeeper.errors import VicaireError
from scorekeeper.store.folder import Folder
from scorekeeper.store.journal import Journal
from scorekeeper.store.notices import Notice
from scorekeeper.store.records import StoredMatch, record_from_dict, record_to_dict
from scorekeeper.store.storage import (
    BeforeReplace,
    DamagedFile,
    _keep_backup,
    atomic_write,
    backup_path,
    dump,
    fsync_folder,
    parse,
    read_file,
    set_aside,
)

MATCH_TABLE = "match"
DUPLICATE_MARK = ".duplicate-"  # a second file of the same match, moved aside
_BULK = Path("matches")  # where read_many reports damage before load looks again


def record_of(data: dict[str, Any], path: Path) -> StoredMatch:
    """The stored match in a match file's JSON; DamagedFile if it is not one, VicaireError
    (store.newer) if a newer Vicaire wrote it."""
    doc = data.get(MATCH_TABLE, {}).get("1")
    try:
        return record_from_dict(doc)
    except VicaireError as exc:
        if exc.code == "store.newer":
            raise
        raise DamagedFile(path, "invalid") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        raise DamagedFile(path, "invalid") from None


class MatchFiles:
    """Reading and writing the match files of one history folder."""

    def __init__(self, folder: Folder, journal: Journal, notices: list[Notice]) -> None:
        self.folder = folder
        self.journal = journal
        self.notices = notices

    def read_record(self, path: Path) -> StoredMatch | None:
        """The stored match in `path`; None if there is no file; DamagedFile if damaged."""
        data = read_file(path)
        if data is None:
            return None
        return record_of(data, path)

    def load(self, match_id: str) -> StoredMatch:
        """Read a match, repairing it from its backup if its file is damaged or gone.

        Refuses a file that holds another match than its name says (store.misnamed): the
        listing moves it where it belongs (`settle`).
        """
        path = self.folder.match_path(match_id)
        with self.folder.guard():
            try:
                stored = self.read_record(path)
            except DamagedFile as damage:
                stored = self.recover(match_id, damage)
            if stored is None and backup_path(path).is_file():
                stored = self.restore_backup(match_id)
        if stored is None:
            raise VicaireError("store.not_found", id=match_id)
        if stored.id != match_id:
            raise VicaireError("store.misnamed", id=match_id, inner=stored.id, path=str(path))
        return stored

    def restore_backup(self, match_id: str) -> StoredMatch | None:
        """A match whose file is gone but whose backup is left: the backup becomes the match
        again, with a notice; a damaged backup is refused (store.lost)."""
        path = self.folder.match_path(match_id)
        bak = backup_path(path)
        with self.folder.locked():
            try:  # another process may have restored it meanwhile
                stored = self.read_record(path)
                if stored is not None:
                    return stored
            except DamagedFile as damage:
                return self.recover(match_id, damage)
            try:
                raw = bak.read_bytes()
                restored = record_of(parse(raw, bak), bak)
            except FileNotFoundError:
                return None
            except (OSError, DamagedFile):
                raise VicaireError("store.lost", id=match_id, path=str(bak)) from None
            self.journal.append({"id": match_id})
            atomic_write(path, raw, backup=False)
            self.notices.append(Notice("store.notice.backup", {
                "id": match_id, "when": restored.updated, "path": str(path)}))
            return restored

    def settle(self, path: Path, match_id: str) -> bool:
        """Put a match file found in the wrong place (another shard, another name) where its
        id says (lock taken here). If a file is already there, the match with the highest
        revision stays; the other file is moved aside, with a notice. False when `path` does
        not hold a usable match of this id (it is left where it is)."""
        target = self.folder.match_path(match_id)
        with self.folder.locked():
            if not path.is_file():
                return True  # settled by another process meanwhile
            try:
                stray: StoredMatch | None = self.read_record(path)
            except (DamagedFile, VicaireError):
                stray = None
            try:
                there = self.read_record(target)
            except (DamagedFile, VicaireError):
                there = None
            if stray is None or stray.id != match_id:
                return False
            self.journal.append({"id": path.name[:len(match_id)]})  # its line goes
            self.journal.append({"id": match_id})
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(path, target)
                self.notices.append(Notice("store.notice.moved", {
                    "id": match_id, "from": str(path), "to": str(target)}))
                return True
            if there is not None and there.revision >= stray.revision:
                aside = set_aside(path, DUPLICATE_MARK)
            else:
                aside = set_aside(target, DUPLICATE_MARK)
                os.replace(path, target)
            self.notices.append(Notice("store.notice.duplicate", {
                "id": match_id, "path": str(aside)}))
            return True

    def recover(self, match_id: str, damage: DamagedFile) -> StoredMatch:
        """Set a damaged match file aside and restore its backup; refuse if none is good."""
        path = damage.path
        with self.folder.locked():
            try:  # another process may have repaired it meanwhile
                stored = self.read_record(path)
                if stored is not None:
                    return stored
            except DamagedFile:
                pass
            if not path.exists():
                raise VicaireError("store.not_found", id=match_id)
            self.journal.append({"id": match_id})
            aside = set_aside(path)
            bak = backup_path(path)
            try:
                raw = bak.read_bytes()
                restored = record_of(parse(raw, bak), bak)
            except (OSError, DamagedFile):
                self.notices.append(Notice("store.notice.lost", {
                    "id": match_id, "reason": damage.reason, "path": str(aside)}))
                raise VicaireError("store.lost", id=match_id, path=str(aside)) from None
            atomic_write(path, raw, backup=False)
            self.notices.append(Notice("store.notice.restored", {
                "id": match_id, "reason": damage.reason, "when": restored.updated,
                "path": str(aside)}))
            return restored

    def read_many(self, keys: Iterable[str]) -> list[StoredMatch]:
        """The matches with these full ids, each file read once (no lock unless one is
        damaged); one `load` would refuse (gone, lost, from a newer Vicaire) is left out."""
        found: list[StoredMatch] = []
        folder = str(self.folder.matches)
        for key in keys:
            name = os.path.join(folder, key[:2], key + ".json")
            try:
                with open(name, "rb") as file:
                    raw = file.read()
                # (a damaged file is read again by load, which names it)
                stored = record_of(parse(raw, _BULK), _BULK)
                if stored.id == key:  # (a copy under another name is listed under its own)
                    found.append(stored)
            except (FileNotFoundError, IsADirectoryError):
                continue
            except DamagedFile:
                try:
                    found.append(self.load(key))
                except VicaireError:
                    continue
            except VicaireError:
                continue  # from a newer Vicaire
        return found

    def write(self, stored: StoredMatch, before_replace: BeforeReplace) -> None:
        """Store a match (lock held); `before_replace` gets the new file's status once it is
        on disk under its temporary name, before it replaces the match file."""
        from tinydb import TinyDB
        from tinydb.table import Document

        from scorekeeper.store.tinydb_storage import AtomicJSONStorage

        path = self.folder.match_path(stored.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        table = TinyDB(path, storage=AtomicJSONStorage,
                       before_replace=before_replace).table(MATCH_TABLE)
        document = Document(record_to_dict(stored), doc_id=1)
        if path.exists():
            table.upsert(document)
        else:  # a new match: one write (upsert would first write an empty table)
            table.insert(document)

    def write_many(self, matches: Sequence[StoredMatch],
                   journal: Callable[[list[tuple[StoredMatch, os.stat_result]]], None]) -> None:
        """Store many matches at once (lock held), each file replaced whole as `write` does,
        with one flush to disk for them all: every new file is written under its temporary
        name, all are made durable together, `journal` gets each one's status (before any
        replaces its match file), then each replaces its match file (the old one kept as its
        backup). Interrupted at any point, each match is as it was or wholly written."""
        written: list[tuple[StoredMatch, Path, Path, os.stat_result]] = []
        try:
            for stored in matches:
                path = self.folder.match_path(stored.id)
                path.parent.mkdir(parents=True, exist_ok=True)
                data = dump({MATCH_TABLE: {"1": record_to_dict(stored)}})  # as TinyDB writes
                tmp = path.with_name(f".{path.name}.tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view):]
                    if sys.platform != "linux":
                        os.fsync(fd)
                    status = os.fstat(fd)
                finally:
                    os.close(fd)
                written.append((stored, path, tmp, status))
            if sys.platform == "linux":
                os.sync()  # (Linux waits for the data to be written: one flush for them all)
        except BaseException:
            for _stored, _path, tmp, _status in written:
                tmp.unlink(missing_ok=True)
            raise
        try:
            journal([(stored, status) for stored, _path, _tmp, status in written])
            for _stored, path, tmp, _status in written:
                _keep_backup(path)
                os.replace(tmp, path)
        finally:  # (a match not replaced stays as it was: its temporary file goes)
            for _stored, _path, tmp, _status in written:
                tmp.unlink(missing_ok=True)
        for folder in {path.parent for _stored, path, _tmp, _status in written}:
            fsync_folder(folder)

    def delete(self, match_id: str) -> None:
        """Remove a match file, its backup and the damaged copies it left (lock held, change
        journaled): a deleted match is not reported as unreadable later."""
        path = self.folder.match_path(match_id)
        path.unlink()
        backup_path(path).unlink(missing_ok=True)
        for kept in self.folder.scan(match_id[:2]).kept.get(match_id, []):
            kept.unlink(missing_ok=True)
