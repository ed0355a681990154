"""The family's records over a set of matches, each naming the player, value and match.

The matches are taken in the order they began (`periods.in_order`); a record is held by the
first match that reached its value (a later match only takes it by doing strictly better),
and a record nobody set is left out. The records and their values:

- quickest_round / longest_round: the fewest / most deals in a round won (with its round);
- most_sweeps_in_match: the most deals of 10 tricks by one player in one match;
- biggest_comeback: the most match points a player was behind the leader at the end of a
  round, in a match that player went on to win (with that round);
- shortest_match: the fewest deals in a match won (with its target);
- longest_win_streak: the most matches won in a row by one player, in the order the matches
  began; a match the player did not play, or one not finished, neither counts nor breaks
  it; the record's match is the one that brought the streak to its length;
- longest_match_time / quickest_match_time: the seconds a finished match was played, where
  every deal's time is known (pauses left out, as `played_seconds` counts them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.stats.facts import MatchFacts
from scorekeeper.stats.players import player_key

RECORDS = ("quickest_round", "longest_round", "most_sweeps_in_match", "biggest_comeback",
           "shortest_match", "longest_win_streak", "longest_match_time",
           "quickest_match_time")


@dataclass(frozen=True)
class Record:
    """One record: its kind (RECORDS), value, holder and the match it was set in."""

    record: str
    value: int
    player: str
    match: str
    round: int | None = None  # the round it happened in, where it is about one
    target: int | None = None  # shortest_match: the match's target
    began: str = ""  # when the record's match began (ISO 8601 UTC)
    name: str = ""  # the record's match's name

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"record": self.record, "value": self.value,
                               "player": self.player, "match": self.match}
        if self.round is not None:
            doc["round"] = self.round
        if self.target is not None:
            doc["target"] = self.target
        return doc


class _Best:
    """The holder so far of one record; `better(new, old)` says whether new beats old."""

    def __init__(self, kind: str, better: Callable[[int, int], bool]) -> None:
        self.kind = kind
        self.better = better
        self.held: Record | None = None

    def offer(self, value: int, player: str, facts: MatchFacts, **extra: Any) -> None:
        """Take the record if `value` beats the one held (equal does not: the earlier
        match keeps it)."""
        if self.held is None or self.better(value, self.held.value):
            self.held = Record(self.kind, value, player, facts.id, began=facts.began,
                               name=facts.name, **extra)


def _more(new: int, old: int) -> bool:
    return new > old


def _less(new: int, old: int) -> bool:
    return new < old


def records(matches: Sequence[MatchFacts], names: dict[str, str] | None = None) -> list[Record]:
    """The records set in `matches`, taken in the order they began, in the order of RECORDS.
    `names` gives each player's name as shown (by `player_key`); by default as first met."""
    names = dict(names or {})
    for facts in matches:
        for seat in facts.seats:
            names.setdefault(player_key(seat.name), seat.name)
    best = {kind: _Best(kind, _less if kind.startswith(("quickest", "shortest")) else _more)
            for kind in RECORDS}
    quickest, longest = best["quickest_round"], best["longest_round"]
    sweeps, comeback = best["most_sweeps_in_match"], best["biggest_comeback"]
    shortest, streak = best["shortest_match"], best["longest_win_streak"]
    long_time, quick_time = best["longest_match_time"], best["quickest_match_time"]
    streaks: dict[str, int] = {}
    for facts in matches:
        seats = facts.seats
        keys = [player_key(seat.name) for seat in seats]
        shown = [names[key] for key in keys]
        if facts.quickest is not None:
            deals, number, winner = facts.quickest
            if quickest.held is None or deals < quickest.held.value:
                quickest.offer(deals, shown[winner], facts, round=number)
        if facts.longest is not None:
            deals, number, winner = facts.longest
            if longest.held is None or deals > longest.held.value:
                longest.offer(deals, shown[winner], facts, round=number)
        sweeper = max(range(3), key=lambda seat: (seats[seat].sweeps, -seat))
        if seats[sweeper].sweeps:
            sweeps.offer(seats[sweeper].sweeps, shown[sweeper], facts)
        if not facts.finished or facts.winner is None:
            continue
        won = facts.winner
        if seats[won].behind > 0:
            comeback.offer(seats[won].behind, shown[won], facts, round=seats[won].behind_round)
        shortest.offer(facts.deals, shown[won], facts, target=facts.target)
        if facts.timed and facts.seconds is not None:
            long_time.offer(facts.seconds, shown[won], facts)
            quick_time.offer(facts.seconds, shown[won], facts)
        for index, key in enumerate(keys):
            streaks[key] = streaks.get(key, 0) + 1 if index == won else 0
        if streak.held is None or streaks[keys[won]] > streak.held.value:
            streak.offer(streaks[keys[won]], shown[won], facts)
    return [held for kind in RECORDS if (held := best[kind].held) is not None]
