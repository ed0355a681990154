"""Key names in the user's language: the key bar, Textual's keys panel and the board say
"Échap", "Entrée", "Pg préc" in French, and what Textual shows in English."""

from __future__ import annotations

import pytest

from scorekeeper.tui.key_names import key_words
from scorekeeper.tui.widgets.keybar import KeyBar
from tests.support import screen_lines
from tests.tui.conftest import make_app, settle, stored_match


@pytest.mark.parametrize(("display", "french"), [
    ("esc", "Échap"), ("⏎", "Entrée"), ("del", "Suppr"), ("tab", "Tab"), ("space", "Espace"),
    ("shift+tab", "Maj+Tab"), ("^⏎", "^Entrée"), ("esc/q", "Échap/q"), ("pgup", "Pg préc"),
    ("^z", "^z"), ("/", "/"), ("1-6", "1-6"), ("f2", "f2"), ("↑", "↑"), ("d", "d"),
])
def test_textual_key_names_said_in_french_and_kept_in_english(display, french):
    assert key_words("fr", display) == french
    assert key_words("en", display) == display


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_sheet_key_bar_names_esc_in_the_language_and_keeps_its_keys_at_80(
        folder, history, lang):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        kept, _palette = bar.layout_items(80)
        assert {"ctrl+z", "ctrl+e", "escape"} <= {item.key for item in kept}
        shown = screen_lines(app)[-1]
        if lang == "fr":
            assert "Échap Retour" in shown and "^z Annuler" in shown and "^e Corriger" in shown
            assert "esc" not in shown
        else:
            assert "esc Back" in shown and "^z Undo" in shown


async def test_the_keys_panel_names_keys_in_french(folder):
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")  # new match: the name field has the focus
        await settle(pilot)
        app.action_show_help_panel()
        await settle(pilot)
        text = "\n".join(screen_lines(app))
        assert "Début" in text and "Fin" in text and "Pg préc" in text
        for english in (" home ", " end ", "pgup", "pgdn", " esc ", "Input", "Open the"):
            assert english not in text, english
        assert "Champ de saisie" in text  # the title of the text field's keys


async def test_the_board_says_its_way_out_in_french(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        shown = screen_lines(app)[-1]
        assert "Échap/q Retour" in shown, shown
