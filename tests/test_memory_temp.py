"""The suite's temporary files go to memory only where it is one, with room, and nobody chose."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import memory_temp
from tests.memory_temp import memory_folder, temporary_files_in_memory


def mounts(tmp_path: Path, folder: Path, kind: str) -> Path:
    table = tmp_path / "mounts"
    table.write_text(f"/dev/vda / ext4 rw,relatime 0 0\n"
                     f"{kind} {folder} {kind} rw,nosuid,nodev 0 0\n", encoding="utf-8")
    return table


def test_a_memory_file_system_with_room_is_taken_and_a_disk_is_not(tmp_path: Path) -> None:
    folder = tmp_path / "shm"
    folder.mkdir()
    assert memory_folder(mounts(tmp_path, folder, "tmpfs"), str(folder)) == str(folder)
    assert memory_folder(mounts(tmp_path, folder, "ext4"), str(folder)) is None
    assert memory_folder(tmp_path / "no-such-table", str(folder)) is None
    gone = tmp_path / "gone"  # listed as mounted, yet not there
    assert memory_folder(mounts(tmp_path, gone, "tmpfs"), str(gone)) is None


def test_too_little_room_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "shm"
    folder.mkdir()
    monkeypatch.setattr(memory_temp, "ROOM", 1 << 60)  # (more than any machine has)
    assert memory_folder(mounts(tmp_path, folder, "tmpfs"), str(folder)) is None


@pytest.fixture
def before_the_workers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """As in pytest's own process, before the test processes start; a memory folder found."""
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", tempfile.tempdir)  # (put back after the test)
    monkeypatch.setattr(memory_temp, "memory_folder", lambda: str(tmp_path))
    return monkeypatch


def config(basetemp: str | None = None):
    return SimpleNamespace(option=SimpleNamespace(basetemp=basetemp))


def test_the_suite_takes_the_memory_folder_unless_told_otherwise(before_the_workers,
                                                                  tmp_path: Path) -> None:
    before_the_workers.delenv("TMPDIR", raising=False)
    temporary_files_in_memory(config())
    assert os.environ["TMPDIR"] == str(tmp_path)
    assert tempfile.gettempdir() == str(tmp_path)

    before_the_workers.setenv("TMPDIR", "/elsewhere")  # the person's own choice
    temporary_files_in_memory(config())
    assert os.environ["TMPDIR"] == "/elsewhere"

    before_the_workers.delenv("TMPDIR")
    temporary_files_in_memory(config(basetemp="/their/folder"))
    assert "TMPDIR" not in os.environ
