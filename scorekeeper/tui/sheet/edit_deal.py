"""Correcting a recorded deal: type the right tricks, see what changes, then confirm."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.outcomes import explain
from scorekeeper.rules.compare import StateChange, compare
from scorekeeper.rules.model import Deal
from scorekeeper.rules.scoring import MatchState, RoundResult, replay
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import VicaireModal
from scorekeeper.tui.screens.dialogs import FittedDialog
from scorekeeper.tui.sheet.deal_entry import ALLOWED
from scorekeeper.tui.sheet.entry import ENTRY_LENGTH, read_deal

if TYPE_CHECKING:
    from scorekeeper.rules import Match
    from scorekeeper.store import StoredMatch


def _round_words(result: RoundResult | None, players: tuple[str, ...], lang: str) -> str:
    if result is None:
        return tr(lang, "not won")
    if result.first_deal == result.last_deal:  # one deal: "deal 17", not "deals 17–17"
        deals = tr(lang, "deal {number}", number=result.first_deal)
    else:
        deals = tr(lang, "deals {first_deal}–{last_deal}", first_deal=result.first_deal,
                   last_deal=result.last_deal)
    if result.sweep:  # (a sweep said one way, as the table says it)
        return tr(lang, "{winner} by a sweep (+{points}, {deals})",
                        winner=players[result.winner], points=result.points, deals=deals)
    return tr(lang, "{winner} at {total} (+{points}, {deals})",
                    winner=players[result.winner], total=result.total, points=result.points,
                    deals=deals)


def change_lines(change: StateChange, players: tuple[str, ...], lang: str) -> list[Text]:
    """What a correction changes, in plain lines: rounds, points, the match winner."""
    if not change.changed:
        return [Text(tr(lang, "No round, winner or points change."))]
    lines = []
    for item in change.rounds:
        line = Text(tr(lang, "Round {number}: ", number=item.number),
                    style="bold")
        line.append(_round_words(item.before, players, lang))
        line.append("  →  ")
        line.append(_round_words(item.after, players, lang), style="bold")
        lines.append(line)
    if change.points_before != change.points_after:
        line = Text(tr(lang, "Points: "), style="bold")
        line.append(" · ".join(f"{players[p]} {change.points_before[p]}→{change.points_after[p]}"
                               for p in range(3)))
        lines.append(line)
    if change.winner_before != change.winner_after:
        def who(index: int | None) -> str:
            return tr(lang, "nobody") if index is None else players[index]
        line = Text(tr(lang, "Match winner: "), style="bold")
        line.append(f"{who(change.winner_before)} → {who(change.winner_after)}")
        lines.append(line)
    return lines


class EditDealScreen(FittedDialog, VicaireModal[Deal | None]):
    """Type the corrected deal; the preview says what it changes; Enter confirms."""

    CSS_PATH = ["../screens/dialogs.tcss", "edit_deal.tcss"]
    ACTIONS = (Action("escape", "cancel", "Cancel", show=False),)

    def __init__(self, stored: StoredMatch, number: int) -> None:
        super().__init__(classes="dialog-screen")
        self.stored = stored
        self.number = number
        self.before: MatchState[Match] = stored.state
        self.candidate: Deal | None = None

    def compose(self) -> ComposeResult:
        lang, players = self.lang, self.before.players
        outcome = self.before.outcomes[self.number - 1]
        old = outcome.tricks
        title = Text(tr(lang, "Correct deal {number} (round {round})", number=self.number,
                              round=outcome.round))
        now = Text(tr(lang, "Recorded: "))
        now.append(" · ".join(f"{players[p]} {old[p]}" for p in range(3)), style="bold")
        with Vertical(classes="dialog"):
            yield Label(title, classes="dialog-title")
            yield Static(now, classes="dialog-body")
            yield Input(" ".join(str(n) for n in old), id="edit-entry",
                        restrict=ALLOWED, max_length=ENTRY_LENGTH)
            with VerticalScroll(classes="dialog-scroll"):
                yield Static("", id="edit-preview", classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr(lang, "Confirm (Enter)"),
                             variant="primary", id="confirm", disabled=True)
                yield Button(tr(lang, "Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        super().on_mount()
        entry = self.query_one("#edit-entry", Input)
        entry.cursor_blink = self.services.cursor_blink
        entry.focus()
        self.preview(entry.value)

    @on(Input.Changed, "#edit-entry")
    def _typed(self, event: Input.Changed) -> None:
        self.preview(event.value)

    def preview(self, value: str) -> None:
        """Show what the typed deal would change, or why it cannot be recorded."""
        lang, players = self.lang, self.before.players
        box = self.query_one("#edit-preview", Static)
        reading = read_deal(value, lang)
        self.candidate = None
        lines: list[Text] = []
        if reading.error or reading.deal is None or reading.offered:
            message = reading.error or tr(lang, "type three numbers, e.g. 4 3 3")
            lines.append(Text("✗ " + message, style="bold red"))
        elif reading.deal == self.before.match.deals[self.number - 1]:
            lines.append(Text(tr(lang, "That is the deal as recorded.")))
        else:
            try:
                after = replay(self.before.match.replace_deal(self.number, reading.deal))
            except VicaireError as exc:
                lines.append(Text("✗ " + error_text(exc, lang), style="bold red"))
            else:
                self.candidate = reading.deal
                lines.append(Text(tr(lang, "If corrected:"),
                                  style="bold underline"))
                lines.append(Text(explain(after.outcomes[self.number - 1], players, lang)))
                lines.extend(change_lines(compare(self.before, after), players, lang))
        body = Text("\n").join(lines)
        box.update(body)
        self.call_after_refresh(self.fit_body)
        self.query_one("#confirm", Button).disabled = self.candidate is None

    @on(Input.Submitted, "#edit-entry")
    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        if self.candidate is not None:
            self.dismiss(self.candidate)
        else:
            self.app.bell()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
