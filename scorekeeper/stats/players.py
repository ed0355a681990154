"""Per-player statistics over a set of matches: pure, no Textual, no storage.

A player is known by name, compared without case (Amélie and AMÉLIE are one player, shown as
first met). Every match a player sat in counts as played, whatever its status; a match is won
when the player reached the target; rounds, deals, tricks, sweeps and ties come from replaying
the deal log under the match's own rule set (`facts.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorekeeper.rules import Match
from scorekeeper.stats.facts import MatchFacts, facts_of, facts_of_stored

FORM = 10  # a player's form: their last this many finished matches


class HasMatch(Protocol):
    """Anything holding a match, such as a stored match."""

    @property
    def match(self) -> Match: ...


MatchLike = Match | HasMatch | MatchFacts


@dataclass(frozen=True)
class PlayerStats:
    """One player's record over the matches given."""

    name: str
    matches: int = 0
    matches_won: int = 0
    rounds: int = 0  # rounds won by anyone in the matches this player sat in
    rounds_won: int = 0
    deals: int = 0
    tricks: int = 0
    sweeps: int = 0  # deals in which the player took all 10 tricks
    ties: int = 0
    points: int = 0
    won_on_10: int = 0
    won_higher: int = 0
    won_by_sweep: int = 0
    seconds_played: int | None = None  # None where no deal time is known
    form: tuple[bool, ...] = ()  # the last FORM finished matches, oldest first: won or not

    @property
    def average_tricks(self) -> float | None:
        """Tricks per deal played, or None before any deal."""
        return self.tricks / self.deals if self.deals else None

    @property
    def win_rate(self) -> float | None:
        """The share of matches won (0 to 1), or None before any match."""
        return self.matches_won / self.matches if self.matches else None


@dataclass
class _Tally:
    name: str
    counts: list[int]  # in the order of COUNTS
    seconds: int | None = None
    form: list[bool] = field(default_factory=list)


def facts_from(item: MatchLike) -> MatchFacts:
    """The digest of a match, a stored match or a digest."""
    if isinstance(item, MatchFacts):
        return item
    if isinstance(item, Match):
        return facts_of(item)
    if hasattr(item, "created"):
        return facts_of_stored(item)
    return facts_of(item.match)


def player_key(name: str) -> str:
    """How players are told apart: their names without case."""
    return name.casefold()


COUNTS = ("matches", "matches_won", "rounds", "rounds_won", "deals", "tricks", "sweeps",
          "ties", "points", "won_on_10", "won_higher", "won_by_sweep")


def player_totals(matches: Sequence[MatchFacts]) -> list[PlayerStats]:
    """Every player met in `matches` (taken in the order given, e.g. as they began), in the
    order of their first appearance (seat order within a match)."""
    tallies: dict[str, _Tally] = {}
    for facts in matches:
        finished, winner = facts.finished, facts.winner
        for seat, player in enumerate(facts.seats):
            key = player_key(player.name)
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = _Tally(player.name, [0] * len(COUNTS))
            won = winner == seat
            counts = tally.counts
            counts[0] += 1
            counts[1] += won
            counts[2] += facts.rounds
            counts[3] += player.won_on_10 + player.won_higher + player.won_by_sweep
            counts[4] += facts.deals
            counts[5] += player.tricks
            counts[6] += player.sweeps
            counts[7] += player.ties
            counts[8] += player.points
            counts[9] += player.won_on_10
            counts[10] += player.won_higher
            counts[11] += player.won_by_sweep
            if facts.seconds is not None:
                tally.seconds = (tally.seconds or 0) + facts.seconds
            if finished:
                tally.form.append(won)
    return [PlayerStats(t.name, **dict(zip(COUNTS, t.counts, strict=True)),
                        seconds_played=t.seconds, form=tuple(t.form[-FORM:]))
            for t in tallies.values()]


def best_first(stats: Iterable[PlayerStats]) -> list[PlayerStats]:
    """Best record first: matches won, then rounds won, then name."""
    return sorted(stats, key=lambda s: (-s.matches_won, -s.rounds_won, s.name.casefold()))


def player_stats(items: Iterable[MatchLike]) -> list[PlayerStats]:
    """Statistics for every player met, best record first (matches won, rounds won, name)."""
    return best_first(player_totals([facts_from(item) for item in items]))
