"""Random legal play of whole deals in one tight loop (hands as per-suit lists of cards)."""

from __future__ import annotations

import random
from collections.abc import Callable

from scorekeeper.rules.cards import mask_of
from scorekeeper.rules.play import DealRecord, Trick

RawTrick = tuple[int, int, int, int, int]  # leader, three cards in play order, winner


def shuffle(rng: random.Random) -> list[int]:
    """The 32 cards in a random order: sorted by one random key each (faster than shuffle)."""
    r = rng.random
    keys = [r() for _ in range(32)]
    return sorted(range(32), key=keys.__getitem__)


def _take_any(suits: list[list[int]], k: int) -> int:
    """Remove and return the k-th card of a hand held as four suit lists."""
    for cards in suits:
        if k < len(cards):
            return cards.pop(k)
        k -= len(cards)
    raise AssertionError("no such card")


def play_random(deck: list[int], dealer: int,
                rand: Callable[[], float]) -> tuple[list[RawTrick], list[int]]:
    """Play the deal dealt from `deck` (10, 10, 10, écart) with random legal cards."""
    hands: list[list[list[int]]] = [[[], [], [], []], [[], [], [], []], [[], [], [], []]]
    for i in range(30):
        card = deck[i]
        hands[i // 10][card >> 3].append(card)
    sizes = [10, 10, 10]
    counts = [0, 0, 0]
    tricks: list[RawTrick] = []
    leader = (dealer + 1) % 3
    for _ in range(10):
        p = leader
        lead = _take_any(hands[p], int(rand() * sizes[p]))
        sizes[p] -= 1
        suit = lead >> 3
        best, winner = lead, p
        played = [lead]
        for _step in (1, 2):
            p = p + 1 if p < 2 else 0
            follow = hands[p][suit]
            if follow:
                card = follow.pop(int(rand() * len(follow)))
                if card < best and best >> 3 == suit:  # a higher card of the suit led
                    best, winner = card, p
            else:
                card = _take_any(hands[p], int(rand() * sizes[p]))
                if card < 8 and card < best:  # a heart, higher than any heart so far
                    best, winner = card, p
            sizes[p] -= 1
            played.append(card)
        tricks.append((leader, played[0], played[1], played[2], winner))
        counts[winner] += 1
        leader = winner
    return tricks, counts


def random_deal(rng: random.Random, dealer: int = 0) -> DealRecord:
    """Deal from `rng` and play the deal with random legal cards."""
    deck = shuffle(rng)
    tricks, counts = play_random(deck, dealer, rng.random)
    hands = (mask_of(deck[0:10]), mask_of(deck[10:20]), mask_of(deck[20:30]))
    return DealRecord(dealer, hands, mask_of(deck[30:32]),
                      tuple(Trick(t[0], t[1:4], t[4]) for t in tricks),
                      (counts[0], counts[1], counts[2]))


def random_counts(rng: random.Random, dealer: int = 0) -> list[int]:
    """Only the tricks each player takes in one random deal (the fastest path)."""
    return play_random(shuffle(rng), dealer, rng.random)[1]
