"""Crash-safe history files: whole-file atomic writes, a backup copy, damage detection.

Plain JSON and the standard library only, so that reading the history needs no TinyDB
(its storage class, for writing, is in `tinydb_storage`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
from collections.abc import Callable, Iterable
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
        try:
            tmp.unlink(missing_ok=True)
            os.link(path, tmp)
        except FileNotFoundError:
            return
        except OSError:  # no hard links here: copy instead
            shutil.copyfile(path, tmp)
        os.replace(tmp, backup_path(path))
    except BaseException:
        _remove(tmp)
        raise


def _remove(path: Path) -> None:
    """Remove a temporary file of a write that failed; if even that fails, a later write or
    listing will (`sweep_temporaries`)."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def is_temporary(name: str) -> bool:
    """A temporary file of a write: `.<name>.tmp` (atomic_write, its backup) or
    `.vicaire-<random>.tmp` (a settings file, written without the history lock)."""
    return name.startswith(".") and name.endswith(".tmp") and len(name) > 5


STALE_AFTER = 600.0  # seconds: no write takes this long (the lock's waiters give up at 20 s)


def sweep_temporaries(folder: Path, names: Iterable[str] | None = None,
                      older_than: float | None = STALE_AFTER) -> None:
    """Remove the temporary files that writes killed or failed left in `folder` (or those of
    `names`): those older than `older_than` seconds, or all of them (None) where the history
    lock is held, so that no write of the history can be in progress. Best effort."""
    try:
        if names is None:
            with os.scandir(folder) as entries:
                names = [e.name for e in entries]
    except OSError:
        return
    limit = None if older_than is None else time.time() - older_than
    for name in names:
        if not is_temporary(name) or (older_than is None and name.startswith(".vicaire-")):
            continue  # (a settings file is written without the lock: only by age)
        path = folder / name
        try:
            if limit is None or path.stat().st_mtime < limit:
                path.unlink()
        except OSError:
            continue


BeforeReplace = Callable[[os.stat_result], None]


def atomic_write(path: Path, data: bytes, backup: bool = True,
                 before_replace: BeforeReplace | None = None) -> None:
    """Replace `path` with `data` all at once; the old content becomes `path.bak`.

    A temporary file in the same folder is written, flushed and fsynced, then renamed over
    the old file with os.replace, and the folder is fsynced. Callers hold the history lock,
    so one fixed temporary name per file is enough; a write that fails removes its
    temporary file, and one left by a killed writer is removed by the next write or listing
    (`sweep_temporaries`). `before_replace` is called with the temporary file's status (the
    inode, modification time and size `path` will have) once it is on disk, before the
    rename: the history journals the change there.
    """
    tmp = path.with_name(f".{path.name}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
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
    except BaseException:  # (a full disk): the temporary file goes, the old file stays
        _remove(tmp)
        raise
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
