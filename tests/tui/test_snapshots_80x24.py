"""Pictures at 80×24 (a laptop's default terminal) of the dialogs and screens that issue 10
found cut, and a pass at 60×20 through every screen that nothing breaks."""

import pytest
from textual.widgets import Button

from scorekeeper.tui.app import VicaireApp
from scorekeeper.tui.screens.dialogs import MessageDialog
from tests.tui.conftest import (
    MID_ROUND,
    enter_deal,
    make_app,
    open_sheet,
    preview_correction,
    settle,
    stored_match,
)
from tests.tui.history_samples import fill_history

pytestmark = pytest.mark.usefixtures("frozen_store")

SMALL = (80, 24)
DIALOGS = {
    "tie": ([(4, 3, 3), (3, 4, 3)], "3 3 4"),  # a three-way tie at 10
    "round_won": ([(4, 3, 3), (3, 5, 2)], "3 0 7"),
    "match_won": ([(10, 0, 0), (2, 5, 3), (0, 5, 5)], "10 0 0"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", list(DIALOGS))
def test_result_dialog_80x24(snap_compare, folder, history, kind, lang):
    played, entry = DIALOGS[kind]
    stored_match(history, deals=played, target=60)

    async def run(pilot):
        await open_sheet(pilot)
        await enter_deal(pilot, entry)
    assert snap_compare(make_app(folder, lang=lang), terminal_size=SMALL, run_before=run)


def test_correction_preview_80x24(snap_compare, folder, history):
    stored_match(history, deals=MID_ROUND)

    run = preview_correction
    assert snap_compare(make_app(folder), terminal_size=SMALL, run_before=run)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_board_80x24(snap_compare, folder, history, lang):
    stored_match(history, deals=MID_ROUND, name="Vendredi")
    app = VicaireApp(folder=folder, lang=lang, cursor_blink=False, poll=60, board=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=settle)


def keys(*pressed: str):
    async def run(pilot) -> None:
        await settle(pilot)
        for key in pressed:
            await pilot.press(key)
            await settle(pilot)
    return run


def test_new_match_80x24(snap_compare, folder, history):
    assert snap_compare(make_app(folder), terminal_size=SMALL, run_before=keys("n"))


def test_check_a_deal_80x24(snap_compare, folder, history):
    assert snap_compare(make_app(folder), terminal_size=SMALL, run_before=keys("c"))


def test_won_match_sheet_80x24(snap_compare, folder, history):
    played, entry = DIALOGS["match_won"]
    stored_match(history, deals=played, target=60)

    async def run(pilot):
        await open_sheet(pilot)
        await enter_deal(pilot, entry)
        await pilot.press("enter")
        await settle(pilot)
    assert snap_compare(make_app(folder), terminal_size=SMALL, run_before=run)


# ------------------------------------------------------------ 60×20: nothing breaks

SCREENS = {
    "home": (),
    "new match": ("n",),
    "sheet": ("r",),
    "history": ("h",),
    "review": ("h", "down", "enter"),
    "stats": ("h", "t"),
    "rules": ("l", "pagedown"),
    "check a deal": ("c",),
    "board": ("b",),
    "simulate question": ("s",),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("screen", list(SCREENS))
async def test_every_screen_at_60_by_20(tmp_path, screen, lang):
    folder = tmp_path / "history"
    fill_history(folder)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(60, 20)) as pilot:
        await keys(*SCREENS[screen])(pilot)
        assert app.is_running
        for button in app.screen.query(Button):  # each button of a dialog shows
            if button.display and app.screen.is_modal:
                assert app.screen.region.contains_region(button.region), button


@pytest.mark.parametrize("kind", list(DIALOGS))
async def test_dialogs_at_60_by_20_their_button_is_reached(folder, history, kind):
    played, entry = DIALOGS[kind]
    stored_match(history, deals=played, target=60)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(60, 20)) as pilot:
        await open_sheet(pilot)
        await enter_deal(pilot, entry)
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        button = dialog.query_one("#close", Button)
        assert dialog.region.contains_region(button.region) and button.has_focus
        await pilot.click(button)
        await settle(pilot)
        assert not isinstance(app.screen, MessageDialog)
