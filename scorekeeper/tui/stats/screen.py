"""Per-player statistics over the history (or the matches the history filter shows), for a
season (all time or one year, `y`), with or without the bots' matches (`b`); the records
(`r`) and the head-to-head table (`v`) open from here (`stats_more.py`)."""

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
from scorekeeper.stats import Period, PlayerStats, Statistics, statistics
from scorekeeper.stats.facts import MatchFacts
from scorekeeper.stats.players import best_first
from scorekeeper.tui.actions import Action
from scorekeeper.tui.layout import SHORTEST, name_lines
from scorekeeper.tui.screens.base import NARROW, VicaireScreen
from scorekeeper.tui.widgets.keybar import KeyBar
from scorekeeper.tui.widgets.measured_table import MeasuredTable
from scorekeeper.tui.widgets.unreadable_line import UnreadableLine

# (named: the screen says it where the bots' matches alone were played)
BOTS = Action("b", "bots", N_("Bots"), help=N_("count the bots' matches too, or not"),
              palette=True, rank=3)
ACTIONS: tuple[Action, ...] = (
    Action("escape", "back", N_("Back"), rank=0),
    Action("r", "records", N_("Records"), help=N_("who holds each record, and where"),
           palette=True, rank=1),
    Action("v", "rivals", N_("Head to head"),
           help=N_("how each pair of players fared against each other"), palette=True,
           rank=1),
    Action("y", "season", N_("Season"), help=N_("all time, or one year"), palette=True,
           rank=2),
    BOTS,
)

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


def below_line(stats: PlayerStats, lang: str, phone: bool = True) -> Text:
    """The player under the cursor: on a phone first the figures the table leaves out
    ("Amélie — Plis/donne 3,70 · Capots 0 · Égalités 1"), then the rounds won by kind, the
    time played and the form (their last 10 finished matches, oldest first); the name shown
    literally."""
    from scorekeeper.i18n.dates import duration_text
    from scorekeeper.i18n.stats import form_text

    row = dict(zip(KEYS, stats_row(stats, lang), strict=True))
    words = dict(COLUMNS)
    text = Text()
    text.append(stats.name, style="bold")
    said = [f"{tr(lang, words[key])}\xa0{row[key]}" for key in BELOW] if phone else []
    said.append(tr(lang, "won on 10: {ten}, on 15+: {higher}, by a sweep: {sweep}",
                   ten=stats.won_on_10, higher=stats.won_higher, sweep=stats.won_by_sweep))
    if stats.seconds_played is not None:
        said.append(tr(lang, "played {time}", time=duration_text(stats.seconds_played, lang)))
    said.append(tr(lang, "form: {form}", form=form_text(stats.form, lang)))
    text.append(" — " + " · ".join(said))
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
        self.facts: list[MatchFacts] | None = None  # every match's digest, once read
        self.year: int | None = None  # the season shown: all time, or one year
        self.with_bots = False
        self.shown_stats: Statistics | None = None

    def title_line(self) -> Text:
        """"Statistics — all matches (12 matches)", the season, the filter, the bots."""
        title = Text(tr(self.lang, "Statistics"), style="bold")
        title.append(" — ")
        title.append_text(self.season_words())
        return title

    def season_words(self) -> Text:
        """Which matches: "all matches (12 matches)", "in 2026 (3 matches) · with the bots'
        matches", "matches with “zoé”, in 2026 (…)"."""
        from scorekeeper.i18n.stats import season_text

        lang = self.lang
        title = Text()
        if self.needle:
            title.append(tr(lang, "matches with “{needle}”", needle=self.needle))
            if self.year is not None:
                title.append(", " + season_text(self.year, None, lang))
        else:
            title.append(season_text(self.year, None, lang))
        if self.shown_stats is not None:
            count = len(self.shown_stats.matches)
            title.append(" " + tr_n(lang, "({count} match)", "({count} matches)", count))
        if self.with_bots:
            title.append(" · " + tr(lang, "with the bots' matches"))
        return title

    def compose(self) -> ComposeResult:
        lang = self.lang
        self.title_text = self.title_line()
        yield Label(self.title_text, id="stats-title")
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
        yield Label("", id="stats-none")  # (instead of the table, when no match is counted)
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
        """The columns' headings: a two-word heading on two lines when narrow, and one of
        two words joined by a slash ("Tricks/" over "deal"), the names' room."""
        headings = [tr(self.lang, label) for label in (PLAYER, *(c[1] for c in COLUMNS))]
        headings = [headings[i] for i in self.shown()]
        if not self.narrow:
            return headings
        return [h.replace(" ", "\n", 1) if " " in h else h.replace("/", "/\n", 1)
                for h in headings]

    def _columns(self, table: DataTable, headings: list[str]) -> None:
        for index, heading in zip(self.shown(), headings, strict=True):
            table.add_column(heading, key=KEYS[index])

    def fill(self) -> None:
        """The rows, a name longer than its room on two lines or three (broken after a
        hyphen or at a space), shortened only if even so it does not fit, so that the other
        columns show whole (the columns made again: each is as wide as its widest cell)."""
        table = self.query_one("#stats-table", DataTable)
        headings = self.headings()
        shown = self.shown()
        rows = [[row[i] for i in shown] for row in (stats_row(s, self.lang) for s in self.stats)]
        room = max(SHORTEST, name_room(rows, headings, table.scrollable_content_region.width
                                       or self.app.size.width))
        heights = []
        for row, stats in zip(rows, self.stats, strict=True):
            lines = name_lines(stats.name, room, lines=3)
            row[0].plain = "\n".join(lines)
            heights.append(len(lines))
        cursor = table.cursor_row
        table.clear(columns=True)
        self._columns(table, headings)
        for row, height in zip(rows, heights, strict=True):
            table.add_row(*row, height=height)
        if rows:
            table.move_cursor(row=min(cursor, len(rows) - 1), animate=False)
        self._say_below(table.cursor_row)
        self._say_none()

    def _say_none(self) -> None:
        """In the table's place, when no match is counted: why, and what would count some."""
        from scorekeeper.i18n.stats import nothing_counted

        chosen = self.shown_stats
        none = self.query_one("#stats-none", Label)
        none.display = chosen is not None and not chosen.matches
        self.query_one("#stats-table").display = not none.display
        if chosen is not None and none.display:
            none.update(nothing_counted(self.lang, chosen.bots_left_out, self.year is not None,
                                        self.bots_how(), self.needle))

    def bots_how(self) -> str:
        """What counts the bots' matches: their key; a phone has none: the key bar's
        Commands, then the palette's Bots."""
        return f"{self.app.bar_label('command_palette')} › {BOTS.name(self.lang)}" \
            if self.phone else BOTS.key

    def none_shown(self, records: bool) -> str:
        """Why the records (`records`) or the head-to-head table show nothing."""
        from scorekeeper.i18n.stats import none_shown

        chosen = self.shown_stats
        return none_shown(self.lang, records, chosen.bots_left_out if chosen else 0,
                          self.year is not None, self.bots_how(), self.needle)

    def _say_below(self, row: int) -> None:
        """The player under the cursor: their form, and on a phone what the table leaves
        out."""
        below = self.query_one("#stats-below", Label)
        below.display = 0 <= row < len(self.stats)
        if below.display:
            below.update(below_line(self.stats[row], self.lang, self.phone))

    @on(DataTable.RowHighlighted, "#stats-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._say_below(event.cursor_row)

    async def redraw(self) -> None:
        """Compose again in the app's language (the figures are kept)."""
        await self.recompose()
        self.on_mount()

    @work(exclusive=True, group="stats-load")
    async def load(self) -> None:
        """Read the matches' digests off the UI thread (replayed where the cache has none),
        then fill the table."""
        from scorekeeper.stats.cache import history_facts

        lang = self.lang
        table = self.query_one("#stats-table", DataTable)
        try:
            history = await self.services.history_ready()
            if self.facts is None:
                self.facts = await self.off_thread(history_facts, history, self.match_ids)
        except VicaireError as exc:
            table.loading = False
            self.notify(error_text(exc, lang), severity="error", markup=False)
            return
        await self.work_out()
        table.loading = False
        # Focused once loaded: Textual does not focus a widget while it shows it is loading.
        table.focus()
        # The matches the listing could not read are not counted: named, as in the History.
        self.query_one(UnreadableLine).show(history, lang)

    @work(exclusive=True, group="stats-season")
    async def show_season(self) -> None:
        """The statistics of the season and bots chosen, worked out from the digests read
        (off the UI thread: a tenth of a second or more on a big history)."""
        await self.work_out()

    async def work_out(self) -> None:
        chosen = await self.off_thread(statistics, self.facts or [], Period(self.year),
                                       self.with_bots)
        self.shown_stats = chosen
        self.stats = best_first(chosen.players)
        self.fill()
        self.title_text = self.title_line()
        self.query_one("#stats-title", Label).update(self.title_text)

    def years(self) -> list[int]:
        """The years with matches (of the bots too when they count), newest first."""
        from scorekeeper.stats.periods import local_day

        return sorted({local_day(f).year for f in self.facts or ()
                       if self.with_bots or not f.simulated}, reverse=True)

    def action_season(self) -> None:
        """All time, then each year with matches, newest first, then all time again."""
        if self.facts is None:
            return
        seasons: list[int | None] = [None, *self.years()]
        at = seasons.index(self.year) if self.year in seasons else 0
        self.year = seasons[(at + 1) % len(seasons)]
        self.show_season()

    def action_bots(self) -> None:
        if self.facts is not None:
            self.with_bots = not self.with_bots
            self.show_season()

    def action_records(self) -> None:
        from scorekeeper.tui.stats.more import RecordsScreen

        if self.shown_stats is not None:
            self.app.push_screen(RecordsScreen(self.shown_stats, self.season_words,
                                               self.none_shown))

    def action_rivals(self) -> None:
        from scorekeeper.tui.stats.more import RivalriesScreen

        if self.shown_stats is not None:
            self.app.push_screen(RivalriesScreen(self.shown_stats, self.season_words,
                                                 self.none_shown))

    def action_back(self) -> None:
        self.dismiss()
