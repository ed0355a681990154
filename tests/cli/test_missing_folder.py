"""A history folder that is not there, as each command meets it: behind a symbolic link to
nowhere, a loop of links, or on a drive that is not mounted, every command says that the
folder cannot be found (exit 2) and makes nothing; only a folder that exists and is empty is
an empty history. `--db ""` is refused. Real processes, real folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.runner import Vicaire

posix = pytest.mark.skipif(os.name != "posix", reason="POSIX links")


def places(tmp_path: Path) -> dict[str, Path]:
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "gone")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    below = tmp_path / "below"  # a folder under a link to nowhere
    below.symlink_to(tmp_path / "gone too")
    return {"dangling link": dangling, "link loop": loop, "under a dangling link": below / "db",
            "drive not mounted": tmp_path / "media" / "usb" / "vicaire"}


READING = [("history",), ("history", "--json"), ("show",), ("show", "abcd"), ("add", "4", "3", "3"),
           ("undo",), ("export", "abcd"), ("abandon", "abcd"), ("delete", "abcd", "--yes")]


@posix
@pytest.mark.parametrize("where", ["dangling link", "link loop", "under a dangling link",
                                   "drive not mounted"])
def test_every_command_says_a_missing_history_folder_cannot_be_found(tmp_path, where):
    folder = places(tmp_path)[where]
    before = sorted(p.name for p in tmp_path.rglob("*"))
    vicaire = Vicaire(folder)
    commands = list(READING)
    if where != "drive not mounted":  # (new would make that folder: a history may be new)
        match_file = tmp_path / "m.json"
        match_file.write_text('{"players": ["A", "B", "C"], "deals": []}', encoding="utf-8")
        commands += [("new", "A", "B", "C"), ("import", str(match_file)),
                     ("simulate", "--match", "--seed", "1", "--target", "50")]
        before = sorted(p.name for p in tmp_path.rglob("*"))
    for command in commands:
        for how in ("--db", "VICAIRE_DB"):
            args, env = (("--db", folder), {"VICAIRE_DB": ""}) if how == "--db" else ((), {})
            err = vicaire(*command, *args, env=env, ok=False).stderr
            assert err == f"vicaire: the history folder {folder} cannot be found (a link to " \
                          "nowhere, or a drive that is not there?)\n", (command, how, err)
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing made


def test_a_folder_that_exists_and_is_empty_is_an_empty_history(tmp_path):
    folder = tmp_path / "db"
    folder.mkdir()
    vicaire = Vicaire(folder)
    assert vicaire("history").stdout == "No match in the history yet.\n"
    assert vicaire("history", "--json").stdout.strip() == "[]"


def test_new_makes_a_history_folder_named_that_does_not_exist_yet(tmp_path):
    vicaire = Vicaire(tmp_path / "new" / "db")
    match_id = vicaire.new()
    assert [m["id"] for m in vicaire.listing()] == [match_id]


def test_the_default_folder_may_not_exist_yet(tmp_path):
    """A first run: no --db, no VICAIRE_DB, the user data folder not made yet."""
    data = tmp_path / "data"
    vicaire = Vicaire(tmp_path / "unused")
    env = {"VICAIRE_DB": "", "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
    assert vicaire("history", env=env).stdout == "No match in the history yet.\n"
    assert not data.exists()


@pytest.mark.parametrize("command", [("history",), ("new", "A", "B", "C"), ()])
def test_an_empty_db_option_is_refused(tmp_path, command):
    data = tmp_path / "data"
    vicaire = Vicaire(tmp_path / "db")
    env = {"VICAIRE_DB": "", "XDG_DATA_HOME": str(data), "HOME": str(tmp_path)}
    proc = vicaire(*command, "--db", "", env=env, ok=None)
    assert proc.returncode == 2
    assert "argument --db: an empty path names no folder" in proc.stderr
    assert not data.exists() and not (tmp_path / "db").exists()
