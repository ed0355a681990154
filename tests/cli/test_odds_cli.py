"""The round's odds in `vicaire show` and `replay`: a real history, real processes."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.runner import run_vicaire

ROOT = str(Path(__file__).resolve().parents[2])


@pytest.fixture
def run(tmp_path):
    env = {**os.environ, "VICAIRE_DB": str(tmp_path / "db"), "LANG": "en_US.UTF-8",
           "PYTHONPATH": ROOT, "COLUMNS": "120"}
    env.pop("LC_ALL", None)

    def run(*args):
        proc = run_vicaire([*map(str, args)],
                           capture_output=True, text=True, env=env, timeout=60)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout
    run.env = env
    return run


def percentages(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"(\d+)%", line)]


def test_show_prints_each_players_chance(run):
    match_id = run("new", "[bold]Amé", "Bruno", "Chloé").strip().splitlines()[-1]
    run("add", match_id, "6", "1", "3")
    out = run("show", match_id)
    [line] = [ln for ln in out.splitlines() if ln.startswith("Chance to win the round:")]
    assert "[bold]Amé " in line and "Bruno " in line and "Chloé " in line  # names literal
    assert 99 <= sum(percentages(line)) <= 101
    # Amélie needs 4 with the lead after Bruno deals; Bruno needs 9: she is the favourite.
    p0, p1, _ = percentages(line)
    assert p0 > p1

    fr = run("show", match_id, "--lang", "fr")
    assert any(ln.startswith("Chances de gagner la manche\u00a0: ") for ln in fr.splitlines())

    data = json.loads(run("show", match_id, "--json"))
    odds = data["odds"]
    assert len(odds) == 3 and abs(sum(odds) - 1) < 0.01 and odds[0] > odds[1]
    assert [round(100 * p) for p in odds] == [p0, p1, percentages(line)[2]]


def test_a_won_match_shows_no_odds(run):
    match_id = run("new", "A", "B", "C", "--target", "50").strip().splitlines()[-1]
    run("add", match_id, "10", "0", "0")
    out = run("show", match_id)
    assert "Chance to win" not in out
    assert json.loads(run("show", match_id, "--json"))["odds"] == [0, 0, 0]


def test_replay_json_has_the_odds_too(run, tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"players": ["A", "B", "C"], "deals": [[6, 1, 3]]}))
    data = json.loads(run("replay", path, "--json"))
    assert abs(sum(data["odds"]) - 1) < 0.01


def test_show_imports_neither_textual_nor_numpy(run):
    match_id = run("new", "A", "B", "C").strip().splitlines()[-1]
    code = ("import sys\nfrom scorekeeper.cli import main\n"
            f"main(['show', '{match_id}'])\n"
            "print('LOADED', 'textual' in sys.modules, 'numpy' in sys.modules, "
            "'scorekeeper.sim.odds' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=run.env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "LOADED False False True" in proc.stdout
