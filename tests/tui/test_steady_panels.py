"""The deal table stays where it is from deal to deal: a player's needs going from two lines
back to one (a new round) neither shrinks the panels nor moves the table under the eyes (nor
lays the screen out again); a new width finds the lines' heights again."""

from __future__ import annotations

from scorekeeper.tui.widgets.deal_table import DealTable
from tests.tui.conftest import enter_deal, make_app, open_sheet, settle, stored_match


def needs_lines(app) -> list[int]:
    return [label.size.height for label in app.screen.query(".player-needs")]


async def test_the_table_does_not_move_when_the_needs_get_shorter(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:  # panels ~33 columns: needs can wrap
        await open_sheet(pilot)
        await enter_deal(pilot, "343")  # 7, 7, 6: "needs 3 (→10), 8 (→15) or 10 (sweep)"
        table = app.screen.query_one(DealTable)
        assert needs_lines(app) == [2, 2, 2]
        where = table.region.y
        await enter_deal(pilot, "307")  # Amélie arrives at 10: round 2, "needs 10 (→10)"
        await pilot.press("enter")  # the round-won dialog closed
        await settle(pilot)
        assert table.region.y == where
        await enter_deal(pilot, "433")
        assert table.region.y == where
        assert "needs 6 (→10) or 10 (sweep)" in str(
            app.screen.query_one("#player-0 .player-needs").render())
        # A new width finds the heights again: at 160 columns every needs line is one line.
        await pilot.resize_terminal(160, 34)
        await settle(pilot)
        assert needs_lines(app) == [1, 1, 1]
        assert table.region.y < where
