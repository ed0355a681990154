"""A history moved whole: `vicaire export --all` on one machine, `vicaire import` on another
(an empty history folder), and carrying on. Real processes on real history folders; the big
history is built through the History API, then moved by the real commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.rules import Match, replay
from scorekeeper.store import History
from scorekeeper.store.merge import Incoming
from tests.cli.runner import Vicaire

LISTED = ("id", "name", "players", "status", "points", "winner", "deals", "created",
          "updated", "simulated")


@pytest.fixture
def here(tmp_path: Path) -> Vicaire:
    (tmp_path / "here").mkdir()  # a new machine's history: there, and empty
    return Vicaire(tmp_path / "here")


@pytest.fixture
def there(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "there")


def full_history(vicaire: Vicaire) -> dict[str, str]:
    """A match of each kind: won, abandoned, corrected, bots', deals without times, and the
    one in progress played last (the one `vicaire add` goes on with)."""
    ids = {}
    ids["won"] = vicaire.new(extra=("--target", "50", "--name", "gagnée"))
    for deal in ("4 3 3", "6 2 2"):  # Amélie at 10: 50 points, the target
        vicaire("add", ids["won"], *deal.split())
    ids["abandoned"] = vicaire.new("Denis", "Émile", "Fanny")
    vicaire("add", ids["abandoned"], "4", "3", "3")
    vicaire("abandon", ids["abandoned"])
    ids["corrected"] = vicaire.new("Gaël", "Hélène", "Inès", extra=("--name", "corrigée"))
    for deal in ("4 3 3", "6 2 2", "5 3 2"):
        vicaire("add", ids["corrected"], *deal.split())
    vicaire("edit", ids["corrected"], "2", "2", "6", "2")
    vicaire("undo", ids["corrected"])
    history = History(vicaire.db)
    bots = Match(("Bot 1", "Bot 2", "Bot 3"), deals=((4, 3, 3), (3, 3, 4)))
    ids["bots"] = history.create(bots, simulated=True).id
    untimed = Match(("Jules", "Karim", "Léa"), deals=((4, 3, 3),))
    ids["untimed"] = history.create(untimed, name="sans heures").id
    ids["live"] = vicaire.new("Amélie", "Bruno", "Zoé")
    vicaire("add", ids["live"], "3", "3", "4")
    return ids


def moved(here: Vicaire, there: Vicaire, tmp_path: Path) -> Path:
    path = tmp_path / "famille.json"
    here("export", "--all", "-o", path)
    return path


def test_a_history_moved_whole_is_the_same_history(here, there, tmp_path):
    ids = full_history(here)
    path = moved(here, there, tmp_path)
    proc = there("import", path)
    assert sorted(proc.stdout.split()) == sorted(ids.values())
    assert proc.stderr == f"vicaire: {path}: 6 matches imported\n"
    before, after = here.listing(), there.listing()
    assert [{k: m[k] for k in LISTED} for m in after] == [
        {k: m[k] for k in LISTED} for m in before]
    statuses = {m["id"]: (m["status"], m["simulated"]) for m in after}
    assert statuses[ids["abandoned"]] == ("abandoned", False)
    assert statuses[ids["won"]] == ("won", False) and statuses[ids["bots"]] == ("in_progress",
                                                                                True)
    # Every match file the same, corrections and deal times included.
    for match_id in ids.values():
        assert there("export", match_id).stdout == here("export", match_id).stdout
    fixed = json.loads(there("export", ids["corrected"]).stdout)
    assert [c["kind"] for c in fixed["corrections"]] == ["edit", "undo"]
    assert all(fixed["deal_times"]) and len(fixed["deal_times"]) == 2
    assert json.loads(there("export", ids["untimed"]).stdout)["deal_times"] == [None]
    # The same match goes on; the abandoned one stays closed.
    assert ids["live"] in there("add", "4", "3", "3").stdout + there("show", "--json").stdout
    assert there.deals(ids["live"]) == [[3, 3, 4], [4, 3, 3]]
    refused = there("add", ids["abandoned"], "4", "3", "3", ok=False).stderr
    assert "abandoned" in refused
    # A second import of the same file changes nothing (the deal just added stays).
    again = there("import", path)
    assert again.stderr == (f"vicaire: {path}: match {ids['live']} has gone further in the "
                            "history than in this file; it is left as it is\n"
                            f"vicaire: {path}: 6 already in the history\n")
    assert there.deals(ids["live"]) == [[3, 3, 4], [4, 3, 3]] and len(there.listing()) == 6


def test_the_history_file_merges_into_a_history_that_went_on(here, there, tmp_path):
    ids = full_history(here)
    there("import", moved(here, there, tmp_path))
    here("add", ids["live"], "6", "2", "2")  # goes on here...
    there("add", ids["corrected"], "2", "2", "6")  # ...and a different match there
    back = tmp_path / "back.json"
    there("export", "--all", "-o", back)
    proc = here("import", back)
    assert proc.stderr.splitlines() == [
        f"vicaire: {back}: match {ids['corrected']} is brought up to date from this file "
        "(deals: 2 before, 3 now)",
        f"vicaire: {back}: match {ids['live']} has gone further in the history than in this "
        "file; it is left as it is",
        f"vicaire: {back}: 1 brought up to date, 5 already in the history"]
    assert here.deals(ids["corrected"]) == [[4, 3, 3], [2, 6, 2], [2, 2, 6]]
    assert here.deals(ids["live"]) == [[3, 3, 4], [6, 2, 2]]
    assert len(here.listing()) == 6


def test_a_match_that_diverged_is_kept_twice_once(here, there, tmp_path):
    ids = full_history(here)
    there("import", moved(here, there, tmp_path))
    here("add", ids["live"], "6", "2", "2")
    there("add", ids["live"], "2", "2", "6")
    back = tmp_path / "back.json"
    there("export", "--all", "-o", back)
    for _ in range(2):
        proc = here("import", back)
    listing = here.listing()
    assert len(listing) == 7
    [copy] = [m for m in listing if m["id"] not in ids.values()]
    assert copy["name"] == "Imported from back.json" and copy["deals"] == 2
    assert here.deals(copy["id"]) == [[3, 3, 4], [2, 2, 6]]
    assert here.deals(ids["live"]) == [[3, 3, 4], [6, 2, 2]]
    assert proc.stderr == f"vicaire: {back}: 6 already in the history\n"
    # The copy is as far as the file: `add` with no id goes on with the one played last.
    first = here("import", back, "--lang", "fr").stderr
    assert "6 déjà dans l'historique" in first


def history_of(count: int) -> list[Incoming]:
    matches = []
    for number in range(count):
        match = Match(("Amélie", "Bruno", f"Joueur {number}"), deals=((4, 3, 3), (3, 4, 3)))
        day = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}"
        stamp = f"{day}T20:{number % 60:02d}:00.000Z"
        matches.append(Incoming(match=match, state=replay(match), name=f"soirée {number}",
                                status="in_progress", simulated=False, created=stamp,
                                updated=stamp, deal_times=(stamp, None), corrections=()))
    return matches


def test_two_thousand_matches_move_and_come_back_the_same(here, there, tmp_path):
    History(here.db).import_matches(history_of(2000), lambda name: name)
    path = moved(here, there, tmp_path)
    proc = there("import", path)
    assert len(proc.stdout.split()) == 2000
    assert there.listing() == here.listing()
    assert there("import", path).stderr == f"vicaire: {path}: 2000 already in the history\n"


def corrupt(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["matches"][1])
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("change, said", [
    (lambda m: m.update(status="won"), "match 2 of the file: the match file says the match "
                                       "is won, but its deals give it no winner"),
    (lambda m: m.update(status="fini"), '"status" in the match file must be'),
    (lambda m: m.update(simulated="yes"), '"simulated" in the match file must be true or false'),
    (lambda m: m.update(created="hier"), '"created" in the match file must be a date'),
    (lambda m: m.update(updated="2026-12-04T20:15:00"), '"updated" in the match file must'),
    (lambda m: m["deal_times"].append(None), "one time (or null) per deal"),
    (lambda m: m.update(corrections=[{"kind": "oops"}]), "correction 1 in the match file"),
    (lambda m: m.update(corrections={}), '"corrections" in the match file must be a list'),
    (lambda m: m.update(name="\u001b]0;pwned\u0007"), "a match name is at most"),
])
def test_a_bad_key_refuses_the_whole_file_and_changes_nothing(here, there, tmp_path, change,
                                                              said):
    full_history(here)
    path = moved(here, there, tmp_path)
    corrupt(path, change)
    there.new("Avant", "Import", "Rien")
    before = there.listing()
    err = there("import", path, ok=False).stderr
    assert err.startswith(f"vicaire: {path}: match 2 of the file: ") and said in err
    assert there.listing() == before


def test_a_newer_history_file_is_refused(there, tmp_path):
    path = tmp_path / "newer.json"
    path.write_text(json.dumps({"format": "vicaire-history", "version": 2, "matches": []}))
    err = there("import", path, ok=False).stderr
    assert err == (f"vicaire: {path}: history file version 2 is not supported (this Vicaire "
                   "reads version 1)\n")


def test_old_files_without_the_new_keys_import_as_before(there, tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "vicaire-match", "version": 1, "id": "0123abcd",
                                "players": ["A", "B", "C"], "deals": [[4, 3, 3]]}))
    assert there("import", path).stdout == "0123abcd\n"
    [line] = there.listing()
    assert line["status"] == "in_progress" and line["deals"] == 1
    data = json.loads(path.read_text())
    data["deals"].append([6, 2, 2])  # the same match, gone further
    path.write_text(json.dumps(data))
    assert "brought up to date" in there("import", path).stderr
    assert there.deals("0123abcd") == [[4, 3, 3], [6, 2, 2]]


def test_export_all_needs_json_and_no_id(here):
    assert "--all" in here("export", ok=False).stderr
    assert "JSON only" in here("export", "--all", "--format", "csv", ok=False).stderr


@pytest.mark.parametrize("zone, day", [("Europe/Paris", "5 Dec 2026"),
                                       ("America/New_York", "4 Dec 2026")])
def test_the_listing_dates_a_match_by_the_local_day(there, tmp_path, zone, day):
    """A deal at 23:30 UTC on 4 December: the 5th in Paris, the 4th in New York."""
    path = tmp_path / "late.json"
    path.write_text(json.dumps({
        "players": ["A", "B", "C"], "deals": [[4, 3, 3]], "id": "0badcafe",
        "created": "2026-12-04T23:00:00Z", "updated": "2026-12-04T23:30:00Z",
        "deal_times": ["2026-12-04T23:30:00+00:00"]}))
    there("import", path)
    line = there("history", env={"TZ": zone}).stdout
    assert line.startswith(f"0badcafe  {day}  in progress"), line
    shown = there("show", "0badcafe", env={"TZ": zone}).stdout
    assert f"Played on {day}, " in shown
    # Machine outputs stay UTC.
    assert there.listing()[0]["updated"] == "2026-12-04T23:30:00.000Z"


def test_an_exported_file_still_replays_as_a_match_file(here, tmp_path):
    match_id = here.new(extra=("--name", "soir"))
    here("add", match_id, "4", "3", "3")
    path = tmp_path / "soir.json"
    here("export", match_id, "-o", path)
    shown = json.loads(here("replay", path, "--json").stdout)
    assert len(shown["deals"]) == 1
    assert shown["points"] == [0, 0, 0] and shown["winner"] is None


def test_export_all_names_a_match_it_cannot_read(here, tmp_path):
    ids = [here.new(), here.new("Denis", "Émile", "Fanny")]
    damaged = here.db / "matches" / ids[1][:2] / f"{ids[1]}.json"
    damaged.write_text("garbage")
    (damaged.parent / f"{ids[1]}.json.bak").unlink(missing_ok=True)
    proc = here("export", "--all", "-o", tmp_path / "all.json", ok=None)
    assert proc.returncode == 0 and ids[1] in proc.stderr
    data = json.loads((tmp_path / "all.json").read_text(encoding="utf-8"))
    assert [m["id"] for m in data["matches"]] == [ids[0]]
