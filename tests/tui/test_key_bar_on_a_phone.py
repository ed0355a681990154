"""On a phone the key bar is a row of tap targets: where it is the way to a screen's actions
(the History, the statistics, the records, the rules), it is 3 lines high (57 pixels served,
a thumb's 44 and more) with its words on the middle one, and a tap anywhere on an item's
width does what the item says; the sheet (its pad), home (its menu) and the board keep one
line. On a computer it is one line everywhere."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.widgets.keybar import KeyBar
from tests.support import key_bar_line
from tests.tui.conftest import make_app, open_sheet, settle, stored_match

pytestmark = pytest.mark.usefixtures("frozen_store")


def bar(app) -> KeyBar:
    return app.screen.query_one(KeyBar)


async def tap(pilot, words: str, row: int) -> None:
    """A tap (a click) on the key bar item saying `words`, on the bar's `row` (0: its top)."""
    x = key_bar_line(pilot.app).index(words) + 1
    assert await pilot.click(KeyBar, offset=(x, row))
    await settle(pilot)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_the_key_bar_is_a_thumb_high_where_it_holds_the_actions(
        folder, history, lang):
    stored_match(history, deals=[(4, 3, 3), (10, 0, 0)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 40)) as pilot:
        await settle(pilot)
        assert bar(app).region.height == 1  # home: its menu lines are the targets
        await pilot.press("h")
        await settle(pilot)
        history_screen = app.screen
        assert bar(app).region.height == 3  # the History
        commands = "Commands" if lang == "en" else "Commandes"
        await tap(pilot, commands, row=0)  # the bar's top line, above its words
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert bar(app).region.height == 3  # the statistics
        assert "Records" in key_bar_line(app)  # (the same word in both languages)
        back = "Back" if lang == "en" else "Retour"
        await tap(pilot, back, row=2)  # its bottom line
        assert app.screen is history_screen
        await tap(pilot, back, row=1)
        assert isinstance(app.screen, HomeScreen)
        sheet = await open_sheet(pilot)
        assert bar(app).region.height == 1 and sheet.is_current  # the sheet: its pad


async def test_on_a_computer_the_key_bar_is_one_line(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await settle(pilot)
        assert bar(app).region.height == 1
        await pilot.press("t")
        await settle(pilot)
        assert bar(app).region.height == 1
