"""The history commands as a user runs them: real processes, a real history folder."""

import csv
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.cli.runner import run_vicaire

ROOT = str(Path(__file__).resolve().parents[2])


@pytest.fixture
def run(tmp_path):
    (tmp_path / "db").mkdir()  # an empty history
    env = {**os.environ, "VICAIRE_DB": str(tmp_path / "db"), "LANG": "en_US.UTF-8",
           "PYTHONPATH": ROOT, "COLUMNS": "200"}
    env.pop("LC_ALL", None)

    def run(*args, stdin=subprocess.DEVNULL, ok=True):
        proc = run_vicaire([*map(str, args)],
                           capture_output=True, text=True, env=env, stdin=stdin, timeout=60)
        assert "Traceback" not in proc.stderr + proc.stdout
        if ok:
            assert proc.returncode == 0, proc.stderr
        else:
            assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
            assert proc.stderr.startswith("vicaire: ")
        return proc
    return run


def new(run, *names, extra=()):
    out = run("new", *(names or ("Amélie", "Bruno", "Chloé")), *extra).stdout
    return out.strip().splitlines()[-1]


def test_new_add_show_history(run):
    match_id = new(run, extra=("--name", "vendredi"))
    assert len(match_id) == 8
    out = run("add", "4", "3", "3").stdout  # the most recent unfinished match
    assert out.startswith("Deal 1: Nobody arrives; the round goes on.")
    out = run("add", match_id[:4], "6", "2", "2").stdout
    assert "Amélie arrives at 10 and wins the round: 50 points." in out
    shown = json.loads(run("show", match_id, "--json").stdout)
    assert shown["points"] == [50, 0, 0] and shown["rounds"][0]["deals"] == 2
    assert "vendredi" in run("show").stdout
    [row] = json.loads(run("history", "--json").stdout)
    assert {k: row[k] for k in ("id", "players", "status", "points", "winner", "deals")} == {
        "id": match_id, "players": ["Amélie", "Bruno", "Chloé"], "status": "in_progress",
        "points": [50, 0, 0], "winner": None, "deals": 2}
    assert row["created"] <= row["updated"]
    line = run("history").stdout.strip()
    assert line.startswith(match_id) and "in progress" in line and "Amélie 50" in line


def test_rule_options_and_a_won_match(run):
    match_id = new(run, "A", "B", "C", extra=("--target", "50", "--first-dealer", "2",
                                              "--sweep", "counts", "--points-ten", "50"))
    run("add", match_id, "0", "10", "0")  # a sweep only counts 10 here: B arrives at 10
    refused = run("add", match_id, "4", "3", "3", ok=False)
    assert "already won by B" in refused.stderr
    [row] = json.loads(run("history", "--json").stdout)
    assert (row["status"], row["winner"]) == ("won", 1)
    assert json.loads(run("show", match_id, "--json").stdout)["first_dealer"] == 2


def test_bad_deals_change_nothing(run):
    match_id = new(run)
    for deal in (("5", "5", "5"), ("a", "b", "c"), ("11", "0", "-1"), ("1", "2")):
        run("add", match_id, *deal, ok=False)
    assert json.loads(run("history", "--json").stdout)[0]["deals"] == 0


def test_undo_and_edit_say_what_changed(run):
    match_id = new(run)
    for deal in ("4 3 3", "6 2 2", "2 4 4"):
        run("add", match_id, *deal.split())
    out = run("edit", match_id, "2", "5", "3", "2").stdout
    assert "Deal 2: 6 2 2 → 5 3 2." in out
    assert "Round 1: was won by Amélie (10, +50, deals 1–2); now won by Bruno" in out
    assert "Points: Amélie 50 → 0, Bruno 0 → 50" in out
    assert "Deal 3 (2 4 4) removed." in run("undo").stdout
    for number in ("0", "3", "-1", "x", "99999999999999999999"):
        err = run("edit", match_id, number, "4", "3", "3", ok=False).stderr
        assert "there is no deal" in err and "2 deals" in err
    shown = json.loads(run("show", match_id, "--json").stdout)
    assert [d["tricks"] for d in shown["deals"]] == [[4, 3, 3], [5, 3, 2]]


def test_delete_asks_or_needs_yes(run):
    match_id = new(run)
    assert "--yes" in run("delete", match_id, ok=False).stderr
    run("delete", match_id, "--yes")
    assert json.loads(run("history", "--json").stdout) == []
    assert "no match" in run("show", match_id, ok=False).stderr


def test_ids_and_empty_history_refusals(run, tmp_path):
    # A history folder named that does not exist is not found; one that exists and is
    # empty is an empty history.
    assert "cannot be found" in run("history", "--db", tmp_path / "nowhere", ok=False).stderr
    assert "no match in progress" in run("add", "4", "3", "3", ok=False).stderr
    assert "empty" in run("show", ok=False).stderr
    assert "not a match id" in run("show", "ab", ok=False).stderr
    assert "no match" in run("show", "abcd", ok=False).stderr
    assert run("history").stdout.strip() == "No match in the history yet."


def test_export_import_round_trip_exactly(run, tmp_path):
    match_id = new(run, extra=("--target", "300", "--sweep", "counts", "--name", "[b]soir[/b]"))
    for deal in ("4 3 3", "6 2 2", "0 10 0"):
        run("add", match_id, *deal.split())
    exported = run("export", match_id).stdout
    file = tmp_path / "m.json"
    run("export", match_id, "-o", file)
    assert file.read_text(encoding="utf-8") == exported
    data = json.loads(exported)
    assert data["name"] == "[b]soir[/b]" and data["deals"] == [[4, 3, 3], [6, 2, 2], [0, 10, 0]]
    # The exported match is already in the history: importing it again stores nothing
    # (issue 13: importing twice made two). --as-new stores copies on purpose.
    again = run("import", file)
    assert again.stdout.strip() == match_id and "already in the history" in again.stderr
    new_id = run("import", "--as-new", file).stdout.strip()
    assert new_id != match_id
    copy = json.loads(run("export", new_id).stdout)
    assert copy.pop("id") == new_id and data.pop("id") == match_id and copy == data
    ids = run("import", "--as-new", file, file).stdout.split()
    assert len(set(ids) | {new_id, match_id}) == 4


def test_csv_export_is_a_score_sheet(run):
    match_id = new(run, "=cmd()", "Bruno", "Chloé")
    for deal in ("4 3 3", "6 2 2"):
        run("add", match_id, *deal.split())
    rows = list(csv.reader(io.StringIO(run("export", match_id, "--format", "csv").stdout)))
    assert rows[0][:6] == ["Deal", "Round", "Dealer", "'=cmd() tricks", "Bruno tricks",
                           "Chloé tricks"]
    assert rows[1][:9] == ["1", "1", "'=cmd()", "4", "3", "3", "4", "3", "3"]
    assert rows[2][9:12] == ["50", "0", "0"] and "wins at 10" in rows[2][12]
    assert rows[-1][0] == "Match points" and rows[-1][9:] == ["50", "0", "0", ""]


def test_import_reports_bad_files_by_name_and_stores_nothing_of_them(run, tmp_path):
    good = tmp_path / "good.json"
    good.write_text('{"players": ["A", "B", "C"], "deals": [[4, 3, 3]]}')
    bad = {
        "latin1.json": "{\"players\": [\"Zoé\", \"B\", \"C\"], \"deals\": []}".encode("latin-1"),
        "deal.json": b'{"players": ["A", "B", "C"], "deals": [[4, 3, 3], [9, 9, 9]]}',
        "long.json": json.dumps({"players": ["x" * 41, "B", "C"], "deals": []}).encode(),
        "huge.json": b" " * (6 * 1024 * 1024),
    }
    for name, raw in bad.items():
        (tmp_path / name).write_bytes(raw)
        err = run("import", tmp_path / name, ok=False).stderr
        assert err.startswith(f"vicaire: {tmp_path / name}: ")
    assert json.loads(run("history", "--json").stdout) == []
    proc = run("import", good, tmp_path / "deal.json", ok=False)
    assert len(proc.stdout.split()) == 1 and "deal 2:" in proc.stderr
    assert len(json.loads(run("history", "--json").stdout)) == 1


def test_markup_in_names_is_shown_literally(run):
    match_id = new(run, "[b]x[/b]", "[@click=app.quit]", "[red]Zoé")
    run("add", match_id, "4", "3", "3")
    out = run("show", match_id).stdout
    assert "[b]x[/b]" in out and "[@click=app.quit]" in out and "[red]Zoé" in out
    assert "[b]x[/b]" in run("history").stdout


def test_names_too_long_or_bad_options_are_refused(run):
    assert "longer than 40" in run("new", "x" * 41, "B", "C", ok=False).stderr
    assert "target" in run("new", "A", "B", "C", "--target", "0", ok=False).stderr
    assert "name" in run("new", "A", "B", "C", "--name", "y" * 200, ok=False).stderr
    assert json.loads(run("history", "--json").stdout) == []


def test_db_option_and_a_file_in_the_way(run, tmp_path):
    other = tmp_path / "other"
    match_id = new(run, extra=("--db", other))
    assert (other / "matches").is_dir()
    assert json.loads(run("history", "--json").stdout) == []
    assert json.loads(run("--db", other, "history", "--json").stdout)[0]["id"] == match_id
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "not a folder" in run("history", "--db", blocker, ok=False).stderr
    assert "not a folder" in run("new", "A", "B", "C", "--db", blocker, ok=False).stderr


def test_damaged_history_is_explained_on_stderr(run, tmp_path):
    match_id = new(run)
    run("add", match_id, "4", "3", "3")
    path = tmp_path / "db" / "matches" / match_id[:2] / f"{match_id}.json"
    path.write_bytes(b"")
    proc = run("show", match_id, "--json")
    assert json.loads(proc.stdout)["deals"] == []
    assert "was damaged (the file was empty)" in proc.stderr and ".corrupt-" in proc.stderr
