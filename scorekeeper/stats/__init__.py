"""Statistics over the history: per-player totals, records, rivalries, seasons.

Pure: no Textual, no TinyDB, no words (the edges say them). Every figure comes from
replaying the deal logs with the rules engine (`facts.py`), kept per match in a cache
(`cache.py`) so that a big history is quick the second time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.stats.facts import MatchFacts, facts_of, facts_of_stored
from scorekeeper.stats.periods import ALL_TIME, Period, select
from scorekeeper.stats.players import PlayerStats, player_key, player_stats, player_totals
from scorekeeper.stats.records import RECORDS, Record, records
from scorekeeper.stats.rivalries import Rivalry, head_to_head

__all__ = [
    "ALL_TIME", "RECORDS", "MatchFacts", "Period", "PlayerStats", "Record", "Rivalry",
    "Statistics", "facts_of", "facts_of_stored", "head_to_head", "player_key",
    "player_stats", "records", "statistics",
]


@dataclass(frozen=True)
class Statistics:
    """Everything the statistics show, over the matches chosen (in the order they began);
    players in the order of their first appearance."""

    matches: tuple[MatchFacts, ...]
    players: tuple[PlayerStats, ...]
    records: tuple[Record, ...]
    head_to_head: tuple[Rivalry, ...]
    bots_left_out: int = 0  # the bots' matches of the period, not counted (not `with_bots`)

    def player(self, name: str) -> PlayerStats | None:
        key = player_key(name)
        return next((p for p in self.players if player_key(p.name) == key), None)

    def to_json(self) -> dict[str, Any]:
        """The object `vicaire stats --json` prints (docs/command-line.md, "Statistics")."""
        return {
            "matches": len(self.matches),
            "players": [player_json(p) for p in self.players],
            "records": [r.to_json() for r in self.records],
            "head_to_head": [r.to_json() for r in self.head_to_head],
        }


def player_json(stats: PlayerStats) -> dict[str, Any]:
    return {
        "name": stats.name, "matches": stats.matches, "won": stats.matches_won,
        "rounds_won": stats.rounds_won, "won_on_10": stats.won_on_10,
        "won_higher": stats.won_higher, "won_by_sweep": stats.won_by_sweep,
        "ties": stats.ties, "deals": stats.deals, "tricks": stats.tricks,
        "points": stats.points, "seconds_played": stats.seconds_played,
        "rounds": stats.rounds, "sweeps": stats.sweeps, "form": list(stats.form),
    }


def statistics(facts: Iterable[MatchFacts], period: Period = ALL_TIME,
               with_bots: bool = False) -> Statistics:
    """The statistics of the matches of `period` (the bots' only `with_bots`)."""
    facts = list(facts)
    chosen = select(facts, period, with_bots)
    players = player_totals(chosen)
    names = {player_key(p.name): p.name for p in players}
    left_out = 0 if with_bots else sum(1 for f in facts if f.simulated and period.holds(f))
    return Statistics(tuple(chosen), tuple(players), tuple(records(chosen, names)),
                      tuple(head_to_head(chosen)), left_out)
