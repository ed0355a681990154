"""The new-match form under fast typing: keys that arrive all at once still go where meant.

A terminal hands the app a whole burst of keys in one read when they come faster than
the app reads them (keys sent by a script, a fast typist): the app then dispatches them
all before any of them is handled. `pilot.press` waits for the app between keys and
would hide this, so `post_keys` (tests/support.py) posts the key events of what a terminal
sends (characters, Tab, Shift+Tab, Enter, Ctrl+S) all at once, as the terminal driver does.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from scorekeeper.store import History
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.new_match import NewMatchScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import post_keys, until
from tests.tui.conftest import make_app, open_new_match, settle, stored_match, type_text

pytestmark = pytest.mark.usefixtures("frozen_store")

TAB, SHIFT_TAB, ENTER = "\t", "\x1b[Z", "\r"


def field(form: NewMatchScreen, ident: str) -> Input:
    return form.query_one(f"#{ident}", Input)


def typed(app, ident: str) -> str | None:
    """What the new match form's field `ident` holds; None until the form is up, whole."""
    found = app.screen.query(f"#{ident}") if isinstance(app.screen, NewMatchScreen) else ()
    return found.first(Input).value if found else None


async def test_names_typed_in_one_burst_with_tab_land_in_their_fields(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        post_keys(app, f"Amélie{TAB}Bruno{TAB}Chloé")
        await settle(pilot)
        assert form.names() == ["Amélie", "Bruno", "Chloé"]
        assert form.focused is field(form, "name-2")


async def test_shift_tab_in_a_burst_goes_back_a_field(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        post_keys(app, f"{TAB}{TAB}Chloé{SHIFT_TAB}Bruno{SHIFT_TAB}Amélie")
        await settle(pilot)
        assert form.names() == ["Amélie", "Bruno", "Chloé"]
        assert form.focused is field(form, "name-0")


async def test_tab_past_the_names_reaches_the_next_fields_in_order(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        post_keys(app, f"Amélie{TAB}Bruno{TAB}Chloé{TAB}")
        await settle(pilot)
        focused = form.focused
        assert focused is not None and focused.id == "dealer"
        post_keys(app, SHIFT_TAB * 3)
        await settle(pilot)
        assert form.names() == ["Amélie", "Bruno", "Chloé"]
        assert form.focused is field(form, "name-0")


async def test_completion_from_the_history_still_works(folder, history):
    stored_match(history)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        await type_text(pilot, "am")
        await settle(pilot)
        await pilot.press("right")  # → at the end of the text, accepts the suggestion
        await pilot.press("tab")
        await type_text(pilot, "Br")
        await settle(pilot)
        await pilot.press("right")
        assert form.names()[:2] == ["Amélie", "Bruno"]
        # Tab itself never completes: it moves on with what was typed.
        await pilot.press("tab")
        await type_text(pilot, "Ch")
        await settle(pilot)
        await pilot.press("tab")
        await settle(pilot)
        assert form.names() == ["Amélie", "Bruno", "Ch"]


async def test_tab_in_a_burst_never_completes(folder, history):
    stored_match(history)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        post_keys(app, f"Am{TAB}Br{TAB}Ch")
        await settle(pilot)
        assert form.names() == ["Am", "Br", "Ch"]


async def test_escape_still_goes_back_after_a_burst(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_new_match(pilot)
        post_keys(app, f"Amélie{TAB}Bruno")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def test_enter_in_a_burst_also_moves_on_and_submits_from_the_last_field(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        post_keys(app, f"Amélie{ENTER}Bruno{ENTER}Chloé{ENTER}")
        await settle(pilot)
        assert form.names() == ["Amélie", "Bruno", "Chloé"]
        assert form.focused is field(form, "target")
        post_keys(app, f"60{ENTER}{ENTER}{ENTER}Vendredi")
        await settle(pilot)
        assert form.focused is field(form, "match-name")
        post_keys(app, ENTER)
        await until(pilot, lambda: isinstance(app.screen, SheetScreen))
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        stored = History(folder).get(app.screen.match_id)
        assert stored.match.players == ("Amélie", "Bruno", "Chloé")
        assert stored.match.rules.target == 60
        assert stored.name == "Vendredi"


async def test_enter_on_the_dealer_choice_still_picks_a_dealer(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        post_keys(app, f"Amélie{TAB}Bruno{TAB}Chloé{TAB}")
        await settle(pilot)
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert form.dealer() == 2
        assert form.focused is form.query_one("#dealer")


async def test_enter_on_the_cancel_button_still_presses_it(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        form = await open_new_match(pilot)
        form.query_one("#cancel").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def test_ctrl_s_at_the_end_of_a_burst_starts_the_match_with_every_name(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_new_match(pilot)
        post_keys(app, f"Amélie{TAB}Bruno{TAB}Chloé\x13")  # \x13: ctrl+s, in the same burst
        await until(pilot, lambda: isinstance(app.screen, SheetScreen))
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert History(folder).get(app.screen.match_id).match.players == (
            "Amélie", "Bruno", "Chloé")


async def test_names_typed_right_after_n_on_home_land_in_the_form(folder):
    """`n` and the names in one burst: the form opens once the history has said whether a
    match is in progress; the keys typed meanwhile went to home, whose keys open other
    screens (b, l, c, h in "blanche", "charles"), and the form opened empty."""
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        post_keys(app, "nblanche" + TAB + "charles")
        await until(pilot, lambda: typed(app, "name-1") == "charles")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        assert [type(screen) for screen in app.screen_stack] == [HomeScreen, NewMatchScreen]
        assert field(form, "name-0").value == "blanche"
        assert field(form, "name-1").value == "charles"


async def test_keys_typed_right_after_n_answer_the_match_in_progress_question(folder, history):
    """With a match in progress `n` asks first; keys typed at once answer the question (a
    second `n`: a new match all the same) and then fill in the form."""
    stored_match(history)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        post_keys(app, "nnAnna")
        await until(pilot, lambda: typed(app, "name-0") == "Anna")
        await settle(pilot)
        assert isinstance(app.screen, NewMatchScreen)
        assert field(app.screen, "name-0").value == "Anna"


@pytest.mark.parametrize("keys", ["r", "nr"], ids=["r on home", "n then r to the question"])
async def test_a_deal_typed_right_after_resuming_reaches_the_sheet(folder, history, keys):
    """`r` (resume) on home, or `n` and `r` (resume the match in progress), and a deal, all in
    one burst: the sheet opens once the match is read, and the deal typed meanwhile is
    recorded there (it went to home, whose Enter resumed the match again, and was lost)."""
    stored = stored_match(history)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = len(stored.match.deals)
        post_keys(app, keys + "2 3 5" + ENTER)
        # The keys go through two reads of the history (is a match in progress? the match)
        # and a write: more turns than `settle` waits for on a busy machine.
        await until(pilot, lambda: len(History(folder).get(stored.id).match.deals) > before)
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen) and app.screen.match_id == stored.id
        assert len(app.screen_stack) == 2  # (home, the sheet: opened once)
        deals = History(folder).get(stored.id).match.deals
        assert len(deals) == before + 1 and deals[-1] == (2, 3, 5)
