"""Where the output goes: `export -o` writes what a path names and replaces only a regular file;
output that cannot be written never shows a traceback, and after a saved change says what was
saved (exit 0) so that a script does not do it twice. Real processes, real folders, real
devices."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.cli.runner import Vicaire

needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"),
                                    reason="no /dev/full on this system")
posix = pytest.mark.skipif(os.name != "posix", reason="POSIX files")


@pytest.fixture
def vicaire(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "db")


@pytest.fixture
def match_id(vicaire: Vicaire) -> str:
    match_id = vicaire.new("Amélie", "Bruno", "Chloé", extra=("--target", "50"))
    vicaire("add", match_id, "4", "3", "3")
    return match_id


def full() -> object:
    return open("/dev/full", "w")  # noqa: SIM115 - handed to the child, closed with the test


# ------------------------------------------------------------------ export -o


@posix
def test_export_through_a_symlink_writes_its_target_and_keeps_the_link(vicaire, match_id,
                                                                      tmp_path):
    expected = vicaire("export", match_id).stdout
    (tmp_path / "real.json").write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    vicaire("export", match_id, "-o", link)
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert (tmp_path / "real.json").read_text(encoding="utf-8") == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db", "link.json", "real.json"]


@posix
def test_export_through_a_dangling_symlink_creates_its_target(vicaire, match_id, tmp_path):
    (tmp_path / "out").mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "out" / "new.json")
    vicaire("export", match_id, "-o", link)
    assert link.is_symlink()
    assert json.loads((tmp_path / "out" / "new.json").read_text())["deals"] == [[4, 3, 3]]


@posix
def test_export_to_a_fifo_feeds_its_reader_and_leaves_the_pipe(vicaire, match_id, tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    vicaire("export", match_id, "-o", pipe)
    reader.join(timeout=60)
    assert json.loads(got[0])["deals"] == [[4, 3, 3]]
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


@needs_dev_full
def test_export_to_dev_full_says_so_and_leaves_the_device(vicaire, match_id):
    err = vicaire("export", match_id, "-o", "/dev/full", ok=False).stderr
    assert err == "vicaire: cannot write /dev/full: No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@posix
def test_export_to_dev_null_writes_nothing_anywhere(vicaire, match_id):
    vicaire("export", match_id, "-o", os.devnull)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout")
def test_export_to_dev_stdout_and_to_dash_write_standard_output(vicaire, match_id):
    expected = vicaire("export", match_id).stdout
    assert vicaire("export", match_id, "-o", "-").stdout == expected
    assert vicaire("export", match_id, "-o", "/dev/stdout").stdout == expected


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout")
def test_export_to_dev_stdout_appends_to_the_file_open_there(vicaire, match_id, tmp_path):
    """`vicaire export ID -o /dev/stdout >> log`: the log keeps its lines and its inode."""
    log = tmp_path / "log"
    log.write_text("before\n")
    inode = log.stat().st_ino
    expected = vicaire("export", match_id).stdout
    with log.open("a") as out:
        vicaire("export", match_id, "-o", "/dev/stdout", stdout=out)
    assert log.read_text(encoding="utf-8") == "before\n" + expected
    assert log.stat().st_ino == inode


# -------------------------------------------- standard output that cannot be written


@needs_dev_full
def test_add_to_a_full_output_records_once_says_so_and_exits_0(vicaire, match_id):
    with full() as out:
        err = vicaire("add", match_id, "6", "2", "2", stdout=out).stderr
    assert err == (f"vicaire: deal 2 is recorded in match {match_id}, but its report could not "
                   "be written (No space left on device)\n")
    assert vicaire.deals(match_id) == [[4, 3, 3], [6, 2, 2]]


@needs_dev_full
def test_new_to_a_full_output_names_the_new_match(vicaire):
    with full() as out:
        err = vicaire("new", "A", "B", "C", stdout=out).stderr
    [row] = vicaire.listing()
    assert err == (f"vicaire: match {row['id']} is created, but its report could not be "
                   "written (No space left on device)\n")


@needs_dev_full
@pytest.mark.parametrize("command,said", [
    (("undo",), "deal 1 is removed from match {id}"),
    (("edit", "{id}", "1", "5", "3", "2"), "deal 1 of match {id} is corrected"),
    (("abandon", "{id}"), "match {id} is abandoned"),
    (("delete", "{id}", "--yes"), "match {id} is deleted"),
])
def test_each_change_to_a_full_output_says_what_was_saved(vicaire, match_id, command, said):
    with full() as out:
        proc = vicaire(*(a.format(id=match_id) for a in command), stdout=out)
    assert proc.stderr.startswith("vicaire: " + said.format(id=match_id) + ", but ")
    assert proc.stderr.count("\n") == 1


@needs_dev_full
def test_import_to_a_full_output_names_the_imported_match(vicaire, tmp_path):
    path = tmp_path / "soir.json"
    path.write_text(json.dumps({"players": ["A", "B", "C"], "deals": [[4, 3, 3]]}))
    with full() as out:
        err = vicaire("import", path, stdout=out).stderr
    [row] = vicaire.listing()
    assert err.startswith(f"vicaire: the history now holds {row['id']}, but ")


@needs_dev_full
def test_import_to_a_full_output_still_reads_every_file(vicaire, tmp_path):
    files = []
    for name, players in (("one", ["A", "B", "C"]), ("bad", {"A": 1}), ("two", ["D", "E", "F"])):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"players": players, "deals": [[4, 3, 3]]}))
        files.append(path)
    with full() as out:
        proc = vicaire("import", *files, stdout=out, ok=None)
    assert proc.returncode == 2  # a file was refused, as with a working output
    ids = sorted(row["id"] for row in vicaire.listing())
    assert len(ids) == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"vicaire: {files[1]}: ")
    assert lines[1].startswith("vicaire: the history now holds ")
    assert sorted(lines[1].split(" holds ")[1].split(", but")[0].split(", ")) == ids


@needs_dev_full
@pytest.mark.parametrize("command", [
    ("history", "--json"), ("history",), ("show", "--json"), ("export", "{id}"),
    ("export", "{id}", "--format", "csv"), ("simulate", "--seed", "1", "--deals", "50"),
    ("replay", "{example}"), ("verify", "{record}"),
])
def test_read_only_commands_to_a_full_output_fail_in_one_line(vicaire, match_id, tmp_path,
                                                              command):
    record = tmp_path / "deal.json"
    record.write_text(vicaire("simulate", "--seed", "2", "--json").stdout)
    example = Path(__file__).resolve().parents[2] / "examples" / "amelie-bruno-chloe.json"
    args = [a.format(id=match_id, record=record, example=example) for a in command]
    with full() as out:
        err = vicaire(*args, stdout=out, ok=False).stderr
    assert err == ("vicaire: cannot write the output (No space left on device); nothing was "
                   "changed\n")


@needs_dev_full
def test_french_warning_after_a_saved_change(vicaire, match_id):
    with full() as out:
        err = vicaire("add", match_id, "6", "2", "2", "--lang", "fr", stdout=out).stderr
    assert err.startswith(f"vicaire: la donne 2 est notée dans la partie {match_id}, mais ")


@posix
def test_a_closed_standard_output(vicaire, match_id):
    def close_stdout() -> None:
        os.close(1)

    err = vicaire("history", stdout=None, preexec_fn=close_stdout, ok=False).stderr
    assert "cannot write the output (Bad file descriptor)" in err
    err = vicaire("add", "6", "2", "2", stdout=None, preexec_fn=close_stdout).stderr
    assert "deal 2 is recorded" in err
    assert vicaire.deals(match_id) == [[4, 3, 3], [6, 2, 2]]


@posix
def test_stderr_full_as_well_still_records_once(vicaire, match_id):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with full() as out, full() as err:
        proc = vicaire("add", match_id, "6", "2", "2", stdout=out, stderr=err)
    assert proc.returncode == 0
    assert vicaire.deals(match_id) == [[4, 3, 3], [6, 2, 2]]


@pytest.mark.parametrize("command", [
    ("simulate", "--seed", "1", "--deals", "100000", "--json"),
    ("simulate", "--seed", "1", "--deals", "2000"),
])
def test_a_reader_that_stops_early_ends_the_command_quietly(vicaire, command):
    """`vicaire simulate --deals 100000 --json | head -1`."""
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", *command],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=vicaire.env)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 0
    assert first and err == b""


# -------------------------------------------------------------- a safe retry


def test_expect_deals_makes_a_retried_add_safe(vicaire, match_id):
    vicaire("add", match_id, "6", "2", "2", "--expect-deals", "1")
    err = vicaire("add", match_id, "6", "2", "2", "--expect-deals", "1", ok=False).stderr
    assert err == f"vicaire: match {match_id} has 2 deals, not 1; nothing was recorded\n"
    assert vicaire.deals(match_id) == [[4, 3, 3], [6, 2, 2]]


def test_expect_deals_makes_a_retried_undo_safe(vicaire, match_id):
    vicaire("undo", "--expect-deals", "1")
    vicaire("undo", "--expect-deals", "1", ok=False)
    assert vicaire.deals(match_id) == []


def test_expect_deals_takes_digits_only(vicaire, match_id):
    for bad in ("1_0", "１", "-1", ""):
        proc = vicaire("add", match_id, "6", "2", "2", "--expect-deals", bad, ok=None)
        assert proc.returncode == 2 and "--expect-deals" in proc.stderr
    assert vicaire.deals(match_id) == [[4, 3, 3]]


# ------------------------------------------------- output that cannot show every character

NARROW_STREAMS = {
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "latin-1": {"PYTHONIOENCODING": "latin-1"},
    "C locale": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
}


@pytest.mark.parametrize("stream", NARROW_STREAMS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_stdout_that_cannot_show_every_character_gets_replacements(vicaire, match_id,
                                                                     stream, lang):
    from tests.cli.runner import run_vicaire

    env = {**vicaire.env, **NARROW_STREAMS[stream]}

    def run(*args: str) -> subprocess.CompletedProcess:
        proc = run_vicaire(["--lang", lang, *args], capture_output=True, env=env, timeout=120)
        assert b"Traceback" not in proc.stderr and b"fault" not in proc.stderr, proc.stderr
        assert proc.returncode == 0, proc.stderr
        return proc

    added = run("add", match_id, "6", "2", "2").stdout
    assert vicaire.deals(match_id) == [[4, 3, 3], [6, 2, 2]]  # saved, and said with status 0
    assert added.splitlines()[0].startswith(b"Deal 2" if lang == "en" else b"Donne 2")
    if stream != "latin-1":
        assert added.isascii() and b"Am?lie" in added
    else:
        assert "Amélie".encode("latin-1") in added
    listed = run("history").stdout
    assert match_id.encode() in listed and b"Bruno" in listed
    shown = run("show").stdout
    assert b"Bruno" in shown and (b"Round 1" in shown or b"Manche 1" in shown)
    # JSON stays the same JSON, its accents as \u escapes where they cannot be written.
    assert json.loads(run("history", "--json").stdout)[0]["players"] == [
        "Amélie", "Bruno", "Chloé"]
    assert json.loads(run("show", "--json").stdout)["players"] == ["Amélie", "Bruno", "Chloé"]
    assert not (vicaire.db / "fault-reports").exists()
