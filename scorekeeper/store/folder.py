"""The history folder: where each file lives, the lock, and match ids.

    <folder>/matches/<2 chars>/<id>.json    one match (and its backup <id>.json.bak)
    <folder>/index/<2 chars>.json           the listing lines of one shard
    <folder>/index/journal                  the changes since the index was compacted
    <folder>/lock                           held around every read-modify-write
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.errors import VicaireError, shown
from scorekeeper.store.paths import history_folder
from scorekeeper.store.storage import BACKUP_SUFFIX, CORRUPT_MARK, backup_path, is_temporary

if TYPE_CHECKING:
    from filelock import FileLock

LOCK_TIMEOUT = 20.0
MIN_PREFIX = 4
ID_LENGTH = 8
ID_CHARS = re.compile(r"^[0-9a-f]+$")
MATCH_FILE = re.compile(r"^[0-9a-f]{8}\.json$")


class ShardScan:
    """The names in one shard folder: match files, strays from another shard, backups, and
    damaged files kept aside (by match id), filled in as the folder is read. (A plain class:
    a dataclass costs the app's start a third of a millisecond to make, and this one is
    only ever made empty.)"""

    def __init__(self, shard: str) -> None:
        self.shard = shard
        self.files: set[str] = set()
        self.strays: set[str] = set()
        self.backups: set[str] = set()
        self.kept: dict[str, list[Path]] = {}
        self.temporaries: list[str] = []  # left by writes killed or failed

    def lone_backups(self) -> set[str]:
        """Matches whose file is gone but whose backup is here."""
        return {k for k in self.backups - self.files if k[:2] == self.shard}

    def lost(self) -> dict[str, Path]:
        """Matches of which only a damaged file kept aside is left: the newest one each."""
        return {k: max(paths) for k, paths in self.kept.items()
                if k not in self.files and k not in self.backups and k[:2] == self.shard}


def stamp(stat: os.stat_result) -> list[int]:
    """What changes whenever a match file is replaced: inode, modification time, size."""
    return [stat.st_ino, stat.st_mtime_ns, stat.st_size]


class Folder:
    """The places of one history folder, its lock and the lookup of ids."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.path = history_folder(folder)
        self._lock: FileLock | None = None

    # ----------------------------------------------------------------- places

    @property
    def matches(self) -> Path:
        return self.path / "matches"

    def match_path(self, match_id: str) -> Path:
        return self.matches / match_id[:2] / f"{match_id}.json"

    def index_path(self, shard: str) -> Path:
        return self.path / "index" / f"{shard}.json"

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Turn file-system failures into a refusal in plain words."""
        try:
            yield
        except (NotADirectoryError, FileExistsError):
            raise VicaireError("store.not_folder", path=str(self.path)) from None
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise VicaireError("store.os", path=str(self.path), reason=reason,
                               errno=exc.errno) from None

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the history lock around a read-modify-write."""
        with self.guard():
            if self.path.exists() and not self.path.is_dir():
                raise NotADirectoryError
            self.path.mkdir(parents=True, exist_ok=True)
            from filelock import FileLock, Timeout

            if self._lock is None:
                # A folder where the lock cannot be made (read-only, /proc) cannot be used:
                # say so now rather than wait for a lock that can never be taken.
                os.close(os.open(self.path / "lock", os.O_RDWR | os.O_CREAT, 0o644))
                self._lock = FileLock(str(self.path / "lock"), timeout=LOCK_TIMEOUT)
            try:
                with self._lock:
                    yield
            except Timeout:
                raise VicaireError("store.busy") from None

    def has_matches(self) -> bool:
        """Whether there is a matches folder (a history with no folder yet has no match)."""
        if self.matches.is_dir():
            return True
        if self.path.exists() and not self.path.is_dir():
            raise NotADirectoryError
        if self.matches.exists() or self.matches.is_symlink():
            raise VicaireError("store.damaged", path=str(self.path), name="matches")
        return False

    # ------------------------------------------------------------- the shards

    def shards(self) -> list[str]:
        return sorted(e.name for e in os.scandir(self.matches)
                      if e.is_dir() and len(e.name) == 2)

    def shard_names(self, shard: str) -> set[str]:
        """The ids of the match files of one shard (names only: nothing is opened)."""
        try:
            with os.scandir(self.matches / shard) as entries:
                return {e.name[:ID_LENGTH] for e in entries if MATCH_FILE.match(e.name)}
        except FileNotFoundError:
            return set()

    def shard_files(self, shard: str) -> dict[str, list[int]]:
        """The match files of one shard with their stamps."""
        found: dict[str, list[int]] = {}
        try:
            entries = list(os.scandir(self.matches / shard))
        except FileNotFoundError:
            return found
        for entry in entries:
            name = entry.name
            if len(name) == ID_LENGTH + 5 and name.endswith(".json") and name[0] != ".":
                try:
                    found[entry.name[:ID_LENGTH]] = stamp(entry.stat())
                except FileNotFoundError:
                    continue
        return found

    def scan(self, shard: str) -> ShardScan:
        """What one shard folder holds, by name only (nothing is opened)."""
        scan = ShardScan(shard)
        try:
            with os.scandir(self.matches / shard) as entries:
                names = [e.name for e in entries]
        except FileNotFoundError:
            return scan
        backup = ".json" + BACKUP_SUFFIX
        corrupt = ".json" + CORRUPT_MARK
        for name in names:
            if name.endswith(".json"):
                if MATCH_FILE.match(name):
                    (scan.files if name.startswith(shard) else scan.strays).add(name[:ID_LENGTH])
            elif name.endswith(backup):
                if MATCH_FILE.match(name[:-len(BACKUP_SUFFIX)]):
                    scan.backups.add(name[:ID_LENGTH])
            elif corrupt in name and MATCH_FILE.match(name[:ID_LENGTH + 5]):
                scan.kept.setdefault(name[:ID_LENGTH], []).append(self.matches / shard / name)
            elif is_temporary(name):
                scan.temporaries.append(name)
        return scan

    # -------------------------------------------------------------------- ids

    def resolve(self, match_id: str) -> str:
        """The full id for an id or unique prefix of at least 4 characters."""
        key = str(match_id).strip().lower()
        if len(key) < MIN_PREFIX or len(key) > ID_LENGTH or not ID_CHARS.match(key):
            raise VicaireError("store.bad_id", id=shown(str(match_id)))
        if len(key) == ID_LENGTH:  # a whole id: one look at its file, whatever the history's size
            path = self.match_path(key)
            with self.guard():
                if path.is_file() or backup_path(path).is_file():  # (a lone backup: restored)
                    return key
            raise VicaireError("store.not_found", id=key)
        with self.guard():
            scan = self.scan(key[:2])
            names = scan.files | scan.lone_backups()
        found = sorted(n for n in names if n.startswith(key))
        if not found:
            raise VicaireError("store.not_found", id=key)
        if len(found) > 1:
            raise VicaireError("store.ambiguous", id=key, ids=", ".join(found[:5]))
        return found[0]
