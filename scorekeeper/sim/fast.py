"""Random legal play of whole deals in one tight loop, with per-suit byte tables."""

from __future__ import annotations

import random

from scorekeeper.rules.cards import deal
from scorekeeper.rules.play import DealRecord, Trick

# For each byte (one suit's cards in a hand): its set bits, lowest (highest card) first.
BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def _pick_any(hand: int, r: float) -> int:
    """A uniformly random card of `hand` (r uniform in [0, 1))."""
    k = int(r * hand.bit_count())
    for shift in (0, 8, 16, 24):
        bits = BITS[hand >> shift & 0xFF]
        if k < len(bits):
            return shift + bits[k]
        k -= len(bits)
    raise AssertionError("empty hand")


def random_tricks(hands: tuple[int, int, int], leader: int,
                  rand) -> tuple[list[tuple[int, int, int, int, int]], list[int]]:
    """Play 10 random legal tricks; each trick is (leader, card1, card2, card3, winner)."""
    h = list(hands)
    counts = [0, 0, 0]
    tricks = []
    for _ in range(10):
        p = leader
        lead = _pick_any(h[p], rand())
        h[p] ^= 1 << lead
        shift = lead & 24
        best = lead
        winner = p
        played = [lead]
        for _step in (1, 2):
            p = p + 1 if p < 2 else 0
            hand = h[p]
            bits = BITS[hand >> shift & 0xFF]
            if bits:
                card = shift + bits[int(rand() * len(bits))]
                if card < best and best >= shift:
                    best, winner = card, p
            else:
                card = _pick_any(hand, rand())
                if card < best and card < 8:
                    best, winner = card, p
            h[p] = hand ^ (1 << card)
            played.append(card)
        tricks.append((leader, played[0], played[1], played[2], winner))
        counts[winner] += 1
        leader = winner
    return tricks, counts


def random_deal(rng: random.Random, dealer: int = 0) -> DealRecord:
    """Deal from `rng` and play the deal with random legal cards."""
    hands, ecart = deal(rng)
    tricks, counts = random_tricks(hands, (dealer + 1) % 3, rng.random)
    return DealRecord(dealer, hands, ecart,
                      tuple(Trick(t[0], t[1:4], t[4]) for t in tricks),
                      (counts[0], counts[1], counts[2]))
