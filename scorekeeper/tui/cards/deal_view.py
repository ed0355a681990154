"""A deal played card by card, in the app: hands by suit, each trick in order, the counts.

`TricksTable` shows tricks one row each, one column per player (the card they played, ▶ on the
leader's) and the winner; the check-a-deal screen uses it too. `DealViewScreen` shows the
whole deal behind the sheet's entry line, simulated or checked (hands, écart, tricks, counts)
over the score sheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.widgets import Label, Static

from scorekeeper.i18n import tr
from scorekeeper.i18n.cards import card_label, problem_text
from scorekeeper.i18n.styled import styled
from scorekeeper.rules.cards import cards_of
from scorekeeper.rules.play import DealRecord
from scorekeeper.sim.bots import aim
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import VicaireModal
from scorekeeper.tui.sheet.entry_origin import CHECKED, PlayedDeal
from scorekeeper.tui.widgets.measured_table import MeasuredTable

RED_SUITS = (0, 2)  # hearts, diamonds
LEAD_MARK = "▶"


def card_text(card: int, lang: str) -> Text:
    """`A♥` (red suits in red), French ranks in French."""
    return Text(card_label(card, lang), style="red" if card >> 3 in RED_SUITS else "")


def hand_text(mask: int, lang: str) -> Text:
    """A hand by suit, hearts first: `♥ A R 9  ♠ D V 8  ♦ —  ♣ R 7`."""
    by_suit: list[list[int]] = [[], [], [], []]
    for card in cards_of(mask):
        by_suit[card >> 3].append(card)
    text = Text()
    for suit, cards in enumerate(by_suit):
        if suit:
            text.append("  ")
        symbol = card_label(suit * 8, lang)[-1]
        text.append(symbol, style="bold red" if suit in RED_SUITS else "bold")
        text.append(" " + (" ".join(card_label(c, lang)[:-1] for c in cards) or "—"))
    return text


def counts_text(players: Sequence[str], counts: Sequence[int], lang: str,
                width: int | None = None) -> Text:
    """'Tricks taken: Amélie 4 · Bruno 3 · Chloé 3', names literal and bold; where a line of
    `width` cells cannot hold it all, it goes on after a "·", never a count apart from its
    player's name."""
    text = Text(tr(lang, "Tricks taken: "))
    line = text.cell_len
    for p, name in enumerate(players):
        part = Text()
        part.append(name, style="bold")
        part.append(f" {counts[p]}")
        if p:
            text.append(" ·")
            line += 2
            if width is not None and line + 1 + part.cell_len > width:
                text.append("\n")
                line = 0
            else:
                text.append(" ")
                line += 1
        text.append_text(part)
        line += part.cell_len
    return text


class CountsLine(Static):
    """The tricks each player took (`counts_text`), on as many lines as its width needs."""

    def __init__(self, players: Sequence[str], counts: Sequence[int], lang: str,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.players, self.counts, self.lang = tuple(players), tuple(counts), lang

    def show(self, counts: Sequence[int]) -> None:
        self.counts = tuple(counts)
        self.refresh(layout=True)

    def _text(self, width: int) -> Text:
        return counts_text(self.players, self.counts, self.lang, width or None)

    def render(self) -> Text:
        return self._text(self.content_region.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._text(width).split("\n"))


class TricksTable(MeasuredTable):
    """One row per trick: its number, each player's card (▶ the leader's), the winner."""

    DEFAULT_CSS = """
    TricksTable { height: auto; max-height: 100%; }
    """

    def __init__(self, players: Sequence[str], lang: str, narrow: bool = False,
                 **kwargs) -> None:
        """`narrow` (a phone): each column 8 cells wide at most, names cut with "…"."""
        super().__init__(cursor_type="none", zebra_stripes=True, **kwargs)
        self.players = tuple(players)
        self.lang = lang
        self.add_column("#", key="number")
        for index, name in enumerate(self.players):
            self.add_column(Text(name, overflow="ellipsis", no_wrap=True), key=f"p{index}",
                            width=8 if narrow else max(8, min(len(name), 14)))
        winner = Text(tr(self.lang, "Winner"), overflow="ellipsis", no_wrap=True)
        self.add_column(winner, key="winner", width=8 if narrow else None)

    def show_tricks(self, tricks: Iterable[tuple[int, Sequence[int | None], int | None]],
                    flagged: Iterable[tuple[int, int]] = ()) -> None:
        """Show (leader, cards in play order, winner) per trick; `flagged` holds
        (trick number, player) pairs whose card broke a rule."""
        bad = set(flagged)
        self.clear()
        for number, (leader, cards, winner) in enumerate(tricks, start=1):
            cells: list[Text] = [Text(""), Text(""), Text("")]
            for position, card in enumerate(cards):
                player = (leader + position) % 3
                cell = Text(LEAD_MARK + " " if position == 0 else "  ")
                if card is None:
                    cell.append("?")
                else:
                    cell.append_text(card_text(card, self.lang))
                if (number, player) in bad:
                    cell.append(" ✗", style="bold red")
                    cell.stylize("reverse")
                cells[player] = cell
            who = Text(self.players[winner], style="bold", overflow="ellipsis",
                       no_wrap=True) if winner is not None else Text("?")
            self.add_row(Text(str(number), justify="right"), *cells, who, key=f"t{number}")
        if self.row_count:
            self.scroll_end(animate=False)


class DealViewScreen(VicaireModal[None]):
    """The deal behind the sheet's entry line, simulated or checked: the hands (of a checked
    deal: the cards each player played), the écart, every trick with its leader and winner,
    and for a checked deal the rules it broke."""

    CSS_PATH = ["../screens/dialogs.tcss", "deal_view.tcss"]
    ACTIONS = (Action("escape,enter,space,q", "close", "Close", show=False),)

    def __init__(self, deal: PlayedDeal, players: Sequence[str], lang: str) -> None:
        super().__init__(classes="dialog-screen")
        self.deal = deal
        self.record: DealRecord = deal.record
        self.players = tuple(players)
        self.shown_lang = lang  # (the sheet's)
        self.needs = deal.needs

    def compose(self) -> ComposeResult:
        record, players, lang = self.record, self.players, self.shown_lang
        width = max(len(n) for n in players) + 2
        bold = {"dealer": "bold", "leader": "bold"}
        dealer, leader = players[record.dealer], players[(record.dealer + 1) % 3]
        if self.deal.kind == CHECKED:
            title = styled(lang, "Checked deal · {dealer} deals, {leader} leads", bold,
                           dealer=dealer, leader=leader)
        else:
            title = styled(lang, "Simulated deal · {dealer} deals, {leader} leads", bold,
                           dealer=dealer, leader=leader)
        with Vertical(classes="dialog"):
            yield Label(title, classes="dialog-title")
            for p, name in enumerate(players):
                line = Text(name.ljust(width), style="bold", overflow="ellipsis", no_wrap=True)
                line.append_text(hand_text(record.hands[p], lang))
                if self.needs is not None:
                    target = aim(self.needs[p])  # (None: only a sweep, 10, would do)
                    line.append("  " + (tr(lang, "aims at {target}", target=target)
                                        if target is not None else
                                        tr(lang, "needs a sweep (10)")), style="dim")
                yield Static(line, classes="deal-hand")
            if record.ecart:
                ecart = Text(tr(lang, "Écart").ljust(width), style="dim")
                for card in cards_of(record.ecart):
                    ecart.append_text(card_text(card, lang))
                    ecart.append(" ")
                yield Static(ecart, classes="deal-hand")
            yield TricksTable(players, lang, id="deal-tricks")
            yield CountsLine(players, record.counts, lang, classes="deal-counts")
            for problem in self.deal.problems:
                yield Static(Text("✗ " + problem_text(problem.code, problem.trick,
                                                      problem.player, problem.values, lang,
                                                      names=players)), classes="deal-problem")
            yield Static(tr(lang, "The counts are in the entry line: Enter there records them. "
                                  "Esc closes."), classes="deal-close")

    def on_mount(self) -> None:
        self.query_one(TricksTable).show_tricks(
            ((t.leader, t.cards, t.winner) for t in self.record.tricks),
            flagged=[(p.trick, p.player) for p in self.deal.problems
                     if p.trick and p.player is not None])

    def action_close(self) -> None:
        self.dismiss(None)
