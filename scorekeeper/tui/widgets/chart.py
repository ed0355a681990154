"""A chart of each player's match points over the deals of a match (plotext)."""

from __future__ import annotations

from textual_plotext import PlotextPlot

from scorekeeper.i18n import pick
from scorekeeper.rules import MatchState

# One plotext colour per seat, the same on every chart.
SEAT_COLORS = ("cyan", "orange", "magenta")


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


def lift(top: int, rows: int) -> float:
    """How far each seat's line is drawn above the last one's: half a text line, so that
    players on the same points show as close lines instead of one (the legend gives the
    exact points)."""
    return top / rows / 2


class PointsChart(PlotextPlot):
    """Match points after every deal, one line per player, with the target drawn across.

    Lines on the same points are drawn half a text line apart, so all three stay visible;
    the legend names each player with their points now.
    """

    DEFAULT_CSS = """
    PointsChart { min-height: 8; }
    """
    ALLOW_MAXIMIZE = True  # `g` on the review shows it full screen

    def __init__(self, state: MatchState, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.lang = lang

    def on_mount(self) -> None:
        self.replot()

    def on_resize(self) -> None:
        self.replot()

    def update_state(self, state: MatchState) -> None:
        """Show `state` instead."""
        self.state = state
        self.replot()

    def replot(self) -> None:
        """Draw the chart again from the state."""
        state, lang, plt = self.state, self.lang, self.plt
        plt.clear_data()
        plt.clear_figure()
        target = state.match.rules.target
        deals, series = points_series(state)
        last = max(len(deals) - 1, 1)
        top = max(target, *(max(points) for points in series))
        plt.hline(target, "gray")
        rows = max(self.size.height - 5, 4)  # the plot's lines, without title and axes
        for seat, points in enumerate(series):
            xs, ys = steps(deals, points)
            lifted = [y + seat * lift(top, rows) for y in ys]
            plt.plot(xs, lifted, label=f"{state.players[seat]} {points[-1]}",
                     color=SEAT_COLORS[seat], marker="hd")
        plt.title(pick(lang, f"Match points (target {target})",
                       f"Points de partie (objectif {target})"))
        plt.xlabel(pick(lang, "deal", "donne"))
        plt.xlim(0, last)
        plt.ylim(0, top + 2 * lift(top, rows))
        x_step = nice_step(last, max(self.size.width // 8, 2))
        plt.xticks(list(range(0, last + 1, x_step)))
        y_step = nice_step(top, max(self.size.height // 3, 2))
        plt.yticks(list(range(0, top + 1, y_step)))
        self.refresh()
