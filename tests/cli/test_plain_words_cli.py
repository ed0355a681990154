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
