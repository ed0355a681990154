"""Modal dialogs: a yes/no question, and what a round or a match ending means."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from scorekeeper.i18n import pick
from scorekeeper.i18n.outcomes import explain, needs_text, standings
from scorekeeper.rules.scoring import DealOutcome, MatchState


class FittedDialog(ModalScreen):
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


class ConfirmDialog(FittedDialog, ModalScreen[bool]):
    """Ask a question; dismiss with True (yes) or False (no, Escape)."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [
        Binding("y,o", "answer(True)", "Yes", show=False),
        Binding("n,escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str | Text, yes: str | None = None,
                 no: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question if isinstance(question, Text) else Text(question)
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        lang = getattr(self.app, "lang", "en")
        with Vertical(classes="dialog"):
            with VerticalScroll(classes="dialog-scroll"):
                yield Static(self.question, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes or pick(lang, "Yes (y)", "Oui (o)"), variant="primary",
                             id="yes")
                yield Button(self.no or pick(lang, "No (n)", "Non (n)"), id="no")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class MessageDialog(FittedDialog, ModalScreen[str | None]):
    """A title, some lines of plain text (names shown literally) and one button.

    A digit typed while it is up is not lost: it closes the dialog and, with every key typed
    after it, goes to the screen below (the sheet starts the next deal with them)."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("escape,enter,space", "close", "Close", show=False)]

    def __init__(self, title: Text, lines: list[Text], button: str = "OK",
                 kind: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.lines, self.button, self.kind = title, lines, button, kind
        self.closing = False  # dismissed: keys still arriving are passed on, never act here

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
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        if not self.closing:
            self.closing = True
            self.dismiss(None)

    def _pass_on(self, key: str, character: str | None) -> None:
        """A key typed after the closing digit, to the screen now shown: text to the screen
        that took the digit (`typed_under_dialog`), any other key as pressed."""
        take = getattr(self.app.screen, "typed_under_dialog", None)
        if take is not None and character is not None and character.isprintable():
            take(character)
        else:
            self.app.simulate_key(key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.closing  # (then Enter or Space goes on to `on_key`, passed on)

    def on_key(self, event: events.Key) -> None:
        if self.closing:  # typed fast, after the digit that closed it: for the screen below
            event.stop()
            event.prevent_default()
            self.app.call_later(self._pass_on, event.key, event.character)
        elif event.character is not None and event.character.isdigit():
            event.stop()
            event.prevent_default()
            self.closing = True
            self.query_one("#close", Button).disabled = True  # (its Space/Enter: passed on)
            self.dismiss(None)
            self.app.call_later(self._pass_on, event.key, event.character)


def _standings_lines(state: MatchState, lang: str) -> list[Text]:
    order = sorted(range(3), key=lambda p: (-state.points[p], p))
    lines = []
    for rank, p in enumerate(order, start=1):
        line = Text(f"{rank}. ")
        line.append(state.players[p], style="bold")
        line.append(f"  {state.points[p]} " + pick(lang, "points", "points"))
        lines.append(line)
    return lines


def _next_line(state: MatchState, lang: str) -> Text:
    cur, players = state.current, state.players
    return Text(pick(lang, f"Next deal: {players[cur.dealer]} deals, {players[cur.leader]} leads.",
                     f"Donne suivante : {players[cur.dealer]} donne, "
                     f"{players[cur.leader]} entame."), style="dim")


def round_won_dialog(outcome: DealOutcome, state: MatchState, lang: str) -> MessageDialog:
    """The round is won: who, at what total, the points, and the sentence that explains it."""
    players = state.players
    who = players[outcome.winner] if outcome.winner is not None else "?"
    title = Text(pick(lang, f"{who} wins round {outcome.round}",
                      f"{who} gagne la manche {outcome.round}"))
    how = Text(pick(lang, "Winning total ", "Total gagnant "))
    how.append(str(outcome.winning_total), style="bold")
    if outcome.sweep is not None:
        how.append(pick(lang, " (sweep)", " (capot)"))
    how.append(" · ")
    how.append(f"+{outcome.points} " + pick(lang, "points", "points"), style="bold")
    lines = [how, Text(explain(outcome, players, lang))]
    lines.append(Text(pick(lang, "Match points: ", "Points de la partie : ") +
                      standings(state, lang)))
    lines.append(_next_line(state, lang))
    return MessageDialog(title, lines, pick(lang, "Next round (Enter)", "Manche suivante (Entrée)"),
                         kind="won")


def tie_dialog(outcome: DealOutcome, state: MatchState, lang: str) -> MessageDialog:
    """A tie: nobody wins, which rule applied, and what each tied player must reach now."""
    players = state.players
    tie = outcome.tie
    total = tie.total if tie else 0
    title = Text(pick(lang, f"Tie at {total}: nobody wins",
                      f"Égalité à {total} : personne ne gagne"))
    rule = Text(pick(
        lang,
        "Rule: when two or three players arrive at the same lowest total, nobody wins and "
        "the round goes on. Their totals are spent: staying on them (0 tricks) wins nothing.",
        "Règle : quand deux ou trois joueurs arrivent au même total le plus bas, personne ne "
        "gagne et la manche continue. Ces totaux sont grillés : y rester (0 pli) ne gagne rien."),
        style="italic")
    lines = [Text(explain(outcome, players, lang)), rule]
    cur = state.current
    for p, spent_total in outcome.spent:
        line = Text("• ")
        line.append(players[p], style="bold")
        line.append(pick(lang, f" must now reach {spent_total + 5} or more: needs ",
                         f" doit maintenant viser {spent_total + 5} ou plus : il faut "))
        line.append(needs_text(cur.needs[p], cur.totals[p], lang))
        lines.append(line)
    lines.append(_next_line(state, lang))
    return MessageDialog(title, lines, pick(lang, "Go on (Enter)", "Continuer (Entrée)"),
                         kind="tie")


def match_won_dialog(outcome: DealOutcome, state: MatchState, lang: str) -> MessageDialog:
    """The match is won: final standings and a summary of the match."""
    players = state.players
    winner = state.winner if state.winner is not None else 0
    title = Text(pick(lang, f"{players[winner]} wins the match!",
                      f"{players[winner]} gagne la partie !"))
    lines = [Text(explain(outcome, players, lang)),
             Text(pick(lang, "Final standings", "Classement final"), style="bold underline")]
    lines.extend(_standings_lines(state, lang))
    rounds_won = [sum(1 for r in state.rounds if r.winner == p) for p in range(3)]
    summary = Text(pick(
        lang,
        f"{len(state.rounds)} rounds in {len(state.outcomes)} deals, {len(state.ties)} tie(s). "
        f"Rounds won: ",
        f"{len(state.rounds)} manches en {len(state.outcomes)} donnes, "
        f"{len(state.ties)} égalité(s). Manches gagnées : "))
    summary.append(" · ".join(f"{players[p]} {rounds_won[p]}" for p in range(3)))
    lines.append(summary)
    return MessageDialog(title, lines, pick(lang, "Close (Enter)", "Fermer (Entrée)"), kind="won")
