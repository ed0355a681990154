"""History files on disk: read whole or reported damaged with the reason a player is told,
written all at once with the old content kept as the backup, set aside when damaged."""

import os
import re
import time
from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper.store.storage import (
    DamagedFile,
    atomic_write,
    backup_path,
    dump,
    fsync_folder,
    parse,
    read_file,
    set_aside,
)


def reason(raw: bytes, tmp_path) -> str:
    path = tmp_path / "file.json"
    path.write_bytes(raw)
    with pytest.raises(DamagedFile) as err:
        read_file(path)
    assert err.value.path == path and str(err.value) == f"{path}: {err.value.reason}"
    return err.value.reason


def test_a_history_file_is_read_as_its_json_object(tmp_path):
    path = tmp_path / "file.json"
    path.write_bytes(b' {"_default": {"1": {"name": "soir\xc3\xa9e"}}}\n')
    assert read_file(path) == {"_default": {"1": {"name": "soirée"}}}
    path.write_bytes(b"{}")
    assert read_file(path) == {}


def test_no_file_reads_as_none_and_a_folder_in_its_place_is_damage(tmp_path):
    assert read_file(tmp_path / "absent.json") is None
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(DamagedFile) as err:
        read_file(tmp_path / "folder.json")
    assert err.value.reason == "invalid" and err.value.path == tmp_path / "folder.json"


@pytest.mark.parametrize(("raw", "why"), [
    (b"", "empty"),
    (b" \n\t ", "empty"),
    (b'{"_default": {"1": {"name": "so', "truncated"),
    (b'{"_default": {"1": {}}', "truncated"),
    (b'{"_default": {"1": {}}   \n', "truncated"),
    (b'{"_default": x}', "garbage"),
    (b'{"a": {}} trailing', "garbage"),
    (b"\xff\xfe{}", "garbage"),
    (b"[" * 100_000, "garbage"),
    (b'{"a": 1}', "invalid"),
    (b'{"a": {}, "b": []}', "invalid"),
    (b"[]", "invalid"),
    (b'"text"', "invalid"),
    (b"3", "invalid"),
])
def test_a_damaged_file_is_reported_with_why(raw, why, tmp_path):
    assert reason(raw, tmp_path) == why


def test_parse_reads_what_read_file_reads(tmp_path):
    assert parse(b'{"t": {"1": {}}}', tmp_path / "x") == {"t": {"1": {}}}
    with pytest.raises(DamagedFile) as err:
        parse(b"{", tmp_path / "x")
    assert err.value.reason == "truncated" and err.value.path == tmp_path / "x"


def test_json_is_written_compact_in_utf8():
    assert dump({"name": "Chloé", "deals": [[4, 3, 3]]}) == (
        '{"name":"Chloé","deals":[[4,3,3]]}'.encode())


def test_a_write_replaces_the_file_and_keeps_the_old_content_as_the_backup(tmp_path):
    path = tmp_path / "m.json"
    atomic_write(path, b"first")
    assert path.read_bytes() == b"first" and not backup_path(path).exists()
    atomic_write(path, b"second")
    assert path.read_bytes() == b"second"
    assert backup_path(path) == tmp_path / "m.json.bak"
    assert backup_path(path).read_bytes() == b"first"
    atomic_write(path, b"third", backup=False)
    assert path.read_bytes() == b"third" and backup_path(path).read_bytes() == b"first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json", "m.json.bak"]


def test_the_backup_is_a_copy_where_links_cannot_be_made(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    atomic_write(path, b"first")

    def no_links(*_):
        raise PermissionError("no hard links here")

    monkeypatch.setattr(os, "link", no_links)
    atomic_write(path, b"second")
    assert backup_path(path).read_bytes() == b"first" and path.read_bytes() == b"second"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json", "m.json.bak"]


def test_a_large_write_is_whole(tmp_path):
    data = os.urandom(3 * 1024 * 1024 + 17)
    atomic_write(tmp_path / "big", data)
    assert (tmp_path / "big").read_bytes() == data


def test_a_write_the_system_takes_in_pieces_is_whole(tmp_path, monkeypatch):
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:1000])))
    data = os.urandom(4321)
    atomic_write(tmp_path / "m.json", data)
    assert (tmp_path / "m.json").read_bytes() == data


def test_a_written_file_is_readable_by_all_and_writable_by_its_owner(tmp_path):
    mask = os.umask(0o022)
    try:
        atomic_write(tmp_path / "m.json", b"{}")
    finally:
        os.umask(mask)
    assert oct((tmp_path / "m.json").stat().st_mode & 0o777) == oct(0o644)


def test_a_leftover_temporary_file_is_overwritten(tmp_path):
    (tmp_path / ".m.json.tmp").write_bytes(b"x" * 1000)
    atomic_write(tmp_path / "m.json", b"new")
    assert (tmp_path / "m.json").read_bytes() == b"new"
    assert not (tmp_path / ".m.json.tmp").exists()


def test_before_replace_sees_the_new_file_on_disk_before_it_replaces_the_old(tmp_path):
    path = tmp_path / "m.json"
    atomic_write(path, b"old")
    seen = []

    def journal(status):
        seen.append((status.st_size, path.read_bytes()))

    atomic_write(path, b"newer", before_replace=journal)
    assert seen == [(5, b"old")]
    assert path.read_bytes() == b"newer"


def test_the_status_given_before_replace_is_the_files_once_replaced(tmp_path):
    path = tmp_path / "m.json"
    statuses = []
    atomic_write(path, b"content", before_replace=statuses.append)
    now = os.stat(path)
    assert (statuses[0].st_ino, statuses[0].st_size, statuses[0].st_mtime_ns) == (
        now.st_ino, now.st_size, now.st_mtime_ns)


@pytest.fixture
def far_east(monkeypatch):
    """Local time 14 hours ahead of UTC, so that a local stamp would show."""
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_damaged_file_is_set_aside_under_its_utc_date_and_time(tmp_path, far_east):
    path = tmp_path / "m.json"
    path.write_bytes(b"garbage")
    aside = set_aside(path)
    assert not path.exists() and aside.read_bytes() == b"garbage"
    assert aside.parent == tmp_path
    assert re.fullmatch(r"m\.json\.corrupt-\d{8}T\d{6}\.\d{6}Z", aside.name)
    stamp = datetime.strptime(aside.name[len("m.json.corrupt-"):], "%Y%m%dT%H%M%S.%fZ")
    assert abs(stamp.replace(tzinfo=timezone.utc) - datetime.now(timezone.utc)) < timedelta(
        minutes=1)
    path.write_bytes(b"more")
    other = set_aside(path, ".old-")
    assert re.fullmatch(r"m\.json\.old-\d{8}T\d{6}\.\d{6}Z", other.name)
    assert other.read_bytes() == b"more"


def test_syncing_a_folder_that_cannot_be_opened_is_harmless(tmp_path):
    fsync_folder(tmp_path)
    fsync_folder(tmp_path / "absent")


def test_syncing_a_folder_where_folders_cannot_be_synced_is_harmless(tmp_path, monkeypatch):
    def refuse(fd):
        raise OSError("not here")

    closed = []
    real_close = os.close
    monkeypatch.setattr(os, "fsync", refuse)
    monkeypatch.setattr(os, "close", lambda fd: (closed.append(fd), real_close(fd)))
    fsync_folder(tmp_path)
    assert len(closed) == 1
