"""A chart of each player's match points over the deals of a match (plotext).

Every line is drawn at its true points: the y axis ticks are the real points. Where lines
meet in the same character cells (players on the same points, or close enough to share a
text line), the cells take turns: a couple of columns for each player, so a shared stretch
shows as one dashed line in all its players' colours and no line ever hides another. The key
(each name, literally, with its points) sits on the title line above the plot, so it never
covers a line either.

Colour is not the only clue: each player has a mark of their own (● ▲ ■), shown before their
name in the key and at the end of their line, so a reader who cannot tell the colours apart
still knows whose line ends where (players ending on the same cell: marks side by side).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from plotext import colorize
from rich.style import Style
from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from scorekeeper.i18n import tr
from scorekeeper.rules import MatchState

# One plotext colour per seat, the same on every chart.
SEAT_COLORS = ("cyan", "orange", "magenta")

# Plotext's "hd" marker draws 2×2 dots in a character cell.
DOTS = 2
# Where lines share cells, each player keeps this many columns in turn (one row on the
# vertical steps), or one column when deals are too close for every player to show on each.
TURN = 2
# Each seat's mark: at the end of its line, and in the key after a stroke of its colour.
SEAT_MARKS = ("●", "▲", "■")
# What shows a player in the key, before the name (as wide as "━" and a mark).
SWATCH = "━●"

Dot = tuple[int, int]
Cell = tuple[int, int]


def points_series(state: MatchState) -> tuple[list[int], list[list[int]]]:
    """Deal numbers from 0 (the start) and, per player, the match points after each deal."""
    deals = list(range(len(state.outcomes) + 1))
    series = [[0] + [o.points_after[p] for o in state.outcomes] for p in range(3)]
    return deals, series


def steps(xs: list[int], ys: list[int]) -> tuple[list[float], list[int]]:
    """The corners of a step line: points change at a deal and hold until the next change."""
    sx: list[float] = [xs[0]]
    sy: list[int] = [ys[0]]
    for x, y in zip(xs[1:], ys[1:], strict=True):
        if y != sy[-1]:
            sx.append(x)
            sy.append(sy[-1])
        sx.append(x)
        sy.append(y)
    return sx, sy


def nice_step(top: int, lines: int) -> int:
    """A round tick spacing (1, 2, 5, 10, 20, 50…) that puts at most `lines` ticks up to `top`."""
    step = 1
    while top / step > max(lines, 1):
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if top / step <= max(lines, 1):
                break
    return step


def plot_area(width: int, height: int, ylabels: Sequence[str]) -> tuple[int, int]:
    """The cells plotext leaves for the lines in a `width`×`height` chart: all but the y tick
    labels and the frame across, all but the title, frame, x tick labels and x label down."""
    return width - max(map(len, ylabels), default=0) - 2, height - 5


def to_dot(value: float, low: float, high: float, dots: int) -> int:
    """The dot (from 0) that plotext puts `value` on, with `dots` dots from `low` to `high`."""
    return math.floor(round(0.5 + (dots - 1) * (value - low) / (high - low), 8))


def from_dot(dot: int, low: float, high: float, dots: int) -> float:
    """A value that plotext puts exactly on `dot`."""
    return low + dot * (high - low) / (dots - 1)


def trace(xs: Sequence[float], ys: Sequence[float], xlim: tuple[float, float],
          ylim: tuple[float, float], cols: int, rows: int) -> list[Dot]:
    """Every dot, in order, of the line through the corners `xs`, `ys` on a plot area of
    `cols`×`rows` cells (a step line: each piece goes across or up and down)."""
    px = [to_dot(x, *xlim, cols * DOTS) for x in xs]
    py = [to_dot(y, *ylim, rows * DOTS) for y in ys]
    dots = [(px[0], py[0])]
    for (x0, y0), (x1, y1) in pairwise(zip(px, py, strict=True)):
        across = range(x0, x1 + 1) if x1 >= x0 else range(x0, x1 - 1, -1)
        dots.extend((x, y0) for x in across)
        down = range(y0, y1 + 1) if y1 >= y0 else range(y0, y1 - 1, -1)
        dots.extend((x1, y) for y in down)
    return list(dict.fromkeys(dots))


def cell_of(dot: Dot) -> Cell:
    """The character cell a dot is in."""
    return dot[0] // DOTS, dot[1] // DOTS


def share(lines: Sequence[Sequence[Dot]], turn: int = TURN) -> list[list[Dot]]:
    """Each line's dots, keeping in a cell that several lines cross only the dots of the line
    whose turn it is there: `turn` columns each along a row, one row each up a column."""
    crossing: dict[Cell, list[int]] = {}
    for seat, dots in enumerate(lines):
        for dot in dots:
            seats = crossing.setdefault(cell_of(dot), [])
            if seat not in seats:
                seats.append(seat)

    def owner(cell: Cell) -> int:
        seats = crossing[cell]
        return seats[(cell[0] // turn + cell[1]) % len(seats)]

    return [[dot for dot in dots if owner(cell_of(dot)) == seat]
            for seat, dots in enumerate(lines)]


def end_cells(ends: Sequence[Cell]) -> list[Cell]:
    """Where each line's mark goes: the cell its line ends in, or, when lines end in the same
    cell (players on the same points), the cells just before it on that row, one each."""
    taken: set[Cell] = set()
    cells = []
    for column, row in ends:
        while (column, row) in taken and column > 0:
            column -= 1
        taken.add((column, row))
        cells.append((column, row))
    return cells


def key_parts(title: str, entries: Sequence[str], width: int) -> tuple[str, list[str]]:
    """The title and key entries ("name points") that fit on one line of `width`: all of
    it if it fits, else without the title, else with the longest names shortened by "…"."""
    def length(title: str, entries: Sequence[str]) -> int:
        keys = sum(len(SWATCH) + 1 + len(e) for e in entries) + 3 * (len(entries) - 1)
        return keys + (len(title) + 3 if title else 0)

    if length(title, entries) <= width:
        return title, list(entries)
    entries = list(entries)
    while length("", entries) > width:
        longest = max(range(len(entries)), key=lambda i: len(entries[i]))
        name, _, points = entries[longest].rpartition(" ")
        if len(name) <= 2:
            break
        entries[longest] = f"{name.rstrip('…')[:-1]}… {points}"
    return "", entries


class PointsChart(PlotextPlot):
    """Match points after every deal, one line per player, with the target drawn across.

    Lines on the same points share their cells in turn, so each player's line shows over its
    whole length; the title line names each player, in their colour, with their points now.
    """

    DEFAULT_CSS = """
    PointsChart { min-height: 8; }
    """
    ALLOW_MAXIMIZE = True  # `g` on the review shows it full screen

    def __init__(self, state: MatchState, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.lang = lang
        self.ends: list[Cell] = []  # the cell (column, row from the bottom) of each line's end

    def on_mount(self) -> None:
        self.replot()

    def on_resize(self) -> None:
        self.replot()

    def update_state(self, state: MatchState) -> None:
        """Show `state` instead."""
        self.state = state
        self.replot()

    def replot(self) -> None:
        """Draw the chart again from the state (at the next render, at the size then)."""
        self.refresh()

    def chart_title(self) -> str:
        """The chart's title, in the chart's language."""
        target = self.state.match.rules.target
        return tr(self.lang, "Match points (target {target})", target=target)

    def draw(self, width: int, height: int) -> None:
        """Put the axes and the players' lines into plotext for a `width`×`height` chart."""
        state, plt = self.state, self.plt
        plt.clear_data()
        plt.clear_figure()
        target = state.match.rules.target
        deals, series = points_series(state)
        last = max(len(deals) - 1, 1)
        top = max(target, *(max(points) for points in series))
        xlim, ylim = (0, last), (0, top)
        plt.hline(target, "gray")
        plt.title(self.chart_title())  # render() writes the key beside it
        plt.xlabel(tr(self.lang, "deal"))
        plt.xlim(*xlim)
        plt.ylim(*ylim)
        x_ticks: list[float] = list(range(0, last + 1, nice_step(last, max(width // 8, 2))))
        plt.xticks(x_ticks, [str(t) for t in x_ticks])
        # At least two rows between y ticks, so that each label sits level with its points.
        y_ticks: list[float] = list(range(0, top + 1, nice_step(top, max((height - 6) // 2, 2))))
        y_labels = [str(t) for t in y_ticks]
        plt.yticks(y_ticks, y_labels)
        cols, rows = plot_area(width, height, y_labels)
        self.ends = []
        if cols < 2 or rows < 1:
            return
        lines = [trace(*steps(deals, points), xlim, ylim, cols, rows) for points in series]
        self.ends = end_cells([cell_of(dots[-1]) for dots in lines])
        turn = TURN if cols >= 3 * TURN * last else 1  # all three show on every deal
        for seat, dots in enumerate(share(lines, turn)):
            if dots:
                plt.scatter([from_dot(x, *xlim, cols * DOTS) for x, _ in dots],
                            [from_dot(y, *ylim, rows * DOTS) for _, y in dots],
                            color=SEAT_COLORS[seat], marker="hd")

    def render(self) -> RenderResult:
        """Plotext's drawing at the current size, with the key on its title line."""
        width, height = self.size
        self.draw(width, height)
        chart = super().render()
        if not isinstance(chart, Text) or height < 1:
            return chart
        lines = list(chart.split("\n", allow_blank=True))
        lines[0] = self.key_line(width)
        self.mark_ends(lines)
        return Text("\n").join(lines)

    def mark_ends(self, lines: list[Text]) -> None:
        """Put each player's mark, in their colour, on the last cell of their line."""
        plain = [line.plain for line in lines]
        top = next((i for i, line in enumerate(plain) if "┌" in line), None)
        axis = next((i for i, line in enumerate(plain) if "└" in line), None)
        if top is None or axis is None:
            return
        left = plain[top].index("┌") + 1
        for seat, (column, row) in enumerate(self.ends):
            y, x = axis - 1 - row, left + column
            if top < y < axis and x < len(lines[y]):
                line = lines[y]
                lines[y] = Text.assemble(line[:x], (SEAT_MARKS[seat], self.color(seat)),
                                         line[x + 1:], style=line.style)

    def color(self, seat: int) -> Style:
        """The style plotext paints `seat`'s line in."""
        return self._style(SEAT_COLORS[seat])

    def _monitor(self) -> Any:
        """Plotext's settings of the figure (its colours); textual-plotext's stubs of the
        figure do not declare the attribute."""
        return self.plt.monitor  # type: ignore[attr-defined]

    def _style(self, color: str) -> Style:
        monitor = self._monitor()
        ansi = Text.from_ansi(colorize("x", color, monitor.ticks_style, monitor.axes_color))
        style = ansi.spans[0].style if ansi.spans else Style()
        return style if isinstance(style, Style) else Style.parse(style)

    def key_line(self, width: int) -> Text:
        """The title line: the title, then each player's colour, name (literally) and points."""
        monitor, style = self._monitor(), self._style
        entries = [f"{name} {points}"
                   for name, points in zip(self.state.players, self.state.points, strict=True)]
        title, entries = key_parts(self.chart_title(), entries, width)
        words = style(monitor.ticks_color)
        line = Text(style=words)
        if title:
            line.append(title + "   ", words)
        for seat, entry in enumerate(entries):
            if seat:
                line.append("   ", words)
            line.append(SWATCH[:-1] + SEAT_MARKS[seat], self.color(seat))
            line.append(" " + entry, words)
        line.pad_left(max(width - line.cell_len, 0) // 2)
        line.pad_right(max(width - line.cell_len, 0))
        line.truncate(width)
        return line
