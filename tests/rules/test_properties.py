"""Properties over random deal logs (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.formats.matchfile import dumps, match_from_dict
from scorekeeper.rules import Match, RuleSet, VicaireError, replay
from scorekeeper.rules.scoring import is_winning_total

PLAYERS = ("Amélie", "Bruno", "Chloé")


@st.composite
def deals(draw):
    a = draw(st.integers(0, 10))
    b = draw(st.integers(0, 10 - a))
    return draw(st.permutations((a, b, 10 - a - b)))


rule_sets = st.builds(
    RuleSet,
    target=st.integers(1, 400),
    sweep=st.sampled_from(["wins", "counts"]),
    points_ten=st.integers(1, 80),
    points_higher=st.integers(1, 40),
)


@st.composite
def matches(draw):
    """A valid match: deals stop once the match is won."""
    rules = draw(rule_sets)
    match = Match(players=PLAYERS, rules=rules, first_dealer=draw(st.integers(0, 2)))
    for deal in draw(st.lists(deals(), max_size=60)):
        if replay(match).finished:
            break
        match = match.add_deal(tuple(deal))
    return match


@settings(max_examples=200, deadline=None)
@given(matches())
def test_round_totals_sum_to_ten_per_deal(match):
    state = replay(match)
    for o in state.outcomes:
        in_round = sum(1 for x in state.outcomes if x.round == o.round and x.number <= o.number)
        assert sum(o.totals) == 10 * in_round
    assert sum(state.current.totals) == 10 * state.current.deals


@settings(max_examples=200, deadline=None)
@given(matches())
def test_points_move_only_to_round_winners_in_rule_steps(match):
    state = replay(match)
    rules = match.rules
    previous = (0, 0, 0)
    for o in state.outcomes:
        moved = [o.points_after[p] - previous[p] for p in range(3)]
        if o.winner is None:
            assert moved == [0, 0, 0]
        else:
            assert moved[o.winner] == o.points
            assert o.points in (rules.points_ten, rules.points_higher)
            assert is_winning_total(o.winning_total) or o.sweep is not None
            assert sum(moved) == o.points
        previous = o.points_after
    assert state.points == previous
    assert sum(r.points for r in state.rounds) == sum(state.points)
    if state.winner is not None:
        assert state.points[state.winner] >= rules.target
        assert all(state.points[p] < rules.target for p in range(3) if p != state.winner)
    else:
        assert max(state.points) < rules.target


@settings(max_examples=150, deadline=None)
@given(matches(), st.data())
def test_replaying_a_prefix_gives_the_prefix_of_the_rounds(match, data):
    cut = data.draw(st.integers(0, len(match.deals)))
    whole = replay(match)
    part = replay(Match(players=match.players, rules=match.rules,
                        first_dealer=match.first_dealer, deals=match.deals[:cut]))
    assert part.outcomes == whole.outcomes[:cut]
    assert part.rounds == tuple(r for r in whole.rounds if r.last_deal <= cut)


@settings(max_examples=150, deadline=None)
@given(matches())
def test_match_file_round_trips_unchanged(match):
    text = dumps(match)
    again = match_from_dict(json.loads(text))
    assert again == match
    assert dumps(again) == text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 13), min_size=0, max_size=4), max_size=40),
       rule_sets)
def test_any_log_either_replays_or_raises_the_engines_own_error(raw, rules):
    try:
        state = replay(Match(players=PLAYERS, rules=rules, deals=raw))
    except VicaireError as exc:
        assert exc.code.startswith("deal.")
        assert str(exc)
    else:
        assert all(len(d) == 3 and sum(d) == 10 and min(d) >= 0 for d in raw)
        assert len(state.outcomes) == len(raw)


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["players", "deals", "rules", "target", "format",
                                       "version", "first_dealer", "sweep"]), children),
    max_leaves=20))
def test_any_json_either_is_a_match_or_is_refused_cleanly(data):
    try:
        match_from_dict(data)
    except VicaireError as exc:
        assert str(exc)
