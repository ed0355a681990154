"""The history: every stored match in a table, sorted and filtered; open, export, delete."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import pick
from scorekeeper.tui.app import translate_bindings
from scorekeeper.tui.screens.history_actions import MatchActions

WORDS: dict[str, tuple[str, str]] = {
    "back": ("Back", "Retour"),
    "open": ("Open", "Ouvrir"),
    "filter": ("Filter", "Filtrer"),
    "sort(0)": ("Sort", "Trier"),
    "export('json')": ("JSON", "JSON"),
    "export('csv')": ("CSV", "CSV"),
    "delete": ("Delete", "Supprimer"),
    "stats": ("Stats", "Stats"),
}

STATUS: dict[str, tuple[str, str]] = {
    "in_progress": ("in progress", "en cours"),
    "won": ("won", "gagnée"),
    "abandoned": ("abandoned", "abandonnée"),
}
STATUS_ORDER = {"in_progress": 0, "won": 1, "abandoned": 2}


def local_time(stamp: str) -> str:
    """`2026-03-14 20:15` in local time, from an ISO 8601 stamp (the stamp as is if unreadable)."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp[:16]
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


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


def matches_filter(summary: Any, needle: str) -> bool:
    """True if a player's name (or the match name) contains `needle`, ignoring case."""
    return any(needle in name.casefold() for name in (*summary.players, summary.name))


class HistoryScreen(MatchActions, Screen):
    """All stored matches; Enter reviews one, 1–6 sort, / filters by player."""

    CSS_PATH = "history.tcss"

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("enter", "open", "Open"),
        Binding("slash", "filter", "Filter", key_display="/"),
        Binding("1", "sort(0)", "Sort", key_display="1-6"),
        *(Binding(str(n + 1), f"sort({n})", "Sort", show=False) for n in range(1, 6)),
        Binding("e", "export('json')", "JSON"),
        Binding("c", "export('csv')", "CSV"),
        Binding("d,delete", "delete", "Delete", key_display="d"),
        Binding("t", "stats", "Stats"),
    ]

    def __init__(self) -> None:
        super().__init__(id="history")
        self.summaries: list[Any] = []
        self.view: list[Any] = []
        self.sort_column = 0
        self.sort_reverse = COLUMNS[0][4]
        self.needle = ""

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        translate_bindings(self, lang, WORDS)
        yield Label(pick(lang, "History", "Historique"), id="history-title")
        yield Input(placeholder=pick(lang, "Filter by player…", "Filtrer par joueur…"),
                    id="history-filter")
        table: DataTable = DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        for key, en, fr, _sort, _reverse in COLUMNS:
            table.add_column(pick(lang, en, fr), key=key)
        table.loading = True
        yield table
        yield Static(id="history-empty")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#history-empty").display = False
        self.query_one("#history-table").focus()
        self.load()

    def on_screen_resume(self) -> None:
        if self.summaries:
            self.load()

    @property
    def table(self) -> DataTable:
        return self.query_one("#history-table", DataTable)

    @work(exclusive=True, group="history-load")
    async def load(self) -> None:
        """Read the summaries off the UI thread, then fill the table."""
        try:
            summaries = await asyncio.to_thread(self.app.history.summaries)
        except VicaireError as exc:
            self.table.loading = False
            self.notify(exc.message(self.app.lang), severity="error", markup=False)
            return
        self.summaries = summaries
        self.table.loading = False
        self.show()

    # ------------------------------------------------------------ the table

    def _row(self, summary: Any) -> list[Any]:
        lang = self.app.lang
        status = pick(lang, *STATUS.get(summary.status, (summary.status,) * 2))
        if summary.simulated:
            status += pick(lang, " (sim.)", " (sim.)")
        winner = Text(_winner_name(summary) or "—", overflow="ellipsis", no_wrap=True)
        return [
            local_time(summary.created),
            Text(" · ".join(summary.players), overflow="ellipsis", no_wrap=True),
            status,
            Text(str(summary.deals), justify="right"),
            " · ".join(str(p) for p in summary.points),
            winner,
        ]

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
        table.clear()
        table.add_rows(self._row(s) for s in view)
        self._label_columns()
        self._show_count()
        if keep is not None:
            index = next((i for i, s in enumerate(view) if s.id == keep), 0)
            table.move_cursor(row=index, animate=False, scroll=True)

    def _label_columns(self) -> None:
        lang = self.app.lang
        for index, (key, en, fr, _sort, _rev) in enumerate(COLUMNS):
            label = Text(f"{index + 1} {pick(lang, en, fr)}")
            if index == self.sort_column:
                label.append(" ▼" if self.sort_reverse else " ▲")
                label.stylize("bold")
            self.table.columns[key].label = label  # type: ignore[index]
        self.table.refresh()

    def _show_count(self) -> None:
        lang, total, shown = self.app.lang, len(self.summaries), len(self.view)
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
        self.query_one("#history-filter", Input).focus()

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
