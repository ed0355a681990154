"""A whole simulated match: bots play deals until the rules engine says someone won."""

from __future__ import annotations

import random

from scorekeeper.rules.model import Match, RuleSet
from scorekeeper.rules.play import DealRecord
from scorekeeper.rules.scoring import MatchState, replay
from scorekeeper.sim.deals import simulate_deal

MAX_DEALS = 5000


def simulate_match(seed: int, players: tuple[str, str, str] = ("Bot A", "Bot B", "Bot C"),
                   rules: RuleSet | None = None, bots: str = "target",
                   ) -> tuple[MatchState[Match], list[DealRecord]]:
    """Play a match from `seed` to its end (or MAX_DEALS deals); its state and every deal."""
    rng = random.Random(seed)
    match = Match(players=players, rules=rules or RuleSet())
    state = replay(match)
    records: list[DealRecord] = []
    while not state.finished and len(records) < MAX_DEALS:
        cur = state.current
        record = simulate_deal(rng, cur.dealer, bots, cur.needs)
        records.append(record)
        match = match.add_deal(record.counts)
        state = replay(match)
    return state, records
