"""The deal table stays where it is from deal to deal: a player's needs going from two lines
back to one (a new round) neither shrinks the panels nor moves the table under the eyes (nor
lays the screen out again); a new width finds the lines' heights again."""

from __future__ import annotations

from scorekeeper.tui.screens.board import BoardScreen
from scorekeeper.tui.sheet.deal_table import DealTable
from tests.support import screen_lines, styled_then_restyled
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


async def test_the_points_line_up_under_the_needs_at_80x24(folder, history):
    """At 80×24 the panels waste no line: nothing spent, no empty line under the needs; and
    when one player's needs take one line and the others' two, the match points of all three
    still sit on one line, at the foot of the panels."""
    stored_match(history, deals=[(4, 6, 0)])  # Chloé at 0 needs "10 (→10)": one line
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        panels = list(app.screen.query(".player-panel"))
        rows = [panel.query_one(".player-points-row").region for panel in panels]
        needs = [panel.query_one(".player-needs").region for panel in panels]
        assert [n.height for n in needs] == [2, 2, 1]
        assert len({row.y for row in rows}) == 1
        assert rows[0].y == needs[0].bottom  # right under two lines of needs
        feet = [panel.region.bottom - 1 for panel in panels]  # (inside the bottom border)
        assert [row.bottom for row in rows] == feet


async def test_a_round_won_moves_the_winners_points_and_bar_on_and_the_same_points_draw_alike(
        folder, history):
    """The points line under each panel: the points toward the target, then a bar of them
    (half cells rounded to the nearest), drawn again when a round is won; the sheet and the
    spectators' board draw the same points with the same bar."""
    stored_match(history, deals=[(4, 3, 3), (3, 5, 2)], target=100)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        before = screen_lines(app)
        assert sum(line.count("  0/100  ━━━━━━━━━━━━━") for line in before) == 3
        await enter_deal(pilot, "3 0 7")  # Amélie arrives at 10: +50
        await pilot.press("enter")  # (the round's dialog closed)
        await settle(pilot)
        sheet_line = next(line for line in screen_lines(app) if "50/100" in line)
        assert " 50/100  ━━━━━━╸━━━━━━" in sheet_line  # 50 % of 13 cells: 6½ of them
        await pilot.press("escape")  # home, then its scoreboard
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        board_line = next(line for line in screen_lines(app) if "50/100" in line)
        assert " 50/100  ━━━━━━╸" in board_line


async def test_the_longest_target_shows_whole_before_its_bar(folder, history):
    stored_match(history, deals=[(4, 3, 3)], target=100000)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        lines = [line for line in screen_lines(app) if "/100000" in line]
        assert len(lines) == 1 and lines[0].count("  0/100000 ━━━") == 3


async def test_the_panels_restyled_alone_as_the_dealer_moves_look_as_textual_would(
        folder, history):
    """A panel restyles itself alone as its classes change (-dealer at every deal, -winner),
    where Textual would restyle each of its parts: every part must then look as that full
    restyle makes it (no rule styles a part by its panel's classes)."""
    from scorekeeper.tui.sheet.player_panel import PlayerPanel

    stored_match(history, deals=[(10, 0, 0), (2, 5, 3)], target=60)  # Amélie has 50 points
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_sheet(pilot)
        panels = list(app.screen.query(PlayerPanel))
        for deal, dealer in (("0 5 5", 0), ("10 0 0", None)):  # the dealer moves; Amélie wins
            await enter_deal(pilot, deal)
            assert [panel.has_class("-dealer") for panel in panels] == \
                [index == dealer for index in range(3)]
            now, restyled = styled_then_restyled(app, panels)
            assert restyled == now
        assert panels[0].has_class("-winner")
