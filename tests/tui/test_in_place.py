"""The language switch keeps every screen where it was; a small terminal still shows the keys
that matter; simulating asks first; exports land in one place."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.widgets import Input

import scorekeeper.tui.app as app_module
from scorekeeper.store import History
from scorekeeper.tui.cards.check_deal import CheckDealScreen
from scorekeeper.tui.history.review import ReviewScreen
from scorekeeper.tui.history.screen import HistoryScreen
from scorekeeper.tui.rulebook.screen import RulesScreen
from scorekeeper.tui.screens.board import BoardScreen
from scorekeeper.tui.screens.dialogs import ConfirmDialog
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.new_match import NewMatchScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from scorekeeper.tui.stats.screen import StatsScreen
from scorekeeper.tui.widgets.keybar import KeyBar
from tests.support import notified, until
from tests.tui.conftest import (
    MID_ROUND,
    make_app,
    open_sheet,
    screen_text,
    settle,
    stored_match,
    type_text,
)
from tests.tui.history_samples import fill_history

pytestmark = pytest.mark.usefixtures("frozen_store")


@pytest.fixture
def samples(folder: Path) -> dict:
    return fill_history(folder)


def keybar_keys(app) -> list[str]:
    """The keys the key bar shows now, at its width."""
    bar = app.screen.query_one(KeyBar)
    kept, palette = bar.layout_items(bar.size.width)
    return [item.key for item in kept] + ([palette.key] if palette else [])


async def test_f2_on_the_history_keeps_sort_filter_and_cursor(folder, samples):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        history = app.screen
        await pilot.press("2", "slash")  # players A→Z, then filter
        await settle(pilot)
        await type_text(pilot, "bruno")
        await pilot.press("enter", "down")
        await settle(pilot)
        chosen = history.current_id()
        await pilot.press("f2")
        await settle(pilot)
        assert app.screen is history and isinstance(history, HistoryScreen)
        assert app.lang == "fr"
        assert history.sort_column == 1 and history.needle == "bruno"
        assert history.query_one("#history-filter", Input).value == "bruno"
        assert history.current_id() == chosen
        text = screen_text(app)
        assert "Historique — 4 parties, 2 affichées" in text
        assert "2 Joueurs ▲" in text


async def test_f2_on_review_stats_and_rules_stays_there(folder, samples):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("h", "down", "enter")
        await settle(pilot)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("f2")
        await settle(pilot)
        assert app.screen is review
        assert "Donne" in screen_text(app) or "Manche" in screen_text(app)
        await pilot.press("escape", "t")
        await settle(pilot)
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        await pilot.press("f2")
        await settle(pilot)
        assert app.screen is stats and app.lang == "en"
        assert "Statistics — all matches (3 matches)" in screen_text(app)  # bots left out
        await pilot.press("escape", "escape")
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        app.set_lang("fr")  # from the palette: the rules follow the app's language
        await settle(pilot)
        assert app.screen is rules and rules.lang == "fr"
        assert len(app.screen_stack) == 2


async def test_f2_on_new_match_keeps_what_was_typed(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await type_text(pilot, "Amélie")
        await pilot.press("enter")
        await type_text(pilot, "Bruno")
        await settle(pilot)
        form = app.screen
        await pilot.press("f2")
        await settle(pilot)
        assert app.screen is form and isinstance(form, NewMatchScreen)
        assert form.names() == ["Amélie", "Bruno", ""]
        assert form.focused is form.query_one("#name-1")
        assert "Nouvelle partie" in screen_text(app)


async def test_f2_on_the_sheet_keeps_the_typed_deal_and_the_undo(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        await type_text(pilot, "5 5 0")
        await pilot.press("enter")
        await settle(pilot)
        if app.screen is not sheet:  # a tie dialog
            await pilot.press("enter")
            await settle(pilot)
        await type_text(pilot, "6 2")
        await pilot.press("f2")
        await settle(pilot)
        assert app.screen is sheet and app.lang == "fr"
        assert sheet.query_one("#entry", Input).value == "6 2"
        assert "Manche 1" in screen_text(app)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert History(folder).get(stored.id).match.deals == ((4, 3, 3),)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_small_terminal_keeps_language_and_palette_keys(folder, samples, lang):
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert keybar_keys(app)[-2:] == ["f2", "ctrl+p"]
        assert {"r", "n", "h"} <= set(keybar_keys(app))
        await pilot.press("h")
        await settle(pilot)
        assert {"escape", "slash", "1", "f2", "ctrl+p"} <= set(keybar_keys(app))
        table = app.screen.query_one("#history-table")
        assert table.virtual_size.width <= table.size.width  # no scrolling sideways
        await pilot.press("enter")
        await settle(pilot)
        assert {"escape", "g", "f2", "ctrl+p"} <= set(keybar_keys(app))
        await pilot.press("escape", "escape", "r")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert {"escape", "f2", "ctrl+p"} <= set(keybar_keys(app))


async def test_clicking_a_key_in_the_bar_runs_it(folder, frames_drawn):
    """A click on a key of the bar, where the last frame drew it, runs it."""
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        start = next(start for start, _end, item in bar._spans if item.key == "n")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await settle(pilot)
        assert isinstance(app.screen, NewMatchScreen)


async def test_simulate_from_home_asks_first(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Let three bots play a whole match?" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert History(folder).summaries() == []
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        await settle(pilot)
        summaries = History(folder).summaries()
        assert len(summaries) == 1 and summaries[0].simulated
        assert isinstance(app.screen, SheetScreen)


PLAYING = "Bots are playing a match…"


async def simulate_from_home(pilot) -> None:
    await settle(pilot)
    await pilot.press("s")
    await settle(pilot)
    await pilot.press("y")
    await until(pilot, lambda: isinstance(pilot.app.screen, SheetScreen))
    await settle(pilot)


async def test_quick_bots_leave_no_word_over_the_simulated_match(folder, monkeypatch):
    """The bots play a match in a fifth of a second: "Bots are playing a match…" said then
    stayed seconds over the finished match's sheet. Said only when they take a while."""
    monkeypatch.setattr(app_module, "SLOW_SIMULATION", 30.0)  # (however loaded the machine)
    app = make_app(folder)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await simulate_from_home(pilot)
        assert PLAYING not in notified(app)
        assert not app.screen.query("Toast")


async def test_slow_bots_are_said_to_be_playing(folder, monkeypatch):
    import scorekeeper.sim.match as match_module

    real = match_module.simulate_match
    app = make_app(folder)

    def slow(seed):
        deadline = time.monotonic() + 10
        while PLAYING not in notified(app) and time.monotonic() < deadline:
            time.sleep(0.02)
        return real(seed)

    monkeypatch.setattr(match_module, "simulate_match", slow)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await simulate_from_home(pilot)
        assert PLAYING in notified(app)
        assert History(folder).summaries()[0].simulated


async def test_the_sheet_exports_where_the_history_does(folder, history, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        app.screen.action_export()
        await settle(pilot)
        messages = notified(app)
    path = folder / "exports" / f"vicaire-2026-03-14-{stored.id}.json"
    assert path.is_file()
    assert f"Match file written to {path}" in messages


async def test_quitting_as_a_match_opens_is_no_fault(folder, history):
    """The app quits (Ctrl+Q, or its server stopping) while a sheet is still being put
    together: the sheet's parts never mount, and filling them in was a fault of the app
    (3 runs in 10 here). Ten tries, each quitting as soon as the sheet is on top."""
    from scorekeeper.sim.match import simulate_match

    for seed in range(10):
        state, _records = simulate_match(seed)
        stored = history.create(state.match, simulated=True)
        app = make_app(folder)
        async with app.run_test(size=(110, 34)) as pilot:  # (raises the app's fault, if any)
            await settle(pilot)
            app.open_match(stored.id)
            await until(pilot, lambda app=app: isinstance(app.screen, SheetScreen))


async def test_work_replaced_before_it_starts_leaves_no_warning(folder, history):
    """f2 pressed again before the screens are redrawn, chances asked again before they are
    worked out: the work replaced was made and dropped, and Python said "coroutine ... was
    never awaited" when it collected it (after the app, on the terminal)."""
    import gc
    import warnings

    from scorekeeper.tui.sheet.odds_line import OddsLine

    stored_match(history, deals=[(4, 3, 3), (6, 2, 2), (5, 5, 0)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = make_app(folder)
        async with app.run_test(size=(110, 34)) as pilot:
            sheet = await open_sheet(pilot)
            for _ in range(3):  # (in one go: each replaces the one before)
                sheet.query_one(OddsLine).show(sheet.stored.state, "en")
            for lang in ("fr", "en", "fr"):
                app.set_lang(lang)
            await settle(pilot)
            assert "Chances de gagner la manche" in screen_text(app)
        del app, sheet
        gc.collect()
    assert [str(w.message) for w in caught if "never awaited" in str(w.message)] == []


async def palette(pilot, command: str) -> None:
    """Run `command` from the command palette (ctrl+p), by keys."""
    await pilot.press("ctrl+p")
    await settle(pilot)
    await type_text(pilot, command)
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("key, command, screen", [
    ("h", "History", HistoryScreen), ("l", "Rules", RulesScreen),
    ("c", "Check a deal", CheckDealScreen)])
async def test_a_screen_asked_again_from_its_own_palette_stays_as_it_is(folder, key, command,
                                                                        screen):
    """History open, ctrl+p, "History": the app ended on a fault (two screens of one name);
    found by random keys."""
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        await palette(pilot, command)
        assert [type(s) for s in app.screen_stack] == [HomeScreen, screen]


async def test_screens_asked_for_over_each_other_open_over_each_other(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        await palette(pilot, "Rules")
        await palette(pilot, "History")
        assert [type(s) for s in app.screen_stack] == [HomeScreen, HistoryScreen, RulesScreen,
                                                       HistoryScreen]
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)


@pytest.mark.parametrize("key, screen", [("b", BoardScreen), ("r", SheetScreen)])
async def test_f2_over_a_match_redraws_it_below(folder, key, screen):
    """On the scoreboard, History (from the palette), then f2: the board, composed again in
    French below the history, was shown before its panels were filled in, a fault that
    ended the app (found by random keys)."""
    stored_match(History(folder), deals=MID_ROUND)
    app = make_app(folder)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        await palette(pilot, "History")
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running and app.lang == "fr"
        assert type(app.screen) is screen
        assert "il faut 5 (→10) ou 10 (→15)" in screen_text(app), screen_text(app)
