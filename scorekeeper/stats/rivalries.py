"""Head to head: for every pair of players, the finished matches both played and how often
each ended with more match points than the other."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.stats.facts import MatchFacts
from scorekeeper.stats.players import player_key


@dataclass(frozen=True)
class Rivalry:
    """Two players (in the order of their first appearance) and how they fared."""

    players: tuple[str, str]
    matches: int
    ahead: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "matches": self.matches,
                "ahead": list(self.ahead)}


def head_to_head(matches: Sequence[MatchFacts]) -> list[Rivalry]:
    """Each pair of players who finished a match together, once: pairs in the order of the
    players' first appearance in `matches` (taken as given: in the order they began)."""
    rank: dict[str, int] = {}
    names: dict[str, str] = {}
    for facts in matches:
        for name in facts.players:
            rank.setdefault(player_key(name), len(rank))
            names.setdefault(player_key(name), name)
    pairs: dict[tuple[str, str], list[int]] = {}
    for facts in matches:
        if not facts.finished:
            continue
        keys = [player_key(name) for name in facts.players]
        for i in range(3):
            for j in range(3):
                a, b = keys[i], keys[j]
                if a == b or rank[a] > rank[b]:
                    continue
                tally = pairs.setdefault((a, b), [0, 0, 0])
                tally[0] += 1
                mine, theirs = facts.seats[i].points, facts.seats[j].points
                tally[1] += mine > theirs
                tally[2] += theirs > mine
    ordered = sorted(pairs.items(), key=lambda item: (rank[item[0][0]], rank[item[0][1]]))
    return [Rivalry((names[a], names[b]), count, (first, second))
            for (a, b), (count, first, second) in ordered]
