"""The score sheet's words, from the match alone (no app)."""

from types import SimpleNamespace

from scorekeeper.rules.model import Match, RuleSet
from scorekeeper.rules.scoring import replay
from scorekeeper.tui.layout import shorten
from scorekeeper.tui.sheet.texts import entry_hint, sheet_status, undo_message
from scorekeeper.tui.sheet.undo import AddDeal, EditDeal


def state_of(*deals):
    return replay(Match(("Amélie", "Bruno", "Chloé"), RuleSet(), 0, deals))


def test_the_hint_guides_then_confirms_then_refuses():
    state = state_of()
    guide, kind = entry_hint(state, "", None, "en")
    assert kind == "" and str(guide).startswith("Tricks of Amélie, Bruno and Chloé")
    ready, kind = entry_hint(state, "4 3 3", None, "fr")
    assert kind == "ready" and "Entrée note Amélie 4, Bruno 3, Chloé 3" in str(ready)
    _error, kind = entry_hint(state, "9 9 9", None, "en")
    assert kind == "error"


def test_undo_and_redo_say_what_they_did_in_both_languages():
    add, edit = AddDeal(3, (4, 3, 3)), EditDeal(2, (4, 3, 3), (5, 3, 2))
    assert undo_message(add, True, "en") == "Deal 3 removed."
    assert undo_message(add, False, "fr") == "Donne 3 rétablie\u00a0: 4 3 3."
    assert undo_message(edit, True, "en") == "Deal 2 back to 4 3 3."
    assert undo_message(edit, False, "en") == "Deal 2 set to 5 3 2 again."


def test_a_name_is_cut_to_the_room_there_is_with_an_ellipsis():
    assert shorten("Zoé", 3) == "Zoé"
    assert shorten("Marie-Christine", 8) == "Marie-C…"
    assert shorten("Marie de La Tour", 9) == "Marie de…"  # (no space left before "…")
    assert shorten("Zoé", 1) == "…" and shorten("Zoé", 0) == ""


def test_the_status_keeps_names_whole_and_the_hint_fits():
    long = "Marie-Christine de La Tour"
    stored = SimpleNamespace(name="", status="active", state=replay(
        Match((long, "Zoé", "Bruno"), RuleSet(), 0, ())))
    whole = str(sheet_status(stored, "fr"))
    assert long in whole and whole.endswith("objectif 500")
    for width in (78, 70):
        line = str(sheet_status(stored, "fr", width))
        assert len(line) <= width and long in line and "…" not in line, line
        guide, _ = entry_hint(stored.state, "", None, "fr", width)
        sentence = str(guide).split("  ")[0]
        assert len(sentence) <= width and sentence.endswith("10 en tout."), sentence
        ready, _ = entry_hint(stored.state, "433", None, "en", width)
        assert str(ready).startswith("✓ Enter records Marie") and "Zoé 3, Bruno 3" in str(ready)
        assert len(str(ready).split("  ")[0]) <= width
    assert str(sheet_status(stored, "fr", 78)).startswith("Manche 1 · donne 1 · Marie-Christine")
    # Two names of 25 letters: whole all the same, on two lines (the sheet makes room).
    longer = "Jean-Baptiste-Édouard-Léo"
    stored = SimpleNamespace(name="", status="active", state=replay(
        Match((longer, long, "Bruno"), RuleSet(), 0, ())))
    line = str(sheet_status(stored, "fr", 78))
    assert long in line and longer in line
