"""Random legal play of many deals at once with numpy (optional: needs numpy installed).

Every deal of a batch advances one card at a time together: hands are 32-bit masks in an
array, and a random legal card is the k-th set bit of the legal mask, found with 16-bit
tables (popcount and k-th bit).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from scorekeeper.rules.play import DealRecord, Trick


@cache
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """POP16[v]: set bits of v; SEL16[v, k]: position of the k-th set bit of v."""
    values = np.arange(1 << 16, dtype=np.int64)
    bits = (values[:, None] >> np.arange(16)) & 1
    pop = bits.sum(axis=1).astype(np.int64)
    ranks = np.cumsum(bits, axis=1)
    sel = np.zeros((1 << 16, 16), dtype=np.int64)
    for k in range(16):
        sel[:, k] = np.argmax((ranks == k + 1) & (bits == 1), axis=1)
    return pop, sel


NEXT = np.array([1, 2, 0], dtype=np.int64)
SUIT_MASK = np.array([0xFF << (8 * s) for s in range(4)], dtype=np.int64)


@dataclass(frozen=True)
class Batch:
    """`n` deals: hands (n, 3) masks, écarts (n,), and per trick leaders, cards, winners."""

    dealer: np.ndarray
    hands: np.ndarray
    ecart: np.ndarray
    leaders: np.ndarray  # (n, 10)
    cards: np.ndarray  # (n, 10, 3) in play order from the leader
    winners: np.ndarray  # (n, 10)
    counts: np.ndarray  # (n, 3)

    def record(self, i: int) -> DealRecord:
        """Deal `i` as a DealRecord."""
        tricks = tuple(
            Trick(int(self.leaders[i, t]), tuple(int(c) for c in self.cards[i, t]),
                  int(self.winners[i, t])) for t in range(10))
        h = self.hands[i]
        return DealRecord(int(self.dealer[i]), (int(h[0]), int(h[1]), int(h[2])),
                          int(self.ecart[i]), tricks,
                          (int(self.counts[i, 0]), int(self.counts[i, 1]),
                           int(self.counts[i, 2])))


def _pick(masks: np.ndarray, u: np.ndarray, pop: np.ndarray, sel: np.ndarray) -> np.ndarray:
    """A uniformly random set bit of each mask (u uniform in [0, 1))."""
    lo = masks & 0xFFFF
    hi = masks >> 16
    count_lo = pop[lo]
    k = (u * (count_lo + pop[hi])).astype(np.int64)
    upper = k >= count_lo
    half = np.where(upper, hi, lo)
    k -= np.where(upper, count_lo, 0)
    return sel[half, k] + (upper << 4)


def random_batch(n: int, seed: int | None = None, dealer: int = 0) -> Batch:
    """Deal `n` deals and play each with random legal cards, all at once."""
    pop, sel = _tables()
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, 32)), axis=1)
    bit = np.int64(1) << order
    hands = np.stack([bit[:, 10 * p:10 * p + 10].sum(axis=1) for p in range(3)], axis=1)
    ecart = bit[:, 30:].sum(axis=1)
    rows = np.arange(n)
    live = hands.copy().ravel()  # live[3 * i + p]: what player p of deal i still holds
    base = rows * 3
    leader = np.full(n, (dealer + 1) % 3, dtype=np.int64)
    leaders = np.empty((n, 10), dtype=np.int64)
    cards = np.empty((n, 10, 3), dtype=np.int64)
    winners = np.empty((n, 10), dtype=np.int64)
    noise = rng.random((10, 3, n))
    one = np.int64(1)
    for t in range(10):
        leaders[:, t] = leader
        player = leader
        at = base + player
        hand = live.take(at)
        lead = _pick(hand, noise[t, 0], pop, sel)
        live[at] = hand ^ (one << lead)
        suit = SUIT_MASK.take(lead >> 3)
        best = lead
        winner = leader
        cards[:, t, 0] = lead
        for step in (1, 2):
            player = NEXT.take(player)
            at = base + player
            hand = live.take(at)
            follow = hand & suit
            legal = np.where(follow != 0, follow, hand)
            card = _pick(legal, noise[t, step], pop, sel)
            live[at] = hand ^ (one << card)
            wins = np.where((card >> 3) == (best >> 3), card < best, card < 8)
            best = np.where(wins, card, best)
            winner = np.where(wins, player, winner)
            cards[:, t, step] = card
        winners[:, t] = winner
        leader = winner
    counts = np.stack([(winners == p).sum(axis=1) for p in range(3)], axis=1)
    return Batch(np.full(n, dealer, dtype=np.int64), hands, ecart, leaders, cards, winners,
                 counts)
