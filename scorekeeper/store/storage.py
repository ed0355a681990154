"""Crash-safe history files: whole-file atomic writes, a backup copy, damage detection.

Plain JSON and the standard library only, so that reading the history needs no TinyDB
(its storage class, for writing, is in `tinydb_storage`).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

BACKUP_SUFFIX = ".bak"
CORRUPT_MARK = ".corrupt-"


class DamagedFile(Exception):
    """A history file that exists but cannot be read: empty, cut short or garbage."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason  # "empty" | "truncated" | "garbage" | "invalid"


def parse(raw: bytes, path: Path) -> dict[str, Any]:
    """The JSON object in `raw`, or DamagedFile saying why it is not one."""
    if not raw.strip():
        raise DamagedFile(path, "empty")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except (UnicodeDecodeError, RecursionError):  # not UTF-8; nested past Python's depth
        raise DamagedFile(path, "garbage") from None
    except json.JSONDecodeError as exc:
        # Cut short: the parser stopped at the very end (past any trailing space), or in a
        # text left open, which it reports where the text starts.
        at_end = exc.pos >= len(text) or exc.msg.startswith("Unterminated string")
        raise DamagedFile(path, "truncated" if at_end else "garbage") from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise DamagedFile(path, "invalid")
    return data


def read_file(path: Path) -> dict[str, Any] | None:
    """The file's JSON object; None when there is no file; DamagedFile when it is damaged."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise DamagedFile(path, "invalid") from None
    return parse(raw, path)


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _keep_backup(path: Path) -> None:
    """Make `path.bak` the current (good) content of `path`, without touching `path`."""
    tmp = path.with_name(f".{path.name}{BACKUP_SUFFIX}.tmp")
    try:
        tmp.unlink(missing_ok=True)
        os.link(path, tmp)
    except FileNotFoundError:
        return
    except OSError:  # no hard links here: copy instead
        shutil.copyfile(path, tmp)
    os.replace(tmp, backup_path(path))


BeforeReplace = Callable[[os.stat_result], None]


def atomic_write(path: Path, data: bytes, backup: bool = True,
                 before_replace: BeforeReplace | None = None) -> None:
    """Replace `path` with `data` all at once; the old content becomes `path.bak`.

    A temporary file in the same folder is written, flushed and fsynced, then renamed over
    the old file with os.replace, and the folder is fsynced. Callers hold the history lock,
    so one fixed temporary name per file is enough; a leftover from a killed writer is
    simply overwritten. `before_replace` is called with the temporary file's status (the
    inode, modification time and size `path` will have) once it is on disk, before the
    rename: the history journals the change there.
    """
    tmp = path.with_name(f".{path.name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
        status = os.fstat(fd)
    finally:
        os.close(fd)
    if before_replace is not None:
        before_replace(status)
    if backup:
        _keep_backup(path)
    os.replace(tmp, path)
    fsync_folder(path.parent)


def dump(data: Any) -> bytes:
    """Compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def set_aside(path: Path, mark: str = CORRUPT_MARK) -> Path:
    """Move a damaged file out of the way, to `<name>.corrupt-<UTC time>` (or another mark);
    return where."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
    target = path.with_name(f"{path.name}{mark}{stamp}")
    os.replace(path, target)
    fsync_folder(path.parent)
    return target
