"""Per-player statistics over a set of matches: pure, no Textual, no storage.

A player is known by name, compared without case (Amélie and AMÉLIE are one player, shown as
first met). Every match a player sat in counts as played, whatever its status; a match is won
when the player reached the target; rounds, deals, tricks, sweeps and ties come from replaying
the deal log under the match's own rule set.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from scorekeeper.rules import Match, replay
from scorekeeper.rules.model import TRICKS


class HasMatch(Protocol):
    """Anything holding a match, such as a stored match."""

    @property
    def match(self) -> Match: ...


MatchLike = Match | HasMatch


@dataclass(frozen=True)
class PlayerStats:
    """One player's record over the matches given."""

    name: str
    matches: int = 0
    matches_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    deals: int = 0
    tricks: int = 0
    sweeps: int = 0
    ties: int = 0
    points: int = 0

    @property
    def average_tricks(self) -> float | None:
        """Tricks per deal played, or None before any deal."""
        return self.tricks / self.deals if self.deals else None


@dataclass
class _Tally:
    name: str
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, value: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + value


def _match_of(item: MatchLike) -> Match:
    return item if isinstance(item, Match) else item.match


def player_stats(items: Iterable[MatchLike]) -> list[PlayerStats]:
    """Statistics for every player met, best record first (matches won, rounds won, name)."""
    tallies: dict[str, _Tally] = {}
    for item in items:
        match = _match_of(item)
        state = replay(match)
        seats = []
        for name in match.players:
            tally = tallies.setdefault(name.casefold(), _Tally(name))
            seats.append(tally)
        for seat, tally in enumerate(seats):
            tally.add("matches")
            tally.add("matches_won", int(state.winner == seat))
            tally.add("rounds", len(state.rounds))
            tally.add("rounds_won", sum(1 for r in state.rounds if r.winner == seat))
            tally.add("deals", len(match.deals))
            tally.add("tricks", sum(deal[seat] for deal in match.deals))
            tally.add("sweeps", sum(1 for deal in match.deals if deal[seat] == TRICKS))
            tally.add("ties", sum(1 for tie in state.ties if seat in tie.players))
            tally.add("points", state.points[seat])
    result = [PlayerStats(t.name, **t.counts) for t in tallies.values()]
    result.sort(key=lambda s: (-s.matches_won, -s.rounds_won, s.name.casefold()))
    return result

