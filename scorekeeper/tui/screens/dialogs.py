"""Modal dialogs: a yes/no question, and what a round or a match ending means."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from scorekeeper.i18n import tr, tr_n
from scorekeeper.i18n.outcomes import explain, needs_text, standings
from scorekeeper.i18n.styled import styled
from scorekeeper.rules.scoring import DealOutcome, MatchState, is_winning_total
from scorekeeper.tui.actions import Action
from scorekeeper.tui.dialog_keys import answer_by_key
from scorekeeper.tui.screens.base import VicaireModal

DEAL_SEPARATORS = " ,;/+.-"  # (besides digits, what the sheet's entry line takes)


class FittedDialog(VicaireModal):
    """A dialog whose body (`.dialog-scroll`) scrolls when the terminal is short, so that its
    title and its buttons always show; on a short terminal (under 30 rows) the frame is
    compact (class `compact` on the screen: less padding and fewer blank lines). The arrows
    and page keys scroll the body while the button keeps the focus."""

    BINDINGS = [
        Binding("down", "scroll_body(1)", show=False),
        Binding("up", "scroll_body(-1)", show=False),
        Binding("pagedown", "scroll_body(10)", show=False),
        Binding("pageup", "scroll_body(-10)", show=False),
    ]

    def action_scroll_body(self, rows: int) -> None:
        for body in self.query(".dialog-scroll"):
            body.scroll_relative(y=rows, animate=False)

    def on_resize(self) -> None:
        self.set_class(self.size.height < 30, "compact")
        self.call_after_refresh(self.fit_body)

    def on_mount(self) -> None:
        self.set_class(self.size.height < 30, "compact")
        self.call_after_refresh(self.fit_body)

    def fit_body(self) -> None:
        """Give the scrolling body what the screen leaves once the rest of the frame shows."""
        for body in self.query(".dialog-scroll"):
            frame = body.parent
            if not isinstance(frame, Widget):
                continue
            chrome = frame.outer_size.height - frame.content_size.height
            others = sum(child.outer_size.height for child in frame.children
                         if child is not body and child.display)
            room = max(self.size.height - chrome - others, 3)
            if body.styles.max_height is None or body.styles.max_height.value != room:
                body.styles.max_height = room


class ConfirmDialog(FittedDialog, VicaireModal[bool]):
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
        self.answered = False

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(classes="dialog"):
            with VerticalScroll(classes="dialog-scroll"):
                yield Static(self.question, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes or tr(lang, "Yes (y)"), variant="primary", id="yes")
                yield Button(self.no or tr(lang, "No (n)"), id="no")

    def on_mount(self) -> None:
        super().on_mount()
        if not self.answered:  # (answered by a key before it was mounted: its parts are gone)
            self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        if not self.answered:
            self.answered = True
            self.dismiss(value)

    def take_key(self, event: events.Key) -> bool:
        """Offered each key by the app, in the order typed (scorekeeper/tui/dialog_keys.py):
        an answer's key answers at once, so that the keys typed after it reach the screen
        below instead of waiting in this dialog's widgets."""
        if self.answered or self.app.screen is not self:
            return False
        return answer_by_key(self, event.key)


class MessageDialog(FittedDialog, VicaireModal[str | None]):
    """A title, some lines of plain text (names shown literally) and one button.

    A digit typed while it is up is not lost: it closes the dialog and, with every key typed
    after it, goes to the screen below (the sheet starts the next deal with them): see
    `take_key`."""

    CSS_PATH = "dialogs.tcss"

    ACTIONS = (Action("escape,enter,space", "close", "Close", show=False),)

    def __init__(self, title: Text, lines: list[Text], button: str = "OK",
                 kind: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.lines, self.button, self.kind = title, lines, button, kind
        self.closing = False  # dismissed: nothing acts here any more

    def compose(self) -> ComposeResult:
        with Vertical(classes=f"dialog {self.kind}".strip()):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll"):
                for line in self.lines:
                    yield Static(line, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.button, variant="primary", id="close")

    def on_mount(self) -> None:
        super().on_mount()
        if not self.closing:  # (closed by a key before it was mounted: its parts are gone)
            self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        if not self.closing:
            self.closing = True
            self.dismiss(None)

    def take_key(self, event: events.Key) -> bool:
        """Offered each key by the app, in the order typed (scorekeeper/tui/dialog_keys.py):
        Enter, Escape or Space close the dialog; a digit closes it and goes on to the screen
        below (`typed_under_dialog`: the sheet starts the next deal with it), and so does a
        space or a separator when the next deal is begun there already; once the match is
        won (no deal can follow) a digit does nothing. Other keys (the arrows scroll the
        text) go the usual way."""
        if self.closing or self.app.screen is not self:
            return False
        character = event.character
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        typed_on = getattr(below, "typed_under_dialog", None)
        if typed_on is not None and character is not None and getattr(below, "open", False) \
                and (character.isdigit() or character in DEAL_SEPARATORS
                     and getattr(below, "typing", False)):
            self.action_close()
            typed_on(character)
            return True
        if event.key in ("enter", "escape", "space"):
            self.action_close()
            return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.closing


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
    if outcome.sweep is not None and not is_winning_total(outcome.winning_total or 0):
        how = styled(lang, "Won by a sweep (all 10 tricks) · {points}", bold, points=points)
    elif outcome.sweep is not None:  # a sweep that lands on 10, 15…
        how = styled(lang, "Winning total {total} (sweep) · {points}", bold,
                     total=outcome.winning_total, points=points)
    else:
        how = styled(lang, "Winning total {total} · {points}", bold,
                     total=outcome.winning_total, points=points)
    lines = [how, Text(explain(outcome, players, lang))]
    lines.append(Text(tr(lang, "Match points: {standings}",
                         standings=standings(state, lang, glue="\u00a0"))))
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
    for p, late_total in outcome.late_arrivals:  # a higher arrival in the tied deal
        rule.append(" " + tr(lang, "{name}'s {total} is spent too: a lower total is tied in the "
                                   "same deal, and Vicaire then spends every total reached in "
                                   "it, a case the French rules leave open (Rules screen, "
                                   "“Ties and spent totals”).", name=players[p],
                             total=late_total))
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
