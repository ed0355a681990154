"""The history: every stored match in a table, sorted and filtered; open, export, delete."""

from __future__ import annotations

import asyncio
import unicodedata
from typing import TYPE_CHECKING

from textual import events, on, work
from textual.app import ComposeResult
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, Nc_, tr, tr_n
from scorekeeper.i18n.errors import error_text
from scorekeeper.tui.actions import Action
from scorekeeper.tui.history.actions import MatchActions
from scorekeeper.tui.history.table import COLUMNS, HistoryTable
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.widgets.keybar import KeyBar
from scorekeeper.tui.widgets.unreadable_line import UnreadableLine

if TYPE_CHECKING:
    from scorekeeper.store import MatchSummary

ACTIONS: tuple[Action, ...] = (
    Action("escape", "back", N_("Back")),
    Action("o", "open", N_("Review the match"), short=Nc_("key bar", "Open"),
           show=False, palette=True,
           help=N_("Its full score sheet and chart (Enter)")),
    Action("slash", "filter", N_("Filter"), key_display="/"),
    Action("1", "sort(0)", N_("Sort"), key_display="1-6"),
    *(Action(str(n + 1), f"sort({n})", N_("Sort"), show=False) for n in range(1, 6)),
    Action("e", "export('json')",
           N_("Export the match file (JSON)"),
           short=Nc_("key bar", "JSON"), show=False, palette=True,
           help=N_("Into the history's exports folder (e)")),
    Action("c", "export('csv')",
           N_("Export the score sheet (CSV)"),
           short=Nc_("key bar", "CSV"), show=False, palette=True,
           help=N_("Into the history's exports folder (c)")),
    Action("x", "export_all", N_("Export the whole history"),
           short=Nc_("key bar", "Export all"), show=False, palette=True,
           help=N_("Every match in one file, into your downloads folder (x)")),
    Action("i", "import_file", N_("Import matches"),
           short=Nc_("key bar", "Import"), show=False, palette=True,
           help=N_("From a match file or a whole history's file (i)")),
    Action("d,delete", "delete", N_("Delete the match"),
           short=Nc_("key bar", "Delete"), key_display="d", palette=True,
           help=N_("Asks first (d)")),
    Action("t", "stats", N_("Player statistics"),
           short=Nc_("key bar", "Stats"), palette=True,
           help=N_("Of the matches shown (t)")),
)

FIRST_ROWS = 120  # rows added before the screen shows; the rest follow in chunks
CHUNK_ROWS = 200


def fold(text: str) -> str:
    """`text` without case or accents, for searching: "Zoé" and "ZOE" both give "zoe"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def matches_filter(summary: MatchSummary, needle: str) -> bool:
    """True if a player's name (or the match name) contains `needle`, ignoring case and
    accents ("zoe" finds "Zoé")."""
    needle = fold(needle)
    return any(needle in fold(name) for name in (*summary.players, summary.name))


class HistoryScreen(MatchActions, VicaireScreen):
    """All stored matches; Enter (or o) reviews one, 1–6 sort, / filters by player."""

    CSS_PATH = "history.tcss"

    ACTIONS = ACTIONS

    def __init__(self) -> None:
        super().__init__()
        self.summaries: list[MatchSummary] = []
        self.view: list[MatchSummary] = []
        self.sort_column = 0
        self.sort_reverse = COLUMNS[0][3]
        self.needle = ""

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Label(tr(lang, "History"), id="history-title")
        yield Input(placeholder=tr(lang, "Filter by player…"),
                    id="history-filter")
        yield HistoryTable(lang, (self.sort_column, self.sort_reverse), id="history-table")
        yield Static(tr(lang, "Loading…"), id="history-empty")
        yield UnreadableLine(id="history-unreadable")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#history-table").focus()
        self.load()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if self.summaries:
            self.load()

    async def redraw(self) -> None:
        """Compose again in the app's language, keeping the sort, the filter and the cursor."""
        keep, filtering = self.current_id(), self.focused is self.query_one("#history-filter")
        await self.recompose()
        self.query_one("#history-filter", Input).value = self.needle
        if self.summaries:
            self._show_unreadable()
            self.table.measure(self.summaries)
            self.show(keep)
        (self.query_one("#history-filter") if filtering else self.table).focus()

    @property
    def table(self) -> HistoryTable:
        return self.query_one("#history-table", HistoryTable)

    @work(exclusive=True, group="history-load")
    async def load(self) -> None:
        """Read the summaries off the UI thread, then fill the table."""
        try:
            history = await self.services.history_ready()
            summaries = await self.off_thread(history.summaries)
        except VicaireError as exc:
            self.query_one("#history-empty", Static).update(error_text(exc, self.lang))
            self.notify(error_text(exc, self.lang), severity="error", markup=False)
            return
        self.summaries = summaries
        self._show_unreadable()
        self.table.measure(summaries)
        self.show()

    def _show_unreadable(self) -> None:
        """"2 matches cannot be read: …", every time the history is listed."""
        self.query_one(UnreadableLine).show(self.services.open_history(), self.lang)

    # ------------------------------------------------------------ the table

    def show(self, keep: str | None = None) -> None:
        """Filter, sort and fill the table, keeping the cursor on match `keep` if shown."""
        table = self.table
        if keep is None:
            keep = self.current_id()
        needle = self.needle.casefold()
        view = [s for s in self.summaries if matches_filter(s, needle)] if needle \
            else list(self.summaries)
        _key, _words, sort_key, _rev = COLUMNS[self.sort_column]
        view.sort(key=sort_key, reverse=self.sort_reverse)
        self.view = view
        index = 0
        if keep is not None:
            index = next((i for i, s in enumerate(view) if s.id == keep), 0)
        table.clear()
        table.sorted_by = (self.sort_column, self.sort_reverse)
        self._fit_columns()
        self._add_rows(table, max(FIRST_ROWS, index + FIRST_ROWS))
        table.label_columns()
        self._show_count()
        table.move_cursor(row=index, animate=False, scroll=True)
        if table.row_count < len(view):
            self._fill()

    def _add_rows(self, table: HistoryTable, count: int) -> None:
        """Add the next `count` rows of the view to the table."""
        start = table.row_count
        table.add_matches(self.view[start:start + count])

    @work(exclusive=True, group="history-fill")
    async def _fill(self) -> None:
        """Add the rest of the rows a chunk at a time, so the screen shows and answers at once."""
        table = self.table
        while table.row_count < len(self.view):
            await asyncio.sleep(0)
            if not table.is_attached:
                return
            self._add_rows(table, CHUNK_ROWS)

    def _fit_columns(self) -> None:
        self.table.fit_columns(self.table.size.width or self.app.size.width,
                               len(self.view) if self.summaries else None)

    @on(HistoryTable.Resized)
    def _refit(self) -> None:
        """Fit the columns to the table's new size: which columns, on one line or two, the
        date with its time or not, room for a scroll bar only where the rows are more than it
        shows."""
        if self.summaries:
            layout = self.table.narrow, self.table.shown
            self._fit_columns()
            if layout != (self.table.narrow, self.table.shown):
                self.show()
            self.table.refresh()

    def _show_count(self) -> None:
        lang, total, shown = self.lang, len(self.summaries), len(self.view)
        title = tr_n(lang, "History — {count} match", "History — {count} matches", total)
        if self.needle:
            title += ", " + tr_n(lang, "{count} shown", "{count} shown", shown)
        self.query_one("#history-title", Label).update(title)
        empty = self.query_one("#history-empty", Static)
        empty.display = not self.view
        if not self.summaries:
            empty.update(tr(lang, "No match yet. Start one from the home screen."))
        else:
            empty.update(tr(lang, "No match with this player."))

    def current_id(self) -> str | None:
        """The id of the match under the cursor."""
        row = self.table.cursor_row
        if not self.view or not 0 <= row < len(self.view):
            return None
        return self.view[row].id

    def current_summary(self) -> MatchSummary | None:
        row = self.table.cursor_row
        return self.view[row] if self.view and 0 <= row < len(self.view) else None

    def forget(self, match_id: str) -> None:
        """A match was deleted: drop its row."""
        self.summaries = [s for s in self.summaries if s.id != match_id]
        index = next((i for i, s in enumerate(self.view) if s.id == match_id), None)
        if index is None:
            return
        del self.view[index]
        self.table.remove_row(self.table.coordinate_to_cell_key(Coordinate(index, 0)).row_key)
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
        self.action_sort(self.table.shown[event.column_index])

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
            self.sort_column, self.sort_reverse = column, COLUMNS[column][3]
        self.show()

    def action_open(self) -> None:
        match_id = self.current_id()
        if match_id is None:
            return
        from scorekeeper.tui.history.review import ReviewScreen

        self.app.push_screen(ReviewScreen(match_id))

    def action_export(self, kind: str) -> None:
        match_id = self.current_id()
        if match_id is not None:
            self.export_match(match_id, kind)

    def action_export_all(self) -> None:
        """Every match in one file: into the downloads folder, or downloaded in a browser."""
        from scorekeeper.tui.history.io import export_history

        self.run_worker(export_history(self.app), group="history-export")

    def action_import_file(self) -> None:
        """Ask for a file, import it, list the history again."""
        import os

        from scorekeeper.tui.history.io import ImportDialog, files_folder

        def chosen(path: str | None) -> None:
            if path:
                self.run_worker(self._import(path), group="history-import")

        self.app.push_screen(ImportDialog(str(files_folder()) + os.sep), chosen)

    async def _import(self, path: str) -> None:
        from scorekeeper.tui.history.io import import_file

        if await import_file(self.app, path):
            self.load()

    def action_delete(self) -> None:
        summary = self.current_summary()
        if summary is not None:
            self.ask_delete(summary.id, summary.players, summary.played)

    def deleted(self, match_id: str) -> None:
        """The row goes at once, and the list is read again: a reading begun before the
        deletion (closing the question starts one) would otherwise bring the match back."""
        self.forget(match_id)
        self.load()

    def action_stats(self) -> None:
        from scorekeeper.tui.stats.screen import StatsScreen

        ids = [s.id for s in self.view] if self.needle else None
        self.app.push_screen(StatsScreen(ids, self.needle))
