"""The points chart on the review screen."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.store import History
from scorekeeper.tui.screens.review import ReviewScreen
from scorekeeper.tui.widgets.chart import PointsChart
from tests.tui.conftest import make_app, settle, stored_match

DEALS = ((4, 3, 3), (6, 2, 2), (3, 4, 3))


async def open_review(app, pilot) -> PointsChart:
    await settle(pilot)
    await pilot.press("h")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, ReviewScreen)
    return app.screen.query_one(PointsChart)


async def test_g_shows_the_chart_full_screen_and_back(folder: Path, history: History) -> None:
    stored_match(history, deals=DEALS, target=200)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        chart = await open_review(app, pilot)
        small = chart.size.height
        await pilot.press("g")
        await settle(pilot)
        assert app.screen.maximized is chart
        assert chart.size.height > small
        await pilot.press("g")
        await settle(pilot)
        assert app.screen.maximized is None
        assert chart.size.height == small
