"""The history's table: one row per stored match, columns fitted to the screen's width.

The columns keep fixed widths (measured once over every match, so rows added later fit and
filling 10,000 rows stays cheap); on a narrow screen the date loses its time and the players'
names share what is left, then the deals' column goes, so that the names stay whole. On a
phone (the table 50 columns wide or less), and wherever one line would cut the names of most
matches, two columns of two lines each say it all: the date over the
status, the players over the points and the winner.
Each column's title names the key that sorts by it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widgets import DataTable

from scorekeeper.i18n import N_, Nc_, tr, trc
from scorekeeper.i18n.dates import day_text, when_text
from scorekeeper.i18n.store import STATUS_WORDS, status_text
from scorekeeper.tui.layout import NARROW

if TYPE_CHECKING:
    from scorekeeper.store import MatchSummary

STATUS_ORDER = {"in_progress": 0, "won": 1, "abandoned": 2}
MAX_NAME_COLUMN = 60
NARROW_WINNER = 8  # on a narrow screen, the winner's name is cut beyond this
DATE_ONLY = 10  # at least (`4 Dec 2026`): the day alone, when the screen is narrow
MIN_PLAYERS = 10
POINTS_SEPARATOR = "·"


ALL_COLUMNS = (0, 1, 2, 3, 4, 5)
WITHOUT_DEALS = (0, 1, 2, 4, 5)
TWO_LINES = (0, 1)  # the date over the status, the players over the points and the winner


def winner_name(summary: MatchSummary) -> str:
    return "" if summary.winner is None else summary.players[summary.winner]


# (column key, English, French, sort key, newest/highest first by default)
COLUMNS: tuple[tuple[str, str, Callable[[Any], Any], bool], ...] = (
    ("date", N_("Date"), lambda s: (s.played, s.id), True),  # when last played
    ("players", N_("Players"), lambda s: tuple(n.casefold() for n in s.players), False),
    ("status", N_("Status"), lambda s: STATUS_ORDER.get(s.status, 9), False),
    ("deals", N_("Deals"), lambda s: s.deals, True),
    ("points", N_("Points"), lambda s: max(s.points), True),
    ("winner", Nc_("history", "Winner"), lambda s: (s.winner is None,
                                                     winner_name(s).casefold()), False),
)


class Cell:
    """Plain text in a fixed-width column, shown literally (markup in a name never acts).

    It has no measure of its own: the history's columns have fixed widths, which keeps
    filling a table of 10,000 rows cheap.
    """

    __slots__ = ("plain",)

    def __init__(self, plain: str) -> None:
        self.plain = plain

    def __rich_console__(self, console: Any, options: Any) -> Any:
        yield Text(self.plain, no_wrap=True, overflow="ellipsis", end="")

    def __str__(self) -> str:
        return self.plain


class HistoryTable(DataTable):
    """The matches' table; `sort` is (column, reverse), set by the screen that sorts.

    `shown` holds the indexes (in COLUMNS) of the columns laid out: all six; five, without
    the deals, where that keeps the players' names whole; or, two lines a match, the date
    and the players (see the module's words)."""

    class Resized(Message):
        """The table's own size changed (at a new window size, and as it first grows to its
        height once the list shows): its screen fits the columns again."""

    def __init__(self, lang: str, sorted_by: tuple[int, bool], **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.lang = lang
        self.sorted_by = sorted_by  # (column, reverse); `sort` is DataTable's method
        self.narrow = False
        self.shown: tuple[int, ...] = ALL_COLUMNS
        self._widths: list[int] = []
        self._date = DATE_ONLY  # the width of the day alone
        self._add_columns()

    @property
    def two_lines(self) -> bool:
        """Each match on two lines, in two columns (a phone, or names too long for one)."""
        return self.shown == TWO_LINES

    def on_resize(self, _event: events.Resize) -> None:
        self.post_message(self.Resized())

    def _add_columns(self) -> None:
        for index in self.shown:
            self.add_column(self.column_label(index), key=COLUMNS[index][0])

    def _lay_out(self, shown: tuple[int, ...]) -> None:
        """Show the columns `shown` (the rows to be added again when they change)."""
        if shown != self.shown:
            self.shown = shown
            self.clear(columns=True)
            self._add_columns()

    def texts(self, summary: MatchSummary) -> list[str]:
        """The row's words: date, players, status, deals, points, winner."""
        status = status_text(summary.status, self.lang)
        if summary.simulated:
            status += " (sim.)"
        return [
            (day_text if self.narrow else when_text)(summary.played, self.lang),
            " · ".join(summary.players),
            status,
            str(summary.deals).rjust(4),
            POINTS_SEPARATOR.join(str(p) for p in summary.points),
            winner_name(summary) or "—",
        ]

    def two_line_texts(self, summary: MatchSummary) -> list[str]:
        """Two lines a match: the date over the status; the players over the points (and
        winner)."""
        date, players, status, _deals, points, winner = self.texts(summary)
        below = points if summary.winner is None else f"{points} · {winner}"
        return [f"{date}\n{status}", f"{players}\n{below}"]

    def add_matches(self, summaries: Sequence[Any]) -> None:
        if self.two_lines:
            for summary in summaries:
                self.add_row(*(Cell(text) for text in self.two_line_texts(summary)), height=2)
            return
        shown = self.shown
        self.add_rows([Cell(texts[i]) for i in shown]
                      for texts in map(self.texts, summaries))

    def measure(self, summaries: Sequence[Any]) -> None:
        """The widest text of every column over all the matches (so rows added later fit)."""
        points = winner = 0
        names = sorted(cell_len(" · ".join(summary.players)) for summary in summaries)
        players = names[-1] if names else 0
        for summary in summaries:
            points = max(points, len(POINTS_SEPARATOR.join(map(str, summary.points))))
            winner = max(winner, cell_len(winner_name(summary)))
        status = max((cell_len(self.texts(s)[2]) for s in summaries
                      if s.simulated or s.status == "abandoned"), default=0)
        status = max(status, max(cell_len(status_text(code, self.lang)) for code in STATUS_WORDS))
        # The dates as the language writes them ("14 sept. 2026, 20:15"): as wide as the
        # widest of the months shown, on a day of two digits.
        days = {s.played[:7]: s.played[:8] + "28" + s.played[10:] for s in summaries}
        self._date = max((cell_len(day_text(stamp, self.lang)) for stamp in days.values()),
                         default=DATE_ONLY)
        date = max((cell_len(when_text(stamp, self.lang)) for stamp in days.values()),
                   default=16)
        self._widths = [date, players, status, 4, points, max(winner, 1)]

    def fit_columns(self, room: int, rows: int | None = None) -> None:
        """Fix every column's width for `room` cells. The first of these layouts that keeps
        the players' names whole: the six columns; the date without its time and the
        winner's name cut (…) unless the room left holds it; the same without the deals.
        Otherwise two lines a match (always on a phone): a name is never cut on one line.
        Room for the scroll bar is kept only where the `rows` to show (when known) are more
        than the table shows."""
        if not self._widths:
            return
        if room > NARROW:
            shown = self.size.height - 1  # (the titles' line)
            scroll_bar = 0 if rows is not None and 0 < rows <= shown else 2
            names = self._widths[1]
            for narrow, columns in ((False, ALL_COLUMNS), (True, ALL_COLUMNS),
                                    (True, WITHOUT_DEALS)):
                fitted, title = self._one_line(room - scroll_bar, narrow, columns)
                if fitted[1] >= max(names, title):
                    spare = fitted[1] - max(names, title)
                    fitted[1] = max(names, title)
                    if 5 in fitted:  # what is left goes to the winner's name, cut first
                        fitted[5] = min(max(self._widths[5], fitted[5]), fitted[5] + spare)
                    break
            if fitted[1] >= max(names, title, MIN_PLAYERS):  # every match's names whole
                self.narrow = narrow
                self._lay_out(columns)
                for index, width in fitted.items():
                    column = self.columns[COLUMNS[index][0]]  # type: ignore[index]
                    column.width = min(width, MAX_NAME_COLUMN)
                    column.auto_width = False
                return
        self.narrow = True  # (the date without its time)
        self._lay_out(TWO_LINES)
        date = max(self._date, self._widths[2], cell_len(self.column_label(0).plain))
        self.columns["date"].width = date  # type: ignore[index]
        self.columns["players"].width = max(room - 2 * 2 - 2 - date,  # type: ignore[index]
                                             MIN_PLAYERS)
        for column in self.columns.values():
            column.auto_width = False
        # Its extent follows, with the layout unchanged (two lines a match at 79 columns,
        # then at 70).
        header = self.header_height if self.show_header else 0
        self.virtual_size = Size(sum(c.get_render_width(self) for c in self.ordered_columns),
                                 sum(row.height for row in self.ordered_rows) + header)
        self.refresh()

    def _one_line(self, room: int, narrow: bool,
                  columns: tuple[int, ...]) -> tuple[dict[int, int], int]:
        """The width of each of `columns` on one line a match, the players' names given what
        the others leave of `room`, and the width of the players' title; `narrow`: the date
        without its time and the winner's name cut."""
        widths = list(self._widths)
        if narrow:
            widths[0], widths[5] = self._date, min(widths[5], NARROW_WINNER)
        labels = {i: cell_len(self._label(i, narrow).plain) for i in columns}
        fitted = {i: max(widths[i], labels[i]) for i in columns}
        fitted[1] = room - 2 * len(columns) - sum(w for i, w in fitted.items() if i != 1)
        return fitted, labels[1]

    def column_label(self, index: int) -> Text:
        """`3 Status ▲`: the key that sorts by it, and an arrow on the sorted column."""
        return self._label(index, self.narrow)

    def _label(self, index: int, narrow: bool) -> Text:
        key, words, _sort, _rev = COLUMNS[index]
        said = trc(self.lang, "history", words) if key == "winner" else tr(self.lang, words)
        label = Text(f"{index + 1} {said}")
        column, reverse = self.sorted_by
        if index == column:
            label.append(" ▼" if reverse else " ▲")
            label.stylize("bold")
        elif not narrow:  # room for the arrow, so that sorting moves nothing
            label.append("  ")
        return label

    def label_columns(self) -> None:
        for index in self.shown:
            self.columns[COLUMNS[index][0]].label = self.column_label(index)  # type: ignore[index]
        self.refresh()
