"""Per-player statistics over the history (or the matches the history filter shows)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.events import Resize
from textual.widgets import DataTable, Label

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, tr, tr_n
from scorekeeper.i18n.errors import error_text
from scorekeeper.tui.actions import Action
from scorekeeper.tui.player_stats import PlayerStats, player_stats
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.widgets.keybar import KeyBar

ACTIONS: tuple[Action, ...] = (Action("escape", "back", N_("Back")),)

# (key, English, French) of each column after the player's name.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("matches", N_("Matches")),
    ("matches_won", N_("Won")),
    ("rounds_won", N_("Rounds won")),
    ("average", N_("Tricks/deal")),
    ("sweeps", N_("Sweeps")),
    ("ties", N_("Ties")),
    ("points", N_("Points")),
)

NARROW = 100  # the terminal's columns under which headings wrap


def stats_row(stats: PlayerStats, lang: str) -> list[Any]:
    """One table row; the name shown literally."""
    average = "—" if stats.average_tricks is None else f"{stats.average_tricks:.2f}"
    if lang == "fr":
        average = average.replace(".", ",")
    won = f"{stats.matches_won}"
    rounds = f"{stats.rounds_won} / {stats.rounds}"
    cells = [stats.matches, won, rounds, average, stats.sweeps, stats.ties, stats.points]
    return [Text(stats.name, overflow="ellipsis", no_wrap=True), *(str(cell) for cell in cells)]


class StatsScreen(VicaireScreen):
    """Matches and rounds won, tricks per deal, sweeps and ties, for every player."""

    CSS_PATH = "stats.tcss"

    ACTIONS = ACTIONS

    def __init__(self, match_ids: Sequence[str] | None = None, needle: str = "") -> None:
        super().__init__(id="stats")
        self.match_ids = None if match_ids is None else list(match_ids)
        self.needle = needle
        self.title_text = Text()
        self.narrow = False  # the headings on two lines (set as the screen is composed)

    def compose(self) -> ComposeResult:
        lang = self.lang
        title = Text(tr(lang, "Statistics"), style="bold")
        if self.needle:
            title.append(" — " + tr(lang, "matches with “{needle}”", needle=self.needle))
        else:
            title.append(" — " + tr(lang, "all matches"))
        self.title_text = title
        yield Label(title, id="stats-title")
        table: DataTable = DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        # Under NARROW columns, a two-word heading takes two lines, so that the last column
        # (the points) still shows whole on an 80-column terminal, in French too.
        narrow = self.narrow = self.app.size.width < NARROW
        if narrow:
            table.header_height = 2
        table.add_column(tr(lang, "Player"), key="name")
        for key, label in COLUMNS:
            heading = tr(lang, label)
            table.add_column(heading.replace(" ", "\n", 1) if narrow else heading, key=key)
        table.loading = True
        yield table
        yield Label(tr(lang, "Rounds won / rounds played. Tricks per deal: 10 ÷ 3 ≈ 3.33 on "
                             "average."), id="stats-note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.load()

    async def on_resize(self, event: Resize) -> None:
        """Across NARROW columns, the headings go to two lines or back to one."""
        if (event.size.width < NARROW) != self.narrow:
            await self.redraw()

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
            count, stats = await asyncio.to_thread(compute)
        except VicaireError as exc:
            table.loading = False
            self.notify(error_text(exc, lang), severity="error", markup=False)
            return
        table.loading = False
        table.add_rows(stats_row(s, lang) for s in stats)
        # Focused once loaded: Textual does not focus a widget while it shows it is loading.
        table.focus()
        text = self.title_text.copy()
        text.append(" " + tr_n(lang, "({count} match)", "({count} matches)", count))
        self.query_one("#stats-title", Label).update(text)

    def action_back(self) -> None:
        self.dismiss()
