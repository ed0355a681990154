"""The command line says what the app says (issue 10, point 10): two late arrivals in one
sentence, in English and French, as `vicaire add` and `vicaire replay` print it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.runner import Vicaire

DEALS = ((5, 3, 2), (3, 3, 4), (3, 2, 5), (4, 2, 4))  # Bruno 10; Amélie and Zoé 15


def test_add_says_both_late_arrivals_in_one_sentence(tmp_path: Path):
    vicaire = Vicaire(tmp_path / "db")
    vicaire.new("Amélie", "Bruno", "Zoé")
    for deal in DEALS[:-1]:
        vicaire("add", *deal)
    out = vicaire("add", *DEALS[-1]).stdout
    assert ("Deal 4: Bruno arrives at 10 and wins the round: 50 points. Amélie and Zoé also "
            "arrive, at 15, but the lowest total wins.") in out
    assert out.count("also arrive") == 1


def test_replay_in_french_says_it_once(tmp_path: Path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"players": ["Amélie", "Bruno", "Zoé"],
                                "deals": [list(d) for d in DEALS]}), encoding="utf-8")
    out = Vicaire(tmp_path / "db")("replay", path, "--lang", "fr").stdout
    words = " ".join(part.strip(" │┃") for line in out.splitlines()
                     for part in line.split("│")[-2:-1])  # the "what happened" column
    assert ("Amélie et Zoé arrivent aussi, à 15, mais c'est le total le plus bas qui gagne."
            in words.replace("\u00a0", " "))
    assert out.count("arrive aussi") == 0


def test_a_negative_count_is_named_not_added_up(tmp_path: Path):
    vicaire = Vicaire(tmp_path / "db")
    vicaire.new()
    err = vicaire("add", "--", "-1", "6", "5", ok=False).stderr
    assert err == "vicaire: \u22121 is not a number of tricks: each player takes 0 to 10\n"
    err = vicaire("add", "--lang", "fr", "--", "-1", "6", "5", ok=False).stderr
    assert "\u22121 n'est pas un nombre de plis\u00a0: chaque joueur en fait de 0 à 10" in err
    assert vicaire.deals(vicaire.listing()[0]["id"]) == []
