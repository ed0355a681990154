"""What a correction changes: rounds, winners and points before and after."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.scoring import DealLog, MatchState, RoundResult


@dataclass(frozen=True)
class RoundChange:
    """Round `number` as it was (`before`) and as it is now (`after`); None where absent."""

    number: int
    before: RoundResult | None
    after: RoundResult | None


@dataclass(frozen=True)
class StateChange:
    """The difference between two replays of one match."""

    rounds: tuple[RoundChange, ...]
    points_before: tuple[int, int, int]
    points_after: tuple[int, int, int]
    winner_before: int | None
    winner_after: int | None

    @property
    def changed(self) -> bool:
        return bool(self.rounds) or self.points_before != self.points_after or (
            self.winner_before != self.winner_after)


def _same(a: RoundResult | None, b: RoundResult | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.winner, a.total, a.points, a.sweep, a.first_deal, a.last_deal) == (
        b.winner, b.total, b.points, b.sweep, b.first_deal, b.last_deal)


def compare(before: MatchState[DealLog], after: MatchState[DealLog]) -> StateChange:
    """List every round whose winner, total, points or deals moved, and the points."""
    count = max(len(before.rounds), len(after.rounds))
    changes = []
    for i in range(count):
        old = before.rounds[i] if i < len(before.rounds) else None
        new = after.rounds[i] if i < len(after.rounds) else None
        if not _same(old, new):
            changes.append(RoundChange(number=i + 1, before=old, after=new))
    return StateChange(
        rounds=tuple(changes), points_before=before.points, points_after=after.points,
        winner_before=before.winner, winner_after=after.winner,
    )
