"""Writing a user's file all at once: whole or not at all, and no temporary file left behind."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.formats.files import write_file_atomically

ROOT = str(Path(__file__).resolve().parents[1])


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_new_file_and_a_replaced_one(tmp_path: Path) -> None:
    target = tmp_path / "soir.csv"
    write_file_atomically(target, b"one\r\n")
    assert target.read_bytes() == b"one\r\n"
    write_file_atomically(str(target), b"deux\r\n")
    assert target.read_bytes() == b"deux\r\n"
    assert names(tmp_path) == ["soir.csv"]  # no temporary file, no backup copy


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_permissions_are_those_of_a_new_file_or_of_the_file_replaced(tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        write_file_atomically(tmp_path / "new.json", b"{}\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640
    kept = tmp_path / "kept.json"
    kept.write_bytes(b"old")
    kept.chmod(0o604)
    write_file_atomically(kept, b"new")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and kept.read_bytes() == b"new"


def test_a_folder_that_is_a_file_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "notes").write_bytes(b"mine")
    with pytest.raises(NotADirectoryError):
        write_file_atomically(tmp_path / "notes" / "soir.json", b"{}")
    assert names(tmp_path) == ["notes"] and (tmp_path / "notes").read_bytes() == b"mine"


def test_a_missing_folder_or_a_folder_as_target_changes_nothing(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_file_atomically(tmp_path / "nowhere" / "soir.json", b"{}")
    (tmp_path / "soir.json").mkdir()
    (tmp_path / "soir.json" / "inside").write_bytes(b"mine")
    with pytest.raises(IsADirectoryError):
        write_file_atomically(tmp_path / "soir.json", b"{}")
    assert names(tmp_path) == ["soir.json"]
    assert (tmp_path / "soir.json" / "inside").read_bytes() == b"mine"


@pytest.mark.skipif(sys.platform != "linux", reason="a file size limit (RLIMIT_FSIZE)")
def test_a_write_error_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    """A real write error: the process may not write files bigger than 1000 bytes."""
    target = tmp_path / "soir.csv"
    target.write_bytes(b"the old sheet\r\n")
    script = (
        "import resource, signal, sys\n"
        "from scorekeeper.formats.files import write_file_atomically\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1000, resource.RLIM_INFINITY))\n"
        "try:\n"
        "    write_file_atomically(sys.argv[1], b'x' * 100_000)\n"
        "except OSError as exc:\n"
        "    print(exc.errno)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, str(target)], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": ROOT}, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == str(errno.EFBIG), proc.stderr
    assert target.read_bytes() == b"the old sheet\r\n"
    assert names(tmp_path) == ["soir.csv"]
