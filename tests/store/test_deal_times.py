"""Each deal keeps when it was recorded; a match's time played leaves out the pauses."""

from datetime import datetime, timezone

import pytest

from scorekeeper.rules import Match
from scorekeeper.store import History
from scorekeeper.store.records import played_seconds


@pytest.fixture
def history(tmp_path):
    return History(tmp_path / "db")


def _moment(stamp):
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def test_each_deal_recorded_keeps_its_utc_time_undo_drops_it_edit_keeps_it(history):
    stored = history.create(Match(players=("Amélie", "Bruno", "Chloé")))
    before = datetime.now(timezone.utc).replace(microsecond=0)  # stamps keep milliseconds
    history.add_deal(stored.id, (4, 3, 3))
    history.add_deal(stored.id, (2, 2, 6))
    history.add_deal(stored.id, (3, 3, 4))
    after = datetime.now(timezone.utc)
    times = History(history.folder).get(stored.id).times
    assert len(times) == 3 and all(t.endswith("Z") for t in times)
    assert all(before <= _moment(t) <= after for t in times)
    history.undo(stored.id)
    assert History(history.folder).get(stored.id).times == times[:2]
    history.edit_deal(stored.id, 1, (5, 3, 2))
    again = History(history.folder).get(stored.id)
    assert again.times == times[:2] and again.match.deals[0] == (5, 3, 2)


def test_the_listing_line_has_the_first_and_last_deal_times(history):
    stored = history.create(Match(players=("Amélie", "Bruno", "Chloé")))
    (line,) = history.summaries()
    assert (line.first_played, line.last_played, line.seconds) == (None, None, None)
    assert line.played == line.updated  # no deal: its last change
    history.add_deal(stored.id, (4, 3, 3))
    history.add_deal(stored.id, (2, 2, 6))
    times = history.get(stored.id).times
    (line,) = History(history.folder).summaries()
    assert (line.first_played, line.last_played) == times
    assert line.played == times[1] and line.seconds is not None and line.seconds < 60


def test_a_match_stored_with_deals_of_unknown_time_has_none(history):
    match = Match(players=("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3), (6, 2, 2)))
    stored = history.create(match)
    assert History(history.folder).get(stored.id).times == (None, None)
    history.add_deal(stored.id, (3, 3, 4))
    times = History(history.folder).get(stored.id).times
    assert times[:2] == (None, None) and times[2] is not None


def test_time_played_leaves_out_pauses_of_more_than_an_hour():
    evening = ["2026-12-03T19:00:00Z", "2026-12-03T19:05:00Z", "2026-12-03T20:00:00Z"]
    next_day = ["2026-12-04T19:00:00Z", "2026-12-04T19:10:00Z"]
    assert played_seconds(evening) == 3600
    assert played_seconds(evening + next_day) == 3600 + 600  # the night is a pause
    assert played_seconds(["2026-12-03T19:00:00Z", "2026-12-03T20:00:00Z"]) == 3600
    assert played_seconds(["2026-12-03T19:00:00Z", "2026-12-03T20:00:01Z"]) == 0
    assert played_seconds([None, "2026-12-03T19:00:00Z", None]) == 0
    assert played_seconds([None, None]) is None
    assert played_seconds([]) is None
