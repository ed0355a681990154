"""Modal dialogs: a yes/no question, and what a round or a match ending means."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from scorekeeper.i18n import tr, tr_n
from scorekeeper.i18n.outcomes import explain, needs_text, standings
from scorekeeper.i18n.styled import styled
from scorekeeper.rules.scoring import DealOutcome, MatchState
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import VicaireModal


class ConfirmDialog(VicaireModal[bool]):
    """Ask a question; dismiss with True (yes) or False (no, Escape)."""

    CSS_PATH = "dialogs.tcss"

    ACTIONS = (
        Action("y,o", "answer(True)", "Yes", show=False),
        Action("n,escape", "answer(False)", "No", show=False),
    )

    def __init__(self, question: str | Text, yes: str | None = None,
                 no: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question if isinstance(question, Text) else Text(question)
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes or tr(lang, "Yes (y)"), variant="primary", id="yes")
                yield Button(self.no or tr(lang, "No (n)"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class MessageDialog(VicaireModal[None]):
    """A title, some lines of plain text (names shown literally) and one button."""

    CSS_PATH = "dialogs.tcss"

    ACTIONS = (Action("escape,enter,space", "close", "Close", show=False),)

    def __init__(self, title: Text, lines: list[Text], button: str = "OK",
                 kind: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.lines, self.button, self.kind = title, lines, button, kind

    def compose(self) -> ComposeResult:
        with Vertical(classes=f"dialog {self.kind}".strip()):
            yield Label(self.title_text, classes="dialog-title")
            for line in self.lines:
                yield Static(line, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.button, variant="primary", id="close")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


def _standings_lines(state: MatchState, lang: str) -> list[Text]:
    order = sorted(range(3), key=lambda p: (-state.points[p], p))
    lines = []
    for rank, p in enumerate(order, start=1):
        line = Text(f"{rank}. ")
        line.append(state.players[p], style="bold")
        line.append("  " + tr_n(lang, "{count} point", "{count} points", state.points[p]))
        lines.append(line)
    return lines


def _next_line(state: MatchState, lang: str) -> Text:
    cur, players = state.current, state.players
    return Text(tr(lang, "Next deal: {dealer} deals, {leader} leads.",
                   dealer=players[cur.dealer], leader=players[cur.leader]), style="dim")


def round_won_dialog(outcome: DealOutcome, state: MatchState, lang: str) -> MessageDialog:
    """The round is won: who, at what total, the points, and the sentence that explains it."""
    players = state.players
    who = players[outcome.winner] if outcome.winner is not None else "?"
    title = Text(tr(lang, "{who} wins round {round}", who=who, round=outcome.round))
    points = tr_n(lang, "+{count} point", "+{count} points", outcome.points)
    bold = {"total": "bold", "points": "bold"}
    if outcome.sweep is not None:
        how = styled(lang, "Winning total {total} (sweep) · {points}", bold,
                     total=outcome.winning_total, points=points)
    else:
        how = styled(lang, "Winning total {total} · {points}", bold,
                     total=outcome.winning_total, points=points)
    lines = [how, Text(explain(outcome, players, lang))]
    lines.append(Text(tr(lang, "Match points: {standings}", standings=standings(state, lang))))
    lines.append(_next_line(state, lang))
    return MessageDialog(title, lines, tr(lang, "Next round (Enter)"), kind="won")


def tie_dialog(outcome: DealOutcome, state: MatchState, lang: str) -> MessageDialog:
    """A tie: nobody wins, which rule applied, and what each tied player must reach now."""
    players = state.players
    tie = outcome.tie
    total = tie.total if tie else 0
    title = Text(tr(lang, "Tie at {total}: nobody wins", total=total))
    rule = Text(tr(lang, "Rule: when two or three players arrive at the same lowest total, "
                         "nobody wins and the round goes on. Their totals are spent: staying on "
                         "them (0 tricks) wins nothing."), style="italic")
    lines = [Text(explain(outcome, players, lang)), rule]
    cur = state.current
    for p, spent_total in outcome.spent:
        lines.append(styled(lang, "• {name} must now reach {number} or more: needs {needs}",
                            {"name": "bold"}, name=players[p], number=spent_total + 5,
                            needs=needs_text(cur.needs[p], cur.totals[p], lang)))
    lines.append(_next_line(state, lang))
    return MessageDialog(title, lines, tr(lang, "Go on (Enter)"), kind="tie")


def match_won_dialog(outcome: DealOutcome, state: MatchState, lang: str) -> MessageDialog:
    """The match is won: final standings and a summary of the match."""
    players = state.players
    winner = state.winner if state.winner is not None else 0
    title = Text(tr(lang, "{winner} wins the match!", winner=players[winner]))
    lines = [Text(explain(outcome, players, lang)),
             Text(tr(lang, "Final standings"), style="bold underline")]
    lines.extend(_standings_lines(state, lang))
    rounds_won = [sum(1 for r in state.rounds if r.winner == p) for p in range(3)]
    lines.append(Text(tr(lang, "{rounds} in {deals}, {ties}. Rounds won: {won}",
                         rounds=tr_n(lang, "{count} round", "{count} rounds", len(state.rounds)),
                         deals=tr_n(lang, "{count} deal", "{count} deals", len(state.outcomes)),
                         ties=tr_n(lang, "{count} tie", "{count} ties", len(state.ties)),
                         won=" · ".join(f"{players[p]} {rounds_won[p]}" for p in range(3)))))
    return MessageDialog(title, lines, tr(lang, "Close (Enter)"), kind="won")
