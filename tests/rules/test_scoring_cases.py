"""Hand-worked cases from the rules text and docs/guide.md, each checked by the engine."""

import pytest

from scorekeeper.i18n.errors import error_text
from scorekeeper.rules import Match, RuleSet, VicaireError, replay

PLAYERS = ("Amélie", "Bruno", "Chloé")


def play(*deals, **options):
    return replay(Match(players=PLAYERS, deals=deals, **options))


def test_rules_text_example_eleven_five_four():
    state = play((5, 3, 2), (6, 2, 2))
    assert state.current.totals == (11, 5, 4)
    assert state.rounds == ()
    # "il s'efforcera de faire exactement quatre plis ... cinq et six plis pour obtenir 10"
    assert state.current.needs == ((4, 9, 10), (5, 10), (6, 10))


def test_spec_example_round_won_at_ten():
    state = play((4, 3, 3), (6, 2, 2))
    (r,) = state.rounds
    assert (r.winner, r.total, r.points, r.sweep, r.deals) == (0, 10, 50, False, 2)
    assert state.points == (50, 0, 0)
    assert state.current.totals == (0, 0, 0)
    assert (state.current.dealer, state.current.leader) == (2, 0)
    assert state.current.needs == ((10,), (10,), (10,))


def test_first_deal_sweep_wins_fifty():
    state = play((10, 0, 0))
    (r,) = state.rounds
    assert (r.winner, r.total, r.points, r.sweep, r.deals) == (0, 10, 50, True, 1)
    assert state.outcomes[0].sweep == 0


@pytest.mark.parametrize("before", [(3, 3, 4), (5, 3, 2), (1, 1, 8)])
def test_late_sweep_wins_from_any_total(before):
    state = play(before, (0, 10, 0))
    (r,) = state.rounds
    assert r.winner == 1 and r.sweep and r.points == 50
    assert r.total == before[1] + 10
    assert state.points == (0, 50, 0)


def test_overshooting_ten_then_arriving_at_fifteen_scores_twenty():
    state = play((6, 2, 2), (5, 3, 2))
    assert state.current.totals == (11, 5, 4) and state.rounds == ()
    state = play((6, 2, 2), (5, 3, 2), (4, 3, 3))
    (r,) = state.rounds
    assert (r.winner, r.total, r.points) == (0, 15, 20)


def test_two_way_tie_at_ten_then_sitting_on_spent_ten_wins_nothing():
    state = play((5, 5, 0), (5, 5, 0))
    assert state.rounds == ()
    (tie,) = state.ties
    assert (tie.deal, tie.players, tie.total) == (2, (0, 1), 10)
    assert state.current.spent == ((10,), (10,), ())
    assert state.current.needs[0] == (5, 10)
    # Amélie sits on her spent 10 (0 tricks) while Bruno reaches 15: Bruno wins 20.
    state = play((5, 5, 0), (5, 5, 0), (0, 5, 5))
    (r,) = state.rounds
    assert (r.winner, r.total, r.points, r.deals) == (1, 15, 20, 3)
    assert state.outcomes[2].arrivals == ((1, 15),)


def test_sitting_on_spent_total_is_not_an_arrival():
    state = play((5, 5, 0), (5, 5, 0), (0, 1, 9))
    assert state.rounds == () and state.outcomes[2].arrivals == ()
    assert state.current.totals == (10, 11, 9)


def test_three_way_tie_then_two_way_then_lowest_wins():
    state = play((4, 3, 3), (3, 4, 3), (3, 3, 4))
    (tie,) = state.ties
    assert tie.players == (0, 1, 2) and tie.total == 10
    assert state.current.spent == ((10,), (10,), (10,))
    state = play((4, 3, 3), (3, 4, 3), (3, 3, 4), (5, 5, 0), (5, 0, 5))
    assert [t.total for t in state.ties] == [10, 15]
    (r,) = state.rounds
    # Amélie reaches 20 and Chloé 15 in the same deal: the lowest total wins.
    assert (r.winner, r.total, r.points) == (2, 15, 20)


def test_tie_at_lowest_total_blocks_a_higher_arrival():
    state = play((4, 4, 2), (2, 2, 6), (2, 2, 6), (2, 2, 6))
    assert state.rounds == ()
    (tie,) = state.ties
    assert tie.players == (0, 1) and tie.total == 10
    outcome = state.outcomes[-1]
    assert outcome.arrivals == ((0, 10), (1, 10), (2, 20))
    assert outcome.spent == ((0, 10), (1, 10), (2, 20))
    assert state.current.spent == ((10,), (10,), (20,))
    assert state.current.needs[2] == (5, 10)


def test_unique_lowest_arrival_beats_a_higher_one():
    state = play((3, 2, 5), (2, 1, 7), (5, 2, 3))
    (r,) = state.rounds
    assert (r.winner, r.total, r.points) == (0, 10, 50)
    assert state.outcomes[-1].late_arrivals == ((2, 15),)


def test_winning_at_twenty_five_and_above():
    deals = ((9, 0, 1), (2, 4, 4), (3, 3, 4), (5, 2, 3), (2, 4, 4), (4, 3, 3))
    state = play(*deals)
    (r,) = state.rounds
    assert (r.winner, r.total, r.points, r.deals) == (0, 25, 20, 6)
    state = play(*deals, rules=RuleSet(points_higher=30))
    assert state.rounds[0].points == 30


def test_match_ends_exactly_at_target():
    state = play((10, 0, 0), (0, 0, 10), (10, 0, 0), rules=RuleSet(target=100))
    assert state.points == (100, 0, 50) and state.winner == 0
    assert state.outcomes[-1].match_winner == 0
    assert state.current.needs == ((), (), ())


def test_match_ends_past_target_and_no_deal_can_follow():
    state = play((10, 0, 0), (6, 2, 2), (4, 3, 3), rules=RuleSet(target=60))
    assert state.points == (100, 0, 0) and state.winner == 0
    with pytest.raises(VicaireError) as err:
        play((10, 0, 0), (6, 2, 2), (4, 3, 3), (4, 3, 3), rules=RuleSet(target=60))
    assert err.value.code == "deal.after_win"
    assert "deal 4" in error_text(err.value) and "Amélie" in error_text(err.value)


def test_below_target_match_goes_on():
    state = play((10, 0, 0), rules=RuleSet(target=51))
    assert state.winner is None and state.current.needs == ((10,), (10,), (10,))


@pytest.mark.parametrize("first", [0, 1, 2])
def test_dealer_passes_every_deal_across_rounds(first):
    deals = ((4, 3, 3), (6, 2, 2), (10, 0, 0), (3, 3, 4))
    state = play(*deals, first_dealer=first)
    assert [o.dealer for o in state.outcomes] == [(first + i) % 3 for i in range(4)]
    assert [o.leader for o in state.outcomes] == [(first + i + 1) % 3 for i in range(4)]
    assert state.current.dealer == (first + 4) % 3
    assert state.current.leader == (first + 5) % 3
    assert len(state.rounds) == 2


def test_sweep_counts_variant_is_just_ten_tricks():
    counts = RuleSet(sweep="counts")
    state = play((5, 3, 2), (0, 0, 10), rules=counts)
    assert state.rounds == () and state.current.totals == (5, 3, 12)
    state = play((0, 10, 0), rules=counts)
    (r,) = state.rounds
    assert (r.winner, r.total, r.points, r.sweep) == (1, 10, 50, False)
    assert play(rules=counts).current.needs == ((10,), (10,), (10,))
    assert play((3, 3, 4), rules=counts).current.needs == ((7,), (7,), (6,))


def test_points_variants():
    rules = RuleSet(points_ten=60, points_higher=25, target=1000)
    state = play((10, 0, 0), (6, 2, 2), (5, 3, 2), (4, 3, 3), rules=rules)
    assert [r.points for r in state.rounds] == [60, 25]
    assert state.points == (85, 0, 0)


@pytest.mark.parametrize(("total", "expected"), [
    (0, (10,)), (7, (3, 8, 10)), (3, (7, 10)), (10, (5, 10)), (12, (3, 8, 10)), (9, (1, 6, 10)),
])
def test_needs_from_spec_rule_nine(total, expected):
    deals = {0: (), 7: ((7, 3, 0),), 3: ((3, 3, 4),), 12: ((6, 2, 2), (6, 2, 2)),
             9: ((9, 0, 1),), 10: ((5, 5, 0), (5, 5, 0))}  # 10: a tie, so spent
    state = play(*deals[total])
    assert state.current.totals[0] == total
    assert state.current.needs[0] == expected


def test_editing_a_deal_recomputes_everything_after_it():
    match = Match(players=PLAYERS, deals=((4, 3, 3), (6, 2, 2), (3, 3, 4), (3, 3, 4)))
    assert replay(match).points == (50, 0, 0)
    state = replay(match.replace_deal(2, (2, 6, 2)))
    # 4,3,3 → 6,9,5 → 9,12,9 → 12,15,13: Bruno now wins at 15 in deal 4.
    assert [(r.winner, r.total, r.points, r.last_deal) for r in state.rounds] == [(1, 15, 20, 4)]
    assert state.points == (0, 20, 0)
    state = replay(match.remove_deal(1))
    # 6,2,2 → 9,5,6 → 12,8,10: Chloé arrives at 10.
    assert [(r.winner, r.total) for r in state.rounds] == [(2, 10)]
    assert match.deals == ((4, 3, 3), (6, 2, 2), (3, 3, 4), (3, 3, 4))  # unchanged


def test_edit_that_would_put_a_deal_after_the_win_is_refused():
    match = Match(players=PLAYERS, rules=RuleSet(target=50), deals=((4, 3, 3), (3, 3, 4)))
    with pytest.raises(VicaireError) as err:
        match.replace_deal(1, (10, 0, 0))
    assert err.value.code == "deal.after_win" and err.value.params["deal"] == 2


def test_a_match_is_replayed_once_and_its_copies_are_replayed_on_their_own():
    """Recording a deal asks for the match's state several times (checking the deal, its
    status, the stored state): a Match, which never changes, is replayed once."""
    match = Match(players=("A", "B", "C"), deals=((4, 3, 3), (6, 2, 2)))
    first = replay(match)
    assert replay(match) is first
    longer = match.add_deal((5, 5, 0))
    assert replay(longer) is not first and len(replay(longer).outcomes) == 3
    same = Match(players=("A", "B", "C"), deals=((4, 3, 3), (6, 2, 2)))
    assert match == same and hash(match) == hash(same)  # the kept state is not a field
