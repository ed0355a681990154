"""Records and rivalries on hand-built histories, each answer worked out by hand."""

from __future__ import annotations

from scorekeeper.rules import Match, RuleSet
from scorekeeper.stats import Record, statistics
from tests.stats.hand_built import COMEBACK, NAMES, day, facts, won_quickly


def held(stats, kind: str) -> Record | None:
    return next((r for r in stats.records if r.record == kind), None)


def test_a_sweep_in_the_first_deal_of_a_round_is_the_quickest_round() -> None:
    # Round 1: Amélie 4 + 6 = 10 in two deals; round 2: Bruno sweeps at once (one deal).
    match = Match(NAMES, RuleSet(target=100), deals=((4, 3, 3), (6, 2, 2), (0, 10, 0)))
    stats = statistics([facts(match, "aaaa0001", day(1))])
    quickest = held(stats, "quickest_round")
    assert quickest == Record("quickest_round", 1, "Bruno", "aaaa0001", round=2,
                              began=day(1))
    longest = held(stats, "longest_round")
    assert (longest.value, longest.player, longest.round) == (2, "Amélie", 1)
    sweeps = held(stats, "most_sweeps_in_match")
    assert (sweeps.value, sweeps.player, sweeps.round) == (1, "Bruno", None)
    bruno = stats.player("bruno")
    assert (bruno.won_by_sweep, bruno.won_on_10, bruno.won_higher, bruno.rounds_won) == (
        1, 0, 0, 1)
    assert stats.player("Amélie").won_on_10 == 1
    # Not finished (Amélie 50, Bruno 50 of 100): no match record, no head-to-head.
    assert held(stats, "shortest_match") is None and stats.head_to_head == ()


def test_a_first_deal_sweep_that_only_counts_wins_on_10_not_by_a_sweep() -> None:
    match = Match(NAMES, RuleSet(target=100, sweep="counts"), deals=((10, 0, 0),))
    amelie = statistics([facts(match, "aaaa0002", day(1))]).player("Amélie")
    assert (amelie.won_on_10, amelie.won_by_sweep, amelie.sweeps) == (1, 0, 1)


def test_a_comeback_from_120_behind() -> None:
    stats = statistics([facts(COMEBACK, "cccc0001", day(2))])
    comeback = held(stats, "biggest_comeback")
    # End of round 3: Bruno 120, Amélie 0; Amélie then wins rounds 4-7 (200, the target).
    assert (comeback.value, comeback.player, comeback.match, comeback.round) == (
        120, "Amélie", "cccc0001", 3)
    shortest = held(stats, "shortest_match")
    assert (shortest.value, shortest.player, shortest.target) == (15, "Amélie", 200)
    json = shortest.to_json()
    assert json == {"record": "shortest_match", "value": 15, "player": "Amélie",
                    "match": "cccc0001", "target": 200}
    bruno = stats.player("Bruno")
    assert (bruno.won_on_10, bruno.won_higher, bruno.points) == (2, 1, 120)
    assert stats.player("Amélie").points == 200
    # Chloé was as far behind, but did not win: no comeback is hers.
    assert [r.player for r in stats.records if r.record == "biggest_comeback"] == ["Amélie"]


def test_a_match_lost_by_the_one_behind_is_no_comeback() -> None:
    # Bruno leads all along and wins: nobody came back.
    match = Match(NAMES, RuleSet(target=100), deals=((1, 4, 5), (1, 6, 3)) * 2)
    assert held(statistics([facts(match, "dddd0001", day(1))]), "biggest_comeback") is None


def test_a_streak_is_broken_by_a_loss_but_not_by_an_unfinished_match() -> None:
    unfinished = Match(NAMES, RuleSet(target=50), deals=((4, 3, 3),))
    without_her = won_quickly(0, ("Bruno", "Chloé", "Denis"))  # Bruno wins; she is not there
    history = [
        facts(won_quickly(0), "e0000001", day(1)),  # Amélie wins: 1
        facts(won_quickly(0), "e0000002", day(2)),  # 2
        facts(unfinished, "e0000003", day(3)),  # unfinished: neither counts nor breaks
        facts(without_her, "e0000004", day(4)),  # not hers: neither; Bruno 1
        facts(won_quickly(0), "e0000005", day(5)),  # 3: the record, set here
        facts(won_quickly(1), "e0000006", day(6)),  # Bruno wins: her streak ends; Bruno 1
        facts(won_quickly(0), "e0000007", day(7)),  # Amélie 1
        facts(won_quickly(0), "e0000008", day(8)),  # 2
    ]
    stats = statistics(reversed(history))  # taken in the order they began, whatever given
    streak = held(stats, "longest_win_streak")
    assert (streak.value, streak.player, streak.match) == (3, "Amélie", "e0000005")
    assert stats.player("Amélie").form == (True, True, True, False, True, True)
    assert stats.player("Bruno").form == (False, False, True, False, True, False, False)
    # Without the loss, the streak would have gone on to 5.
    unbroken = [f for f in history if f.id != "e0000006"]
    assert held(statistics(unbroken), "longest_win_streak").value == 5


def test_equal_records_are_held_by_the_match_that_began_first() -> None:
    # Both matches: a round won in 2 deals, won in 2 deals, at the same target. The later
    # match has the smaller id and is given first; Chloé's match began first.
    early = facts(won_quickly(2), "ffff0002", day(3, hour=9))
    late = facts(won_quickly(0), "ffff0001", day(3, hour=21))
    stats = statistics([late, early])
    for kind in ("quickest_round", "longest_round", "shortest_match"):
        record = held(stats, kind)
        assert (record.player, record.match) == ("Chloé", "ffff0002"), kind
    streak = held(stats, "longest_win_streak")
    assert (streak.value, streak.player, streak.match) == (1, "Chloé", "ffff0002")


def test_match_times_only_where_every_deal_time_is_known() -> None:
    times_a = ("2026-03-01T20:00:00Z", "2026-03-01T20:10:00Z")  # 10 minutes
    times_b = ("2026-03-02T20:00:00Z", "2026-03-02T20:04:00Z")  # 4 minutes
    partly = (None, "2026-03-03T20:00:00Z")
    stats = statistics([
        facts(won_quickly(0), "aaaa0010", day(1), times=times_a),
        facts(won_quickly(1), "aaaa0011", day(2), times=times_b),
        facts(won_quickly(2), "aaaa0012", day(3), times=partly),
    ])
    assert (held(stats, "longest_match_time").value, held(stats, "longest_match_time").player
            ) == (600, "Amélie")
    assert (held(stats, "quickest_match_time").value, held(stats, "quickest_match_time").match
            ) == (240, "aaaa0011")
    # Each played all three: 10 min + 4 min + 0 (one deal's time known: no gap to count).
    assert stats.player("Amélie").seconds_played == 600 + 240 + 0
    untimed = statistics([facts(won_quickly(0), "aaaa0013", day(1))])
    assert untimed.player("Amélie").seconds_played is None
    assert held(untimed, "longest_match_time") is None


def test_head_to_head_counts_finished_matches_and_who_ended_ahead() -> None:
    dennis = ("Denis", "amélie", "Bruno")  # Amélie in lower case here: the same player
    history = [
        facts(won_quickly(0), "b0000001", day(1)),  # Amélie 50, Bruno 0, Chloé 0
        facts(won_quickly(1), "b0000002", day(2)),  # Bruno ahead of both
        facts(COMEBACK, "b0000003", day(3)),  # Amélie 200, Bruno 120, Chloé 0
        facts(Match(NAMES, RuleSet(), deals=((4, 3, 3),)), "b0000004", day(4)),  # unfinished
        facts(won_quickly(0, dennis), "b0000005", day(5)),  # Denis 50, amélie 0, Bruno 0
    ]
    stats = statistics(history)
    got = [(r.players, r.matches, r.ahead) for r in stats.head_to_head]
    assert got == [
        (("Amélie", "Bruno"), 4, (2, 1)),  # b1: A; b2: B; b3: A; b5: level
        (("Amélie", "Chloé"), 3, (2, 0)),  # b1: A; b2: level at 0; b3: A
        (("Amélie", "Denis"), 1, (0, 1)),
        (("Bruno", "Chloé"), 3, (2, 0)),  # b1: level; b2: B; b3: B
        (("Bruno", "Denis"), 1, (0, 1)),
    ]
    assert [p.name for p in stats.players] == ["Amélie", "Bruno", "Chloé", "Denis"]
    assert stats.to_json()["head_to_head"][0] == {
        "players": ["Amélie", "Bruno"], "matches": 4, "ahead": [2, 1]}


def test_bots_matches_are_left_out_unless_asked_for() -> None:
    bots = facts(won_quickly(0, ("Bot 1", "Bot 2", "Bot 3")), "a0b0c0d0", day(1),
                 simulated=True)
    family = facts(won_quickly(1), "a0b0c0d1", day(2))
    assert [p.name for p in statistics([bots, family]).players] == list(NAMES)
    with_bots = statistics([bots, family], with_bots=True)
    assert with_bots.to_json()["matches"] == 2
    assert held(with_bots, "shortest_match").player == "Bot 1"


def test_no_match_no_record() -> None:
    stats = statistics([])
    assert stats.to_json() == {"matches": 0, "players": [], "records": [],
                               "head_to_head": []}
