"""Simulated deals: dealt from a seeded random source and played by bots."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from scorekeeper.rules.cards import deal
from scorekeeper.rules.model import MAX_TARGET, Match, RuleSet
from scorekeeper.rules.play import DealRecord, play_deal
from scorekeeper.rules.scoring import replay
from scorekeeper.sim.bots import choosers
from scorekeeper.sim.fast import random_deal

NO_NEEDS: tuple[tuple[int, ...], ...] = ((10,), (10,), (10,))
PLAYERS = ("A", "B", "C")


def simulate_deal(rng: random.Random, dealer: int = 0, bots: str = "random",
                  needs: Sequence[Sequence[int]] = NO_NEEDS) -> DealRecord:
    """Deal from `rng` and play the whole deal with bots of kind `bots`."""
    if bots == "random":
        return random_deal(rng, dealer)
    hands, ecart = deal(rng)
    return play_deal(hands, ecart, dealer, choosers(bots, rng, needs))


def simulate_deals(seed: int, count: int, bots: str = "random") -> Iterator[DealRecord]:
    """`count` deals from `seed`, the deal passing each deal as at the table.

    Target-seeking bots play them as rounds in a row: each deal they aim at what the rules
    engine says they need, from the totals of the round so far.
    """
    rng = random.Random(seed)
    rules = RuleSet(target=MAX_TARGET)
    round_deals: list[tuple[int, int, int]] = []
    first_dealer = 0
    for i in range(count):
        needs = NO_NEEDS
        if bots != "random":
            state = replay(Match(players=PLAYERS, rules=rules, first_dealer=first_dealer,
                                 deals=tuple(round_deals)))
            if state.rounds:  # the round is won: a new one starts at 0
                round_deals, first_dealer = [], i % 3
                state = replay(Match(players=PLAYERS, rules=rules, first_dealer=first_dealer))
            needs = state.current.needs
        record = simulate_deal(rng, i % 3, bots, needs)
        round_deals.append(record.counts)
        yield record
