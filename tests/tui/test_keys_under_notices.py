"""Keys typed while a notice is up (a toast: "Nothing to redo.", the bots' deal) reach the
entry whole and in order, never dropped, on a busy machine: posted to the app at once, as a
terminal's driver posts them (tests/tui/test_keys_under_dialogs.py does the dialogs)."""

from __future__ import annotations

import pytest
from textual import events

from scorekeeper.store import History
from scorekeeper.tui.screens.dialogs import MessageDialog
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import until
from tests.tui.conftest import make_app, open_sheet, settle, stored_match
from tests.tui.test_keys_under_dialogs import busy_machine, entry, post_keys

pytestmark = pytest.mark.usefixtures("frozen_store")

__all__ = ["busy_machine"]  # (the fixture, used by name)


def press(app, key: str) -> None:
    app.post_message(events.Key(key, None))


async def test_keys_typed_under_a_notice_reach_the_entry_whole(folder, history, busy_machine):
    stored = stored_match(history, target=100000)
    app = make_app(folder)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_sheet(pilot)
        for turn in range(1, 4):
            press(app, "ctrl+y")  # "Nothing to redo.": a notice, and the deal typed at once
            post_keys(app, "4 3 3")
            await until(pilot, lambda: entry(app).value == "4 3 3", timeout=60)
            await settle(pilot)
            assert app.screen.query("Toast"), "the notice did not show"
            post_keys(app, "\r")
            await until(pilot, lambda n=turn: len(History(folder).get(stored.id).match.deals)
                        == n, timeout=60)
            await settle(pilot)
            assert entry(app).value == ""
        assert History(folder).get(stored.id).match.deals == ((4, 3, 3),) * 3


async def test_enter_pressed_with_the_bots_deal_records_it(folder, history, busy_machine):
    """ctrl+d then Enter at once: the bots' deal reaches the entry, then Enter records it,
    each time (a dialog a deal opens is closed before the next turn)."""
    stored = stored_match(history, target=100000)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_sheet(pilot)
        for turn in range(1, 6):
            press(app, "ctrl+d")
            post_keys(app, "\r")
            await until(pilot, lambda n=turn: len(History(folder).get(stored.id).match.deals)
                        == n, timeout=60)
            await settle(pilot)
            if isinstance(app.screen, MessageDialog):
                post_keys(app, "\r")
                await until(pilot, lambda: isinstance(app.screen, SheetScreen), timeout=60)
                await settle(pilot)
            assert entry(app).value == ""
        deals = History(folder).get(stored.id).match.deals
        assert len(deals) == 5 and all(sum(deal) == 10 for deal in deals)
