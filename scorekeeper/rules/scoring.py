"""Replaying a match's deal log into everything the table needs to know.

The rules are those of docs/guide.md, "The rules as Vicaire plays them".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from scorekeeper.errors import VicaireError
from scorekeeper.rules.parts import PLAYERS, TRICKS, Deal, RuleSet


class DealLog(Protocol):
    """What a replay reads of a match (`model.Match`, which sits above this module)."""

    @property
    def players(self) -> tuple[str, str, str]: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def deals(self) -> tuple[Deal, ...]: ...
    def dealer_of(self, deal_index: int) -> int: ...


# The deal log a state was replayed from: a `MatchState[Match]` knows its match is a `Match`.
LogT = TypeVar("LogT", bound=DealLog, covariant=True)
Log = TypeVar("Log", bound=DealLog)


def is_winning_total(total: int) -> bool:
    """10, or any multiple of 5 above 10."""
    return total >= TRICKS and total % 5 == 0


def needs(total: int, rules: RuleSet) -> tuple[int, ...]:
    """Every trick count this deal that makes a player on `total` arrive (docs/guide.md: needs)."""
    counts = {t for t in range(1, TRICKS + 1) if is_winning_total(total + t)}
    if rules.sweep_wins:
        counts.add(TRICKS)
    return tuple(sorted(counts))


@dataclass(frozen=True)
class Tie:
    """Two or three arrivals shared the lowest total: nobody won (docs/guide.md, rules: "Ties")."""

    deal: int
    players: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class DealOutcome:
    """What one deal did, and why. Players are indexes; `number` and `round` are 1-based."""

    number: int
    round: int
    dealer: int
    leader: int
    tricks: Deal
    before: Deal
    totals: Deal
    arrivals: tuple[tuple[int, int], ...]
    sweep: int | None
    tie: Tie | None
    spent: tuple[tuple[int, int], ...]
    winner: int | None
    winning_total: int | None
    points: int
    points_after: Deal
    match_winner: int | None

    @property
    def late_arrivals(self) -> tuple[tuple[int, int], ...]:
        """Arrivals that did not win: above the winner's total, or above a tie. (A sweep's
        winner is the only player with tricks, so the only possible arrival.)"""
        low = self.tie.total if self.tie else self.winning_total
        return tuple((p, t) for p, t in self.arrivals if low is not None and t > low)


@dataclass(frozen=True)
class RoundResult:
    """A round that was won. `first_deal`/`last_deal` are 1-based deal numbers."""

    number: int
    winner: int
    total: int
    points: int
    sweep: bool
    first_deal: int
    last_deal: int

    @property
    def deals(self) -> int:
        return self.last_deal - self.first_deal + 1


@dataclass(frozen=True)
class CurrentRound:
    """The round in progress, as the next deal will find it."""

    number: int
    deals: int
    totals: Deal
    spent: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    dealer: int
    leader: int
    needs: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class MatchState(Generic[LogT]):
    """Everything derived from a match's deal log by `replay`."""

    match: LogT
    outcomes: tuple[DealOutcome, ...]
    rounds: tuple[RoundResult, ...]
    ties: tuple[Tie, ...]
    points: Deal
    winner: int | None
    current: CurrentRound

    @property
    def players(self) -> tuple[str, str, str]:
        return self.match.players

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def leaders(self) -> tuple[int, ...]:
        """The players with the most match points, in seat order."""
        best = max(self.points)
        return tuple(p for p in range(PLAYERS) if self.points[p] == best)


# Where `replay` keeps its answer on a deal log that never changes (a `Match` says so with
# REPLAYED_ONCE): recording a deal replays the match three or four times over (the check of
# the new deal, its status, the stored state), a few milliseconds each on a long match.
REPLAYED = "_replayed"


def replay(match: Log) -> MatchState[Log]:
    """Replay the whole deal log. Raises VicaireError for a deal after the match is won."""
    if getattr(type(match), "REPLAYED_ONCE", False):
        known = match.__dict__.get(REPLAYED)
        if known is None:
            known = _replay(match)
            object.__setattr__(match, REPLAYED, known)  # (not a field: equality ignores it)
        return known
    return _replay(match)


def _replay(match: Log) -> MatchState[Log]:
    rules = match.rules
    points = [0, 0, 0]
    totals = [0, 0, 0]
    spent: list[set[int]] = [set(), set(), set()]
    outcomes: list[DealOutcome] = []
    rounds: list[RoundResult] = []
    ties: list[Tie] = []
    match_winner: int | None = None
    round_start = 1

    for index, deal in enumerate(match.deals):
        number = index + 1
        if match_winner is not None:
            raise VicaireError("deal.after_win", deal=number, winner=match.players[match_winner])
        dealer = match.dealer_of(index)
        before = (totals[0], totals[1], totals[2])
        totals = [totals[p] + deal[p] for p in range(PLAYERS)]
        arrivals = tuple(
            (p, totals[p]) for p in range(PLAYERS) if deal[p] > 0 and is_winning_total(totals[p])
        )
        sweep = next((p for p in range(PLAYERS) if deal[p] == TRICKS), None)
        if not rules.sweep_wins:
            sweep = None

        winner: int | None = None
        winning_total: int | None = None
        tie: Tie | None = None
        newly_spent: tuple[tuple[int, int], ...] = ()
        if sweep is not None:
            winner, winning_total = sweep, totals[sweep]
        elif arrivals:
            low = min(total for _, total in arrivals)
            at_low = tuple(p for p, total in arrivals if total == low)
            if len(at_low) == 1:
                winner, winning_total = at_low[0], low
            else:
                tie = Tie(deal=number, players=at_low, total=low)
                ties.append(tie)
                newly_spent = arrivals
                for p, total in arrivals:
                    spent[p].add(total)

        gained = 0
        if winner is not None and winning_total is not None:
            gained = rules.points_for(winning_total, sweep=sweep is not None)
            points[winner] += gained
            rounds.append(
                RoundResult(
                    number=len(rounds) + 1, winner=winner, total=winning_total, points=gained,
                    sweep=sweep is not None, first_deal=round_start, last_deal=number,
                )
            )
            if points[winner] >= rules.target:
                match_winner = winner

        outcomes.append(
            DealOutcome(
                number=number, round=len(rounds) + (0 if winner is not None else 1),
                dealer=dealer, leader=(dealer + 1) % PLAYERS, tricks=deal, before=before,
                totals=(totals[0], totals[1], totals[2]), arrivals=arrivals, sweep=sweep,
                tie=tie, spent=newly_spent, winner=winner, winning_total=winning_total,
                points=gained, points_after=(points[0], points[1], points[2]),
                match_winner=match_winner,
            )
        )
        if winner is not None:
            totals = [0, 0, 0]
            spent = [set(), set(), set()]
            round_start = number + 1

    next_dealer = match.dealer_of(len(match.deals))
    over = match_winner is not None
    current = CurrentRound(
        number=len(rounds) + (0 if over else 1),
        deals=len(match.deals) - round_start + 1,
        totals=(totals[0], totals[1], totals[2]),
        spent=(tuple(sorted(spent[0])), tuple(sorted(spent[1])), tuple(sorted(spent[2]))),
        dealer=next_dealer,
        leader=(next_dealer + 1) % PLAYERS,
        needs=((), (), ()) if over else (
            needs(totals[0], rules), needs(totals[1], rules), needs(totals[2], rules)),
    )
    return MatchState(
        match=match, outcomes=tuple(outcomes), rounds=tuple(rounds), ties=tuple(ties),
        points=(points[0], points[1], points[2]), winner=match_winner, current=current,
    )
