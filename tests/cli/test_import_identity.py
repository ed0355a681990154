"""A match keeps its identity through export and import: importing it again stores nothing,
a longer or different version of it is not merged silently, --as-new stores a copy on purpose.
Real processes on real history folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.runner import Vicaire


@pytest.fixture
def vicaire(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "db")


@pytest.fixture
def exported(vicaire: Vicaire, tmp_path: Path) -> tuple[str, Path]:
    match_id = vicaire.new(extra=("--name", "soir"))
    vicaire("add", match_id, "4", "3", "3")
    path = tmp_path / "soir.json"
    vicaire("export", match_id, "-o", path)
    return match_id, path


def test_the_exported_file_carries_the_match_id(vicaire, exported):
    match_id, path = exported
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["id"] == match_id and list(data)[:2] == ["format", "version"]


def test_importing_twice_makes_one(vicaire, exported):
    match_id, path = exported
    for _ in range(2):
        proc = vicaire("import", path)
        assert proc.stdout == match_id + "\n"
        assert proc.stderr == (f"vicaire: {path}: already in the history as {match_id}; "
                               "nothing imported\n")
    assert [row["id"] for row in vicaire.listing()] == [match_id]


def test_an_export_keeps_its_id_in_another_history(vicaire, exported, tmp_path):
    match_id, path = exported
    other = Vicaire(tmp_path / "other")
    assert other("import", path).stdout == match_id + "\n"
    assert other("import", path).stdout == match_id + "\n"  # and again: still one
    assert [row["id"] for row in other.listing()] == [match_id]
    assert other("export", match_id).stdout == path.read_text(encoding="utf-8")


def test_a_longer_version_brings_the_match_up_to_date(vicaire, exported):
    match_id, path = exported
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"].append([6, 2, 2])
    data["deal_times"].append("2026-12-04T21:00:00.000Z")
    data["updated"] = "2099-01-01T00:00:00.000Z"
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = vicaire("import", path)
    assert proc.stdout == match_id + "\n"
    assert proc.stderr == (f"vicaire: {path}: match {match_id} is brought up to date from this "
                           "file (deals: 1 before, 2 now)\n")
    assert vicaire.deals(match_id) == [[4, 3, 3], [6, 2, 2]] and len(vicaire.listing()) == 1
    # An older file (the one before) is then left alone.
    data["deals"].pop()
    data["deal_times"].pop()
    data["updated"] = "2000-01-01T00:00:00.000Z"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = vicaire("import", path).stderr
    assert err == (f"vicaire: {path}: match {match_id} has gone further in the history than "
                   "in this file; it is left as it is\n")
    assert vicaire.deals(match_id) == [[4, 3, 3], [6, 2, 2]]


def test_a_match_played_on_both_sides_is_kept_twice(vicaire, exported, tmp_path):
    match_id, path = exported
    other = Vicaire(tmp_path / "other")  # the match moves to another machine, goes on there
    other("import", path)
    other("add", match_id, "6", "2", "2")
    there = tmp_path / "there.json"
    other("export", match_id, "-o", there)
    vicaire("add", match_id, "2", "4", "4")  # and here
    proc = vicaire("import", there)
    copy_id = proc.stdout.strip()
    assert copy_id != match_id
    assert proc.stderr == (f"vicaire: {there}: match {match_id} was played on both here and in "
                           f"this file: both are kept, the file's as {copy_id} “soir (imported "
                           "from there.json)”\n")
    assert vicaire.deals(match_id) == [[4, 3, 3], [2, 4, 4]]
    assert vicaire.deals(copy_id) == [[4, 3, 3], [6, 2, 2]]
    # Again: nothing more.
    again = vicaire("import", there)
    assert again.stdout.strip() == copy_id and "already in the history" in again.stderr
    assert len(vicaire.listing()) == 2


def test_an_undo_made_here_after_the_export_is_kept(vicaire, exported):
    match_id, path = exported
    vicaire("undo", match_id)
    vicaire("add", match_id, "2", "4", "4")
    proc = vicaire("import", path)
    assert proc.stdout.strip() == match_id and "left as it is" in proc.stderr
    assert vicaire.deals(match_id) == [[2, 4, 4]] and len(vicaire.listing()) == 1


def test_as_new_imports_a_copy_on_purpose(vicaire, exported):
    match_id, path = exported
    copy_id = vicaire("import", "--as-new", path).stdout.strip()
    assert copy_id != match_id and len(copy_id) == 8
    assert sorted(row["id"] for row in vicaire.listing()) == sorted([match_id, copy_id])
    assert vicaire.deals(copy_id) == [[4, 3, 3]]


def test_a_file_without_id_is_known_by_its_deals(vicaire, tmp_path):
    path = tmp_path / "hand-written.json"
    path.write_text(json.dumps({"players": ["A", "B", "C"], "deals": [[4, 3, 3], [6, 2, 2]]}))
    first = vicaire("import", path).stdout.strip()
    proc = vicaire("import", path)
    assert proc.stdout.strip() == first and "already in the history as" in proc.stderr
    assert len(vicaire.listing()) == 1


def test_one_refused_file_does_not_stop_the_others(vicaire, exported, tmp_path):
    match_id, path = exported
    fresh = tmp_path / "fresh.json"
    fresh.write_text(json.dumps({"players": ["D", "E", "F"], "deals": []}))
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": {"A": 1, "B": 2, "C": 3}, "deals": []}')
    proc = vicaire("import", path, bad, fresh, ok=None)
    assert proc.returncode == 2
    ids = proc.stdout.split()
    assert ids[0] == match_id and len(ids) == 2
    assert f"{bad}: \"players\" in the match file must be a list" in proc.stderr
