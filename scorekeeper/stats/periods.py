"""Seasons: all time, one year, or from a day on; in local time, as the players lived them.

A match belongs to the day (and year) it began on the clock of the computer showing the
statistics: a match begun at 00:30 on 1 January in Paris is of the new year, though its UTC
stamp reads 31 December.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from scorekeeper.stats.facts import MatchFacts


@dataclass(frozen=True)
class Period:
    """Which matches count: those that began in `year` and on or after `since` (either may be
    None: all time)."""

    year: int | None = None
    since: date | None = None

    def holds(self, facts: MatchFacts) -> bool:
        if self.year is None and self.since is None:
            return True
        day = local_day(facts)
        if self.year is not None and day.year != self.year:
            return False
        return self.since is None or day >= self.since

    @property
    def all_time(self) -> bool:
        return self.year is None and self.since is None


ALL_TIME = Period()


def local_day(facts: MatchFacts) -> date:
    """The local day the match began."""
    return facts.moment.astimezone().date()


def in_order(matches: Iterable[MatchFacts]) -> list[MatchFacts]:
    """The matches in the order they began (then by id: the same order every time)."""
    return sorted(matches, key=lambda facts: (facts.moment, facts.id))


def select(matches: Iterable[MatchFacts], period: Period = ALL_TIME,
           with_bots: bool = False) -> list[MatchFacts]:
    """The matches of `period`, in the order they began; the bots' (simulated) ones only
    `with_bots`."""
    return in_order(f for f in matches if (with_bots or not f.simulated) and period.holds(f))
