"""Random legal play of many deals at once with numpy.

Every deal of a batch advances one card at a time together: hands are 32-bit masks in an
array, and a random legal card is the k-th set bit of the legal mask, found with 16-bit
tables (popcount and k-th bit). `random_splits` is what `vicaire simulate --summary` plays
with random bots: only the tricks each player takes, batch after batch.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

import numpy as np

from scorekeeper.rules.play import DealRecord, Trick

# Deals played together by `random_splits`: large enough that numpy's per-call cost
# vanishes, small enough to stay in the processor's cache. The same seed gives the same
# deals only with the same CHUNK.
CHUNK = 50_000

SUIT_MASK = np.array([0xFF << (8 * s) for s in range(4)], dtype=np.int64)
NEXT = np.array([1, 2, 0], dtype=np.int64)
CARDS = np.arange(32, dtype=np.int64)
ONE = np.int64(1)


@cache
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """POP16[v]: set bits of v; SEL16[16 * v + k]: position of the k-th set bit of v.

    One byte an entry, so that both tables (1 MB) stay in the processor's cache.
    """
    values = np.arange(1 << 16, dtype=np.int64)
    pop = np.zeros(1 << 16, dtype=np.uint8)
    sel = np.zeros((1 << 16, 16), dtype=np.uint8)
    for k in range(16):  # take off the lowest set bit 16 times
        low = values & -values
        sel[:, k] = np.maximum(np.frexp(low)[1] - 1, 0)  # a power of two's exponent
        pop += values != 0
        values &= values - 1
    return pop, sel.ravel()


def _pick(masks: np.ndarray, u: np.ndarray, pop: np.ndarray, sel: np.ndarray) -> np.ndarray:
    """A uniformly random set bit of each mask (u uniform in [0, 1))."""
    lo = masks & 0xFFFF
    hi = masks >> 16
    count_lo = pop.take(lo)
    k = (u * (count_lo + pop.take(hi))).astype(np.int64)
    upper = k >= count_lo
    k -= count_lo * upper
    half = np.where(upper, hi, lo)
    picked: np.ndarray = sel.take((half << 4) + k) + (upper << 4)
    return picked


def _deal(rng: np.random.Generator, n: int) -> np.ndarray:
    """(n, 4) masks: three hands of 10 cards and the écart of 2, each deal shuffled apart.

    Each card gets a random double; its lowest 5 bits are replaced by the card's number, so
    the keys sort as the doubles do (ties broken by card, about once in 10^12 deals) and a
    sorted key names its card.
    """
    keys = rng.random((n, 32)).view(np.int64)  # doubles in [0, 1) sort like their bits
    keys &= ~31
    keys |= CARDS
    keys.sort(axis=1)
    keys &= 31
    return np.add.reduceat(ONE << keys, [0, 10, 20, 30], axis=1)


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


def _play(rng: np.random.Generator, dealers: np.ndarray,
          keep: bool = False) -> dict[str, np.ndarray]:
    """Deal len(dealers) deals from `rng` and play them all with random legal cards.

    Returns hands, écarts and (n, 10) winners; with `keep`, also each trick's leader and
    cards.
    """
    pop, sel = _tables()
    n = len(dealers)
    dealt = _deal(rng, n)
    hands = np.ascontiguousarray(dealt[:, :3])
    live = hands.ravel().copy()  # live[3 * i + p]: what player p of deal i still holds
    base = np.arange(0, 3 * n, 3, dtype=np.int64)
    leader = (dealers + 1) % 3
    winners = np.empty((10, n), dtype=np.int64)
    leaders = np.empty((10, n), dtype=np.int64) if keep else None
    cards = np.empty((10, 3, n), dtype=np.int64) if keep else None
    noise = rng.random((10, 3, n))
    for t in range(10):
        at = base + leader
        hand = live.take(at)
        lead = _pick(hand, noise[t, 0], pop, sel)
        live.put(at, hand ^ (ONE << lead))
        suit = SUIT_MASK.take(lead >> 3)
        best = lead
        winner = player = leader
        if leaders is not None and cards is not None:  # (with `keep`)
            leaders[t] = leader
            cards[t, 0] = lead
        for step in (1, 2):
            player = NEXT.take(player)
            at = base + player
            hand = live.take(at)
            follow = hand & suit
            followed = follow != 0
            card = _pick(np.where(followed, follow, hand), noise[t, step], pop, sel)
            live.put(at, hand ^ (ONE << card))
            # The best card so far is a heart or of the suit led; lower numbers rank higher.
            wins = (card < best) & (followed | (card < 8))
            best = np.where(wins, card, best)
            winner = np.where(wins, player, winner)
            if cards is not None:  # (with `keep`)
                cards[t, step] = card
        winners[t] = winner
        leader = winner
    played = {"hands": hands, "ecart": dealt[:, 3], "winners": winners.T}
    if leaders is not None and cards is not None:  # (with `keep`)
        played.update(leaders=leaders.T, cards=cards.transpose(2, 0, 1))
    return played


def _counts(winners: np.ndarray) -> np.ndarray:
    """(n, 3) tricks taken by each player from (n, 10) trick winners."""
    return np.stack([(winners == p).sum(axis=1) for p in range(3)], axis=1)


def random_batch(n: int, seed: int | None = None, dealer: int = 0) -> Batch:
    """Deal `n` deals and play each with random legal cards, all at once."""
    dealers = np.full(n, dealer, dtype=np.int64)
    played = _play(np.random.default_rng(seed), dealers, keep=True)
    return Batch(dealers, played["hands"], played["ecart"], played["leaders"],
                 played["cards"], played["winners"], _counts(played["winners"]))


def random_splits(seed: int, count: int, chunk: int = CHUNK) -> Counter[tuple[int, int, int]]:
    """How the 10 tricks were split (most first, e.g. (5, 3, 2)) over `count` random deals.

    The deal passes each deal as at the table (deal i is dealt by player i % 3). The deals
    come from numpy's generator seeded with `abs(seed)` (as Python's `random` does), so they
    are not the deals `simulate_deals` plays from the same seed.
    """
    rng = np.random.default_rng(abs(seed))
    tally = np.zeros(11 * 11 * 11, dtype=np.int64)
    for start in range(0, count, chunk):
        dealers = np.arange(start, min(start + chunk, count), dtype=np.int64) % 3
        counts = -np.sort(-_counts(_play(rng, dealers)["winners"]), axis=1)
        tally += np.bincount(counts @ np.array([121, 11, 1]), minlength=tally.size)
    return Counter({(int(i) // 121, int(i) // 11 % 11, int(i) % 11): int(tally[i])
                    for i in np.flatnonzero(tally)})
