"""Check a real deal: type it trick by trick, see each winner, the counts and broken rules.

The tricks typed so far are checked by the same code as `vicaire verify` (rules.audit): each
trick's winner, the counts, and every broken rule it can prove without the hands (a card played
twice, a player who showed out of a suit and later played it). The leader of the first trick is
the player after the dealer; then the winner of each trick leads the next. With 10 tricks in,
the counts can be sent to the score sheet's entry line (recorded only when confirmed there).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, default_name, tr, tr_n
from scorekeeper.i18n.cards import card_label, problem_text
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.styled import styled
from scorekeeper.rules.audit import Audit, audit
from scorekeeper.rules.cards import code, parse_card
from scorekeeper.rules.play import PLAYERS, TRICKS
from scorekeeper.tui.actions import Action
from scorekeeper.tui.cards.card_entry import BadTrick, read_trick, why_not_a_trick
from scorekeeper.tui.cards.deal_view import CountsLine, TricksTable
from scorekeeper.tui.screens.base import NARROW, VicaireScreen
from scorekeeper.tui.sheet.entry_origin import PlayedDeal, checked
from scorekeeper.tui.sheet.tap_pad import TapButton
from scorekeeper.tui.widgets.keybar import KeyBar

ACTIONS: tuple[Action, ...] = (
    Action("ctrl+z", "undo_trick", N_("Undo trick"), priority=True),
    Action("ctrl+s", "send", N_("Send to sheet"), priority=True),
    Action("ctrl+r", "next_dealer", N_("Dealer"), priority=True),
    Action("escape", "back", N_("Back")),
)
# On a phone (no ctrl key to hand) the ctrl keys are also buttons under the entry line.
TAPS = (("undo_trick", N_("Undo trick")), ("send", N_("Send to sheet")),
        ("next_dealer", N_("Dealer")))

class CheckDealScreen(VicaireScreen[PlayedDeal | None]):
    """Type a deal trick by trick; the screen names the leader, each winner and broken rules.

    Dismissed with the deal (its counts, tricks and broken rules) when its counts are sent to
    the score sheet, else with None.
    """

    CSS_PATH = "check_deal.tcss"

    ACTIONS = ACTIONS

    def __init__(self, players: Sequence[str], dealer: int, can_send: bool = True,
                 fixed_dealer: bool = True) -> None:
        super().__init__()
        self.players = tuple(players)
        self.dealer = dealer
        self.can_send = can_send
        self.fixed_dealer = fixed_dealer
        self.tricks: list[tuple[str, str, str]] = []  # card codes in play order
        self.result: Audit = audit({"dealer": dealer, "tricks": []})
        # The answer to the last key, in words of a language (said again after f2), and how.
        self.said: tuple[Callable[[str], str | Text], str] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="check-status")
        yield TricksTable(self.players, self.lang, id="check-tricks",
                          narrow=self.app.size.width <= NARROW)
        yield CountsLine(self.players, (0, 0, 0), self.lang, id="check-counts")
        yield Static("", id="check-problems")
        yield Static("", id="check-spacer")
        # What the letters of a card code stand for: a French table says "cœur", not "H".
        yield Static(tr(self.lang, "Suits: H ♥ hearts (trumps), S ♠ spades, D ♦ diamonds, "
                                   "C ♣ clubs · T for a ten"),
                     id="check-legend", markup=False)
        yield Static("", id="check-prompt")
        yield Input(id="check-entry", max_length=40, select_on_focus=False,
                    placeholder=tr(self.lang, "three cards in play order, e.g. AH 7S KS"))
        yield Label("", id="check-message")
        with Horizontal(id="check-taps"):
            for action, label in TAPS:
                yield TapButton(tr(self.lang, label), id=f"check-tap-{action}",
                                classes="check-tap")
        yield KeyBar()

    def on_mount(self) -> None:
        entry = self.query_one("#check-entry", Input)
        entry.cursor_blink = self.services.cursor_blink
        entry.focus()
        self.show()

    async def redraw(self) -> None:
        """Compose again in the app's language, with the tricks so far and what was typed
        (composed parts are empty until shown)."""
        typed = self.query_one("#check-entry", Input).value
        await self.recompose()
        self.on_mount()
        entry = self.query_one("#check-entry", Input)
        entry.value = typed
        entry.cursor_position = len(typed)
        if self.said is not None:
            self.say(*self.said)

    # ------------------------------------------------------------------ the deal so far

    @property
    def done(self) -> bool:
        return len(self.tricks) == TRICKS

    @property
    def leader(self) -> int:
        """Who leads the next trick: after the dealer first, then the last winner."""
        if not self.result.tricks:
            return (self.dealer + 1) % PLAYERS
        last = self.result.tricks[-1].winner
        return last if last is not None else (self.dealer + 1) % PLAYERS

    @property
    def counts(self) -> tuple[int, int, int]:
        return self.result.counts

    def problems(self) -> list[Any]:
        """The broken rules proved so far (a deal still short of 10 tricks is not one)."""
        return [p for p in self.result.problems if p.code != "cards.trick_count"]

    def _check(self) -> None:
        self.result = audit({"dealer": self.dealer,
                             "tricks": [{"cards": list(t)} for t in self.tricks]})

    # ------------------------------------------------------------------ showing

    def show(self) -> None:
        lang, players = self.lang, self.players
        status = Text(tr(lang, "Check a deal"), style="bold")
        status.append(" · ")
        status.append_text(styled(lang, "{dealer} deals", {"dealer": "bold"},
                                  dealer=players[self.dealer]))
        status.append(" · " + tr_n(lang, "{count} of {total} tricks", "{count} of {total} tricks",
                                   len(self.tricks), total=TRICKS), style="dim")
        self.query_one("#check-status", Static).update(status)
        problems = self.problems()
        self.query_one(TricksTable).show_tricks(
            ((t.leader, t.cards, t.winner) for t in self.result.tricks),
            flagged=[(p.trick, p.player) for p in problems if p.trick and p.player is not None])
        self.query_one("#check-counts", CountsLine).show(self.counts)
        lines = Text()
        for problem in problems:
            if lines:
                lines.append("\n")
            lines.append("✗ " + problem_text(problem.code, problem.trick, problem.player,
                                             problem.values, lang, names=players))
        box = self.query_one("#check-problems", Static)
        box.update(lines)
        box.display = bool(problems)
        self.query_one("#check-prompt", Static).update(self.prompt())
        for button in self.query(".check-tap").results(Button):
            allowed = self.check_action((button.id or "").removeprefix("check-tap-"), ())
            button.display, button.disabled = allowed is not False, not allowed
        self.refresh_bindings()

    @on(Button.Pressed, ".check-tap")
    async def _tapped(self, event: Button.Pressed) -> None:
        """A phone's button: the same action as its ctrl key."""
        event.stop()
        await self.run_action((event.button.id or "").removeprefix("check-tap-"))

    def prompt(self) -> Text:
        lang, players = self.lang, self.players
        if self.done:
            text = Text(tr(lang, "All 10 tricks are in."), style="bold")
            text.append(" ")
            if self.can_send:
                counts = " · ".join(f"{name} {self.counts[p]}"
                                    for p, name in enumerate(self.players))
                text.append_text(styled(lang, "Enter (or ctrl+s) sends {counts} to the score "
                                              "sheet.", {"counts": "bold"}, counts=counts))
            else:
                text.append(tr(lang, "No match in progress to send the counts to."))
            text.append("  " + tr(lang, "ctrl+z undoes the last trick."), style="dim")
            return text
        leader = self.leader
        return styled(lang, "{trick} · {leader} leads. Cards of {order} in this order, then Enter",
                      {"trick": "bold", "leader": "bold"},
                      trick=tr(lang, "Trick {number}", number=len(self.tricks) + 1),
                      leader=players[leader],
                      order=[players[(leader + i) % PLAYERS] for i in range(PLAYERS)])

    def say(self, words: Callable[[str], str | Text], kind: str = "") -> None:
        """Answer the last key on the message line: `words` in the app's language (kept,
        to be said again in the other one after f2); `kind` "error" or "ok" colours it."""
        self.said = (words, kind)
        message = words(self.lang)
        label = self.query_one("#check-message", Label)
        label.update(message if isinstance(message, Text) else Text(message))
        label.set_class(kind == "error", "-error")
        label.set_class(kind == "ok", "-ok")

    # ------------------------------------------------------------------ typing

    @on(Input.Submitted, "#check-entry")
    def _submitted(self, event: Input.Submitted) -> None:
        lang = self.lang
        if self.done:
            if event.value.strip():
                self.say(lambda lang: tr(lang, "All 10 tricks are in: ctrl+z undoes the last "
                                                 "one."), "error")
                self.app.bell()
            else:
                self.action_send()
            return
        typed = event.value
        try:
            cards = read_trick(typed, lang)
        except BadTrick:
            self.say(lambda lang: "✗ " + why_not_a_trick(typed, lang), "error")
            event.input.action_select_all()
            self.app.bell()
            return
        self.tricks.append((code(cards[0]), code(cards[1]), code(cards[2])))
        self._check()
        event.input.value = ""
        trick = self.result.tricks[-1]
        number = len(self.tricks)
        broke = any(p.trick == number for p in self.problems())
        winner = None if trick.winner is None else self.players[trick.winner]
        won = None if trick.winner is None else \
            trick.cards[(trick.winner - trick.leader) % PLAYERS]

        def words(lang: str) -> Text:
            message = Text("✓ ")
            if winner is None:
                message.append(tr(lang, "Trick {number}.", number=number))
            elif won is not None:
                message.append_text(styled(lang, "Trick {number}: {winner} wins with {card}.",
                                           {"winner": "bold"}, number=number, winner=winner,
                                           card=card_label(won, lang)))
            else:
                message.append_text(styled(lang, "Trick {number}: {winner} wins.",
                                           {"winner": "bold"}, number=number, winner=winner))
            if broke:
                message.append("  " + tr(lang, "Broken rule: see above."), style="bold")
            return message

        self.show()
        self.say(words, "error" if broke else "ok")

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "send":
            return self.can_send  # before the 10th trick it says why nothing is sent
        if action == "undo_trick":
            return True if self.tricks else None
        if action == "next_dealer":
            return False if self.fixed_dealer else (None if self.tricks else True)
        return True

    def action_undo_trick(self) -> None:
        if not self.tricks:
            self.say(lambda lang: tr(lang, "No trick to undo."), "error")
            return
        removed = self.tricks.pop()
        self._check()
        self.show()
        number = len(self.tricks) + 1
        self.say(lambda lang: tr(lang, "Trick {number} ({cards}) removed.", number=number,
                                 cards=" ".join(card_label(parse_card(c), lang) for c in removed)))

    def action_send(self) -> None:
        if not self.can_send:
            self.say(lambda lang: tr(lang, "No match in progress to send the counts to."),
                     "error")
            return
        if not self.done:
            count = len(self.tricks)
            self.say(lambda lang: tr(lang, "{count} of 10 tricks so far: the counts go to the "
                                           "sheet once all 10 are in.", count=count), "error")
            return
        self.dismiss(checked(self.dealer, self.result))

    def action_next_dealer(self) -> None:
        if self.fixed_dealer or self.tricks:
            return
        self.dealer = (self.dealer + 1) % PLAYERS
        self._check()
        self.show()

    def action_back(self) -> None:
        """Back to where the check was opened; tricks typed are thrown away only once the
        user says so."""
        if not self.tricks:
            self.dismiss(None)
            return
        from scorekeeper.tui.screens.dialogs import ConfirmDialog

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        question = tr_n(self.lang, "Leave the check? The trick typed is thrown away.",
                        "Leave the check? The {count} tricks typed are thrown away.",
                        len(self.tricks))
        self.app.push_screen(ConfirmDialog(question), answered)


def open_check_deal(app: Any) -> None:
    """From anywhere but a score sheet: check a deal of the match in progress (its players
    and dealer; the counts go to its sheet), or, with none, of players 1, 2 and 3."""

    async def run() -> None:
        lang = app.lang
        try:
            history = await app.history_ready()
            stored = await asyncio.to_thread(history.latest_unfinished)
        except VicaireError as exc:
            app.notify(error_text(exc, lang), severity="error", markup=False)
            return
        if stored is None:
            players = tuple(default_name(lang, i) for i in (1, 2, 3))
            app.push_screen(CheckDealScreen(players, 0, can_send=False, fixed_dealer=False))
            return
        match_id = stored.id

        def done(deal: PlayedDeal | None) -> None:
            if deal is not None:
                app.open_match(match_id, entry_text=deal.text, origin=deal)

        state = stored.state
        app.push_screen(CheckDealScreen(state.players, state.current.dealer), done)

    app.run_worker(run(), group="check-deal")

