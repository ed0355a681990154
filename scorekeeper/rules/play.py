"""Playing a deal: legal cards, who wins a trick, the deal and its record (docs/command-line.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import VicaireError
from scorekeeper.rules.cards import (
    DECK_SIZE,
    ECART_SIZE,
    FULL_DECK,
    HAND_SIZE,
    SUIT_MASKS,
    cards_of,
    code,
)

PLAYERS = 3
TRICKS = 10


def beats(card: int, best: int) -> bool:
    """Whether `card` beats `best`, the card winning the trick so far (led suit or a heart)."""
    if card >> 3 == best >> 3:
        return card < best
    return card < 8


def trick_winner(leader: int, cards: Sequence[int]) -> int:
    """The player who wins a trick whose `cards` were played in order from `leader`."""
    best = cards[0]
    at = 0
    for i in range(1, len(cards)):
        if beats(cards[i], best):
            best, at = cards[i], i
    return (leader + at) % PLAYERS


def legal_mask(hand: int, led: int | None) -> int:
    """The cards of `hand` that may be played on a trick led with `led` (None: leading)."""
    if led is None:
        return hand
    follow = hand & SUIT_MASKS[led >> 3]
    return follow or hand


@dataclass(frozen=True)
class Trick:
    """One trick: who led, the cards in play order from the leader, who won it."""

    leader: int
    cards: tuple[int, ...]
    winner: int

    def player_of(self, position: int) -> int:
        """The player who played the card at `position` (0 = the leader)."""
        return (self.leader + position) % PLAYERS


@dataclass(frozen=True)
class DealRecord:
    """A whole deal as played: dealer, hands and écart (bitmasks), tricks, tricks per player."""

    dealer: int
    hands: tuple[int, int, int]
    ecart: int
    tricks: tuple[Trick, ...]
    counts: tuple[int, int, int]

    def to_json(self) -> dict[str, Any]:
        """The deal record of docs/command-line.md ("A deal record"), with card codes."""
        return {
            "dealer": self.dealer,
            "hands": [[code(c) for c in cards_of(h)] for h in self.hands],
            "ecart": [code(c) for c in cards_of(self.ecart)],
            "tricks": [{"leader": t.leader, "cards": [code(c) for c in t.cards],
                        "winner": t.winner} for t in self.tricks],
            "counts": list(self.counts),
        }


class DealState:
    """A deal being played: whose turn it is, the trick on the table, tricks taken so far."""

    def __init__(self, hands: Sequence[int], ecart: int, dealer: int) -> None:
        if len(hands) != PLAYERS or any(h.bit_count() != HAND_SIZE for h in hands):
            raise VicaireError("cards.hand_size", size=HAND_SIZE)
        if ecart.bit_count() != ECART_SIZE or (hands[0] | hands[1] | hands[2] | ecart) != FULL_DECK:
            raise VicaireError("cards.not_a_deck", size=DECK_SIZE)
        self.start = (hands[0], hands[1], hands[2])
        self.ecart = ecart
        self.dealer = dealer
        self.hands = list(self.start)
        self.leader = (dealer + 1) % PLAYERS
        self.table: list[int] = []
        self.tricks: list[Trick] = []
        self.counts = [0, 0, 0]
        self.played = 0  # bitmask of the cards played so far

    @property
    def turn(self) -> int:
        """The player to play next."""
        return (self.leader + len(self.table)) % PLAYERS

    @property
    def done(self) -> bool:
        return len(self.tricks) == TRICKS

    @property
    def led(self) -> int | None:
        """The card that led the trick on the table, if any."""
        return self.table[0] if self.table else None

    def legal(self) -> int:
        """The cards the player to play may play, as a bitmask."""
        return legal_mask(self.hands[self.turn], self.led)

    def winning(self) -> tuple[int, int] | None:
        """(player, card) winning the trick on the table so far, if a card was played."""
        if not self.table:
            return None
        at = 0
        for i in range(1, len(self.table)):
            if beats(self.table[i], self.table[at]):
                at = i
        return (self.leader + at) % PLAYERS, self.table[at]

    def play(self, card: int) -> Trick | None:
        """Play `card` for the player to play; returns the trick when this card closes it."""
        if self.done:
            raise VicaireError("cards.deal_over")
        if not (self.legal() >> card) & 1:
            raise VicaireError("cards.illegal", card=code(card), player=self.turn)
        self.hands[self.turn] &= ~(1 << card)
        self.played |= 1 << card
        self.table.append(card)
        if len(self.table) < PLAYERS:
            return None
        trick = Trick(self.leader, tuple(self.table), trick_winner(self.leader, self.table))
        self.tricks.append(trick)
        self.counts[trick.winner] += 1
        self.leader = trick.winner
        self.table = []
        return trick

    def record(self) -> DealRecord:
        """The record of the deal played so far (whole once `done`)."""
        return DealRecord(self.dealer, self.start, self.ecart, tuple(self.tricks),
                          (self.counts[0], self.counts[1], self.counts[2]))


Chooser = Callable[[DealState], int]


def play_deal(hands: Sequence[int], ecart: int, dealer: int,
              choosers: Sequence[Chooser]) -> DealRecord:
    """Play a whole deal, asking `choosers[player](state)` for each card."""
    state = DealState(hands, ecart, dealer)
    while not state.done:
        state.play(choosers[state.turn](state))
    return state.record()
