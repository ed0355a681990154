"""The history: every stored match in a table, sorted and filtered; open, export, delete."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.widgets import DataTable, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import pick
from scorekeeper.i18n.store import STATUS_WORDS, status_text
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.screens.history_actions import MatchActions
from scorekeeper.tui.timestamps import local_time
from scorekeeper.tui.widgets.keybar import KeyBar

ACTIONS: tuple[Action, ...] = (
    Action("escape", "back", ("Back", "Retour")),
    Action("o", "open", ("Review the match", "Relire la partie"), short=("Open", "Ouvrir"),
           show=False, palette=True,
           help=("Its full score sheet and chart (Enter)",
                 "Sa feuille de marque complète et son graphique (Entrée)")),
    Action("slash", "filter", ("Filter", "Filtrer"), key_display="/"),
    Action("1", "sort(0)", ("Sort", "Trier"), key_display="1-6"),
    *(Action(str(n + 1), f"sort({n})", ("Sort", "Trier"), show=False) for n in range(1, 6)),
    Action("e", "export('json')",
           ("Export the match file (JSON)", "Exporter le fichier de partie (JSON)"),
           short=("JSON", "JSON"), show=False, palette=True,
           help=("Into the history's exports folder (e)",
                 "Dans le dossier exports de l'historique (e)")),
    Action("c", "export('csv')",
           ("Export the score sheet (CSV)", "Exporter la feuille de marque (CSV)"),
           short=("CSV", "CSV"), show=False, palette=True,
           help=("Into the history's exports folder (c)",
                 "Dans le dossier exports de l'historique (c)")),
    Action("d,delete", "delete", ("Delete the match", "Supprimer la partie"),
           short=("Delete", "Supprimer"), key_display="d", palette=True,
           help=("Asks first (d)", "Demande confirmation (d)")),
    Action("t", "stats", ("Player statistics", "Statistiques des joueurs"),
           short=("Stats", "Stats"), palette=True,
           help=("Of the matches shown (t)", "Des parties affichées (t)")),
)

STATUS_ORDER = {"in_progress": 0, "won": 1, "abandoned": 2}
FIRST_ROWS = 120  # rows added before the screen shows; the rest follow in chunks
CHUNK_ROWS = 200
MAX_NAME_COLUMN = 60
NARROW_WINNER = 8  # on a narrow screen, the winner's name is cut beyond this
DATE_ONLY = 10  # `2026-03-14`, when the screen is narrow
MIN_PLAYERS = 10
POINTS_SEPARATOR = "·"


def _winner_name(summary: Any) -> str:
    return "" if summary.winner is None else summary.players[summary.winner]


# (column key, English, French, sort key, newest/highest first by default)
COLUMNS: tuple[tuple[str, str, str, Callable[[Any], Any], bool], ...] = (
    ("date", "Date", "Date", lambda s: (s.created, s.id), True),
    ("players", "Players", "Joueurs",
     lambda s: tuple(n.casefold() for n in s.players), False),
    ("status", "Status", "État", lambda s: STATUS_ORDER.get(s.status, 9), False),
    ("deals", "Deals", "Donnes", lambda s: s.deals, True),
    ("points", "Points", "Points", lambda s: max(s.points), True),
    ("winner", "Winner", "Vainqueur",
     lambda s: (s.winner is None, _winner_name(s).casefold()), False),
)
COLUMN_INDEX = {key: index for index, (key, *_rest) in enumerate(COLUMNS)}


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


def matches_filter(summary: Any, needle: str) -> bool:
    """True if a player's name (or the match name) contains `needle`, ignoring case."""
    return any(needle in name.casefold() for name in (*summary.players, summary.name))


class HistoryScreen(MatchActions, VicaireScreen):
    """All stored matches; Enter (or o) reviews one, 1–6 sort, / filters by player."""

    CSS_PATH = "history.tcss"

    ACTIONS = ACTIONS

    def __init__(self) -> None:
        super().__init__(id="history")
        self.summaries: list[Any] = []
        self.view: list[Any] = []
        self.sort_column = 0
        self.sort_reverse = COLUMNS[0][4]
        self.needle = ""
        self.narrow = False
        self._widths: list[int] = []

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Label(pick(lang, "History", "Historique"), id="history-title")
        yield Input(placeholder=pick(lang, "Filter by player…", "Filtrer par joueur…"),
                    id="history-filter")
        table: DataTable = DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        for index, (key, *_rest) in enumerate(COLUMNS):
            table.add_column(self._column_label(index), key=key)
        yield table
        yield Static(pick(lang, "Loading…", "Chargement…"), id="history-empty")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#history-table").focus()
        self.load()

    def on_screen_resume(self) -> None:
        if self.summaries:
            self.load()

    async def redraw(self) -> None:
        """Compose again in the app's language, keeping the sort, the filter and the cursor."""
        keep, filtering = self.current_id(), self.focused is self.query_one("#history-filter")
        await self.recompose()
        self.query_one("#history-filter", Input).value = self.needle
        if self.summaries:
            self._measure()
            self.show(keep)
        (self.query_one("#history-filter") if filtering else self.table).focus()

    @property
    def table(self) -> DataTable:
        return self.query_one("#history-table", DataTable)

    @work(exclusive=True, group="history-load")
    async def load(self) -> None:
        """Read the summaries off the UI thread, then fill the table."""
        try:
            summaries = await asyncio.to_thread(self.services.history.summaries)
        except VicaireError as exc:
            self.query_one("#history-empty", Static).update(exc.message(self.lang))
            self.notify(exc.message(self.lang), severity="error", markup=False)
            return
        self.summaries = summaries
        self._measure()
        self.show()

    # ------------------------------------------------------------ the table

    def _texts(self, summary: Any) -> list[str]:
        """The row's words: date, players, status, deals, points, winner."""
        lang = self.lang
        status = status_text(summary.status, lang)
        if summary.simulated:
            status += " (sim.)"
        return [
            local_time(summary.created)[:DATE_ONLY] if self.narrow else local_time(summary.created),
            " · ".join(summary.players),
            status,
            str(summary.deals).rjust(4),
            POINTS_SEPARATOR.join(str(p) for p in summary.points),
            _winner_name(summary) or "—",
        ]

    def _row(self, summary: Any) -> list[Cell]:
        return [Cell(text) for text in self._texts(summary)]

    def show(self, keep: str | None = None) -> None:
        """Filter, sort and fill the table, keeping the cursor on match `keep` if shown."""
        table = self.table
        if keep is None:
            keep = self.current_id()
        needle = self.needle.casefold()
        view = [s for s in self.summaries if matches_filter(s, needle)] if needle \
            else list(self.summaries)
        _key, _en, _fr, sort_key, _rev = COLUMNS[self.sort_column]
        view.sort(key=sort_key, reverse=self.sort_reverse)
        self.view = view
        index = 0
        if keep is not None:
            index = next((i for i, s in enumerate(view) if s.id == keep), 0)
        table.clear()
        self._fit_columns()
        self._add_rows(table, max(FIRST_ROWS, index + FIRST_ROWS))
        self._label_columns()
        self._show_count()
        table.move_cursor(row=index, animate=False, scroll=True)
        if table.row_count < len(view):
            self._fill()

    def _add_rows(self, table: DataTable, count: int) -> None:
        """Add the next `count` rows of the view to the table."""
        start = table.row_count
        table.add_rows(self._row(s) for s in self.view[start:start + count])

    @work(exclusive=True, group="history-fill")
    async def _fill(self) -> None:
        """Add the rest of the rows a chunk at a time, so the screen shows and answers at once."""
        table = self.table
        while table.row_count < len(self.view):
            await asyncio.sleep(0)
            if not table.is_attached:
                return
            self._add_rows(table, CHUNK_ROWS)

    def _measure(self) -> None:
        """The widest text of every column over all the matches (so rows added later fit)."""
        lang = self.lang
        players = points = winner = 0
        for summary in self.summaries:
            players = max(players, cell_len(" · ".join(summary.players)))
            points = max(points, len(POINTS_SEPARATOR.join(map(str, summary.points))))
            winner = max(winner, cell_len(_winner_name(summary)))
        status = max((cell_len(self._texts(s)[2]) for s in self.summaries
                      if s.simulated or s.status == "abandoned"), default=0)
        status = max(status, max(cell_len(pick(lang, *words)) for words in STATUS_WORDS.values()))
        self._widths = [16, players, status, 4, points, max(winner, 1)]

    def _fit_columns(self) -> None:
        """Fix every column's width; when the screen is narrow, the date loses its time and
        the players' names share what is left (cut with …)."""
        if not self._widths:
            return
        room = self.table.size.width or self.app.size.width
        room -= 2 * len(COLUMNS) + 2  # cell padding, the scroll bar
        for narrow in (False, True):
            self.narrow = narrow
            widths = list(self._widths)
            labels = [cell_len(self._column_label(i).plain) for i in range(len(COLUMNS))]
            if narrow:
                widths[0], widths[5] = DATE_ONLY, min(widths[5], NARROW_WINNER)
            fitted = [max(w, label) for w, label in zip(widths, labels, strict=True)]
            if sum(fitted) <= room:
                break
            if narrow:
                fitted[1] = max(room - sum(fitted) + fitted[1], MIN_PLAYERS, labels[1])
        for index, (key, *_rest) in enumerate(COLUMNS):
            column = self.table.columns[key]  # type: ignore[index]
            column.width = min(fitted[index], MAX_NAME_COLUMN)
            column.auto_width = False

    def on_resize(self) -> None:
        if self.summaries:
            narrow = self.narrow
            self._fit_columns()
            if narrow != self.narrow:
                self.show()
            self.table.refresh()

    def _column_label(self, index: int) -> Text:
        """`3 Status ▲`: the key that sorts by it, and an arrow on the sorted column."""
        _key, en, fr, _sort, _rev = COLUMNS[index]
        label = Text(f"{index + 1} {pick(self.lang, en, fr)}")
        if index == self.sort_column:
            label.append(" ▼" if self.sort_reverse else " ▲")
            label.stylize("bold")
        elif not self.narrow:  # room for the arrow, so that sorting moves nothing
            label.append("  ")
        return label

    def _label_columns(self) -> None:
        for index, (key, *_rest) in enumerate(COLUMNS):
            self.table.columns[key].label = self._column_label(index)  # type: ignore[index]
        self.table.refresh()

    def _show_count(self) -> None:
        lang, total, shown = self.lang, len(self.summaries), len(self.view)
        title = pick(lang, f"History — {total} match{'es' if total != 1 else ''}",
                     f"Historique — {total} partie{'s' if total > 1 else ''}")
        if self.needle:
            title += pick(lang, f", {shown} shown", f", {shown} affichée{'s' if shown > 1 else ''}")
        self.query_one("#history-title", Label).update(title)
        empty = self.query_one("#history-empty", Static)
        empty.display = not self.view
        if not self.summaries:
            empty.update(pick(lang, "No match yet. Start one from the home screen.",
                              "Aucune partie pour l'instant. Commencez-en une depuis l'accueil."))
        else:
            empty.update(pick(lang, "No match with this player.",
                              "Aucune partie avec ce joueur."))

    def current_id(self) -> str | None:
        """The id of the match under the cursor."""
        row = self.table.cursor_row
        if not self.view or not 0 <= row < len(self.view):
            return None
        return self.view[row].id

    def current_summary(self) -> Any | None:
        row = self.table.cursor_row
        return self.view[row] if self.view and 0 <= row < len(self.view) else None

    def forget(self, match_id: str) -> None:
        """A match was deleted: drop its row."""
        self.summaries = [s for s in self.summaries if s.id != match_id]
        index = next((i for i, s in enumerate(self.view) if s.id == match_id), None)
        if index is None:
            return
        del self.view[index]
        self.table.remove_row(self.table.coordinate_to_cell_key((index, 0)).row_key)
        self._show_count()

    # -------------------------------------------------------------- actions

    @on(Input.Changed, "#history-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self.needle = event.value.strip()
        self.show()

    @on(Input.Submitted, "#history-filter")
    def _filter_done(self) -> None:
        self.table.focus()

    @on(DataTable.HeaderSelected, "#history-table")
    def _header(self, event: DataTable.HeaderSelected) -> None:
        self.action_sort(event.column_index)

    @on(DataTable.RowSelected, "#history-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_back(self) -> None:
        if self.focused is self.query_one("#history-filter") and self.needle:
            self.query_one("#history-filter", Input).value = ""
            self.table.focus()
            return
        self.dismiss()

    def action_filter(self) -> None:
        # After this key is handled, so that the "/" is not typed into the filter.
        self.call_after_refresh(self.query_one("#history-filter", Input).focus)

    def action_sort(self, column: int) -> None:
        """Sort by `column`; again on the same column reverses the order."""
        if column == self.sort_column:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column, self.sort_reverse = column, COLUMNS[column][4]
        self.show()

    def action_open(self) -> None:
        match_id = self.current_id()
        if match_id is None:
            return
        from scorekeeper.tui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(match_id))

    def action_export(self, kind: str) -> None:
        match_id = self.current_id()
        if match_id is not None:
            self.export_match(match_id, kind)

    def action_delete(self) -> None:
        summary = self.current_summary()
        if summary is not None:
            self.ask_delete(summary.id, summary.players, summary.created)

    def deleted(self, match_id: str) -> None:
        self.forget(match_id)

    def action_stats(self) -> None:
        from scorekeeper.tui.screens.stats import StatsScreen

        ids = [s.id for s in self.view] if self.needle else None
        self.app.push_screen(StatsScreen(ids, self.needle))
