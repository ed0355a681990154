"""Work that ends while its screen closes: a screen reads the history on a thread, and Esc
may take it off meanwhile. Its parts are then being taken down: filling them in was a fault
that ended the app (found by random keys: another window's deal read by a sheet being left).
Each race is run at many moments of the closing; the app must stay up every time."""

from __future__ import annotations

import asyncio

import scorekeeper.tui.sheet.polling as polling
from scorekeeper.tui.history.screen import HistoryScreen
from tests.tui.conftest import make_app, open_sheet, settle, stored_match

MOMENTS = range(16)  # turns of the event loop between Esc and the work's start


async def close_while(pilot, start_work, turns: int) -> None:
    """Take the current screen off (as Esc does) and start `start_work` `turns` turns of the
    event loop later, while the screen's parts are being taken down."""
    closing = asyncio.ensure_future(pilot.app.pop_screen())
    for _ in range(turns):
        await asyncio.sleep(0)
    start_work()
    await closing
    await settle(pilot)


async def test_a_deal_from_elsewhere_read_as_the_sheet_closes_is_no_fault(
        folder, history, monkeypatch):
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        for turns in MOMENTS:
            sheet = await open_sheet(pilot)
            moved = history.add_deal(stored.id, (2, 5, 3)).scored()  # (another window)
            monkeypatch.setattr(polling, "read_if_moved", lambda *args, moved=moved: moved)
            await close_while(pilot, sheet.check_revision, turns)
            assert app.is_running and app.return_code is None, turns
            assert app.screen.__class__.__name__ == "HomeScreen"
            history.undo(stored.id)  # (the same match again, next time)
        assert len(history.get(stored.id).match.deals) == 1


async def test_the_history_read_as_its_screen_closes_is_no_fault(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for turns in MOMENTS:
            await pilot.press("h")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            await close_while(pilot, screen.load, turns)
            assert app.is_running and app.return_code is None, turns
            assert app.screen.__class__.__name__ == "HomeScreen"


async def test_a_row_lit_as_the_sheet_closes_is_no_fault(folder, history):
    """The deals' table says a row is lit (its cursor set as it fills) after the entry line
    has gone, as the sheet is taken down at exit: the hint is simply not redrawn. (Seen as a
    fault ending the app when the app quit as a sheet opened.)"""
    from textual.widgets import Input

    from scorekeeper.tui.sheet.deal_table import DealTable

    stored_match(history, deals=[(4, 3, 3), (2, 5, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_sheet(pilot)
        await sheet.query_one("#entry", Input).remove()  # (taken down first)
        table = sheet.query_one(DealTable)
        table.move_cursor(row=0)
        table.move_cursor(row=1)
        await settle(pilot)
        assert app.is_running and app.return_code is None
