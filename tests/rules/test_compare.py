"""What a correction changed, as `vicaire edit` and the app's edit screen say it: only the
rounds that moved are listed, then the points and the match winner that moved."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli.changes import describe_change
from scorekeeper.rules import Match, RuleSet, VicaireError, replay
from scorekeeper.rules.compare import compare
from tests.rules.test_properties import deals, matches

PLAYERS = ("Amélie", "Bruno", "Chloé")


def said(before_deals, after_deals, **options):
    before = replay(Match(players=PLAYERS, deals=before_deals, **options))
    after = replay(Match(players=PLAYERS, deals=after_deals, **options))
    return describe_change(compare(before, after), PLAYERS, "en")


def test_a_correction_that_changes_nothing_says_so():
    log = ((4, 3, 3), (6, 2, 2), (3, 3, 4))
    assert said(log, log) == ["No round winner or points changed."]
    # Another deal, same rounds, same points.
    assert said(log, ((4, 3, 3), (6, 2, 2), (4, 3, 3))) == [
        "No round winner or points changed."]


def test_only_the_round_that_moved_is_listed():
    before = ((10, 0, 0), (4, 3, 3), (6, 2, 2))
    after = ((10, 0, 0), (4, 3, 3), (2, 6, 2))
    assert said(before, after) == [
        "Round 2: no longer won (was won by Amélie (10, +50, deals 2–3))",
        "Points: Amélie 100 → 50",
    ]


def test_a_round_won_by_someone_else_is_told_with_both_winners_and_the_points():
    before = ((4, 3, 3), (6, 2, 2))
    after = ((3, 4, 3), (2, 6, 2))
    assert said(before, after) == [
        "Round 1: was won by Amélie (10, +50, deals 1–2); now won by Bruno (10, +50, deals 1–2)",
        "Points: Amélie 50 → 0, Bruno 0 → 50",
    ]


def test_a_round_no_longer_won_and_a_round_now_won():
    assert said(((4, 3, 3), (6, 2, 2)), ((4, 3, 3), (5, 2, 3))) == [
        "Round 1: no longer won (was won by Amélie (10, +50, deals 1–2))",
        "Points: Amélie 50 → 0",
    ]
    assert said(((4, 3, 3), (5, 2, 3)), ((4, 3, 3), (0, 10, 0))) == [
        "Round 1: now won by Bruno (sweep, +50, deals 1–2)",
        "Points: Bruno 0 → 50",
    ]


def test_a_round_whose_deals_moved_is_listed_even_with_the_same_winner_and_points():
    assert said(((4, 3, 3), (6, 2, 2)), ((10, 0, 0), (4, 3, 3), (6, 2, 2)))[:2] == [
        "Round 1: was won by Amélie (10, +50, deals 1–2); now won by Amélie (sweep, +50, "
        "deals 1–1)",
        "Round 2: now won by Amélie (10, +50, deals 2–3)",
    ]


def test_the_match_winner_moving_is_told():
    rules = RuleSet(target=50)
    assert said(((4, 3, 3),), ((4, 3, 3), (6, 2, 2)), rules=rules) == [
        "Round 1: now won by Amélie (10, +50, deals 1–2)",
        "Points: Amélie 0 → 50",
        "Amélie now wins the match.",
    ]
    assert said(((4, 3, 3), (6, 2, 2)), ((4, 3, 3),), rules=rules) == [
        "Round 1: no longer won (was won by Amélie (10, +50, deals 1–2))",
        "Points: Amélie 50 → 0",
        "The match is no longer won.",
    ]


def test_a_change_of_total_alone_is_a_change():
    # Round 1 is won by Amélie with 20 points either way, at 15 then at 20.
    before = ((6, 2, 2), (6, 2, 2), (3, 3, 4))
    after = ((6, 2, 2), (6, 2, 2), (8, 1, 1))
    change = compare(replay(Match(players=PLAYERS, deals=before)),
                     replay(Match(players=PLAYERS, deals=after)))
    assert [(c.before.total, c.after.total) for c in change.rounds] == [(15, 20)]
    assert change.changed and change.points_before == change.points_after


def test_a_change_of_points_alone_is_a_change():
    base = Match(players=PLAYERS, deals=((4, 3, 3), (6, 2, 2)))
    richer = Match(players=PLAYERS, rules=RuleSet(points_ten=60), deals=base.deals)
    change = compare(replay(base), replay(richer))
    assert change.changed
    assert [(c.number, c.before.points, c.after.points) for c in change.rounds] == [(1, 50, 60)]


def test_the_sweep_flag_alone_is_a_change():
    sweep = Match(players=PLAYERS, deals=((10, 0, 0),))
    counted = Match(players=PLAYERS, rules=RuleSet(sweep="counts"), deals=sweep.deals)
    change = compare(replay(sweep), replay(counted))
    assert [(c.before.sweep, c.after.sweep) for c in change.rounds] == [(True, False)]


@settings(max_examples=100, deadline=None)
@given(matches(), st.data())
def test_a_correction_lists_exactly_the_rounds_that_differ(match, data):
    before = replay(match)
    if match.deals:
        number = data.draw(st.integers(1, len(match.deals)))
        try:
            edited = match.replace_deal(number, tuple(data.draw(deals())))
        except VicaireError:  # the edit would put a deal after the win
            return
    else:
        edited = match
    after = replay(edited)
    change = compare(before, after)
    count = max(len(before.rounds), len(after.rounds))
    for i in range(count):
        old = before.rounds[i] if i < len(before.rounds) else None
        new = after.rounds[i] if i < len(after.rounds) else None
        listed = [c for c in change.rounds if c.number == i + 1]
        assert bool(listed) == (old != new)
        if listed:
            assert (listed[0].before, listed[0].after) == (old, new)
    assert change.changed == (before.rounds != after.rounds or before.points != after.points
                              or before.winner != after.winner)
    assert (change.points_before, change.points_after) == (before.points, after.points)
    assert (change.winner_before, change.winner_after) == (before.winner, after.winner)
    assert compare(after, after).changed is False
