"""`vicaire simulate`: same seed, same bytes; readable deals, summary, a whole match."""

import json
import subprocess

from tests.cli.runner import run_vicaire
from tests.rules.plain_reading import check_record


def _run(*args: str) -> subprocess.CompletedProcess:
    return run_vicaire(["simulate", *args],
                       capture_output=True, text=True, timeout=120)


def test_same_seed_same_bytes():
    for bots in ("random", "target"):
        first = _run("--seed", "42", "--deals", "30", "--json", "--bots", bots)
        second = _run("--seed", "42", "--deals", "30", "--json", "--bots", bots)
        assert first.returncode == 0, first.stderr
        assert first.stdout == second.stdout
        lines = first.stdout.splitlines()
        assert len(lines) == 30
        for line in lines:
            check_record(json.loads(line))
    other = _run("--seed", "43", "--deals", "30", "--json")
    assert other.stdout != first.stdout


def test_readable_deal_and_summary():
    out = _run("--seed", "1", "--lang", "fr")
    assert out.returncode == 0 and "♥" in out.stdout and "Pli 10" in out.stdout
    assert _run("--seed", "1").stdout == _run("--seed", "1").stdout
    summary = _run("--seed", "1", "--deals", "500", "--summary", "--lang", "en")
    assert summary.returncode == 0
    assert "Sweeps" in summary.stdout and "Deals per second" in summary.stdout


def test_whole_match_sheet_and_json():
    out = _run("--match", "--seed", "3", "--target", "100", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["winner"] is not None and max(data["points"]) >= 100
    sheet = _run("--match", "--seed", "3", "--target", "100", "--lang", "en")
    assert "wins the match" in sheet.stdout


def test_match_stored_in_history_as_simulated(tmp_path):
    out = _run("--match", "--seed", "3", "--target", "100", "--db", str(tmp_path))
    assert out.returncode == 0, out.stderr
    from scorekeeper.store.history import History

    assert "Stored in the history" in out.stdout
    match_id = out.stdout.strip().split()[-1]
    stored = History(tmp_path).get(match_id)
    assert stored.simulated and stored.match.rules.target == 100
    assert len(History(tmp_path).summaries()) == 1


def test_bad_options_exit_2():
    for args in (("--deals", "0"), ("--match", "--summary"), ("--match", "--target", "0")):
        out = _run(*args)
        assert out.returncode == 2 and "Traceback" not in out.stderr
        assert out.stdout == "" and len(out.stderr.strip().splitlines()) == 1
