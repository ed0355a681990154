"""Writing a file outside the history (an export, the settings) all at once.

Not for the history: its files are written by `scorekeeper.store.storage.atomic_write`
under the history lock, with a backup copy. Here no lock is held, so each write uses a
temporary file of its own.

Only a regular file is ever replaced, and only the one a path names after its symbolic
links: a link stays a link (its target gets the new bytes), and a pipe, a device or a file
already open (`/dev/stdout`) is written in place (`write_output`).
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from scorekeeper.store.storage import fsync_folder


def write_file_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace `path` with `data` whole, or leave it as it was and raise OSError.

    A symbolic link is followed: the file it points at is replaced (or created), the link
    stays. A temporary file with a unique name is created in the target folder, written, flushed
    and fsynced, then renamed over `path` with os.replace, and the folder is fsynced. On any
    failure the temporary file is removed. The file keeps the permissions of the one it
    replaces; a new one gets those of any new file (0o666 less the umask).
    """
    target = _follow_links(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "this is a folder", str(target))
    folder = target.parent
    mode = _mode_for(target)
    fd, temp = tempfile.mkstemp(prefix=".vicaire-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)  # mkstemp makes it private to its owner
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    fsync_folder(folder)


MAX_LINKS = 40  # as the kernel: past this many links in a row, ELOOP
# Paths that name a file the process already has open (/dev/stdout is a link to
# /proc/self/fd/1): written in place, never replaced, whatever file is open there.
OPEN_FILE_FOLDERS = ("/proc/", "/dev/fd/")


def _links(path: str | os.PathLike[str]) -> Iterator[str]:
    """`path` made absolute, then each path its symbolic links point at, in order."""
    current = os.path.abspath(os.fspath(path))
    for _ in range(MAX_LINKS):
        yield current
        try:
            link = os.readlink(current)
        except OSError:  # not a link, or nothing there
            return
        current = os.path.join(os.path.dirname(current), link)  # an absolute link replaces
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), os.fspath(path))


def _follow_links(path: str | os.PathLike[str]) -> Path:
    """The path `path` names once its symbolic links are followed (it may not exist yet)."""
    *_, last = _links(path)
    return Path(last)


def write_output(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to the file a user named (`vicaire export -o PATH`); OSError if it cannot.

    A regular file, or a new one, is replaced whole (write_file_atomically, following
    symbolic links). Anything else — a pipe, a device such as /dev/null, a terminal, or a file
    named through /dev/fd or /proc such as /dev/stdout — is opened and written in place, at
    its end: never replaced, never created.
    """
    if not os.fspath(path):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), "")
    for current in _links(path):
        if current.startswith(OPEN_FILE_FOLDERS):
            _write_in_place(path, data)
            return
    target = _follow_links(path)
    try:
        kind = target.stat().st_mode
    except OSError:
        kind = stat.S_IFREG  # nothing there yet (or no way there): a new file, or its error
    if stat.S_ISREG(kind) or stat.S_ISDIR(kind):
        write_file_atomically(target, data)
    else:
        _write_in_place(target, data)


def _write_in_place(path: str | os.PathLike[str], data: bytes) -> None:
    """Open what is at `path` for writing (a pipe waits for its reader) and write it all."""
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _mode_for(target: Path) -> int:
    """The permission bits of `target`, or those a file created now would get."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without changing it where the system allows."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o077)  # elsewhere, the only way to read it is to set it
    os.umask(mask)
    return mask
