"""The score sheet's table takes only the rows that changed (a new deal, a round folded, a
correction): after each kind of change it shows exactly what a full rebuild shows."""

from __future__ import annotations

from scorekeeper.rules.scoring import replay
from scorekeeper.store import History
from scorekeeper.tui.sheet.deal_table import DealTable, deal_key, round_key
from tests.support import until_steady
from tests.tui.conftest import enter_deal, make_app, open_sheet, settle, stored_match, type_text

# Three rounds won, then a round in progress with two deals.
DEALS = [(4, 3, 3), (3, 4, 3), (5, 0, 5), (3, 3, 4), (2, 5, 3), (6, 2, 2), (1, 4, 5),
         (4, 4, 2), (3, 5, 2), (4, 3, 3), (3, 3, 4), (2, 2, 6), (3, 4, 3)]


def shown(table: DealTable) -> tuple[list[tuple[str, tuple[tuple[str, str], ...]]], int, list]:
    """What the table shows: each row's key and cells (words with their styles), where the
    cursor is, and the lines drawn on screen."""
    rows = [(row.key.value, tuple((cell.markup, str(cell.style)) for cell in
                                   table.get_row(row.key)))
            for row in table.ordered_rows]
    return rows, table.cursor_row, drawn(table)


def drawn(table) -> list[str]:
    """The table's lines as a frame draws them."""
    return [table.render_line(y).text for y in range(table.size.height)]


async def steady(pilot, table: DealTable):
    """What the table shows once it has finished changing: DataTable widens its columns
    when it next goes idle, which a busy machine can put after the app's other work."""
    await settle(pilot)
    return await until_steady(pilot, lambda: shown(table))


async def same_as_rebuilt(pilot, table: DealTable) -> None:
    """The table, updated row by row, shows what a table rebuilt from scratch shows."""
    updated = await steady(pilot, table)
    selected = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
    table.rebuild()
    table.move_cursor(row=table.get_row_index(selected), animate=False)  # (as it was)
    assert await steady(pilot, table) == updated
    assert table.row_count == len(updated[0])


async def record(pilot, sheet, text: str) -> None:
    """Enter a deal, then close the dialog a round won or a tie opens."""
    sheet.query_one("#entry").focus()
    await enter_deal(pilot, text)
    while pilot.app.screen is not sheet:
        await pilot.press("enter")
        await settle(pilot)


async def open_table(pilot):
    sheet = await open_sheet(pilot)
    return sheet, sheet.query_one(DealTable)


async def test_new_deals_a_round_won_and_a_tie_keep_the_table_as_rebuilt(folder, history):
    stored_match(history, deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        sheet, table = await open_table(pilot)
        await same_as_rebuilt(pilot, table)
        first = table.get_row_at(0)[0]
        rounds = len(sheet.state.rounds)
        await record(pilot, sheet, "3 3 4")
        assert deal_key(14) in table.rows
        assert table.get_row_at(0)[0] is first  # the earlier rows were kept, not rebuilt
        await same_as_rebuilt(pilot, table)
        for deal in ("5 5 0", "3 3 4", "10 0 0", "5 5 0", "5 5 0", "4 3 3"):
            await record(pilot, sheet, deal)
            await same_as_rebuilt(pilot, table)
        assert len(sheet.state.rounds) > rounds  # a round was won meanwhile, and folded
        assert round_key(rounds + 1) in table.rows
        assert any(o.tie is not None for o in sheet.state.outcomes[len(DEALS):])


async def test_rounds_opened_and_folded_then_a_deal_keep_the_table_as_rebuilt(folder, history):
    stored_match(history, deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        sheet, table = await open_table(pilot)
        assert deal_key(2) not in table.rows  # round 1 folded
        table.focus()
        table.move_cursor(row=table.get_row_index(round_key(1)))
        await pilot.press("enter")  # open round 1
        await same_as_rebuilt(pilot, table)
        assert deal_key(2) in table.rows
        await record(pilot, sheet, "4 3 3")
        await same_as_rebuilt(pilot, table)
        assert deal_key(2) in table.rows  # round 1 stays open
        await pilot.press("ctrl+t")  # every round open
        await same_as_rebuilt(pilot, table)
        assert all(deal_key(n) in table.rows for n in range(1, len(sheet.state.outcomes) + 1))
        await pilot.press("ctrl+t")  # every round folded
        await same_as_rebuilt(pilot, table)
        assert deal_key(2) not in table.rows


async def test_corrections_undo_and_redo_keep_the_table_as_rebuilt(folder, history):
    stored = stored_match(history, deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        sheet, table = await open_table(pilot)
        before = [o.totals for o in sheet.state.outcomes]
        # Correct deal 4 (in a folded round): the rounds after it are scored again.
        sheet.action_edit(4)
        await settle(pilot)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "10 0 0")
        await pilot.press("enter")
        await settle(pilot)
        assert history.get(stored.id).match.deals[3] == (10, 0, 0)
        assert [o.totals for o in sheet.state.outcomes] != before
        await same_as_rebuilt(pilot, table)
        # Correct the last deal (in the round in progress).
        sheet.action_edit(len(sheet.state.outcomes))
        await settle(pilot)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "2 2 6")
        await pilot.press("enter")
        await settle(pilot)
        await same_as_rebuilt(pilot, table)
        for key in ("ctrl+z", "ctrl+z", "ctrl+y", "ctrl+z", "ctrl+z"):
            await pilot.press(key)
            await same_as_rebuilt(pilot, table)
        assert history.get(stored.id).match.deals == tuple(DEALS[:-1])
        await record(pilot, sheet, "10 0 0")  # a deal that wins the round...
        await same_as_rebuilt(pilot, table)
        await pilot.press("ctrl+z")  # ...undone: the round is in progress again
        await same_as_rebuilt(pilot, table)
        assert table.row_count and "current" in table.rows


async def test_changes_from_another_window_keep_the_table_as_rebuilt(folder, history):
    stored = stored_match(history, deals=DEALS)
    app = make_app(folder, poll=0.2)
    async with app.run_test(size=(110, 34)) as pilot:
        sheet, table = await open_table(pilot)
        other = History(folder)
        for change in (lambda: other.add_deal(stored.id, (10, 0, 0)),
                       lambda: other.edit_deal(stored.id, 2, (0, 5, 5)),
                       lambda: other.undo(stored.id),
                       lambda: other.add_deal(stored.id, (4, 3, 3))):
            revision = change().revision
            while sheet.stored.revision != revision:
                await pilot.pause(0.1)
            await same_as_rebuilt(pilot, table)
        assert sheet.state.match.deals == history.get(stored.id).match.deals


async def test_a_wider_outcome_drawn_before_the_columns_widen_shows_whole_after(
        folder, history):
    # A frame can draw a changed row before the table measures it (when the app is busy,
    # the next frame comes before the table's idle turn): once measured, it shows whole.
    stored = stored_match(history, deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        sheet, table = await open_table(pilot)
        await settle(pilot)
        outcome = table.columns[next(k for k in table.columns if k.value == "outcome")]
        narrow = outcome.content_width
        # Deal 4 corrected to a sweep: round 1's line says so, in more words than fit.
        table.update_state(replay(stored.match.replace_deal(4, (10, 0, 0))))
        drawn(table)  # a frame drawn at once
        await settle(pilot)
        sweep = "Amélie wins by a sweep: +50"
        assert outcome.content_width >= len(sweep) > narrow  # the column widened...
        lines = await until_steady(pilot, lambda: drawn(table))
        assert any(sweep in line for line in lines), lines  # ...and the line shows it whole


async def test_every_table_draws_again_what_it_drew_before_a_column_widened() -> None:
    # The same for the statistics and the tricks of a deal: a table of words, of a fixed
    # height (as the statistics' is: a table that grows is drawn again as it grows).
    from textual.app import App

    from scorekeeper.tui.widgets.measured_table import MeasuredTable

    class Tables(App[None]):
        def compose(self):
            table = MeasuredTable()
            table.styles.height = 6
            yield table

    app = Tables()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(MeasuredTable)
        table.add_column("Winner", key="winner")
        table.add_row("Bruno")
        await settle(pilot)
        table.add_row("Marie-Christine")
        drawn(table)  # a frame drawn at once
        await settle(pilot)
        lines = await until_steady(pilot, lambda: drawn(table))
        assert any("Marie-Christine" in line for line in lines), lines


def kept_and_fresh(table: DealTable) -> tuple[list, list]:
    """The table's lines as a frame draws them (lines kept from earlier frames where they
    still hold), and as DataTable itself draws them: segments, with their styles."""
    table._frame = table.frame_state()
    try:
        kept = [list(table.render_line(y)) for y in range(table.size.height)]
    finally:
        table._frame = None
    return kept, [list(table.render_line(y)) for y in range(table.size.height)]


async def test_lines_kept_from_earlier_frames_look_as_datatable_draws_them(folder, history):
    # The cursor's row, the mouse's, zebra stripes, the focus, a new deal, a scroll: the
    # lines taken as drawn are those DataTable would draw.
    stored_match(history, deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(100, 30)) as pilot:
        sheet, table = await open_table(pilot)
        await steady(pilot, table)

        async def check() -> None:
            await settle(pilot)
            kept, fresh = kept_and_fresh(table)
            assert kept == fresh
            assert kept_and_fresh(table) == (fresh, fresh)  # (and again, all kept)

        await check()
        table.focus()
        await check()
        await pilot.press("up", "up")
        await check()
        await pilot.hover(table, offset=(3, 3))  # the mouse's row lit
        await check()
        assert table.hover_coordinate.row == 2
        await pilot.hover(table, offset=(3, 5))
        await check()
        await pilot.press("up")  # a key: the mouse's row no longer lit
        await check()
        table.focus()
        await pilot.press("ctrl+t")  # every round opened: more rows than fit
        await check()
        table.scroll_end(animate=False, immediate=True)
        await check()
        assert table.row_count > table.size.height and table.scroll_offset.y > 0
        table.move_cursor(row=3, animate=False)  # (scrolled back)
        await check()
        await record(pilot, sheet, "4 3 3")
        await check()
        await pilot.resize_terminal(60, 30)
        await check()
