"""A screen shown for the first time is not restyled whole once more (`VicaireScreen`'s
`on_screen_resume`): each part was styled as it was mounted. Every screen and dialog must then
look exactly as Textual's full restyle would make it."""

import pytest

from scorekeeper.tui.cards.check_deal import CheckDealScreen
from scorekeeper.tui.cards.deal_view import DealViewScreen
from scorekeeper.tui.history.io import ImportDialog
from scorekeeper.tui.history.review import ReviewScreen
from scorekeeper.tui.history.screen import HistoryScreen
from scorekeeper.tui.rulebook.screen import RulesScreen
from scorekeeper.tui.screens.board import BoardScreen
from scorekeeper.tui.screens.dialogs import ConfirmDialog
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.in_progress import InProgressDialog
from scorekeeper.tui.screens.new_match import NewMatchScreen
from scorekeeper.tui.sheet.edit_deal import EditDealScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from scorekeeper.tui.stats.more import RecordsScreen, RivalriesScreen
from scorekeeper.tui.stats.screen import StatsScreen
from tests.support import styled_then_restyled
from tests.tui.conftest import MID_ROUND, make_app, settle, stored_match

pytestmark = pytest.mark.usefixtures("frozen_store")

# From home: the keys that open each screen in turn, and the keys back to home after it.
TOUR = [
    (["r"], SheetScreen, []),
    (["ctrl+e"], EditDealScreen, ["escape"]),
    (["ctrl+d", "ctrl+o"], DealViewScreen, ["escape", "escape"]),
    (["n"], InProgressDialog, []),
    (["n"], NewMatchScreen, ["escape"]),
    (["h"], HistoryScreen, []),
    (["d"], ConfirmDialog, ["escape"]),
    (["i"], ImportDialog, ["escape"]),
    (["o"], ReviewScreen, ["escape"]),
    (["t"], StatsScreen, []),
    (["r"], RecordsScreen, ["escape"]),
    (["v"], RivalriesScreen, ["escape", "escape", "escape"]),
    (["l"], RulesScreen, ["escape"]),
    (["b"], BoardScreen, ["escape"]),
    (["c"], CheckDealScreen, ["escape"]),
]


@pytest.mark.parametrize("size", [(80, 24), (44, 30)])
async def test_every_screen_first_shown_looks_as_a_full_restyle_makes_it(folder, history, size):
    stored_match(history, deals=MID_ROUND)
    app = make_app(folder)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        now, restyled = styled_then_restyled(app, [app.screen])
        assert restyled == now, "home"
        for keys, kind, back in TOUR:
            await pilot.press(*keys)
            await settle(pilot)
            assert isinstance(app.screen, kind)
            now, restyled = styled_then_restyled(app, [app.screen])
            assert restyled == now, kind.__name__
            for key in back:
                await pilot.press(key)
                await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
