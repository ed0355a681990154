"""A letter typed (or pasted) in the sheet's entry line is left out with a word saying why
(issue 10, point 10): only the tricks in seat order, and the ways they are read."""

import pytest
from textual.widgets import Input

from tests.tui.conftest import entry_hint, make_app, open_sheet, settle, stored_match, type_text

pytestmark = pytest.mark.usefixtures("frozen_store")

SIZE = (100, 32)
PLAYERS = ("Amélie", "Bruno", "Zoé")


def hint(app) -> str:
    return entry_hint(app).replace("\u00a0", " ")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "✗ “a” left out: only the tricks in seat order, as 4 3 3, 433, 4,3,3 or 4-3-3"),
    ("fr", "✗ « a » ignoré : seulement les plis dans l'ordre de jeu, comme 4 3 3, 433, "
           "4,3,3 ou 4-3-3"),
])
async def test_a_letter_typed_in_the_entry_is_refused_with_a_reason(folder, history, lang,
                                                                     said):
    stored_match(history, deals=[(4, 3, 3)], players=PLAYERS)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        entry = app.screen.query_one("#entry", Input)
        await type_text(pilot, "4 a")
        await settle(pilot)
        assert entry.value == "4 "
        assert hint(app) == said
        await type_text(pilot, "3 3")  # the next key that goes in: the usual hint again
        await settle(pilot)
        assert "left out" not in hint(app) and "ignoré" not in hint(app)
        assert "Amélie 4, Bruno 3, Zoé 3" in hint(app)


async def test_a_pasted_word_is_named_short(folder, history):
    stored_match(history, deals=[(4, 3, 3)], players=PLAYERS)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        entry = app.screen.query_one("#entry", Input)
        entry.insert_text_at_cursor("four three three")  # (as a paste does)
        await settle(pilot)
        assert entry.value == ""
        assert hint(app).startswith("✗ “four th…” left out")


async def test_a_full_line_refuses_a_digit_without_blaming_letters(folder, history):
    stored_match(history, deals=[(4, 3, 3)], players=PLAYERS)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        entry = app.screen.query_one("#entry", Input)
        await type_text(pilot, "1 1 1 1 1 1 1 ")  # 14 characters: the line is full
        await type_text(pilot, "1")
        await settle(pilot)
        assert entry.value == "1 1 1 1 1 1 1 "
        assert "left out" not in hint(app)
