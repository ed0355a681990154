"""What statistics need of one match, worked out once by the rules engine and kept small.

A `MatchFacts` is the digest of one stored match: who sat where, who won each round, how and
in how many deals, each seat's tricks, sweeps, ties and match points, how far behind the
leader each seat ever was at the end of a round, when the match began and how long it was
played. Everything comes from replaying the deal log (`scorekeeper.rules.replay`), never
from counters of its own; a digest is plain data, so that the cache (`cache.py`) keeps it
as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from scorekeeper.rules import Match, replay
from scorekeeper.rules.model import PLAYERS, TRICKS
from scorekeeper.store.records import parse_stamp, played_seconds

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


@dataclass(frozen=True)
class SeatFacts:
    """One seat of one match."""

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


@dataclass(frozen=True)
class MatchFacts:
    """One match, as statistics see it. `rounds` holds (winner's seat, deals) per round won."""

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
    rounds: tuple[tuple[int, int], ...]
    seats: tuple[SeatFacts, SeatFacts, SeatFacts]

    @property
    def players(self) -> tuple[str, str, str]:
        return (self.seats[0].name, self.seats[1].name, self.seats[2].name)

    @property
    def moment(self) -> datetime:
        """When the match began, as a moment (the epoch for a stamp that is not one)."""
        return parse_stamp(self.began) or EPOCH

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "began": self.began,
            "simulated": self.simulated, "finished": self.finished, "winner": self.winner,
            "target": self.target, "deals": self.deals, "seconds": self.seconds,
            "timed": self.timed, "rounds": [list(r) for r in self.rounds],
            "seats": [[s.name, s.tricks, s.sweeps, s.ties, s.points, s.won_on_10,
                       s.won_higher, s.won_by_sweep, s.behind, s.behind_round]
                      for s in self.seats],
        }

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> MatchFacts:
        """Read a digest back (KeyError, TypeError or ValueError if it is not one)."""
        seats = tuple(SeatFacts(str(s[0]), *(int(v) for v in s[1:10])) for s in doc["seats"])
        if len(seats) != PLAYERS:
            raise ValueError("not three seats")
        winner = doc["winner"]
        seconds = doc["seconds"]
        return cls(
            id=str(doc["id"]), name=str(doc["name"]), began=str(doc["began"]),
            simulated=bool(doc["simulated"]), finished=bool(doc["finished"]),
            winner=None if winner is None else int(winner), target=int(doc["target"]),
            deals=int(doc["deals"]), seconds=None if seconds is None else int(seconds),
            timed=bool(doc["timed"]),
            rounds=tuple((int(w), int(d)) for w, d in doc["rounds"]),
            seats=seats,  # type: ignore[arg-type]
        )


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
    return MatchFacts(
        id=match_id, name=name, began=began, simulated=simulated, finished=state.finished,
        winner=state.winner, target=match.rules.target, deals=len(deals),
        seconds=played_seconds(known) if known else None, timed=timed,
        rounds=tuple((r.winner, r.deals) for r in state.rounds),
        seats=tuple(SeatFacts(name=match.players[seat], **counts[seat])
                    for seat in range(PLAYERS)),  # type: ignore[arg-type]
    )


def facts_of_stored(stored: Any) -> MatchFacts:
    """The digest of a stored match (`scorekeeper.store.StoredMatch`): it began with its
    first deal whose time is known, else when it was made."""
    return facts_of(stored.match, match_id=stored.id, name=stored.name,
                    began=stored.first_played or stored.created, simulated=stored.simulated,
                    times=stored.times)
