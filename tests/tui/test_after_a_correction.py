"""After a correction the table shows the deal corrected and, where they fit, the deals
played after it (issue 32, point 6)."""

import pytest

from tests.tui.conftest import make_app, open_sheet, settle, stored_match, type_text

pytestmark = pytest.mark.usefixtures("frozen_store")

LONG = ("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Éric")
# Fourteen rounds won by a sweep, then three deals of the round in progress (15 to 17).
DEALS = [(10, 0, 0), (0, 10, 0), (0, 0, 10)] * 4 + [(10, 0, 0), (0, 10, 0)] \
    + [(4, 3, 3), (3, 4, 3), (1, 2, 7)]


def rows_in_view(table) -> list[str]:
    """The keys of the rows the table shows."""
    room = table.scrollable_content_region.height - table.header_height
    first = round(table.scroll_y)
    return [table.coordinate_to_cell_key((row, 0)).row_key.value
            for row in range(first, min(first + room, table.row_count))]


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (80, 24)),
                                            ("fr", (120, 40))])
async def test_a_corrected_deal_shows_with_the_deals_after_it(folder, history, lang, size):
    stored_match(history, players=LONG, deals=DEALS, target=100000)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        sheet = await open_sheet(pilot)
        table = sheet.query_one("#deals")
        await pilot.press("up")  # into the table, on the last deal
        await pilot.press("up", "enter")  # deal 16: correct it
        await settle(pilot)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "3 3 4")
        await pilot.press("enter")
        await settle(pilot)
        assert sheet.stored.match.deals[15] == (3, 3, 4)
        shown = rows_in_view(table)
        assert table.chosen_deal() == 16
        assert shown[-2:] == ["deal-16", "deal-17"], shown
