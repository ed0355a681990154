"""Pictures of the real screens (fixed dates and ids, no cursor blink) against stored ones."""

import pytest
from textual.widgets import Input

from scorekeeper.tui.app import VicaireApp
from tests.tui.conftest import (
    MID_ROUND,
    enter_deal,
    make_app,
    open_sheet,
    preview_correction,
    settle,
    stored_match,
    type_text,
)

pytestmark = pytest.mark.usefixtures("frozen_store")

SIZE = (110, 34)


def test_home(snap_compare, folder, history):
    won = stored_match(history, deals=[(10, 0, 0)], target=50, name="Dimanche chez Mamie")
    assert won.status == "won"
    stored_match(history, players=("Zoé", "Yves", "Xavier"), deals=[(4, 3, 3)])
    stored_match(history, deals=MID_ROUND)
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=settle)


def test_new_match(snap_compare, folder, history):
    async def fill(pilot):
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        for index, name in enumerate(("Amélie", "Bruno", "Chloé")):
            pilot.app.screen.query_one(f"#name-{index}", Input).value = name
        await pilot.press("down")
        await settle(pilot)
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=fill)


def test_sheet_mid_round(snap_compare, folder, history):
    stored_match(history, deals=MID_ROUND, name="Vendredi")

    async def run(pilot):
        await open_sheet(pilot)
        await type_text(pilot, "4 3")
        await settle(pilot)
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=run)


def test_sheet_at_80_by_24(snap_compare, folder, history):
    stored_match(history, deals=MID_ROUND)
    assert snap_compare(make_app(folder), terminal_size=(80, 24), run_before=open_sheet)


def test_tie_dialog(snap_compare, folder, history):
    stored_match(history, deals=[(5, 5, 0)])

    async def run(pilot):
        await open_sheet(pilot)
        await enter_deal(pilot, "5 5 0")
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=run)


def test_round_won_dialog(snap_compare, folder, history):
    stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])

    async def run(pilot):
        await open_sheet(pilot)
        await enter_deal(pilot, "3 0 7")  # Amélie arrives at 10, Chloé only at 12
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=run)


def test_match_won_dialog(snap_compare, folder, history):
    stored_match(history, deals=[(10, 0, 0), (2, 5, 3), (0, 5, 5)], target=60)

    async def run(pilot):
        await open_sheet(pilot)
        await enter_deal(pilot, "1000")
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=run)


def test_edit_preview(snap_compare, folder, history):
    stored_match(history, deals=MID_ROUND)

    run = preview_correction
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=run)


def test_french_sheet(snap_compare, folder, history):
    stored_match(history, deals=MID_ROUND)

    async def run(pilot):
        await open_sheet(pilot)
        await type_text(pilot, "4 4 4")
        await pilot.press("enter")
        await settle(pilot)
    assert snap_compare(make_app(folder, lang="fr"), terminal_size=SIZE, run_before=run)


def test_home_at_80_by_24(snap_compare, folder, history):
    stored_match(history, players=("Zoé", "Yves", "Xavier"), deals=[(4, 3, 3)])
    stored_match(history, deals=MID_ROUND, name="Dimanche chez Mamie")
    assert snap_compare(make_app(folder), terminal_size=(80, 24), run_before=settle)


def test_french_home_and_sheet_at_80_by_24(snap_compare, folder, history):
    stored_match(history, deals=MID_ROUND)
    assert snap_compare(make_app(folder, lang="fr"), terminal_size=(80, 24),
                        run_before=open_sheet)


def test_home_on_a_phone(snap_compare, folder, history):
    """One column: the title on one line, the subtitle, the menu a thumb's lines, then the
    match to resume and the last matches without their day."""
    stored_match(history, players=("Zoé", "Yves", "Xavier"), deals=[(4, 3, 3)])
    stored_match(history, deals=MID_ROUND, name="Dimanche chez Mamie")
    assert snap_compare(make_app(folder, lang="fr"), terminal_size=(48, 44), run_before=settle)


def test_home_in_a_short_window(snap_compare, folder, history):
    """Up to 20 lines: the title on one line and no subtitle, so that the whole menu shows."""
    stored_match(history, deals=MID_ROUND, name="Dimanche chez Mamie")
    assert snap_compare(make_app(folder), terminal_size=(100, 13), run_before=settle)


def test_home_in_a_new_history(snap_compare, folder):
    """No match yet: the sentences that say so, in French."""
    assert snap_compare(make_app(folder, lang="fr"), terminal_size=(80, 24), run_before=settle)


def test_board_on_a_phone(snap_compare, folder, history):
    stored_match(history, deals=MID_ROUND, name="Vendredi")
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=60, board=True)
    assert snap_compare(app, terminal_size=(50, 34), run_before=settle)


def test_confirm_before_simulating(snap_compare, folder, history):
    async def run(pilot):
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=run)
