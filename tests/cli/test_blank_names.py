"""Names that look blank are blank: a Hangul filler (U+3164, U+115F, U+1160, U+FFA0), the
blank braille pattern (U+2800) or a lone combining accent is refused as a name as a space
is; a line or paragraph separator (U+2028, U+2029) is a control character. Real processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.store import History
from tests.cli.runner import Vicaire

BLANK = ["\u3164", "\u2800", "\u0301", "\u115f\u1160", "\uffa0", " \u3164 ", "\u00a0",
         "\u200b", "\u3000"]


@pytest.fixture
def vicaire(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "db")


@pytest.mark.parametrize("name", BLANK)
def test_a_name_that_draws_nothing_is_refused_as_empty(vicaire, tmp_path, name):
    err = vicaire("new", "Amélie", name, "Chloé", ok=False).stderr
    assert err in ("vicaire: player 2 needs a name\n",
                   "vicaire: the name of player 2 contains a control character\n")
    file = tmp_path / "m.json"
    file.write_text(json.dumps({"players": ["Amélie", name, "Chloé"], "deals": []}))
    assert "player 2" in vicaire("import", file, ok=False).stderr
    assert vicaire.listing() == []


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_line_and_paragraph_separators_are_control_characters(vicaire, separator):
    err = vicaire("new", "Amélie", f"Bru{separator}no", "Chloé", ok=False).stderr
    assert err == "vicaire: the name of player 2 contains a control character\n"
    err = vicaire("new", "A", "B", "C", "--name", f"soir{separator}ée", ok=False).stderr
    assert "printable characters" in err
    assert vicaire.listing() == []


def test_blanks_around_a_name_are_left_out_so_two_names_cannot_look_alike(vicaire):
    err = vicaire("new", "Bob", "Bob\u3164", "Chloé", ok=False).stderr
    assert "two players are called Bob" in err
    match_id = vicaire.new("\u3164Amélie\u2800", "Bruno", "Chloé", extra=("--name", "\u3164"))
    [row] = vicaire.listing()
    assert row["id"] == match_id and row["players"] == ["Amélie", "Bruno", "Chloé"]
    assert row["name"] == ""


def test_a_match_an_older_vicaire_stored_with_such_names_stays_readable(vicaire):
    match_id = vicaire.new("Amélie", "Bruno", "Chloé")
    path = next(vicaire.db.rglob(f"{match_id}.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    for record in data.values():
        for doc in record.values():
            doc["players"] = ["Amélie", "\u3164", "Bru\u2028no"]
    path.write_text(json.dumps(data), encoding="utf-8")
    shown = vicaire("show", match_id).stdout
    assert "#2" in shown and "Bru no" in shown
    vicaire("add", match_id, "4", "3", "3")
    assert History(vicaire.db).get(match_id).match.deals == ((4, 3, 3),)
