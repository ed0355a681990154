"""Simulated deals: dealt from a seeded random source and played by bots."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorekeeper.rules.cards import deal
from scorekeeper.rules.play import DealRecord, play_deal
from scorekeeper.sim.bots import choosers
from scorekeeper.sim.fast import random_deal

NO_NEEDS: tuple[tuple[int, ...], ...] = ((10,), (10,), (10,))


def simulate_deal(rng: random.Random, dealer: int = 0, bots: str = "random",
                  needs: Sequence[Sequence[int]] = NO_NEEDS) -> DealRecord:
    """Deal from `rng` and play the whole deal with bots of kind `bots`."""
    if bots == "random":
        return random_deal(rng, dealer)
    hands, ecart = deal(rng)
    return play_deal(hands, ecart, dealer, choosers(bots, rng, needs))


def simulate_deals(seed: int, count: int, bots: str = "random"):
    """`count` deals from `seed`; the deal passes each deal as at the table."""
    rng = random.Random(seed)
    for i in range(count):
        yield simulate_deal(rng, i % 3, bots)
