"""`vicaire stats`: seasons in local time, the JSON contract, the cache, bad arguments.

A real history folder built through the History API, the real command line in its own
process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.rules import Match, RuleSet
from scorekeeper.stats.cache import VERSION
from scorekeeper.store import History
from tests.cli.runner import Vicaire
from tests.stats.hand_built import COMEBACK, NAMES, won_quickly

PARIS = {"TZ": "Europe/Paris"}  # UTC+1 in winter: 23:30 UTC on 31 December is 00:30 on 1 January


@pytest.fixture
def vicaire(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "db")


def timed(history: History, match: Match, start: str, **kwargs) -> str:
    """Store `match`, its deals recorded a minute apart from `start` (HH:MM:SS of a day)."""
    day, clock = start.split("T")
    hour, minute = int(clock[:2]), int(clock[3:5])
    times = []
    for index in range(len(match.deals)):
        total = hour * 60 + minute + index
        times.append(f"{day}T{total // 60 % 24:02d}:{total % 60:02d}:00.000Z")
    return history.create(match, deal_times=tuple(times), **kwargs).id


def stats(vicaire: Vicaire, *args: str, env: dict[str, str] | None = None) -> dict:
    return json.loads(vicaire("stats", "--json", *args, env=env).stdout)


def test_a_season_follows_the_local_day_across_the_new_year(vicaire: Vicaire) -> None:
    history = History(vicaire.db)
    new_year = timed(history, won_quickly(0), "2026-12-31T23:30")  # 1 Jan 2027 in Paris
    old_year = timed(history, won_quickly(1), "2026-12-31T22:30")  # 23:30 on 31 Dec there
    assert {m["id"] for m in vicaire.listing()} == {new_year, old_year}

    in_2027 = stats(vicaire, "--year", "2027", env=PARIS)
    assert in_2027["matches"] == 1
    assert [(p["name"], p["won"]) for p in in_2027["players"]] == [
        ("Amélie", 1), ("Bruno", 0), ("Chloé", 0)]
    assert stats(vicaire, "--year", "2026", env=PARIS)["records"][0]["match"] == old_year
    assert stats(vicaire, "--since", "2027-01-01", env=PARIS)["matches"] == 1
    # In UTC both matches are of 2026.
    assert stats(vicaire, "--year", "2026", env={"TZ": "UTC"})["matches"] == 2
    assert stats(vicaire, "--year", "2027", env={"TZ": "UTC"})["matches"] == 0
    assert stats(vicaire, "--since", "2026-12-31", "--year", "2026", env=PARIS)["matches"] == 1


def test_the_json_follows_the_contract(vicaire: Vicaire) -> None:
    history = History(vicaire.db)
    comeback = timed(history, COMEBACK, "2026-03-01T20:00")  # 15 deals, 14 minutes
    history.create(won_quickly(2), name="Chloé's")  # no deal time known
    history.create(Match(("Bot 1", "Bot 2", "Bot 3"), RuleSet(target=50),
                         deals=((4, 3, 3), (6, 2, 2))), simulated=True)
    got = stats(vicaire)
    assert got["matches"] == 2
    amelie = got["players"][0]
    assert {key: amelie[key] for key in (
        "name", "matches", "won", "rounds_won", "won_on_10", "won_higher", "won_by_sweep",
        "ties", "deals", "tricks", "points", "seconds_played")} == {
        "name": "Amélie", "matches": 2, "won": 1, "rounds_won": 4, "won_on_10": 4,
        "won_higher": 0, "won_by_sweep": 0, "ties": 0, "deals": 17,
        "tricks": 2 + 2 + 4 + 40 + 3 + 2, "points": 200, "seconds_played": 14 * 60}
    assert amelie["rounds_won"] == amelie["won_on_10"] + amelie["won_higher"] + amelie[
        "won_by_sweep"]
    records = {r["record"]: r for r in got["records"]}
    assert records["biggest_comeback"] == {"record": "biggest_comeback", "value": 120,
                                           "player": "Amélie", "match": comeback, "round": 3}
    assert records["shortest_match"]["target"] == 50
    assert records["longest_match_time"]["value"] == 14 * 60
    assert "most_sweeps_in_match" not in records  # nobody swept
    assert got["head_to_head"][0] == {"players": ["Amélie", "Bruno"], "matches": 2,
                                      "ahead": [1, 0]}
    assert {p["name"] for p in stats(vicaire, "--with-bots")["players"]} == {
        *NAMES, "Bot 1", "Bot 2", "Bot 3"}


def test_the_cache_follows_each_change_and_a_damaged_one_is_ignored(vicaire: Vicaire) -> None:
    history = History(vicaire.db)
    match_id = history.create(Match(NAMES, RuleSet(target=50), deals=((4, 3, 3),))).id
    assert stats(vicaire)["players"][0]["won"] == 0
    cache = vicaire.db / "cache" / "stats.json"
    assert cache.is_file()
    history.add_deal(match_id, (6, 2, 2))  # Amélie wins now
    assert stats(vicaire)["players"][0]["won"] == 1
    history.undo(match_id)
    history.add_deal(match_id, (2, 6, 2))
    assert [p["won"] for p in stats(vicaire)["players"]] == [0, 0, 0]
    history.delete(match_id)
    assert stats(vicaire)["matches"] == 0
    history.create(won_quickly(1))
    cache.write_bytes(b'{"version": 2, "matches": {"x": [1, 2]}, "garbage')
    assert [p["won"] for p in stats(vicaire)["players"]] == [0, 1, 0]
    assert json.loads(cache.read_bytes())["version"] == VERSION  # made again
    # Good JSON with wrong values in it: that match is replayed again, the rest kept.
    doc = json.loads(cache.read_bytes())
    (key, digest), = doc["matches"].values()
    digest[13][1][4] = "lots"  # Bruno's points
    cache.write_text(json.dumps(doc), encoding="utf-8")
    assert [p["points"] for p in stats(vicaire)["players"]] == [0, 50, 0]


def test_the_text_is_in_the_language_asked(vicaire: Vicaire) -> None:
    History(vicaire.db).create(COMEBACK)
    english = vicaire("stats").stdout
    assert "Amélie" in english and "Biggest comeback: from 120 points behind" in english
    french = vicaire("stats", "--lang", "fr").stdout
    assert "Plus belle remontée" in french and "120\u00a0points" in french
    empty = vicaire("stats", "--year", "1999").stdout
    assert "No match was played in this season." in empty


def test_with_no_match_counted_the_text_says_why(vicaire: Vicaire) -> None:
    """A new history, a season without matches, the bots' matches left out: each says so,
    and what would count some; the JSON stays the contract's."""
    vicaire.db.mkdir(parents=True)  # (a history folder not made yet is refused: --db named it)
    assert vicaire("stats").stdout.splitlines()[1:] == [
        "No match yet: the statistics come with the first match played."]
    assert vicaire("stats", "--lang", "fr").stdout.splitlines()[1:] == [
        "Aucune partie pour l'instant\u00a0: les statistiques viennent avec la première "
        "partie jouée."]
    History(vicaire.db).create(won_quickly(0, ("Bot A", "Bot B", "Bot C")), simulated=True)
    assert vicaire("stats").stdout.splitlines()[1:] == [
        "1 match played by the bots is left out: --with-bots counts it."]
    assert "Bot A" in vicaire("stats", "--with-bots").stdout
    for args in (("--year", "1999"), ("--year", "1999", "--with-bots")):  # (none then)
        assert vicaire("stats", *args).stdout.splitlines()[1:] == [
            "No match was played in this season."]
    assert stats(vicaire) == {"matches": 0, "players": [], "records": [], "head_to_head": []}


@pytest.mark.parametrize("args", [("--year", "26"), ("--year", "2O26"),
                                  ("--since", "2026-13-01"), ("--since", "1/9/2026")])
def test_a_bad_season_is_refused(vicaire: Vicaire, args: tuple[str, str]) -> None:
    proc = vicaire("stats", *args, ok=None)
    assert proc.returncode == 2 and proc.stdout == ""
    assert args[1] in proc.stderr
