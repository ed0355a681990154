"""History.create(match_id=...): an imported match keeps its id; a taken or bad id is refused."""

import pytest

from scorekeeper.errors import VicaireError
from scorekeeper.rules import Match
from scorekeeper.store import History

MATCH = Match(players=("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),))


def test_a_match_created_with_an_id_keeps_it(tmp_path):
    history = History(tmp_path / "db")
    stored = history.create(MATCH, name="soir", match_id="9a5792a0")
    assert stored.id == "9a5792a0"
    again = History(tmp_path / "db").get("9a57")
    assert again.match == MATCH and again.name == "soir"
    assert [s.id for s in History(tmp_path / "db").summaries()] == ["9a5792a0"]


def test_a_taken_id_is_refused_and_the_match_kept(tmp_path):
    history = History(tmp_path / "db")
    history.create(MATCH, match_id="9a5792a0")
    other = Match(players=("D", "E", "F"))
    with pytest.raises(VicaireError) as err:
        history.create(other, match_id="9a5792a0")
    assert err.value.code == "store.taken"
    assert history.get("9a5792a0").match == MATCH and len(history.summaries()) == 1


@pytest.mark.parametrize("bad", ["../../x", "9A5792A0", "9a5792a", "9a5792a0/", ""])
def test_an_id_that_is_not_an_id_is_refused(tmp_path, bad):
    history = History(tmp_path / "db")
    with pytest.raises(VicaireError) as err:
        history.create(MATCH, match_id=bad)
    assert err.value.code == "store.bad_id"
    assert history.summaries() == []
