"""Starting a match while one is in progress (issue 32, point 10): the app says so and offers
to resume it, to leave it in progress, or to abandon it."""

import pytest

from scorekeeper.store import History
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.in_progress import InProgressDialog
from scorekeeper.tui.screens.new_match import NewMatchScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import notified, screen_lines
from tests.tui.conftest import make_app, settle, stored_match

pytestmark = pytest.mark.usefixtures("frozen_store")

LONG = ("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Éric-Emmanuel")


def whole_on_screen(app, words: str) -> bool:
    return " ".join(words.split()) in " ".join(" ".join(screen_lines(app)).split())


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (80, 24)),
                                            ("fr", (46, 44)), ("en", (120, 40))])
async def test_a_new_match_while_one_is_in_progress_asks_first(folder, history, lang, size):
    stored = stored_match(history, players=LONG, deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for choice, leads_to in (("escape", HomeScreen), ("r", SheetScreen),
                                 ("n", NewMatchScreen)):
            await pilot.press("n")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, InProgressDialog)
            for button in dialog.query("Button"):
                assert dialog.region.contains_region(button.region)  # every choice shows
                assert whole_on_screen(app, str(button.label))
            assert all(whole_on_screen(app, name) for name in LONG)
            await pilot.press(choice)
            await settle(pilot)
            assert isinstance(app.screen, leads_to)
            await pilot.press("escape")
            await settle(pilot)
        assert History(folder).get(stored.id).status == "in_progress"
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("a")  # abandon it: then the form
        await settle(pilot)
        assert isinstance(app.screen, NewMatchScreen)
        assert History(folder).get(stored.id).status == "abandoned"
        assert notified(app)[-1] in ("The match in progress was abandoned.",
                                     "La partie en cours a été abandonnée.")


async def test_with_no_match_in_progress_n_opens_the_form(folder, history):
    stored_match(history, deals=[(10, 0, 0)], target=50)  # won
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewMatchScreen)


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (46, 44))])
def test_snapshot_in_progress_question(snap_compare, folder, history, lang, size):
    stored_match(history, players=LONG, deals=[(4, 3, 3)])

    async def run(pilot):
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
    assert snap_compare(make_app(folder, lang=lang), terminal_size=size, run_before=run)
