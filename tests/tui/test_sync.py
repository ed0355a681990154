"""Two sessions on one history (two phones at the table): a deal recorded by one reaches the
other's score sheet, and the sheet reads the match file once for that change, never while
nothing changes (it only looks at the file's signature)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import scorekeeper.store.match_files as match_files
from scorekeeper.tui.sheet.deal_table import DealTable
from tests.support import notified, until
from tests.tui.conftest import make_app, open_sheet, screen_text, settle, stored_match, type_text


async def test_a_deal_recorded_elsewhere_reaches_the_sheet_with_one_read(
        folder, history, monkeypatch):
    stored = stored_match(history, deals=[(4, 3, 3)])
    reads: list[str] = []
    real_read = match_files.read_file

    def counted(path, *args, **kwargs):
        reads.append(path.name)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(match_files, "read_file", counted)
    app = make_app(folder, poll=0.05)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        sheet = app.screen
        looks: list[object] = []
        real_signature = app.history_signature

        def signature(match_id=None):
            looks.append(match_id)
            return real_signature(match_id)

        monkeypatch.setattr(app, "history_signature", signature)
        await until(pilot, lambda: looks.count(stored.id) >= 5)  # the sheet looked, ...
        await settle(pilot)
        reads.clear()
        looks.clear()
        await until(pilot, lambda: looks.count(stored.id) >= 10)
        assert reads == []  # ... and read nothing while nothing changed

        # The other session: the real command line, in its own process.
        done = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "scorekeeper", "add", stored.id[:6],
                             "1", "1", "8", "--db", str(folder)], capture_output=True)
        assert done.returncode == 0, done.stderr
        await until(pilot, lambda: len(sheet.state.match.deals) == 2)
        looks.clear()
        await until(pilot, lambda: looks.count(stored.id) >= 10)  # polls go on afterwards
        await settle(pilot)
        assert sheet.state.match.deals == ((4, 3, 3), (1, 1, 8))
        assert "deal 3" in screen_text(app), screen_text(app)
        assert any("changed in another window" in m for m in notified(app))
        assert reads == [f"{stored.id}.json"]  # the changed file, read once


async def test_a_deal_from_elsewhere_during_a_language_switch_is_shown_in_the_new_language(
        folder, history, monkeypatch):
    """The other window's deal arrives while the sheet is being composed again in French
    (f2): it was filled into parts not yet mounted, a fault that ended the app (found by
    random keys on a phone). Now it waits for the sheet to be whole, then shows."""
    import scorekeeper.tui.sheet.polling as polling

    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(48, 40)) as pilot:
        sheet = await open_sheet(pilot)
        moved = history.add_deal(stored.id, (2, 5, 3)).scored()
        monkeypatch.setattr(polling, "read_if_moved", lambda *args: moved)  # (read at once)
        app.lang = "fr"
        switching = asyncio.ensure_future(sheet.redraw())
        await asyncio.sleep(0)  # (the sheet's parts are being taken down and composed again)
        sheet.check_revision()
        await switching
        await settle(pilot)
        await until(pilot, lambda: sheet.stored.revision == moved.revision)
        await settle(pilot)
        assert "Manche 1 · donne 3" in screen_text(app)  # (French, after the two deals)


async def test_a_deal_undone_elsewhere_while_corrected_here_is_refused_in_words(
        folder, history):
    """The last deal is being corrected here (ctrl+e) when another window undoes it: the
    correction, sent, ended the app (found by random keys). It is refused, said, and the
    match stays as the other window left it."""
    stored = stored_match(history, deals=[(4, 3, 3), (2, 5, 3)])
    app = make_app(folder, poll=0.05)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+e")  # (the last deal: deal 2)
        await settle(pilot)
        history.undo(stored.id)  # the other window
        await until(pilot, lambda: len(sheet.state.match.deals) == 1)  # (the sheet, below)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "1 1 8")
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running and app.screen is sheet
        assert any("changed in another window (now at deal 1); nothing was recorded" in m
                   for m in notified(app)), notified(app)
        assert history.get(stored.id).match.deals == ((4, 3, 3),)


async def test_a_deal_chosen_in_the_table_as_another_window_undoes_it_is_refused_in_words(
        folder, history):
    """Enter on deal 2 in the table, and another window's undo of that deal taken in before
    the choice was handled: opening its correction ended the app (found by random keys,
    with resizes). It is refused in words, and the sheet stays."""
    stored = stored_match(history, deals=[(4, 3, 3), (2, 5, 3)])
    app = make_app(folder, poll=0.05)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        sheet = await open_sheet(pilot)
        history.undo(stored.id)  # the other window
        await until(pilot, lambda: len(sheet.state.match.deals) == 1)
        table = sheet.query_one(DealTable)
        table.post_message(DealTable.DealChosen(2))  # (Enter on deal 2, handled late)
        await settle(pilot)
        assert app.is_running and app.screen is sheet
        assert any("changed in another window (now at deal 1)" in m
                   for m in notified(app)), notified(app)
        assert history.get(stored.id).match.deals == ((4, 3, 3),)
