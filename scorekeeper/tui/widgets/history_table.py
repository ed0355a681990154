"""The history's table: one row per stored match, columns fitted to the screen's width.

The columns keep fixed widths (measured once over every match, so rows added later fit and
filling 10,000 rows stays cheap); on a narrow screen the date loses its time and the players'
names share what is left. On a phone (the table 50 columns wide or less) two columns of two
lines each say it all: the date over the status, the players over the points and the winner.
Each column's title names the key that sorts by it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import DataTable

from scorekeeper.i18n import N_, Nc_, tr, trc
from scorekeeper.i18n.dates import local_date, local_time
from scorekeeper.i18n.store import STATUS_WORDS, status_text
from scorekeeper.tui.sizes import NARROW

STATUS_ORDER = {"in_progress": 0, "won": 1, "abandoned": 2}
MAX_NAME_COLUMN = 60
NARROW_WINNER = 8  # on a narrow screen, the winner's name is cut beyond this
DATE_ONLY = 10  # `2026-03-14`, when the screen is narrow
MIN_PLAYERS = 10
POINTS_SEPARATOR = "·"


def winner_name(summary: Any) -> str:
    return "" if summary.winner is None else summary.players[summary.winner]


# (column key, English, French, sort key, newest/highest first by default)
COLUMNS: tuple[tuple[str, str, Callable[[Any], Any], bool], ...] = (
    ("date", N_("Date"), lambda s: (s.created, s.id), True),
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
    """The matches' table; `sort` is (column, reverse), set by the screen that sorts."""

    class Resized(Message):
        """The table's own size changed (at a new window size, and as it first grows to its
        height once the list shows): its screen fits the columns again."""

    def __init__(self, lang: str, sort: tuple[int, bool], **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.lang = lang
        self.sort = sort
        self.narrow = False
        self.phone = False  # two columns of two lines (see the module's words)
        self._widths: list[int] = []
        self._add_columns()

    def on_resize(self, _event: events.Resize) -> None:
        self.post_message(self.Resized())

    def shown_columns(self) -> tuple[tuple[str, str, Callable[[Any], Any], bool], ...]:
        return COLUMNS[:2] if self.phone else COLUMNS

    def _add_columns(self) -> None:
        for index, (key, *_rest) in enumerate(self.shown_columns()):
            self.add_column(self.column_label(index), key=key)

    def set_phone(self, phone: bool) -> None:
        """Lay the table out for a phone or not (its rows to be added again)."""
        if phone != self.phone:
            self.phone = phone
            self.clear(columns=True)
            self._add_columns()

    def texts(self, summary: Any) -> list[str]:
        """The row's words: date, players, status, deals, points, winner."""
        status = status_text(summary.status, self.lang)
        if summary.simulated:
            status += " (sim.)"
        return [
            (local_date if self.narrow else local_time)(summary.created),
            " · ".join(summary.players),
            status,
            str(summary.deals).rjust(4),
            POINTS_SEPARATOR.join(str(p) for p in summary.points),
            winner_name(summary) or "—",
        ]

    def phone_texts(self, summary: Any) -> list[str]:
        """On a phone: the date over the status; the players over the points (and winner)."""
        date, players, status, _deals, points, winner = self.texts(summary)
        below = points if summary.winner is None else f"{points} · {winner}"
        return [f"{date}\n{status}", f"{players}\n{below}"]

    def add_matches(self, summaries: Sequence[Any]) -> None:
        if self.phone:
            for summary in summaries:
                self.add_row(*(Cell(text) for text in self.phone_texts(summary)), height=2)
            return
        self.add_rows([Cell(text) for text in self.texts(s)] for s in summaries)

    def measure(self, summaries: Sequence[Any]) -> None:
        """The widest text of every column over all the matches (so rows added later fit)."""
        players = points = winner = 0
        for summary in summaries:
            players = max(players, cell_len(" · ".join(summary.players)))
            points = max(points, len(POINTS_SEPARATOR.join(map(str, summary.points))))
            winner = max(winner, cell_len(winner_name(summary)))
        status = max((cell_len(self.texts(s)[2]) for s in summaries
                      if s.simulated or s.status == "abandoned"), default=0)
        status = max(status, max(cell_len(status_text(code, self.lang)) for code in STATUS_WORDS))
        self._widths = [16, players, status, 4, points, max(winner, 1)]

    def fit_columns(self, room: int, rows: int | None = None) -> None:
        """Fix every column's width for `room` cells; when that is narrow, the date loses its
        time and the players' names share what is left (cut with …). Room for the scroll bar
        is kept only where the `rows` to show (when known) are more than the table shows."""
        if not self._widths:
            return
        self.set_phone(room <= NARROW)
        if self.phone:
            self.narrow = True  # (the date without its time)
            date = max(DATE_ONLY, self._widths[2], cell_len(self.column_label(0).plain))
            self.columns["date"].width = date  # type: ignore[index]
            self.columns["players"].width = max(room - 2 * 2 - 2 - date,  # type: ignore[index]
                                                 MIN_PLAYERS)
            for column in self.columns.values():
                column.auto_width = False
            return
        shown = self.size.height - 1  # (the titles' line)
        scroll_bar = 0 if rows is not None and 0 < rows <= shown else 2
        room -= 2 * len(COLUMNS) + scroll_bar  # cell padding
        for narrow in (False, True):
            self.narrow = narrow
            widths = list(self._widths)
            labels = [cell_len(self.column_label(i).plain) for i in range(len(COLUMNS))]
            if narrow:
                widths[0], widths[5] = DATE_ONLY, min(widths[5], NARROW_WINNER)
            fitted = [max(w, label) for w, label in zip(widths, labels, strict=True)]
            if sum(fitted) <= room:
                break
            if narrow:
                fitted[1] = max(room - sum(fitted) + fitted[1], MIN_PLAYERS, labels[1])
        for index, (key, *_rest) in enumerate(COLUMNS):
            column = self.columns[key]  # type: ignore[index]
            column.width = min(fitted[index], MAX_NAME_COLUMN)
            column.auto_width = False

    def column_label(self, index: int) -> Text:
        """`3 Status ▲`: the key that sorts by it, and an arrow on the sorted column."""
        key, words, _sort, _rev = COLUMNS[index]
        said = trc(self.lang, "history", words) if key == "winner" else tr(self.lang, words)
        label = Text(f"{index + 1} {said}")
        column, reverse = self.sort
        if index == column:
            label.append(" ▼" if reverse else " ▲")
            label.stylize("bold")
        elif not self.narrow:  # room for the arrow, so that sorting moves nothing
            label.append("  ")
        return label

    def label_columns(self) -> None:
        for index, (key, *_rest) in enumerate(self.shown_columns()):
            self.columns[key].label = self.column_label(index)  # type: ignore[index]
        self.refresh()
