"""Per-player statistics over a known set of matches, worked out by hand."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.rules import Match, RuleSet
from scorekeeper.stats.players import PlayerStats, player_stats

# Amélie sits first and wins the only round (4 + 6 = 10) and so the match (target 50).
FIRST = Match(("Amélie", "Bruno", "Chloé"), RuleSet(target=50), deals=((4, 3, 3), (6, 2, 2)))
# Amélie (written in capitals, seat 2) sweeps; then Bruno and she tie at 10; Bruno wins at 15.
SECOND = Match(
    ("Bruno", "AMÉLIE", "Denis"), RuleSet(target=100),
    deals=((0, 10, 0), (5, 5, 0), (5, 5, 0), (5, 0, 5)),
)


@dataclass
class Stored:
    """Stands for a stored match: anything with a `match`."""

    match: Match


def by_name(stats: list[PlayerStats]) -> dict[str, PlayerStats]:
    return {s.name.casefold(): s for s in stats}


def test_known_matches_give_the_hand_worked_figures() -> None:
    stats = player_stats([FIRST, Stored(SECOND)])
    assert [s.name for s in stats] == ["Amélie", "Bruno", "Chloé", "Denis"]
    got = by_name(stats)
    assert got["amélie"] == PlayerStats("Amélie", matches=2, matches_won=1, rounds=3,
                                        rounds_won=2, deals=6, tricks=30, sweeps=1, ties=1,
                                        points=100, won_on_10=1, won_by_sweep=1,
                                        form=(True,))  # the second match is not finished
    assert got["bruno"] == PlayerStats("Bruno", matches=2, matches_won=0, rounds=3,
                                       rounds_won=1, deals=6, tricks=20, sweeps=0, ties=1,
                                       points=20, won_higher=1, form=(False,))
    assert got["chloé"].matches == 1 and got["chloé"].tricks == 5
    assert got["denis"].rounds == 2 and got["denis"].rounds_won == 0
    assert got["amélie"].average_tricks == pytest.approx(5.0)
    assert got["denis"].average_tricks == pytest.approx(1.25)


def test_tricks_sum_to_ten_per_deal_over_everyone() -> None:
    stats = player_stats([FIRST, SECOND])
    assert sum(s.tricks for s in stats) == 10 * (len(FIRST.deals) + len(SECOND.deals))


def test_a_sweep_that_only_counts_is_still_a_sweep_but_wins_nothing_at_once() -> None:
    counts = Match(("A", "B", "C"), RuleSet(sweep="counts"), deals=((10, 0, 0),))
    a = by_name(player_stats([counts]))["a"]
    assert (a.sweeps, a.rounds_won, a.points) == (1, 1, 50)  # 10 is a winning total anyway
    later = Match(("A", "B", "C"), RuleSet(sweep="counts"), deals=((3, 3, 4), (10, 0, 0)))
    a = by_name(player_stats([later]))["a"]
    assert (a.sweeps, a.rounds_won) == (1, 0)  # 3 + 10 = 13 is no winning total
