"""Per-player statistics over the history (or the matches the history filter shows)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.events import Resize
from textual.widgets import DataTable, Label

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, tr, tr_n
from scorekeeper.i18n.errors import error_text
from scorekeeper.stats.players import PlayerStats, player_stats
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import NARROW, VicaireScreen
from scorekeeper.tui.shorten import SHORTEST, shorten
from scorekeeper.tui.widgets.keybar import KeyBar
from scorekeeper.tui.widgets.measured_table import MeasuredTable
from scorekeeper.tui.widgets.unreadable_line import UnreadableLine

ACTIONS: tuple[Action, ...] = (Action("escape", "back", N_("Back")),)

PLAYER = N_("Player")
# (key, words) of each column after the player's name.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("matches", N_("Matches")),
    ("matches_won", N_("Won")),
    ("rounds_won", N_("Rounds won")),
    ("average", N_("Tricks/deal")),
    ("sweeps", N_("Sweeps")),
    ("ties", N_("Ties")),
    ("points", N_("Points")),
)

KEYS = ("name", *(key for key, _ in COLUMNS))  # each cell of a row, in order

HEADINGS_WRAP = 100  # the terminal's columns under which two-word headings take two lines
# On a phone (NARROW columns or fewer) these columns; the others are said below the table for
# the player under the cursor.
PHONE_COLUMNS = ("matches", "matches_won", "rounds_won", "points")
BELOW = ("average", "sweeps", "ties")


def stats_row(stats: PlayerStats, lang: str) -> list[Any]:
    """One table row; the name shown literally."""
    average = "—" if stats.average_tricks is None else f"{stats.average_tricks:.2f}"
    if lang == "fr":
        average = average.replace(".", ",")
    won = f"{stats.matches_won}"
    rounds = f"{stats.rounds_won} / {stats.rounds}"
    cells = [stats.matches, won, rounds, average, stats.sweeps, stats.ties, stats.points]
    return [Text(stats.name, overflow="ellipsis", no_wrap=True), *(str(cell) for cell in cells)]


def below_line(stats: PlayerStats, lang: str) -> Text:
    """On a phone, the figures the table leaves out, for one player: "Amélie — Plis/donne
    3,70 · Capots 0 · Égalités 1" (the name shown literally)."""
    row = dict(zip(KEYS, stats_row(stats, lang), strict=True))
    words = dict(COLUMNS)
    text = Text()
    text.append(stats.name, style="bold")
    text.append(" — " + " · ".join(f"{tr(lang, words[key])}\xa0{row[key]}" for key in BELOW))
    return text


def name_room(rows: list[list[Any]], headings: list[str], width: int) -> int:
    """The cells the players' names may take so that every other column shows whole in a
    table `width` cells wide (each column has a cell of padding on each side)."""
    others = sum(max([cell_len(line) for line in heading.split("\n")] +
                     [cell_len(str(row[index])) for row in rows]) + 2
                 for index, heading in enumerate(headings) if index)
    return width - others - 2


class StatsScreen(VicaireScreen):
    """Matches and rounds won, tricks per deal, sweeps and ties, for every player."""

    CSS_PATH = "stats.tcss"

    ACTIONS = ACTIONS

    def __init__(self, match_ids: Sequence[str] | None = None, needle: str = "") -> None:
        super().__init__()
        self.match_ids = None if match_ids is None else list(match_ids)
        self.needle = needle
        self.title_text = Text()
        self.narrow = False  # the headings on two lines (set as the screen is composed)
        self.phone = False  # the phone's columns (PHONE_COLUMNS), the rest below the table
        self.stats: list[PlayerStats] = []

    def compose(self) -> ComposeResult:
        lang = self.lang
        title = Text(tr(lang, "Statistics"), style="bold")
        if self.needle:
            title.append(" — " + tr(lang, "matches with “{needle}”", needle=self.needle))
        else:
            title.append(" — " + tr(lang, "all matches"))
        self.title_text = title
        yield Label(title, id="stats-title")
        table = MeasuredTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        # Under HEADINGS_WRAP columns, a two-word heading takes two lines, so that the last column
        # (the points) still shows whole on an 80-column terminal, in French too.
        self.narrow = self.app.size.width < HEADINGS_WRAP
        self.phone = 0 < self.app.size.width <= NARROW
        if self.narrow:
            table.header_height = 2
        self._columns(table, self.headings())
        table.loading = True
        yield table
        yield Label("", id="stats-below")
        yield Label(tr(lang, "Rounds won / rounds played. Tricks per deal: 10 ÷ 3 ≈ 3.33 on "
                             "average."), id="stats-note")
        yield UnreadableLine(id="stats-unreadable")
        yield KeyBar()

    def on_mount(self) -> None:
        self.load()

    async def on_resize(self, event: Resize) -> None:
        """Across HEADINGS_WRAP columns, the headings go to two lines or back to one."""
        if ((event.size.width < HEADINGS_WRAP) != self.narrow
                or (event.size.width <= NARROW) != self.phone):
            await self.redraw()
        elif self.stats:
            self.call_after_refresh(self.fill)  # (the names, to the new width)

    def shown(self) -> list[int]:
        """The indexes of the cells shown in a row: all, or on a phone the name and
        PHONE_COLUMNS."""
        return [i for i, key in enumerate(KEYS)
                if not self.phone or key == "name" or key in PHONE_COLUMNS]

    def headings(self) -> list[str]:
        """The columns' headings: a two-word heading on two lines when narrow."""
        headings = [tr(self.lang, label) for label in (PLAYER, *(c[1] for c in COLUMNS))]
        headings = [headings[i] for i in self.shown()]
        return [h.replace(" ", "\n", 1) for h in headings] if self.narrow else headings

    def _columns(self, table: DataTable, headings: list[str]) -> None:
        for index, heading in zip(self.shown(), headings, strict=True):
            table.add_column(heading, key=KEYS[index])

    def fill(self) -> None:
        """The rows, a long name shortened so that the other columns show whole (the
        columns made again: each is as wide as its widest cell)."""
        table = self.query_one("#stats-table", DataTable)
        headings = self.headings()
        shown = self.shown()
        rows = [[row[i] for i in shown] for row in (stats_row(s, self.lang) for s in self.stats)]
        room = max(SHORTEST, name_room(rows, headings, table.scrollable_content_region.width
                                       or self.app.size.width))
        for row, stats in zip(rows, self.stats, strict=True):
            row[0].plain = shorten(stats.name, room)
        cursor = table.cursor_row
        table.clear(columns=True)
        self._columns(table, headings)
        table.add_rows(rows)
        if rows:
            table.move_cursor(row=min(cursor, len(rows) - 1), animate=False)
        self._say_below(table.cursor_row)

    def _say_below(self, row: int) -> None:
        """On a phone, the figures left out of the table, for the player under the cursor."""
        below = self.query_one("#stats-below", Label)
        below.display = self.phone and 0 <= row < len(self.stats)
        if below.display:
            below.update(below_line(self.stats[row], self.lang))

    @on(DataTable.RowHighlighted, "#stats-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._say_below(event.cursor_row)

    async def redraw(self) -> None:
        """Compose again in the app's language (the figures are read again)."""
        await self.recompose()
        self.on_mount()

    @work(exclusive=True, group="stats-load")
    async def load(self) -> None:
        """Read and replay the matches off the UI thread, then fill the table."""
        lang = self.lang

        def compute() -> tuple[int, list[PlayerStats]]:
            # Matches the bots played (simulate) are not the family's: left out.
            matches = [m for m in history.matches(self.match_ids) if not m.simulated]
            return len(matches), player_stats(matches)

        table = self.query_one("#stats-table", DataTable)
        try:
            history = await self.services.history_ready()
            count, stats = await self.off_thread(compute)
        except VicaireError as exc:
            table.loading = False
            self.notify(error_text(exc, lang), severity="error", markup=False)
            return
        table.loading = False
        self.stats = stats
        self.fill()
        # Focused once loaded: Textual does not focus a widget while it shows it is loading.
        table.focus()
        text = self.title_text.copy()
        text.append(" " + tr_n(lang, "({count} match)", "({count} matches)", count))
        self.query_one("#stats-title", Label).update(text)
        # The matches the listing could not read are not counted: named, as in the History.
        self.query_one(UnreadableLine).show(history, lang)

    def action_back(self) -> None:
        self.dismiss()
