"""The TinyDB storage of match files: every write whole and atomic, with a backup copy."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorekeeper.store.storage import BeforeReplace, atomic_write, dump, read_file


class AtomicJSONStorage(Storage):
    """TinyDB storage writing the whole document atomically and keeping a backup.

    Unlike TinyDB's JSONStorage (which rewrites the file in place), a crash or kill at any
    moment leaves either the old or the new file, never a mix. An empty, cut-short or
    garbage file raises DamagedFile instead of reading as an empty database.
    """

    def __init__(self, path: str | os.PathLike[str], backup: bool = True,
                 before_replace: BeforeReplace | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.backup = backup
        self.before_replace = before_replace

    def read(self) -> dict[str, dict[str, Any]] | None:
        return read_file(self.path)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, dump(data), backup=self.backup,
                     before_replace=self.before_replace)
