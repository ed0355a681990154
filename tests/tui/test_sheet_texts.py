"""The score sheet's words, from the match alone (no app)."""

from scorekeeper.rules.model import Match, RuleSet
from scorekeeper.rules.scoring import replay
from scorekeeper.tui.sheet_texts import entry_hint, undo_message
from scorekeeper.tui.undo import AddDeal, EditDeal


def state_of(*deals):
    return replay(Match(("Amélie", "Bruno", "Chloé"), RuleSet(), 0, deals))


def test_the_hint_guides_then_confirms_then_refuses():
    state = state_of()
    guide, kind = entry_hint(state, "", None, "en")
    assert kind == "" and str(guide).startswith("Tricks of Amélie, Bruno and Chloé")
    ready, kind = entry_hint(state, "4 3 3", None, "fr")
    assert kind == "ready" and "Entrée enregistre Amélie 4, Bruno 3, Chloé 3" in str(ready)
    _error, kind = entry_hint(state, "9 9 9", None, "en")
    assert kind == "error"


def test_undo_and_redo_say_what_they_did_in_both_languages():
    add, edit = AddDeal(3, (4, 3, 3)), EditDeal(2, (4, 3, 3), (5, 3, 2))
    assert undo_message(add, True, "en") == "Deal 3 removed."
    assert undo_message(add, False, "fr") == "Donne 3 rétablie\u00a0: 4 3 3."
    assert undo_message(edit, True, "en") == "Deal 2 back to 4 3 3."
    assert undo_message(edit, False, "en") == "Deal 2 set to 5 3 2 again."
