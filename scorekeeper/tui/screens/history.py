"""The history: every stored match in a table, sorted and filtered; open, export, delete."""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.widgets import DataTable, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import pick
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.store import unreadable_text
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.screens.history_actions import MatchActions
from scorekeeper.tui.widgets.history_table import COLUMNS, HistoryTable
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

FIRST_ROWS = 120  # rows added before the screen shows; the rest follow in chunks
CHUNK_ROWS = 200


def fold(text: str) -> str:
    """`text` without case or accents, for searching: "Zoé" and "ZOE" both give "zoe"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def matches_filter(summary: Any, needle: str) -> bool:
    """True if a player's name (or the match name) contains `needle`, ignoring case and
    accents ("zoe" finds "Zoé")."""
    needle = fold(needle)
    return any(needle in fold(name) for name in (*summary.players, summary.name))


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

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Label(pick(lang, "History", "Historique"), id="history-title")
        yield Input(placeholder=pick(lang, "Filter by player…", "Filtrer par joueur…"),
                    id="history-filter")
        yield HistoryTable(lang, (self.sort_column, self.sort_reverse), id="history-table")
        yield Static(pick(lang, "Loading…", "Chargement…"), id="history-empty")
        unreadable = Static("", id="history-unreadable", markup=False)
        unreadable.display = False
        yield unreadable
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
            summaries = await asyncio.to_thread(self.services.history.summaries)
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
        items = [[i, why, where] for i, (why, where)
                 in sorted(getattr(self.app.history, "unreadable", {}).items())]
        line = self.query_one("#history-unreadable", Static)
        line.display = bool(items)
        if items:
            line.update(unreadable_text(items, self.app.lang))

    # ------------------------------------------------------------ the table

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
        table.sort = (self.sort_column, self.sort_reverse)
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
        self.table.fit_columns(self.table.size.width or self.app.size.width)

    def on_resize(self) -> None:
        if self.summaries:
            narrow = self.table.narrow
            self._fit_columns()
            if narrow != self.table.narrow:
                self.show()
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
