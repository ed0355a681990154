"""The index journal: one checksummed line appended per change, read back in order.

A line is `<crc32 of the JSON, 8 hex digits> <JSON object>\\n`. The object names the match
that is about to change (`id`) and, when the writer knows it, the match's new listing line
(`line`, with the stamp its file will have). A line is appended and fsynced *before* the
match file is replaced, so every match file that differs from its index shard is named in
the journal. A last line without its newline was cut short by a killed writer: that
writer never replaced its match file, so the line is ignored, and the next writer cuts it
off before appending. Any other bad line means the journal is damaged (DamagedFile).
"""

from __future__ import annotations

import json
import os
import re
import zlib
from pathlib import Path
from typing import Any

from scorekeeper.store.storage import DamagedFile, atomic_write, dump, fsync_folder

_ID = re.compile(r"[0-9a-f]{8}")
_CRC = re.compile(rb"[0-9a-f]{8}")
_sync = getattr(os, "fdatasync", os.fsync)


def encode(entry: dict[str, Any]) -> bytes:
    """One journal line."""
    body = dump(entry)
    return b"%08x %s\n" % (zlib.crc32(body), body)


def decode(line: bytes, path: Path) -> dict[str, Any]:
    """The entry of one complete line; DamagedFile if it is not one."""
    crc, _, body = line.partition(b" ")
    if not _CRC.fullmatch(crc) or int(crc, 16) != zlib.crc32(body):
        raise DamagedFile(path, "garbage")
    try:
        entry = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise DamagedFile(path, "garbage") from None
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not _ID.fullmatch(
            entry["id"]) or not isinstance(entry.get("line", {}), dict):
        raise DamagedFile(path, "garbage")
    return entry


def _read_at(fd: int, offset: int, count: int) -> bytes:
    """`count` bytes from `offset` (fewer at the end): a file gives them in one read."""
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, count)


class Journal:
    """The append-only journal file of the index (callers hold the history lock to write)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def exists(self) -> bool:
        return self.path.is_file()

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The last entry of every match named, by id; None when there is no journal.

        A torn last line is left out; any other bad line raises DamagedFile.
        """
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            raise DamagedFile(self.path, "garbage") from None
        entries: dict[str, dict[str, Any]] = {}
        for line in raw.split(b"\n")[:-1]:  # the last piece is empty, or a torn line
            entry = decode(line, self.path)
            entries[entry["id"]] = entry
        return entries

    def create(self) -> None:
        """Start an empty journal if there is none (durably)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        fsync_folder(self.path.parent)

    def append(self, entry: dict[str, Any]) -> int | None:
        """Append one line and make it durable; the journal's new size (None: no journal)."""
        return self.append_many([entry])

    def append_many(self, entries: list[dict[str, Any]]) -> int | None:
        """Append these lines and make them durable together; the journal's new size."""
        line = b"".join(encode(entry) for entry in entries)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        except FileNotFoundError:
            return None
        try:
            size = os.fstat(fd).st_size
            if size and _read_at(fd, size - 1, 1) != b"\n":
                # A line cut short by a killed writer (who never replaced its match file).
                size = _read_at(fd, 0, size).rfind(b"\n") + 1
                os.ftruncate(fd, size)
            view = memoryview(line)
            while view:
                view = view[os.write(fd, view):]
            _sync(fd)
        finally:
            os.close(fd)
        return size + len(line)

    def reset(self) -> None:
        """Replace the journal with an empty one, all at once."""
        atomic_write(self.path, b"", backup=False)
