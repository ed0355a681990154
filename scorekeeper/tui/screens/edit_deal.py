"""Correcting a recorded deal: type the right tricks, see what changes, then confirm."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import pick
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.outcomes import explain
from scorekeeper.rules.compare import StateChange, compare
from scorekeeper.rules.model import Deal
from scorekeeper.rules.scoring import MatchState, RoundResult, replay
from scorekeeper.tui.entry import read_deal
from scorekeeper.tui.screens.dialogs import FittedDialog


def _round_words(result: RoundResult | None, players: tuple[str, ...], lang: str) -> str:
    if result is None:
        return pick(lang, "not won", "pas gagnée")
    return pick(lang, f"{players[result.winner]} at {result.total} (+{result.points}, "
                      f"deals {result.first_deal}–{result.last_deal})",
                f"{players[result.winner]} à {result.total} (+{result.points}, "
                f"donnes {result.first_deal}–{result.last_deal})")


def change_lines(change: StateChange, players: tuple[str, ...], lang: str) -> list[Text]:
    """What a correction changes, in plain lines: rounds, points, the match winner."""
    if not change.changed:
        return [Text(pick(lang, "No round, winner or points change.",
                          "Aucune manche, aucun gagnant, aucun point ne change."))]
    lines = []
    for item in change.rounds:
        line = Text(pick(lang, f"Round {item.number}: ", f"Manche {item.number} : "),
                    style="bold")
        line.append(_round_words(item.before, players, lang))
        line.append("  →  ")
        line.append(_round_words(item.after, players, lang), style="bold")
        lines.append(line)
    if change.points_before != change.points_after:
        line = Text(pick(lang, "Points: ", "Points : "), style="bold")
        line.append(" · ".join(f"{players[p]} {change.points_before[p]}→{change.points_after[p]}"
                               for p in range(3)))
        lines.append(line)
    if change.winner_before != change.winner_after:
        def who(index: int | None) -> str:
            return pick(lang, "nobody", "personne") if index is None else players[index]
        line = Text(pick(lang, "Match winner: ", "Gagnant de la partie : "), style="bold")
        line.append(f"{who(change.winner_before)} → {who(change.winner_after)}")
        lines.append(line)
    return lines


class EditDealScreen(FittedDialog, ModalScreen[Deal | None]):
    """Type the corrected deal; the preview says what it changes; Enter confirms."""

    CSS_PATH = ["dialogs.tcss", "edit_deal.tcss"]
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, stored: Any, number: int) -> None:
        super().__init__(classes="dialog-screen", id="edit-deal")
        self.stored = stored
        self.number = number
        self.before: MatchState = stored.state
        self.candidate: Deal | None = None

    def compose(self) -> ComposeResult:
        lang, players = self.app.lang, self.before.players
        outcome = self.before.outcomes[self.number - 1]
        old = outcome.tricks
        title = Text(pick(lang, f"Correct deal {self.number} (round {outcome.round})",
                          f"Corriger la donne {self.number} (manche {outcome.round})"))
        now = Text(pick(lang, "Recorded: ", "Enregistrée : "))
        now.append(" · ".join(f"{players[p]} {old[p]}" for p in range(3)), style="bold")
        with Vertical(classes="dialog"):
            yield Label(title, classes="dialog-title")
            yield Static(now, classes="dialog-body")
            yield Input(" ".join(str(n) for n in old), id="edit-entry",
                        restrict=r"[0-9 ,;/+.\-]*", max_length=14)
            with VerticalScroll(classes="dialog-scroll"):
                yield Static("", id="edit-preview", classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(pick(lang, "Confirm (Enter)", "Confirmer (Entrée)"),
                             variant="primary", id="confirm", disabled=True)
                yield Button(pick(lang, "Cancel (Esc)", "Annuler (Échap)"), id="cancel")

    def on_mount(self) -> None:
        super().on_mount()
        entry = self.query_one("#edit-entry", Input)
        entry.cursor_blink = getattr(self.app, "cursor_blink", True)
        entry.focus()
        self.preview(entry.value)

    @on(Input.Changed, "#edit-entry")
    def _typed(self, event: Input.Changed) -> None:
        self.preview(event.value)

    def preview(self, value: str) -> None:
        """Show what the typed deal would change, or why it cannot be recorded."""
        lang, players = self.app.lang, self.before.players
        box = self.query_one("#edit-preview", Static)
        reading = read_deal(value, lang)
        self.candidate = None
        lines: list[Text] = []
        if reading.error or reading.deal is None or reading.offered:
            message = reading.error or pick(lang, "type three numbers, e.g. 4 3 3",
                                            "tapez trois nombres, par exemple 4 3 3")
            lines.append(Text("✗ " + message, style="bold red"))
        elif reading.deal == self.before.match.deals[self.number - 1]:
            lines.append(Text(pick(lang, "That is the deal as recorded.",
                                   "C'est la donne telle qu'enregistrée.")))
        else:
            try:
                after = replay(self.before.match.replace_deal(self.number, reading.deal))
            except VicaireError as exc:
                lines.append(Text("✗ " + error_text(exc, lang), style="bold red"))
            else:
                self.candidate = reading.deal
                lines.append(Text(pick(lang, "If corrected:", "Après correction :"),
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
