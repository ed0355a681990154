"""The History API the app calls: create, add, undo, edit, abandon, delete, listing."""

import pytest

from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History


@pytest.fixture
def history(tmp_path):
    return History(tmp_path / "db")


def new(history, **kw):
    return history.create(Match(players=("Amélie", "Bruno", "Chloé"), **kw), name="soirée")


def test_create_add_and_read_back_from_a_fresh_history_object(history):
    stored = new(history)
    assert len(stored.id) == 8 and stored.revision == 1 and stored.status == "in_progress"
    history.add_deal(stored.id, (4, 3, 3))
    history.add_deal(stored.id[:4], [6, 2, 2])
    again = History(history.folder).get(stored.id)
    assert again.match.deals == ((4, 3, 3), (6, 2, 2))
    assert again.state.points == (50, 0, 0)
    assert again.revision == 3 and again.name == "soirée"


def test_a_bad_deal_is_refused_and_nothing_changes(history):
    stored = new(history)
    with pytest.raises(VicaireError) as err:
        history.add_deal(stored.id, (5, 5, 1))
    assert err.value.code == "deal.sum"
    assert history.get(stored.id).revision == 1


def test_stale_revision_is_refused_with_the_current_state(history):
    stored = new(history)
    history.add_deal(stored.id, (4, 3, 3), expected_revision=1)
    with pytest.raises(VicaireError) as err:
        history.add_deal(stored.id, (4, 3, 3), expected_revision=1)
    assert err.value.code == "store.stale"
    assert "another window (now at deal 1)" in error_text(err.value, "en")
    assert err.value.params["current"].match.deals == ((4, 3, 3),)
    assert history.get(stored.id).match.deals == ((4, 3, 3),)


def test_won_match_refuses_more_deals_and_undo_reopens_it(history):
    stored = history.create(Match(players=("A", "B", "C"), rules=RuleSet(target=50)))
    won = history.add_deal(stored.id, (10, 0, 0))
    assert won.status == "won"
    with pytest.raises(VicaireError) as err:
        history.add_deal(stored.id, (4, 3, 3))
    assert err.value.code == "store.finished"
    reopened = history.undo(stored.id)
    assert reopened.status == "in_progress" and reopened.match.deals == ()
    assert reopened.corrections[-1].kind == "undo"
    assert reopened.corrections[-1].before == (10, 0, 0)


def test_edit_is_logged_and_recomputes(history):
    stored = new(history)
    for deal in [(4, 3, 3), (6, 2, 2), (2, 4, 4)]:
        history.add_deal(stored.id, deal)
    edited = history.edit_deal(stored.id, 2, (5, 3, 2))
    assert edited.match.deals[1] == (5, 3, 2)
    assert edited.corrections[-1].kind == "edit"
    assert (edited.corrections[-1].before, edited.corrections[-1].after) == ((6, 2, 2), (5, 3, 2))
    assert edited.state.points == (0, 50, 0)  # 9+2, 6+4=10, 5+4: Bruno arrives
    with pytest.raises(VicaireError) as err:
        history.edit_deal(stored.id, 9, (5, 3, 2))
    assert err.value.code == "match.deal_number"


def test_abandon_closes_the_match(history):
    stored = new(history)
    history.abandon(stored.id)
    with pytest.raises(VicaireError) as err:
        history.add_deal(stored.id, (4, 3, 3))
    assert err.value.code == "store.abandoned"
    assert history.latest_unfinished() is None


def test_summaries_newest_first_and_latest_unfinished(history, monkeypatch):
    # A clock a second on at every change: on a fast disk the three changes can fall in the
    # same millisecond, and which is newest would be left to chance.
    import itertools

    import scorekeeper.store.history as history_module

    seconds = itertools.count()
    monkeypatch.setattr(history_module, "now",
                        lambda: f"2026-03-14T20:30:{next(seconds):02d}.000Z")
    first = new(history)
    second = history.create(Match(players=("Denis", "Émile", "Amélie")))
    history.add_deal(first.id, (4, 3, 3))
    listing = history.summaries()
    assert [s.id for s in listing] == [second.id, first.id]
    assert listing[1].deals == 1 and listing[1].players == ("Amélie", "Bruno", "Chloé")
    assert history.latest_unfinished().id == first.id
    assert history.player_names()[:3] == ["Amélie", "Bruno", "Chloé"]
    assert history.player_names()[3:] == ["Denis", "Émile"]


def test_ids_prefixes_and_delete(history):
    stored = new(history)
    with pytest.raises(VicaireError) as err:
        history.get(stored.id[:3])
    assert err.value.code == "store.bad_id"
    with pytest.raises(VicaireError) as err:
        history.get("zzzz")
    assert err.value.code == "store.bad_id"
    history.delete(stored.id)
    with pytest.raises(VicaireError) as err:
        history.get(stored.id)
    assert err.value.code == "store.not_found"
    assert history.summaries() == []


def test_empty_history_reads_as_empty_without_creating_anything(tmp_path):
    history = History(tmp_path / "nothing")
    assert history.summaries() == [] and history.latest_unfinished() is None
    assert not (tmp_path / "nothing").exists()
