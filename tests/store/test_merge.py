"""Matches brought from another history (History.import_matches, History.restore): what
each becomes, and that an import stopped half-way leaves each match as it was or whole.
Real history folders in tmp_path."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper.errors import VicaireError
from scorekeeper.rules import Match, replay
from scorekeeper.store import History
from scorekeeper.store import match_files as match_files_module
from scorekeeper.store.merge import COPY, NEW, OLDER, SAME, UPDATED, Incoming
from scorekeeper.store.records import Correction

PLAYERS = ("Amélie", "Bruno", "Chloé")


def incoming_of(stored, **changes) -> Incoming:
    """The match file of a stored match, as an import reads it (changed as asked)."""
    values = dict(match=stored.match, state=replay(stored.match), id=stored.id,
                  name=stored.name, status=stored.status, simulated=stored.simulated,
                  created=stored.created, updated=stored.updated, deal_times=stored.times,
                  corrections=stored.corrections)
    values.update(changes)
    if "match" in changes:
        values["state"] = replay(values["match"])
    return Incoming(**values)


def whole(stored):
    """A stored match with its deal times one per deal (as it reads back)."""
    return replace(stored, deal_times=stored.times)


def copy_name(name: str) -> str:
    return f"{name} (copy)"


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "db")


def two_deals(history: History):
    stored = history.create(Match(PLAYERS), name="soir")
    history.add_deal(stored.id, (4, 3, 3))
    return history.add_deal(stored.id, (3, 4, 3))


def kinds(history: History, *items: Incoming) -> list[str]:
    return [r.kind for r in history.import_matches(items, copy_name)]


def test_the_same_match_is_left_alone(history):
    stored = two_deals(history)
    assert kinds(history, incoming_of(stored)) == [SAME]
    assert history.get(stored.id) == stored  # not even its revision moved


def test_a_later_version_brings_the_match_up_to_date_whole(history, tmp_path):
    stored = two_deals(history)
    later_match = stored.match.add_deal((2, 2, 6))
    later = incoming_of(stored, match=later_match,
                        deal_times=(*stored.times, "2030-01-01T00:00:00.000Z"),
                        updated="2030-01-01T00:00:00.000Z", status="abandoned",
                        corrections=(Correction("abandon", 3, None, None,
                                                "2030-01-01T00:00:00.000Z"),))
    [result] = history.import_matches([later], copy_name)
    assert result.kind == UPDATED and result.before == stored
    now = history.get(stored.id)
    assert now.match == later_match and now.status == "abandoned"
    assert now.times[-1] == "2030-01-01T00:00:00.000Z" and now.revision == stored.revision + 1
    assert now.updated == "2030-01-01T00:00:00.000Z"
    [line] = History(history.folder).summaries()
    assert line.deals == 3 and line.status == "abandoned"


def test_an_edit_made_elsewhere_after_the_export_is_a_later_version(history):
    stored = two_deals(history)
    fix = Correction("edit", 1, (4, 3, 3), (5, 3, 2), "2030-01-01T00:00:00.000Z")
    edited = incoming_of(stored, match=stored.match.replace_deal(1, (5, 3, 2)),
                         corrections=(fix,), updated="2030-01-01T00:00:00.000Z")
    assert kinds(history, edited) == [UPDATED]
    assert history.get(stored.id).match.deals[0] == (5, 3, 2)


def test_an_earlier_version_is_left_alone(history):
    stored = two_deals(history)
    first = incoming_of(stored, match=Match(PLAYERS, deals=((4, 3, 3),)),
                        deal_times=stored.times[:1], updated=stored.created)
    assert kinds(history, first) == [OLDER]
    assert history.get(stored.id) == stored


def test_a_match_played_on_both_sides_is_kept_twice_once(history):
    stored = two_deals(history)
    elsewhere = incoming_of(stored, match=Match(PLAYERS, deals=((4, 3, 3), (2, 2, 6))),
                            updated="2030-01-01T00:00:00.000Z")
    [result] = history.import_matches([elsewhere], copy_name)
    assert result.kind == COPY and result.stored.id != stored.id
    assert result.stored.name == "soir (copy)" and result.stored.created == stored.created
    assert history.get(stored.id) == stored
    assert kinds(history, elsewhere) == [SAME]  # again: the copy is found
    assert len(History(history.folder).summaries()) == 2


def test_matches_new_here_keep_their_id_times_and_flags(history, tmp_path):
    source = History(tmp_path / "source")
    bots = source.create(Match(("Bot 1", "Bot 2", "Bot 3"), deals=((4, 3, 3),)),
                         simulated=True)
    [result] = history.import_matches([incoming_of(bots)], copy_name)
    assert result.kind == NEW and whole(history.get(bots.id)) == whole(bots)
    assert History(history.folder).summaries()[0].simulated is True


def test_restore_stores_a_match_whole_over_the_one_there(history):
    stored = two_deals(history)
    other = replace(stored, name="autre", match=Match(PLAYERS), deal_times=(), revision=1)
    restored = history.restore(other)
    assert restored.revision == stored.revision + 1
    assert history.get(stored.id) == restored
    assert History(history.folder).summaries()[0].name == "autre"


def test_an_import_stopped_half_way_leaves_each_match_as_it_was_or_whole(history, tmp_path,
                                                                         monkeypatch):
    source = History(tmp_path / "source")
    made = [source.create(Match(PLAYERS, deals=((4, 3, 3),) * (n % 3)), name=f"m{n}")
            for n in range(8)]
    kept = two_deals(history)
    later = incoming_of(kept, match=kept.match.add_deal((2, 2, 6)),
                        deal_times=(*kept.times, None), updated="2030-01-01T00:00:00.000Z")
    real, done = match_files_module.os.replace, []

    def replace_then_fail(src, dst):
        if len(done) == 4:
            raise OSError(28, "No space left on device")
        done.append(dst)
        real(src, dst)

    monkeypatch.setattr(match_files_module.os, "replace", replace_then_fail)
    with pytest.raises(VicaireError):
        history.import_matches([*map(incoming_of, made), later], copy_name)
    monkeypatch.undo()
    fresh = History(history.folder)
    listed = {line.id: line for line in fresh.summaries()}
    for stored in made:
        if stored.id in listed:  # wholly there, and listed as it is
            assert whole(fresh.get(stored.id)) == whole(stored)
            assert listed[stored.id].deals == len(stored.match.deals)
    assert fresh.get(kept.id) == kept  # the match already there is as it was
    assert 0 < len(listed) - 1 < len(made)
    assert not list(Path(history.folder).rglob("*.tmp"))  # no temporary file left behind
    # Run again: everything lands, once.
    results = fresh.import_matches([*map(incoming_of, made), later], copy_name)
    assert [r.kind for r in results].count(NEW) == len(made) - (len(listed) - 1)
    assert len(History(history.folder).summaries()) == len(made) + 1
