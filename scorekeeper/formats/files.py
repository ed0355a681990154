"""Writing a file outside the history (an export, the settings) all at once.

Not for the history: its files are written by `scorekeeper.store.storage.atomic_write`
under the history lock, with a backup copy. Here no lock is held, so each write uses a
temporary file of its own.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from scorekeeper.store.storage import fsync_folder


def write_file_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace `path` with `data` whole, or leave it as it was and raise OSError.

    A temporary file with a unique name is created in the target folder, written, flushed
    and fsynced, then renamed over `path` with os.replace, and the folder is fsynced. On any
    failure the temporary file is removed. The file keeps the permissions of the one it
    replaces; a new one gets those of any new file (0o666 less the umask).
    """
    target = Path(path)
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
