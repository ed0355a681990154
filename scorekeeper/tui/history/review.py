"""Reviewing a past match, read-only: its full score sheet and its points over the deals."""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Label, Static
from textual.widgets.data_table import RowDoesNotExist

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.outcomes import explain, round_won
from scorekeeper.i18n.store import played_text, status_text
from scorekeeper.tui.actions import Action
from scorekeeper.tui.history.actions import MatchActions
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from scorekeeper.store import StoredMatch

ACTIONS: tuple[Action, ...] = (
    Action("escape", "back", N_("Back")),
    Action("g", "chart", N_("Chart")),
    Action("e", "export('json')", N_("JSON")),
    Action("c", "export('csv')", N_("CSV")),
    Action("p", "export('html')", N_("Page"), help=N_("a page to share or print (HTML)"),
           palette=True),
    Action("d,delete", "delete", N_("Delete"), key_display="d"),
)


def heading(stored: StoredMatch, lang: str) -> Text:
    """The match's name (or players), status and dates; names literal."""
    state = stored.state
    text = Text(stored.name or " · ".join(state.players), style="bold")
    status = status_text(stored.status, lang)
    text.append(f"  {status}", style="italic")
    if stored.simulated:
        text.append(" " + tr(lang, "(simulated)"), style="italic")
    from scorekeeper.store.records import played_seconds

    played = played_text(stored.first_played, played_seconds(stored.times), stored.created, lang)
    text.append(" · " + played, style="dim")
    return text


def summary_line(stored: StoredMatch, lang: str) -> Text:
    """Rules, then each player's points (the winner in bold)."""
    state = stored.state
    rules = state.match.rules
    sweep = tr(lang, "sweep wins") if rules.sweep_wins \
        else tr(lang, "sweep counts 10")
    text = Text(tr(lang, "Target {target} · 10 = {points_ten}, 15+ = {points_higher} · {sweep}",
                   target=rules.target, points_ten=rules.points_ten,
                   points_higher=rules.points_higher, sweep=sweep) + " — ", style="dim")
    for seat, name in enumerate(state.players):
        if seat:
            text.append(" · ")
        text.append(name, style="bold" if state.winner == seat else "")
        text.append(f" {state.points[seat]}", style="bold" if state.winner == seat else "")
    if state.winner is not None:
        text.append(" — " + tr(lang, "{winner} wins", winner=state.players[state.winner]),
                    style="bold")
    return text


class ReviewScreen(MatchActions, VicaireScreen):
    """One stored match, read-only: every round opened, a chart, export and delete."""

    CSS_PATH = "review.tcss"

    ACTIONS = ACTIONS

    def __init__(self, match_id: str, at_round: int | None = None) -> None:
        super().__init__()
        self.review_id = match_id
        self.at_round = at_round  # opened on this round's line (a record's round)
        self.stored: StoredMatch | None = None

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Label(tr(lang, "Loading…"), id="review-title")
        yield Label("", id="review-summary")
        yield Vertical(id="review-body")
        yield Static("", id="review-explain")
        yield KeyBar()

    def on_mount(self) -> None:
        self.load()

    async def redraw(self) -> None:
        """Compose again in the app's language, on the same row of the sheet."""
        if self.maximized is not None:
            self.minimize()
        tables = self.query("#review-sheet")
        row = tables.first(DataTable).cursor_row if tables else 0
        await self.recompose()
        if self.stored is not None:
            await self.show(self.stored)
            self.query_one("#review-sheet", DataTable).move_cursor(row=row, animate=False)

    @work(exclusive=True, group="review-load")
    async def load(self) -> None:
        """Read the match off the UI thread, then show it."""
        lang = self.lang
        try:
            history = await self.services.history_ready()
            stored = await self.off_thread(history.get, self.review_id)
            await self.off_thread(lambda: stored.state)  # replay off the UI thread too
        except VicaireError as exc:
            self.app.notify(error_text(exc, lang), severity="error", markup=False)
            self.dismiss()
            return
        self.stored = stored
        await self.show(stored)

    async def show(self, stored: StoredMatch) -> None:
        from scorekeeper.tui.history.chart import PointsChart
        from scorekeeper.tui.sheet.deal_table import DealTable

        lang = self.lang
        self.query_one("#review-title", Label).update(heading(stored, lang))
        self.query_one("#review-summary", Label).update(summary_line(stored, lang))
        table = DealTable(stored.state, lang, show_all_rounds=True, id="review-sheet")
        chart = PointsChart(stored.state, lang, id="review-chart")
        await self.query_one("#review-body").mount(table, chart)
        table.focus()
        if self.at_round is not None:
            from scorekeeper.tui.sheet.deal_table import round_key

            with suppress(RowDoesNotExist):
                row = table.get_row_index(round_key(self.at_round))
                table.move_cursor(row=row, animate=False)
            self.at_round = None  # (a redraw keeps the row under the cursor)

    @on(DataTable.RowHighlighted, "#review-sheet")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Below the table, the deal or the round under the cursor in a sentence (on a phone,
        the only place that says who won a round: the table has no outcome column there)."""
        from scorekeeper.tui.sheet.deal_table import row_named

        explain_line = self.query_one("#review-explain", Static)
        state, lang = (self.stored.state if self.stored is not None else None), self.lang
        match row_named(event.row_key.value) if state is not None else None:
            case ("deal", number) if state is not None:
                outcome = state.outcomes[number - 1]
                explain_line.update(Text(tr(lang, "Deal {number}: {what}", number=number,
                                            what=explain(outcome, state.players, lang))))
            case ("round", number) if state is not None and number <= len(state.rounds):
                explain_line.update(Text(tr(
                    lang, "Round {number}: {what}", number=number,
                    what=round_won(state.rounds[number - 1], state.players, lang))))
            case _:
                explain_line.update("")

    def on_deal_table_deal_chosen(self, event: Any) -> None:
        event.stop()  # read-only: choosing a deal does nothing here

    def action_back(self) -> None:
        self.dismiss()

    def action_chart(self) -> None:
        """Show the chart full screen, or back beside the sheet."""
        if self.maximized is not None:
            self.minimize()
            return
        charts = self.query("#review-chart")
        if charts:
            self.app.clear_notifications()  # no toast over the chart shown full screen
            self.maximize(charts.first(), container=False)

    def action_export(self, kind: str) -> None:
        if self.stored is not None:
            self.export_match(self.review_id, kind)

    def action_delete(self) -> None:
        if self.stored is not None:
            self.ask_delete(self.review_id, self.stored.state.players,
                            self.stored.last_played or self.stored.updated)

    def deleted(self, match_id: str) -> None:
        self.dismiss()
