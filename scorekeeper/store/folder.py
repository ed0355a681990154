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

from scorekeeper.errors import VicaireError
from scorekeeper.store.paths import history_folder

if TYPE_CHECKING:
    from filelock import FileLock

LOCK_TIMEOUT = 20.0
MIN_PREFIX = 4
ID_LENGTH = 8
ID_CHARS = re.compile(r"^[0-9a-f]+$")
MATCH_FILE = re.compile(r"^[0-9a-f]{8}\.json$")


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
            raise VicaireError("store.os", path=str(self.path), reason=reason) from None

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the history lock around a read-modify-write."""
        with self.guard():
            if self.path.exists() and not self.path.is_dir():
                raise NotADirectoryError
            self.path.mkdir(parents=True, exist_ok=True)
            from filelock import FileLock, Timeout

            if self._lock is None:
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

    # -------------------------------------------------------------------- ids

    def resolve(self, match_id: str) -> str:
        """The full id for an id or unique prefix of at least 4 characters."""
        key = str(match_id).strip().lower()
        if len(key) < MIN_PREFIX or len(key) > ID_LENGTH or not ID_CHARS.match(key):
            raise VicaireError("store.bad_id", id=str(match_id)[:20])
        if len(key) == ID_LENGTH:  # a whole id: one look at its file, whatever the history's size
            with self.guard():
                if self.match_path(key).is_file():
                    return key
            raise VicaireError("store.not_found", id=key)
        with self.guard():
            names = self.shard_names(key[:2])
        found = sorted(n for n in names if n.startswith(key))
        if not found:
            raise VicaireError("store.not_found", id=key)
        if len(found) > 1:
            raise VicaireError("store.ambiguous", id=key, ids=", ".join(found[:5]))
        return found[0]
