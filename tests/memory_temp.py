"""The suite's temporary files in memory, where the machine has a memory file system.

The tests write real histories in temporary folders, and the history makes each write
durable: the file and its folder are flushed to the disk (`fsync`) before the write counts as
done. On a disk that is about 0.2 ms of processor time and 0.6 ms of waiting per write, some
thousands of writes in a run; on a memory file system (`tmpfs`, which Linux mounts at
`/dev/shm`) the same writes, still real files, cost a tenth of that. The command-line,
history and app tests took 8 % less processor time so. The test processes, and every
process they start (each `vicaire`, the served apps, the browser), inherit `TMPDIR`.

Left as it is where the person running the tests chose a folder (`TMPDIR`, `--basetemp`),
and where `/dev/shm` is not a `tmpfs` with room to spare (a small one, as containers often
have, is left to the browser's shared memory).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

MEMORY = "/dev/shm"
ROOM = 1 << 30  # bytes free at least: a run keeps well under a hundredth of it at a time


def memory_folder(mounts: Path = Path("/proc/self/mounts"), folder: str = MEMORY) -> str | None:
    """`folder` when it is a memory file system this user may write to, with ROOM free."""
    try:
        lines = mounts.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    if not any(line.split()[1:3] == [folder, "tmpfs"] for line in lines):
        return None
    try:
        status = os.statvfs(folder)
    except OSError:
        return None
    if status.f_bavail * status.f_frsize < ROOM or not os.access(folder, os.W_OK | os.X_OK):
        return None
    return folder


def temporary_files_in_memory(config: pytest.Config) -> None:
    """Before the test processes start: their temporary folders in memory, where there is
    room and nobody chose another place."""
    if "PYTEST_XDIST_WORKER" in os.environ or os.environ.get("TMPDIR") or \
            config.option.basetemp:
        return
    folder = memory_folder()
    if folder is not None:
        os.environ["TMPDIR"] = folder
        tempfile.tempdir = None  # (read again from TMPDIR at the next call)
