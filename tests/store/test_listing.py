"""Listing the history: the round in play, lines from an older Vicaire, and a light read."""

import json
import subprocess
import sys

from scorekeeper.rules import Match
from scorekeeper.store import History
from scorekeeper.store.listing import INDEX_SCHEMA
from scorekeeper.store.records import latest_live


def shard_of(history, match_id):
    return history.folder / "index" / f"{match_id[:2]}.json"


def test_the_listing_line_tells_the_round_being_played(tmp_path):
    history = History(tmp_path / "db")
    stored = history.create(Match(players=("Amélie", "Bruno", "Chloé")))
    assert history.summaries()[0].round == 1
    history.add_deal(stored.id, (7, 3, 0))  # Amélie has 7: the round goes on
    history.add_deal(stored.id, (3, 3, 4))  # Amélie reaches 10: round 1 is won
    line = History(history.folder).summaries()[0]
    assert line.round == 2 and line.deals == 2 and line.points == (50, 0, 0)


def test_lines_written_by_an_older_vicaire_are_listed_again_with_their_round(tmp_path):
    history = History(tmp_path / "db")
    stored = history.create(Match(players=("Amélie", "Bruno", "Chloé"),
                                  deals=((7, 3, 0), (3, 3, 4), (4, 3, 3))))
    history.summaries()
    with history._locked():
        history._compact()  # the journal folded into the shard: the line lives there only
    shard = shard_of(history, stored.id)
    data = json.loads(shard.read_text())
    for doc in data["matches"].values():  # as the first Vicaire wrote it
        doc["schema"] = 1
        del doc["round"]
    shard.write_text(json.dumps(data))
    line = History(history.folder).summaries()[0]
    assert line.id == stored.id and line.round == 2 and line.deals == 3
    assert all(d["schema"] == INDEX_SCHEMA
               for d in json.loads(shard.read_text())["matches"].values())


def test_latest_live_skips_finished_abandoned_and_simulated_matches(tmp_path):
    history = History(tmp_path / "db")
    players = ("Amélie", "Bruno", "Chloé")
    kept = history.create(Match(players=players))
    history.create(Match(players=players), simulated=True)
    dropped = history.create(Match(players=players))
    history.abandon(dropped.id)
    assert latest_live(history.summaries()).id == kept.id
    history.abandon(kept.id)
    assert latest_live(history.summaries()) is None


def test_listing_reads_json_only_without_tinydb_the_lock_or_the_rules(tmp_path):
    """What keeps the app's first screen quick: the home screen lists the history, and that
    must not load TinyDB, the file lock or the rules engine."""
    history = History(tmp_path / "db")
    history.create(Match(players=("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),)))
    code = (
        "import sys\n"
        "from scorekeeper.store import History\n"
        "from scorekeeper.store.records import latest_live\n"
        f"lines = History({str(history.folder)!r}).summaries()\n"
        "assert latest_live(lines).deals == 1\n"
        "print(sorted(m for m in ('tinydb', 'filelock', 'scorekeeper.rules')"
        " if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_lines_journaled_by_an_older_vicaire_are_folded_into_the_index_once(
        tmp_path, monkeypatch):
    import scorekeeper.store.listing as listing_module
    from scorekeeper.store.match_files import MatchFiles

    history = History(tmp_path / "db")
    monkeypatch.setattr(listing_module, "INDEX_SCHEMA", 1)  # an older Vicaire writes
    stored = history.create(Match(players=("Amélie", "Bruno", "Chloé"),
                                  deals=((7, 3, 0), (3, 3, 4))))
    monkeypatch.undo()
    loads = []
    real_load = MatchFiles.load
    monkeypatch.setattr(MatchFiles, "load", lambda self, i: loads.append(i) or real_load(self, i))
    first = History(history.folder).summaries()
    assert [(s.id, s.round) for s in first] == [(stored.id, 2)]
    loads.clear()
    again = History(history.folder).summaries()  # the index is up to date: no file is read
    assert again == first and loads == []
