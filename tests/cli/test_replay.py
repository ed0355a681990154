"""`vicaire replay` through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.runner import run_vicaire

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "amelie-bruno-chloe.json"


def vicaire(*args, stdin: bytes | None = None, env_lang="C.UTF-8"):
    env = {"PATH": "/usr/bin:/bin", "LANG": env_lang, "PYTHONIOENCODING": "utf-8",
           "COLUMNS": "200"}
    return run_vicaire([*map(str, args)],
                       input=stdin, capture_output=True, env=env, timeout=60)


def write(tmp_path, data, name="m.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_json_output_matches_the_spec_example(tmp_path):
    path = write(tmp_path, {"players": ["Amélie", "Bruno", "Chloé"],
                            "deals": [[4, 3, 3], [6, 2, 2]]})
    run = vicaire("replay", path, "--json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["players"] == ["Amélie", "Bruno", "Chloé"]
    assert out["rounds"] == [{"winner": 0, "total": 10, "points": 50, "sweep": False,
                              "deals": 2, "first_deal": 1, "last_deal": 2}]
    assert out["points"] == [50, 0, 0] and out["winner"] is None
    cur = out["current"]
    assert (cur["totals"], cur["dealer"], cur["leader"], cur["needs"]) == (
        [0, 0, 0], 2, 0, [[10], [10], [10]])


def test_json_reports_ties_and_match_winner(tmp_path):
    path = write(tmp_path, {"players": ["A", "B", "C"], "target": 60,
                            "deals": [[5, 5, 0], [5, 5, 0], [0, 5, 5], [10, 0, 0],
                                      [0, 0, 10], [0, 10, 0]]})
    out = json.loads(vicaire("replay", path, "--json").stdout)
    assert out["ties"] == [{"deal": 2, "players": [0, 1], "total": 10}]
    assert [r["winner"] for r in out["rounds"]] == [1, 0, 2, 1]
    assert out["points"] == [50, 70, 50] and out["winner"] == 1


def test_human_sheet_has_outcome_sentences_and_needs():
    run = vicaire("replay", EXAMPLE, "--lang", "en")
    assert run.returncode == 0, run.stderr
    text = run.stdout.decode()
    assert "Amélie arrives at 10 and wins the round: 50 points." in text
    assert "Tie: Amélie and Chloé arrive together at 10" in text
    assert "Standings" in text and "Next deal:" in text
    assert "or 10 (sweep)" in text


def test_french_sheet_from_the_locale():
    run = vicaire("replay", EXAMPLE, env_lang="fr_FR.UTF-8")
    text = run.stdout.decode()
    assert "Amélie arrive à 10 et gagne la manche\u00a0: 50 points." in text
    assert "Classement" in text


def test_stdin_dash():
    run = vicaire("replay", "-", "--json", stdin=EXAMPLE.read_bytes())
    assert run.returncode == 0 and json.loads(run.stdout)["players"][0] == "Amélie"


def test_markup_in_names_is_printed_literally(tmp_path):
    path = write(tmp_path, {"players": ["[b]Bob[/b]", "[red]Al", "Cy"], "deals": [[10, 0, 0]]})
    text = vicaire("replay", path).stdout.decode()
    assert "[b]Bob[/b]" in text and "[red]Al" in text


BAD = [
    ("not json {", "not valid JSON"),
    ('{"players": ["A", "B"], "deals": []}', "exactly 3 players"),
    ('{"players": ["A", "B", "C"], "deals": [[4, 3, 3], [5, 5, 5]]}', "deal 2: "),
    ('{"players": ["A", "B", "C"], "deals": [[4, 3]]}', "deal 1: "),
    ('{"players": ["A", "B", "C"], "target": 50, "deals": [[10, 0, 0], [4, 3, 3]]}',
     "deal 2: the match is already won by A"),
    ('{"players": ["A", "B", "C"]}', 'no "deals"'),
    ('{"deals": []}', 'no "players"'),
    ('{"format": "other", "players": ["A", "B", "C"], "deals": []}', "not a match file"),
    ('{"version": 7, "players": ["A", "B", "C"], "deals": []}', "version 7"),
    ('{"players": ["A", "B", "C"], "rules": {"capot": 1}, "deals": []}', "unknown rule"),
    ('[1, 2, 3]', "not a match file"),
    ("", "not valid JSON"),
]


@pytest.mark.parametrize(("content", "words"), BAD)
def test_unusable_file_exits_2_with_one_clear_line(tmp_path, content, words):
    path = write(tmp_path, content)
    run = vicaire("replay", path, "--json")
    assert run.returncode == 2
    assert run.stdout == b""
    err = run.stderr.decode()
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(path) in err and words in err


def test_missing_non_utf8_huge_and_folder(tmp_path):
    cases = {tmp_path / "nope.json": "no such file", tmp_path: "folder"}
    bad = tmp_path / "latin1.json"
    bad.write_bytes('{"players": ["Amélie", "B", "C"], "deals": []}'.encode("latin-1"))
    cases[bad] = "not UTF-8"
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as file:
        file.truncate(32 * 1024 * 1024 + 10)
    cases[huge] = "larger than 32 MB"
    for path, words in cases.items():
        run = vicaire("replay", path)
        err = run.stderr.decode()
        assert run.returncode == 2 and run.stdout == b"", path
        assert words in err and "Traceback" not in err, err


def test_bad_arguments_exit_2_without_traceback():
    run = vicaire("replay")
    assert run.returncode == 2 and b"Traceback" not in run.stderr
    run = vicaire("replay", EXAMPLE, "--lang", "de")
    assert run.returncode == 2 and b"invalid choice" in run.stderr


def test_version_and_help():
    assert vicaire("--version").stdout.decode().startswith("vicaire ")
    assert b"replay" in vicaire("--help").stdout


def test_replay_does_not_import_textual():
    code = ("import sys, contextlib, io\n"
            "from scorekeeper.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert main(['replay', {str(EXAMPLE)!r}, '--json']) == 0\n"
            "assert not [m for m in sys.modules if m.split('.')[0] in ('textual', 'tinydb')], "
            "sorted(sys.modules)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert run.returncode == 0, run.stderr.decode()


def test_rules_package_imports_without_textual_or_tinydb():
    code = ("import sys\nimport scorekeeper.rules\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'tinydb', 'rich')]\n"
            "assert not bad, bad\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert run.returncode == 0, run.stderr.decode()
