"""The points chart on the review screen: every player's line shows over its whole length,
at its true points, even while players sit on the same points; names are shown literally."""

from __future__ import annotations

from pathlib import Path

import pytest
from plotext import colorize
from rich.color_triplet import ColorTriplet
from rich.text import Text

from scorekeeper.store import History
from scorekeeper.tui.history.chart import SEAT_COLORS, SEAT_MARKS, PointsChart, key_parts, share
from scorekeeper.tui.history.review import ReviewScreen
from tests.tui.conftest import make_app, settle, stored_match

PLAYERS = ("Amélie", "[bold]Bruno[/bold]", "Chloé")
# All three on 0 for four deals; Amélie alone on 50 from deal 4, Bruno joins her at deal 7,
# Chloé at deal 10: then all three on 50 until deal 13.
LEVEL = ((1, 6, 3), (4, 1, 5), (3, 6, 1), (2, 4, 4), (8, 0, 2), (4, 2, 4), (1, 8, 1),
         (3, 2, 5), (4, 2, 4), (7, 2, 1), (2, 5, 3), (5, 2, 3), (6, 1, 3))
POINTS = [(0, 0, 0)] * 4 + [(50, 0, 0)] * 3 + [(50, 50, 0)] * 3 + [(50, 50, 50)] * 4


class Drawn:
    """The chart as painted: a character and its colour in every cell."""

    def __init__(self, chart: PointsChart) -> None:
        self.ansi_theme = chart.app.ansi_theme
        strips = chart.render_lines(chart.size.region)
        self.rows = [[(ch, seg.style.color.get_truecolor()
                       if seg.style and seg.style.color else None)
                      for seg in strip for ch in seg.text] for strip in strips]
        self.text = ["".join(ch for ch, _ in row) for row in self.rows]
        axis = next(i for i, line in enumerate(self.text) if "└" in line)
        # The x ticks (every deal or every few deals) and the plot area's rows.
        self.ticks = [c for c, ch in enumerate(self.text[axis]) if ch == "┬"]
        self.labels = [int(word) for word in self.text[axis + 1].split()]
        top = next(i for i, line in enumerate(self.text) if "┌" in line)
        self.plot_rows = range(top + 1, axis)

    def seat(self, seat: int) -> ColorTriplet:
        """The colour plotext paints a seat's line in, as the app shows it."""
        color = Text.from_ansi(colorize("x", SEAT_COLORS[seat])).spans[0].style.color
        assert color is not None
        return color.get_truecolor(self.ansi_theme)

    def row_of(self, tick: str) -> int:
        return next(r for r in self.plot_rows if self.text[r].lstrip().startswith(f"{tick}┤"))

    def colors(self, first: int, last: int, rows: range | list[int]) -> set[ColorTriplet | None]:
        """The colours painted strictly between columns `first` and `last` on `rows`."""
        return {self.rows[r][c][1] for r in rows for c in range(first + 1, last)}

    def spans(self) -> list[tuple[int, int, int, int]]:
        """(deal, next deal, first column, last column) between each two ticked deals."""
        return [(self.labels[i], self.labels[i + 1], self.ticks[i], self.ticks[i + 1])
                for i in range(len(self.ticks) - 1)]


async def open_review(app, pilot) -> PointsChart:
    await settle(pilot)
    await pilot.press("h")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, ReviewScreen)
    return app.screen.query_one(PointsChart)


@pytest.mark.parametrize("size", [(110, 34), (80, 24)])
async def test_every_line_shows_on_every_deal_even_on_equal_points(
        folder: Path, history: History, size: tuple[int, int]) -> None:
    stored_match(history, deals=LEVEL, players=PLAYERS, target=200)
    app = make_app(folder)
    async with app.run_test(size=size) as pilot:
        chart = await open_review(app, pilot)
        assert [tuple(o.points_after) for o in chart.state.outcomes] == POINTS[1:]
        drawn = Drawn(chart)
        assert len(drawn.spans()) >= 6
        for deal, _, first, last in drawn.spans():
            shown = drawn.colors(first, last, drawn.plot_rows)
            for seat in range(3):
                assert drawn.seat(seat) in shown, (PLAYERS[seat], deal, drawn.text)


@pytest.mark.parametrize("size", [(110, 34), (80, 24)])
async def test_equal_points_are_drawn_on_the_same_true_line(
        folder: Path, history: History, size: tuple[int, int]) -> None:
    stored_match(history, deals=LEVEL, players=PLAYERS, target=200)
    app = make_app(folder)
    async with app.run_test(size=size) as pilot:
        drawn = Drawn(await open_review(app, pilot))
        zero = drawn.row_of("0")
        everyone = {drawn.seat(seat) for seat in range(3)}
        starts = [s for s in drawn.spans() if s[1] <= 4]  # all three on 0
        ends = [s for s in drawn.spans() if s[0] >= 10]  # all three on 50
        alone = [s for s in drawn.spans() if s[0] >= 4 and s[1] <= 7]  # Amélie alone on 50
        assert starts and ends and alone
        for _, _, first, last in starts:
            assert everyone <= drawn.colors(first, last, [zero])  # on the 0 tick's line
        fifty = {r for _, _, first, last in alone for r in drawn.plot_rows
                 if drawn.seat(0) in drawn.colors(first, last, [r])}
        assert len(fifty) == 1 and zero not in fifty
        for _, _, first, last in ends:
            assert everyone <= drawn.colors(first, last, list(fifty))


async def test_the_key_names_each_player_literally_above_the_plot(
        folder: Path, history: History) -> None:
    stored_match(history, deals=LEVEL, players=PLAYERS, target=200)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        chart = await open_review(app, pilot)
        drawn = Drawn(chart)
        key = drawn.text[0]
        assert "Match points (target 200)" in key
        assert key.index("Amélie 50") < key.index("[bold]Bruno[/bold] 50") \
            < key.index("Chloé 50")
        strip = chart.render_lines(chart.size.region)[0]
        assert not any(seg.style and seg.style.bold for seg in strip)
        for seat, name in enumerate(PLAYERS):  # the swatch before each name is its colour
            column = key.index(f" {name} ") - 1
            assert drawn.rows[0][column][1] == drawn.seat(seat)
        assert not any(name in line for line in drawn.text[1:] for name in PLAYERS)


async def test_g_shows_the_chart_full_screen_and_back(folder: Path, history: History) -> None:
    stored_match(history, deals=LEVEL, players=PLAYERS, target=200)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        chart = await open_review(app, pilot)
        small = chart.size.height
        await pilot.press("g")
        await settle(pilot)
        assert app.screen.maximized is chart
        assert chart.size.height > small
        drawn = Drawn(chart)
        for deal, _, first, last in drawn.spans():
            shown = drawn.colors(first, last, drawn.plot_rows)
            assert {drawn.seat(seat) for seat in range(3)} <= shown, deal
        await pilot.press("g")
        await settle(pilot)
        assert app.screen.maximized is None
        assert chart.size.height == small


def test_shared_cells_take_turns() -> None:
    level = [(x, 0) for x in range(24)]  # three lines on the same dots
    parts = share([level, level, level])
    assert all(parts)
    assert sorted(dot for part in parts for dot in part) == level
    assert [len(part) for part in parts] == [8, 8, 8]
    apart = [(x, 6) for x in range(24)]  # a line alone keeps all its dots
    assert share([level, apart, level])[1] == apart


def test_the_key_shortens_long_names_before_it_overflows() -> None:
    entries = ["Amélie 120", "Bruno 0", "Chloé 50"]
    assert key_parts("Match points", entries, 80) == ("Match points", entries)
    assert key_parts("Match points", entries, 40) == ("", entries)
    long = ["Grand-mère Josette de la Grange 120", "Bruno 0", "Chloé 50"]
    title, shown = key_parts("Match points", long, 60)
    assert title == "" and shown[1:] == long[1:]
    assert shown[0].endswith("… 120") and shown[0].startswith("Grand-mère")
    assert sum(len(e) + 3 for e in shown) + 6 <= 60


def test_snapshot_full_screen_with_players_level(snap_compare, frozen_store, folder: Path,
                                                 history: History) -> None:
    stored_match(history, deals=LEVEL, players=PLAYERS, target=200)

    async def run_before(pilot) -> None:
        await settle(pilot)
        for key in ("h", "enter", "g"):
            await pilot.press(key)
            await settle(pilot)

    assert snap_compare(make_app(folder), terminal_size=(110, 34), run_before=run_before)


@pytest.mark.parametrize("size", [(110, 34), (80, 24)])
async def test_each_line_ends_with_its_players_mark_for_who_cannot_tell_colours(
        folder: Path, history: History, size: tuple[int, int]) -> None:
    stored_match(history, deals=LEVEL[:5], players=PLAYERS, target=200)  # Amélie alone on 50
    app = make_app(folder)
    async with app.run_test(size=size) as pilot:
        drawn = Drawn(await open_review(app, pilot))
        key = drawn.text[0]
        for seat, name in enumerate(PLAYERS):  # the key: the mark, then the name
            assert key[key.index(f" {name} ") - 1] == SEAT_MARKS[seat]
        rows = list(drawn.plot_rows)
        marks = {seat: [(r, c) for r in rows for c, (ch, _) in enumerate(drawn.rows[r])
                        if ch == SEAT_MARKS[seat]] for seat in range(3)}
        assert all(len(found) == 1 for found in marks.values()), drawn.text
        for seat, [(r, c)] in marks.items():  # in the player's colour, at the right end
            assert drawn.rows[r][c][1] == drawn.seat(seat)
            assert c >= drawn.ticks[-1] - 2
        (amelie, _), (bruno, _), (chloe, _) = marks[0][0], marks[1][0], marks[2][0]
        assert amelie < bruno == chloe  # Amélie on 50, above the two others on 0
