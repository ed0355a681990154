"""What each deal did, as the score sheet and the odds read it: the totals before and after,
the round it belongs to, the points it gave, who leads; the same story told for every match."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Match, RuleSet, replay
from scorekeeper.rules.scoring import is_winning_total, needs
from tests.rules.test_properties import deals, matches

PLAYERS = ("Amélie", "Bruno", "Chloé")


def play(*deals, **options):
    return replay(Match(players=PLAYERS, deals=deals, **options))


def test_each_deal_carries_every_seats_total_before_it():
    state = play((1, 2, 7), (2, 4, 4), (3, 3, 4))
    assert [o.before for o in state.outcomes] == [(0, 0, 0), (1, 2, 7), (3, 6, 11)]
    assert [o.totals for o in state.outcomes] == [(1, 2, 7), (3, 6, 11), (6, 9, 15)]
    assert [o.tricks for o in state.outcomes] == [(1, 2, 7), (2, 4, 4), (3, 3, 4)]


def test_a_deal_nobody_wins_gives_no_points_and_a_won_one_gives_the_rounds():
    state = play((1, 2, 7), (4, 3, 3), (2, 2, 6))
    assert [o.points for o in state.outcomes] == [0, 50, 0]
    assert [o.winner for o in state.outcomes] == [None, 2, None]
    assert [o.winning_total for o in state.outcomes] == [None, 10, None]
    assert [o.points_after for o in state.outcomes] == [(0, 0, 0), (0, 0, 50), (0, 0, 50)]


def test_rounds_and_deals_are_numbered_from_one_and_a_won_deal_closes_its_round():
    state = play((1, 2, 7), (4, 3, 3), (2, 2, 6), (10, 0, 0), (3, 3, 4))
    assert [o.number for o in state.outcomes] == [1, 2, 3, 4, 5]
    assert [o.round for o in state.outcomes] == [1, 1, 2, 2, 3]
    assert [(r.number, r.first_deal, r.last_deal, r.deals) for r in state.rounds] == [
        (1, 1, 2, 2), (2, 3, 4, 2)]
    assert state.current.number == 3 and state.current.deals == 1
    assert state.current.totals == (3, 3, 4)


def test_a_round_after_a_win_starts_from_zero_and_forgets_spent_totals():
    state = play((5, 5, 0), (5, 5, 0), (0, 0, 10), (4, 3, 3))
    assert state.outcomes[3].before == (0, 0, 0)
    assert state.current.spent == ((), (), ())
    assert state.current.totals == (4, 3, 3)


def test_a_fresh_match_is_in_round_one_with_no_deal():
    state = play()
    assert (state.current.number, state.current.deals, state.current.totals) == (1, 0, (0, 0, 0))
    assert state.current.spent == ((), (), ())
    assert (state.current.dealer, state.current.leader) == (0, 1)
    assert state.points == (0, 0, 0) and not state.finished and state.winner is None
    assert state.leaders() == (0, 1, 2)
    assert state.players == PLAYERS


def test_a_won_match_stays_in_its_last_round_and_needs_nothing():
    state = play((10, 0, 0), (4, 3, 3), (6, 2, 2), rules=RuleSet(target=100))
    assert state.finished and state.winner == 0
    assert state.current.number == 2 and state.current.deals == 0
    assert state.current.needs == ((), (), ())
    assert [o.match_winner for o in state.outcomes] == [None, None, 0]


def test_the_leaders_are_everyone_sharing_the_most_points_in_seat_order():
    assert play((0, 10, 0)).leaders() == (1,)
    assert play((0, 10, 0), (0, 0, 10)).leaders() == (1, 2)
    assert play((0, 10, 0), (0, 0, 10), (10, 0, 0)).leaders() == (0, 1, 2)


def test_spent_totals_are_listed_in_order_per_seat():
    # Amélie and Bruno tie at 10, then at 15; Chloé at 10 with them the first time.
    state = play((4, 3, 3), (3, 4, 3), (3, 3, 4), (5, 5, 0))
    assert state.current.spent == ((10, 15), (10, 15), (10,))
    assert state.outcomes[3].spent == ((0, 15), (1, 15))
    assert state.outcomes[3].tie.players == (0, 1)
    state = play((5, 0, 5), (5, 0, 5), (0, 9, 1))
    assert state.current.spent == ((10,), (), (10,)) and state.ties[0].players == (0, 2)
    assert [o.spent for o in state.outcomes] == [(), ((0, 10), (2, 10)), ()]


def test_arrivals_in_seat_order_and_those_above_a_tie_are_late():
    state = play((4, 4, 2), (2, 2, 6), (2, 2, 6), (2, 2, 6))
    last = state.outcomes[-1]
    assert last.arrivals == ((0, 10), (1, 10), (2, 20))
    assert last.late_arrivals == ((2, 20),)
    assert state.outcomes[0].late_arrivals == ()


def test_an_arrival_above_the_winner_is_late_and_the_winner_is_not():
    state = play((3, 2, 5), (2, 1, 7), (5, 2, 3))
    assert state.outcomes[-1].late_arrivals == ((2, 15),)
    assert state.outcomes[-1].winner == 0


def test_a_sweep_from_a_running_total_is_not_a_late_arrival_of_its_own():
    state = play((2, 3, 5), (10, 0, 0))
    last = state.outcomes[-1]
    assert (last.sweep, last.winner, last.winning_total, last.points) == (0, 0, 12, 50)
    assert last.late_arrivals == () and last.arrivals == ()
    state = play((5, 3, 2), (10, 0, 0))
    assert state.outcomes[-1].arrivals == ((0, 15),)
    assert state.outcomes[-1].late_arrivals == ()


def test_a_sweep_under_the_counts_variant_is_just_ten_tricks():
    state = play((0, 10, 0), rules=RuleSet(sweep="counts", points_ten=60))
    outcome = state.outcomes[0]
    assert outcome.sweep is None and outcome.winner == 1 and outcome.points == 60
    assert state.rounds[0].sweep is False


def test_a_sweep_scores_points_ten_even_at_a_higher_total():
    state = play((5, 3, 2), (10, 0, 0), rules=RuleSet(points_ten=70, points_higher=30))
    assert state.rounds[0].points == 70 and state.rounds[0].total == 15
    assert state.rounds[0].sweep is True


def test_the_match_is_won_at_the_exact_target_not_one_point_before():
    assert play((10, 0, 0), rules=RuleSet(target=50)).winner == 0
    assert play((10, 0, 0), rules=RuleSet(target=51)).winner is None


@given(st.integers(-5, 200))
def test_a_winning_total_is_ten_or_a_multiple_of_five_above(total):
    assert is_winning_total(total) == (total >= 10 and total % 5 == 0)


def test_winning_totals_at_their_edges():
    assert [t for t in range(0, 31) if is_winning_total(t)] == [10, 15, 20, 25, 30]


@given(st.integers(0, 60), st.sampled_from(["wins", "counts"]))
def test_a_player_needs_exactly_the_counts_that_make_a_winning_total(total, sweep):
    rules = RuleSet(sweep=sweep)
    expected = {t for t in range(1, 11) if is_winning_total(total + t)}
    if sweep == "wins":
        expected.add(10)
    assert needs(total, rules) == tuple(sorted(expected))


def test_needs_at_the_edges():
    assert needs(0, RuleSet()) == (10,)
    assert needs(9, RuleSet()) == (1, 6, 10)
    assert needs(1, RuleSet(sweep="counts")) == (9,)
    assert needs(6, RuleSet(sweep="counts")) == (4, 9)
    assert needs(10, RuleSet(sweep="counts")) == (5, 10)


@settings(max_examples=100, deadline=None)
@given(matches())
def test_every_deal_starts_from_the_totals_the_last_one_left(match):
    state = replay(match)
    totals, round_number, points = (0, 0, 0), 1, (0, 0, 0)
    for index, o in enumerate(state.outcomes):
        assert o.number == index + 1 and o.round == round_number
        assert o.before == totals and o.points_after[0:3] == tuple(
            points[p] + (o.points if p == o.winner else 0) for p in range(3))
        assert o.totals == tuple(o.before[p] + o.tricks[p] for p in range(3))
        assert o.dealer == match.dealer_of(index) and o.leader == (o.dealer + 1) % 3
        if o.winner is None:
            assert o.points == 0 and o.winning_total is None
            totals = o.totals
        else:
            assert o.points == match.rules.points_for(o.winning_total, o.sweep is not None)
            totals, round_number = (0, 0, 0), round_number + 1
        points = o.points_after
    if not state.finished:
        assert state.current.totals == totals and state.current.number == round_number


@settings(max_examples=100, deadline=None)
@given(matches())
def test_every_round_won_is_the_deals_that_led_to_it(match):
    state = replay(match)
    first = 1
    for number, r in enumerate(state.rounds, start=1):
        assert r.number == number and r.first_deal == first
        assert r.deals == r.last_deal - first + 1
        closing = state.outcomes[r.last_deal - 1]
        assert (closing.winner, closing.winning_total, closing.points) == (
            r.winner, r.total, r.points)
        assert r.sweep == (closing.sweep is not None)
        assert all(o.winner is None for o in state.outcomes[first - 1: r.last_deal - 1])
        first = r.last_deal + 1
    assert state.current.deals == len(match.deals) - first + 1


@settings(max_examples=100, deadline=None)
@given(matches(), deals())
def test_the_needs_shown_are_what_the_next_deal_would_make_arrive(match, deal):
    state = replay(match)
    if state.finished:
        return
    deal = tuple(deal)
    after = replay(match.add_deal(deal)).outcomes[-1]
    for p in range(3):
        arrives = any(q == p for q, _ in after.arrivals) or after.sweep == p
        assert arrives == (deal[p] in state.current.needs[p])


class Notebook:
    """A deal log that changes as deals are written in (not a Match, which never does)."""

    def __init__(self):
        self.players = PLAYERS
        self.rules = RuleSet()
        self.deals = []

    def dealer_of(self, deal_index):
        return deal_index % 3


def test_a_deal_log_that_can_change_is_replayed_afresh_each_time():
    notebook = Notebook()
    assert replay(notebook).current.deals == 0
    notebook.deals.append((4, 3, 3))
    assert replay(notebook).current.totals == (4, 3, 3)
    notebook.deals.append((6, 2, 2))
    assert replay(notebook).points == (50, 0, 0)
