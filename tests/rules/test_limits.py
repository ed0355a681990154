"""The engine's limits, each tried at its exact value and one past it, and the refusals a
player reads: they name the right player, deal and number."""

import pytest

from scorekeeper.i18n.errors import error_text
from scorekeeper.rules import Match, RuleSet, VicaireError, validate_deal
from scorekeeper.rules.model import MAX_NAME, MAX_POINTS, MAX_TARGET

PLAYERS = ("Amélie", "Bruno", "Chloé")


def refusal(action) -> tuple[str, str]:
    """The code and the English message of the refusal `action` raises."""
    with pytest.raises(VicaireError) as err:
        action()
    return err.value.code, error_text(err.value)


# Deals


@pytest.mark.parametrize("deal", [(10, 0, 0), (0, 10, 0), (0, 0, 10), (0, 5, 5), [3, 3, 4],
                                  "iterator"])
def test_a_deal_of_zero_to_ten_tricks_each_adding_up_to_ten_is_accepted(deal):
    if deal == "iterator":
        deal = iter((2, 3, 5))  # read once, as a file reader might hand it over
    accepted = validate_deal(deal, 1)
    assert accepted == tuple(accepted) and sum(accepted) == 10
    assert isinstance(accepted, tuple) and len(accepted) == 3


@pytest.mark.parametrize(("deal", "message"), [
    ((11, 0, -1), "deal 4: 11 tricks is impossible: each player takes 0 to 10"),
    ((-1, 11, 0), "deal 4: -1 tricks is impossible: each player takes 0 to 10"),
    ((5, 6, -1), "deal 4: -1 tricks is impossible: each player takes 0 to 10"),
    ((4, 3, 2), "deal 4: the tricks add up to 9; a deal has exactly 10"),
    ((4, 4, 3), "deal 4: the tricks add up to 11; a deal has exactly 10"),
])
def test_a_count_past_ten_or_below_zero_or_a_wrong_sum_is_refused_naming_the_deal(deal, message):
    assert refusal(lambda: validate_deal(deal, 4))[1] == message


def test_a_refused_deal_without_a_number_names_no_deal():
    assert refusal(lambda: validate_deal((4, 4, 3))) == (
        "deal.sum", "the tricks add up to 11; a deal has exactly 10")


def test_every_number_is_checked_to_be_whole_before_any_range():
    # The text comes before the impossible 11: the message is about the text.
    assert refusal(lambda: validate_deal((11, "x", 0), 2)) == (
        "deal.whole", "deal 2: “x” is not a whole number of tricks")
    assert refusal(lambda: validate_deal((4, 3, 3.0), 2))[0] == "deal.whole"
    assert refusal(lambda: validate_deal((False, 7, 3), 2))[0] == "deal.whole"


@pytest.mark.parametrize(("digits", "shown"), [
    (12, "1" * 12), (13, "1" * 13), (14, "1" * 12 + "…"),
])
def test_a_huge_count_is_shown_with_at_most_thirteen_digits(digits, shown):
    value = int("1" * digits)
    assert refusal(lambda: validate_deal((value, 0, 0), 1))[1] == (
        f"deal 1: {shown} tricks is impossible: each player takes 0 to 10")


def test_a_count_too_long_to_write_is_shown_as_an_ellipsis():
    value = 10 ** 5000
    assert refusal(lambda: validate_deal((value, 0, 0), 1))[1] == (
        "deal 1: … tricks is impossible: each player takes 0 to 10")


@pytest.mark.parametrize(("deal", "code", "message"), [
    ("x" * 50, "deal.shape", "deal 3: a deal is three numbers of tricks, one per player "
                             "(got “" + "x" * 39 + "…”)"),
    (b"433", "deal.shape", "deal 3: a deal is three numbers of tricks, one per player "
                           "(got <bytes>)"),
    (7, "deal.shape", "deal 3: a deal is three numbers of tricks, one per player (got 7)"),
    ((4, 6), "deal.length", "deal 3: a deal needs 3 numbers, one per player, not 2"),
    ((1, 1, 1, 7), "deal.length", "deal 3: a deal needs 3 numbers, one per player, not 4"),
    ((4, 3, "y" * 50), "deal.whole", "deal 3: “" + "y" * 39 + "…” is not a whole number of "
                                     "tricks"),
])
def test_a_deal_that_is_not_three_whole_numbers_is_refused_saying_what_it_got(
        deal, code, message):
    assert refusal(lambda: validate_deal(deal, 3)) == (code, message)


# Names


@pytest.mark.parametrize("position", [0, 1, 2])
def test_a_name_of_exactly_forty_characters_is_accepted(position):
    names = list(PLAYERS)
    names[position] = "n" * MAX_NAME
    assert Match(players=names).players[position] == "n" * 40


@pytest.mark.parametrize("position", [0, 1, 2])
def test_a_name_of_forty_one_characters_is_refused_naming_that_player(position):
    names = list(PLAYERS)
    names[position] = "n" * 41
    assert refusal(lambda: Match(players=names)) == (
        "players.long", f"the name of player {position + 1} is longer than 40 characters")


def test_the_name_length_is_counted_after_trimming_and_composing():
    padded = "  " + "e" * 40 + "\u0301  "  # 45 code points, 40 letters once composed
    match = Match(players=("Amélie", "Bruno", padded))
    assert match.players[2] == "e" * 39 + "é"


@pytest.mark.parametrize(("players", "code", "message"), [
    (("Amélie", "", "Chloé"), "players.empty", "player 2 needs a name"),
    (("Amélie", "Bruno", "   "), "players.empty", "player 3 needs a name"),
    ((None, "Bruno", "Chloé"), "players.text", "the name of player 1 must be text"),
    (("Amélie", "Bru\tno", "Chloé"), "players.control",
     "the name of player 2 contains a control character"),
    (("Amélie", "Bruno", "Ch\u200bloé"), "players.control",
     "the name of player 3 contains a control character"),
    (("Amélie", "Bruno", "AMÉLIE"), "players.same",
     "two players are called AMÉLIE; the three names must differ"),
    (("Amélie", "Bruno", "Ame\u0301lie"), "players.same",
     "two players are called Amélie; the three names must differ"),
    (("Amélie", "Bruno"), "players.count", "a match needs exactly 3 players, not 2"),
    (["A", "B", "C", "D"], "players.count", "a match needs exactly 3 players, not 4"),
    ("Amélie", "players.count", "a match needs exactly 3 players, not 1"),
    (None, "players.count", "a match needs exactly 3 players, not 1"),
])
def test_a_bad_list_of_names_is_refused_naming_the_player(players, code, message):
    assert refusal(lambda: Match(players=players)) == (code, message)


def test_names_are_kept_in_the_order_given_trimmed_and_composed():
    match = Match(players=iter([" Ame\u0301lie", "Bruno ", "Chloé"]))
    assert match.players == ("Amélie", "Bruno", "Chloé")
    assert isinstance(match.players, tuple)


# Rule sets


@pytest.mark.parametrize(("name", "low", "high"), [
    ("target", 1, MAX_TARGET), ("points_ten", 1, MAX_POINTS), ("points_higher", 1, MAX_POINTS),
])
def test_a_rule_number_is_accepted_at_its_limits_and_refused_one_past(name, low, high):
    assert getattr(RuleSet(**{name: low}), name) == low
    assert getattr(RuleSet(**{name: high}), name) == high
    for bad in (low - 1, high + 1):
        assert refusal(lambda bad=bad: RuleSet(**{name: bad})) == (
            "rules.number", f"{name} must be a whole number from {low} to {high} (got {bad})")


@pytest.mark.parametrize(("variants", "message"), [
    ({"points_ten": True}, "points_ten must be a whole number from 1 to 10000 (got true)"),
    ({"points_higher": 2.0}, "points_higher must be a whole number from 1 to 10000 (got 2.0)"),
    ({"target": "x" * 50}, "target must be a whole number from 1 to 100000 (got “"
                           + "x" * 39 + "…”)"),
    ({"sweep": "Wins"}, "the sweep rule must be \"wins\" or \"counts\", not “Wins”"),
    ({"sweep": "w" * 50}, "the sweep rule must be \"wins\" or \"counts\", not “" + "w" * 39 + "…”"),
    ({"sweeps": "wins"}, "unknown rule variant: “sweeps”"),
    ({"k" * 50: 1}, "unknown rule variant: “" + "k" * 39 + "…”"),
    ("wins", "the rules must be an object of rule variants"),
])
def test_a_bad_rule_variant_is_refused_saying_which_and_why(variants, message):
    assert refusal(lambda: RuleSet.from_variants(variants))[1] == message


def test_rule_variants_read_back_as_they_were_stored():
    rules = RuleSet(target=300, sweep="counts", points_ten=60, points_higher=25)
    assert rules.variants() == {"sweep": "counts", "points_ten": 60, "points_higher": 25}
    assert RuleSet.from_variants(rules.variants(), target=300) == rules
    assert RuleSet.from_variants(None) == RuleSet() == RuleSet.from_variants({})
    assert RuleSet.from_variants({}, target=250).target == 250
    assert RuleSet.from_variants({"target": 90}, target=250).target == 90
    assert RuleSet().target == 500 and RuleSet().sweep == "wins"
    assert (RuleSet().points_ten, RuleSet().points_higher) == (50, 20)


@pytest.mark.parametrize(("total", "sweep", "points"), [
    (10, False, 50), (10, True, 50), (15, False, 20), (25, True, 50), (20, False, 20),
])
def test_a_round_won_at_ten_or_by_a_sweep_scores_points_ten_else_points_higher(
        total, sweep, points):
    assert RuleSet().points_for(total, sweep=sweep) == points
    assert RuleSet().points_for(total, sweep) == points


def test_only_the_wins_variant_lets_a_sweep_win():
    assert RuleSet(sweep="wins").sweep_wins is True
    assert RuleSet(sweep="counts").sweep_wins is False


# The match


def test_a_match_needs_a_rule_set_and_a_list_of_deals():
    assert refusal(lambda: Match(players=PLAYERS, rules={"target": 100})) == (
        "rules.object", "the rules must be an object of rule variants")
    for deals in ("433", b"433", 7):
        assert refusal(lambda deals=deals: Match(players=PLAYERS, deals=deals)) == (
            "match.deals", "the deals must be a list of deals")


@pytest.mark.parametrize(("first", "shown"), [(3, "3"), (-1, "-1"), (True, "true"),
                                              ("0", "“0”"), ("d" * 50, "“" + "d" * 39 + "…”")])
def test_the_first_dealer_is_a_seat_and_a_bad_one_is_shown(first, shown):
    assert refusal(lambda: Match(players=PLAYERS, first_dealer=first)) == (
        "match.first_dealer", f"the first dealer must be player 0, 1 or 2 (got {shown})")


@pytest.mark.parametrize("first", [0, 1, 2])
def test_each_seat_may_deal_first(first):
    assert Match(players=PLAYERS, first_dealer=first).dealer_of(0) == first


def test_a_bad_deal_in_a_log_is_refused_naming_its_number():
    log = ((4, 3, 3), (6, 2, 2), (5, 5, 1))
    assert refusal(lambda: Match(players=PLAYERS, deals=log))[1] == (
        "deal 3: the tricks add up to 11; a deal has exactly 10")
    assert Match(players=PLAYERS, deals=[[4, 3, 3]]).deals == ((4, 3, 3),)


def test_a_deal_added_or_replaced_is_checked_under_its_own_number():
    match = Match(players=PLAYERS, deals=((4, 3, 3), (3, 3, 4)))
    assert refusal(lambda: match.add_deal((9, 9, 9)))[1].startswith("deal 3: ")
    assert refusal(lambda: match.replace_deal(2, (9, 9, 9)))[1].startswith("deal 2: ")
    assert match.replace_deal(2, (1, 1, 8)).deals == ((4, 3, 3), (1, 1, 8))
    assert match.replace_deal(1, (1, 1, 8)).deals == ((1, 1, 8), (3, 3, 4))


@pytest.mark.parametrize("number", [1, 2, 3])
def test_each_deal_of_the_log_can_be_removed(number):
    log = ((4, 3, 3), (3, 3, 4), (2, 2, 6))
    match = Match(players=PLAYERS, deals=log)
    assert match.remove_deal(number).deals == log[: number - 1] + log[number:]


@pytest.mark.parametrize(("number", "message"), [
    (0, "there is no deal 0: the match has 3 deals"),
    (4, "there is no deal 4: the match has 3 deals"),
    (True, "there is no deal true: the match has 3 deals"),
    ("9" * 30, "there is no deal “" + "9" * 19 + "…”: the match has 3 deals"),
])
def test_a_deal_number_outside_the_log_is_refused_with_the_log_length(number, message):
    match = Match(players=PLAYERS, deals=((4, 3, 3), (3, 3, 4), (2, 2, 6)))
    assert refusal(lambda: match.replace_deal(number, (4, 3, 3))) == ("match.deal_number",
                                                                      message)
    assert refusal(lambda: match.remove_deal(number)) == ("match.deal_number", message)
