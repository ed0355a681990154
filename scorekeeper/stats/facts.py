"""What statistics need of one match, worked out once by the rules engine and kept small.

A `MatchFacts` is the digest of one stored match: who sat where, who won each round, how and
in how many deals, each seat's tricks, sweeps, ties and match points, how far behind the
leader each seat ever was at the end of a round, when the match began and how long it was
played. Everything comes from replaying the deal log (`scorekeeper.rules.replay`), never
from counters of its own; a digest is plain data, so that the cache (`cache.py`) keeps it
as JSON.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, NamedTuple

from scorekeeper.rules import Match, replay
from scorekeeper.rules.model import PLAYERS, TRICKS
from scorekeeper.stamps import parse_stamp
from scorekeeper.store.records import played_seconds

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class SeatFacts(NamedTuple):
    """One seat of one match. (Named tuples: thousands are read back from the cache at
    once, and a tuple is made several times faster than a frozen dataclass.)"""

    name: str
    tricks: int = 0
    sweeps: int = 0  # deals in which this player took all 10 tricks
    ties: int = 0  # ties this player took part in
    points: int = 0  # match points at the end (or so far)
    won_on_10: int = 0  # rounds won at a total of 10, not by a sweep
    won_higher: int = 0  # rounds won at 15 or more, not by a sweep
    won_by_sweep: int = 0  # rounds won by a sweep (the rule set's sweep wins)
    behind: int = 0  # the most match points behind the leader at the end of a round
    behind_round: int = 0  # the round at whose end that was (0: never behind)

    @property
    def rounds_won(self) -> int:
        return self.won_on_10 + self.won_higher + self.won_by_sweep


RoundMark = tuple[int, int, int]  # (deals, round number, winner's seat)


class MatchFacts(NamedTuple):
    """One match, as statistics see it."""

    id: str
    name: str
    began: str  # ISO 8601 UTC: the first deal's time, else when the match was made
    simulated: bool
    finished: bool
    winner: int | None
    target: int
    deals: int
    seconds: int | None  # time played, where deal times are known
    timed: bool  # every deal's time is known
    rounds: int  # rounds won
    quickest: RoundMark | None  # the first of its rounds won in the fewest deals
    longest: RoundMark | None  # the first of its rounds won in the most deals
    seats: tuple[SeatFacts, SeatFacts, SeatFacts]

    @property
    def players(self) -> tuple[str, str, str]:
        return (self.seats[0].name, self.seats[1].name, self.seats[2].name)

    @property
    def moment(self) -> datetime:
        """When the match began, as a moment (the epoch for a stamp that is not one)."""
        return parse_stamp(self.began) or EPOCH

    def to_list(self) -> list[Any]:
        """The digest as JSON values (the cache's), read back by `from_list`."""
        return [*self[:13], [list(seat) for seat in self.seats]]

    @classmethod
    def from_list(cls, doc: list[Any]) -> MatchFacts:
        """Read a digest back (KeyError, TypeError or ValueError if it is not one)."""
        if not isinstance(doc, list) or len(doc) != 14 or len(doc[13]) != PLAYERS:
            raise ValueError("not a digest")
        quickest, longest, seats = doc[11], doc[12], doc[13]
        if not (_typed(doc[:3], str) and _typed(doc[3:5], bool) and _typed(doc[6:8], int)
                and type(doc[9]) is bool and type(doc[10]) is int
                and (doc[5] is None or type(doc[5]) is int)
                and (doc[8] is None or type(doc[8]) is int)
                and all(isinstance(seat, list) and len(seat) == 10 and type(seat[0]) is str
                        and _typed(seat[1:], int) for seat in seats)
                and all(mark is None or (isinstance(mark, list) and len(mark) == 3
                                         and _typed(mark, int))
                        for mark in (quickest, longest))):
            raise ValueError("not a digest")
        return cls._make([*doc[:11], tuple(quickest) if quickest else None,
                          tuple(longest) if longest else None,
                          tuple(SeatFacts(*seat) for seat in seats)])


def _typed(values: list[Any], kind: type) -> bool:
    return all(type(value) is kind for value in values)


def facts_of(match: Match, *, match_id: str = "", name: str = "", began: str = "",
             simulated: bool = False, times: tuple[str | None, ...] = ()) -> MatchFacts:
    """The digest of a match, replayed by the rules engine (`times`: one per deal, or none)."""
    state = replay(match)
    deals = match.deals
    counts: list[dict[str, int]] = [{} for _ in range(PLAYERS)]
    for seat in range(PLAYERS):
        counts[seat]["tricks"] = sum(deal[seat] for deal in deals)
        counts[seat]["sweeps"] = sum(1 for deal in deals if deal[seat] == TRICKS)
        counts[seat]["ties"] = sum(1 for tie in state.ties if seat in tie.players)
        counts[seat]["points"] = state.points[seat]
        for key in ("won_on_10", "won_higher", "won_by_sweep", "behind", "behind_round"):
            counts[seat][key] = 0
    points = [0, 0, 0]
    for result in state.rounds:
        won = counts[result.winner]
        if result.sweep:
            won["won_by_sweep"] += 1
        elif result.total == TRICKS:
            won["won_on_10"] += 1
        else:
            won["won_higher"] += 1
        points[result.winner] += result.points
        lead = max(points)
        for seat in range(PLAYERS):
            if lead - points[seat] > counts[seat]["behind"]:
                counts[seat]["behind"] = lead - points[seat]
                counts[seat]["behind_round"] = result.number
    known = tuple(times[:len(deals)])
    timed = bool(deals) and len(known) == len(deals) and all(known)
    marks = [(r.deals, r.number, r.winner) for r in state.rounds]
    return MatchFacts(
        id=match_id, name=name, began=began, simulated=simulated, finished=state.finished,
        winner=state.winner, target=match.rules.target, deals=len(deals),
        seconds=played_seconds(known) if known else None, timed=timed,
        rounds=len(marks),
        quickest=min(marks, key=lambda m: (m[0], m[1])) if marks else None,
        longest=min(marks, key=lambda m: (-m[0], m[1])) if marks else None,
        seats=tuple(SeatFacts(name=match.players[seat], **counts[seat])
                    for seat in range(PLAYERS)),  # type: ignore[arg-type]
    )


def facts_of_stored(stored: Any) -> MatchFacts:
    """The digest of a stored match (`scorekeeper.store.StoredMatch`): it began with its
    first deal whose time is known, else when it was made."""
    return facts_of(stored.match, match_id=stored.id, name=stored.name,
                    began=stored.first_played or stored.created, simulated=stored.simulated,
                    times=stored.times)
