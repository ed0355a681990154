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


def test_a_longer_version_is_not_merged_silently(vicaire, exported):
    match_id, path = exported
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"].append([6, 2, 2])
    path.write_text(json.dumps(data), encoding="utf-8")
    err = vicaire("import", path, ok=False).stderr
    assert err == (f"vicaire: {path}: this file is a longer version of match {match_id} (deals: "
                   "2 here, 1 in the history); it is not merged: nothing imported (--as-new "
                   "imports it as another match)\n")
    assert vicaire.deals(match_id) == [[4, 3, 3]] and len(vicaire.listing()) == 1


def test_a_different_version_is_refused_too(vicaire, exported):
    match_id, path = exported
    vicaire("undo", match_id)
    vicaire("add", match_id, "2", "4", "4")
    err = vicaire("import", path, ok=False).stderr
    assert f"match {match_id} in the history differs from this file" in err
    assert vicaire.deals(match_id) == [[2, 4, 4]]


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
