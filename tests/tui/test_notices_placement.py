"""Notices (undo, the bots' deal) hide nothing being typed (issue 32, point 13): at 80×24,
120×40 and on a phone, in both languages, a toast on the sheet leaves the entry line and the
line under it in view."""

import pytest
from textual.widgets._toast import Toast

from tests.tui.conftest import make_app, open_sheet, settle, stored_match

pytestmark = pytest.mark.usefixtures("frozen_store")

LONG = ("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Éric")


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (80, 24)),
                                            ("fr", (120, 40)), ("en", (46, 44))])
async def test_notices_leave_the_entry_line_in_view(folder, history, lang, size):
    stored_match(history, players=LONG, deals=[(4, 3, 3), (3, 4, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size, notifications=True) as pilot:
        sheet = await open_sheet(pilot)
        typing = [sheet.query_one("#entry").region, sheet.query_one("#entry-hint").region]
        for key in ("ctrl+z", "ctrl+d"):  # undo's notice, then the bots' deal's
            await pilot.press(key)
            await settle(pilot)
            toasts = [toast.region for toast in app.screen.query(Toast)]
            assert toasts
            assert not any(toast.overlaps(part) for toast in toasts for part in typing)
