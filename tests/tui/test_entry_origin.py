"""Where the entry line's counts came from (issue 10, point 7): ctrl+o shows the deal behind
them, simulated (ctrl+d) or checked (ctrl+g), or says there is none; the hint never calls
checked counts "simulated"."""

import pytest
from textual.widgets import Input

import scorekeeper.tui.sheet.cards as sheet_cards
from scorekeeper.rules.cards import code
from scorekeeper.tui.cards.check_deal import CheckDealScreen
from scorekeeper.tui.cards.deal_view import DealViewScreen, TricksTable
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import notified
from tests.tui.conftest import (
    PLAYERS,
    entry_hint,
    make_app,
    open_sheet,
    played_deal,
    screen_text,
    settle,
    stored_match,
    trick_winners,
    type_text,
)

pytestmark = pytest.mark.usefixtures("frozen_store")

SIZE = (100, 32)


async def check_and_send(pilot, record) -> None:
    """ctrl+g, type the deal's ten tricks, Enter sends the counts to the sheet."""
    await pilot.press("ctrl+g")
    await settle(pilot)
    assert isinstance(pilot.app.screen, CheckDealScreen)
    for trick in record.tricks:
        pilot.app.screen.query_one("#check-entry", Input).value = " ".join(
            code(c) for c in trick.cards)
        await pilot.press("enter")
        await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)


async def test_after_a_simulated_then_a_checked_deal_ctrl_o_shows_the_checked_one(
        folder, history, monkeypatch):
    stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])  # Chloé deals, Amélie leads
    monkeypatch.setattr(sheet_cards, "new_seed", lambda: 5)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        simulated = sheet.simulated
        checked = played_deal(dealer=2, seed=3)
        assert checked.counts != simulated.counts
        await check_and_send(pilot, checked)
        assert app.screen is sheet
        assert sheet.query_one("#entry", Input).value == " ".join(map(str, checked.counts))
        assert "checked deal: ctrl+o shows its tricks" in entry_hint(app)
        assert "simulated" not in entry_hint(app)

        await pilot.press("ctrl+o")
        await settle(pilot)
        view = app.screen
        assert isinstance(view, DealViewScreen)
        text = screen_text(app)
        assert "Checked deal · Chloé deals, Amélie leads" in text
        assert "Simulated" not in text
        shown = trick_winners(view.query_one(TricksTable))
        assert shown == [PLAYERS[t.winner] for t in checked.tricks]
        assert "Tricks taken: Amélie {} · Bruno {} · Chloé {}".format(*checked.counts) in text
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is sheet


async def test_checked_counts_equal_to_the_simulated_ones_are_called_checked(
        folder, history, monkeypatch):
    """The simulated deal typed again card by card: the same counts, but now checked ones."""
    stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])
    monkeypatch.setattr(sheet_cards, "new_seed", lambda: 5)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        assert "simulated: ctrl+o shows its tricks" in entry_hint(app)
        record = sheet.simulated
        await check_and_send(pilot, record)
        assert "checked deal: ctrl+o" in entry_hint(app) and "simulated" not in entry_hint(app)
        await pilot.press("ctrl+o")
        await settle(pilot)
        text = screen_text(app)
        assert "Checked deal · Chloé deals, Amélie leads" in text
        assert "aims at" not in text  # (what the bots aimed at belongs to a simulated deal)


async def test_typed_counts_have_no_deal_behind_them(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert app.screen is sheet
        assert notified(app)[-1] == ("No deal in the entry line: ctrl+d simulates one, "
                                     "ctrl+g checks one.")
        await type_text(pilot, "4 3 3")
        await settle(pilot)
        assert "Enter records" in entry_hint(app) and "ctrl+o" not in entry_hint(app)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert app.screen is sheet
        assert notified(app)[-1] == ("The counts in the entry line were typed: no deal to "
                                     "show. ctrl+d simulates one, ctrl+g checks one.")


async def test_a_simulated_deal_edited_by_hand_is_no_longer_shown(folder, history,
                                                                   monkeypatch):
    stored = stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])
    monkeypatch.setattr(sheet_cards, "new_seed", lambda: 5)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        counts = list(sheet.simulated.counts)
        # The scorer changes the last count by hand (and the second to match).
        counts[1], counts[2] = counts[1] + counts[2], 0
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, " ".join(map(str, counts)))
        await settle(pilot)
        assert "simulated" not in entry_hint(app)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert app.screen is sheet
        assert notified(app)[-1].startswith(
            "The counts in the entry line were changed by hand after the simulated deal: "
            "no deal to show.")
        await pilot.press("enter")  # what is recorded is what was typed
        await settle(pilot)
        assert history.get(stored.id).match.deals[-1] == tuple(counts)


async def test_the_origin_survives_a_language_switch(folder, history, monkeypatch):
    stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])
    monkeypatch.setattr(sheet_cards, "new_seed", lambda: 5)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert "simulée : Ctrl+O montre ses plis" in entry_hint(app).replace("\xa0", " ")
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert "Donne simulée · Chloé donne, Amélie entame" in screen_text(app)


async def test_a_deal_checked_from_home_comes_with_its_tricks(folder, history):
    stored_match(history, deals=[(4, 3, 3)])  # Bruno deals, Chloé leads
    checked = played_deal(dealer=1, seed=11)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        await check_and_send(pilot, checked)
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        assert "checked deal: ctrl+o" in entry_hint(app)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, DealViewScreen)
        assert "Checked deal · Bruno deals, Chloé leads" in screen_text(app)
        shown = trick_winners(app.screen.query_one(TricksTable))
        assert shown == [PLAYERS[t.winner] for t in checked.tricks]
