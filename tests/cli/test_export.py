"""`vicaire export` and the app's export write the same bytes; a bad place changes nothing.

Real processes and a real history folder; the app's side is `scorekeeper.formats.export`, which the
history and review screens call.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.formats.export import write_export
from scorekeeper.store import History
from tests.cli.runner import run_vicaire

ROOT = str(Path(__file__).resolve().parents[2])


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "db"


@pytest.fixture
def vicaire(db: Path):
    env = {**os.environ, "VICAIRE_DB": str(db), "LANG": "en_US.UTF-8", "PYTHONPATH": ROOT}
    env.pop("LC_ALL", None)

    def vicaire(*args, ok=True, preexec_fn=None) -> subprocess.CompletedProcess[bytes]:
        proc = run_vicaire([*map(str, args)],
                           capture_output=True, env=env, stdin=subprocess.DEVNULL,
                           timeout=60, preexec_fn=preexec_fn)
        assert b"Traceback" not in proc.stderr + proc.stdout
        if ok:
            assert proc.returncode == 0, proc.stderr
        else:
            assert proc.returncode == 2 and proc.stderr.count(b"\n") == 1, proc.stderr
            assert proc.stderr.startswith(b"vicaire: ") and not proc.stdout
        return proc
    return vicaire


def new_match(vicaire, *names: str, deals=("4 3 3", "6 2 2"), extra=()) -> str:
    out = vicaire("new", *names, "--target", "50", *extra).stdout.decode()
    match_id = out.strip().splitlines()[-1]
    for deal in deals:
        vicaire("add", match_id, *deal.split())
    return match_id


def app_export(db: Path, match_id: str, kind: str, lang: str, folder: Path) -> bytes:
    return write_export(History(db).get(match_id), kind, folder, lang).read_bytes()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_csv_sheet_is_the_same_bytes_from_the_cli_and_the_app(vicaire, db, tmp_path,
                                                                   lang):
    match_id = new_match(vicaire, "=cmd()", "Bruno", "Chloé")
    printed = vicaire("export", match_id, "--format", "csv", "--lang", lang).stdout
    vicaire("export", match_id, "--format", "csv", "--lang", lang, "-o", tmp_path / "o.csv")
    app = app_export(db, match_id, "csv", lang, tmp_path / "exports")
    # The files start with the byte-order mark Excel needs to read the accents; standard
    # output has the same text without it.
    assert (tmp_path / "o.csv").read_bytes() == app == b"\xef\xbb\xbf" + printed
    lines = app.decode("utf-8-sig").split("\r\n")
    assert lines[-1] == "" and not any("\n" in line for line in lines)
    if lang == "en":
        assert lines[0].startswith("Deal,Round,Dealer,'=cmd() tricks,Bruno tricks,")
        assert lines[-2] == "Match points,,,,,,,,,50,0,0,'=cmd() wins the match"
    else:
        assert lines[0].startswith("Donne;Manche;Donneur;Plis de =cmd();Plis de Bruno;")
        assert lines[-2] == "Points de la partie;;;;;;;;;50;0;0;'=cmd() gagne la partie"


def test_the_match_file_has_a_name_only_when_the_match_has_one(vicaire, db, tmp_path):
    plain = new_match(vicaire, "Amélie", "Bruno", "Chloé")
    named = new_match(vicaire, "Amélie", "Bruno", "Chloé", extra=("--name", "vendredi"))
    for match_id, name in ((plain, None), (named, "vendredi")):
        printed = vicaire("export", match_id).stdout
        vicaire("export", match_id, "-o", tmp_path / f"{match_id}.json")
        app = app_export(db, match_id, "json", "en", tmp_path / "exports")
        assert printed == (tmp_path / f"{match_id}.json").read_bytes() == app
        data = json.loads(app)
        assert data.get("name") == name and ("name" in data) == (name is not None)
        assert list(data)[:2] == ["format", "version"] and data["deals"] == [[4, 3, 3],
                                                                               [6, 2, 2]]
    # Both import again, with or without a name, and export the same file.
    for match_id in (plain, named):
        new_id = vicaire("import", tmp_path / f"{match_id}.json").stdout.decode().strip()
        assert vicaire("export", new_id).stdout == vicaire("export", match_id).stdout


def test_a_bad_place_for_the_file_is_refused_and_changes_nothing(vicaire, tmp_path):
    match_id = new_match(vicaire, "Amélie", "Bruno", "Chloé")
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes").write_text("mine")
    (out / "folder.json").mkdir()
    for target, reason in ((out / "notes" / "m.json", b"Not a directory"),
                           (out / "missing" / "m.json", b"No such file or directory"),
                           (out / "folder.json", b"this is a folder")):
        err = vicaire("export", match_id, "-o", target, ok=False).stderr
        assert err == b"vicaire: cannot write " + str(target).encode() + b": " + reason + b"\n"
    assert sorted(p.name for p in out.iterdir()) == ["folder.json", "notes"]
    assert (out / "notes").read_text() == "mine" and not list((out / "folder.json").iterdir())


@pytest.mark.skipif(sys.platform != "linux", reason="a file size limit (RLIMIT_FSIZE)")
def test_a_failed_write_keeps_the_old_file_whole(vicaire, tmp_path):
    """The export may not grow a file past 100 bytes: a real write error, half-way."""
    import resource

    match_id = new_match(vicaire, "Amélie", "Bruno", "Chloé")
    out = tmp_path / "out"
    out.mkdir()
    (out / "m.json").write_bytes(b"the old file\n")

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, resource.RLIM_INFINITY))

    err = vicaire("export", match_id, "-o", out / "m.json", ok=False,
                  preexec_fn=small_files).stderr
    assert b"cannot write" in err and b"File too large" in err
    assert [p.name for p in out.iterdir()] == ["m.json"]
    assert (out / "m.json").read_bytes() == b"the old file\n"
