"""Every refusal of the engine is its own error, with a message that says what is wrong."""

import pytest

from scorekeeper.i18n.errors import error_text
from scorekeeper.rules import Match, RuleSet, VicaireError, validate_deal

PLAYERS = ("Amélie", "Bruno", "Chloé")


@pytest.mark.parametrize(("deal", "code", "words"), [
    ((4, 3), "deal.length", "3 numbers"),
    ((4, 3, 2, 1), "deal.length", "not 4"),
    ((4.0, 3, 3), "deal.whole", "whole number"),
    (("4", 3, 3), "deal.whole", "whole number"),
    ((True, 6, 3), "deal.whole", "whole number"),
    ((11, -1, 0), "deal.range", "0 to 10"),
    ((4, 3, 4), "deal.sum", "add up to 11"),
    ((0, 0, 0), "deal.sum", "add up to 0"),
    ("433", "deal.shape", "three numbers"),
    (None, "deal.shape", "three numbers"),
])
def test_bad_deal_is_refused_with_a_specific_message(deal, code, words):
    with pytest.raises(VicaireError) as err:
        validate_deal(deal, 3)
    assert err.value.code == code
    assert words in error_text(err.value)
    assert error_text(err.value).startswith("deal 3: ")


def test_french_message():
    with pytest.raises(VicaireError) as err:
        validate_deal((4, 3, 4), 2)
    assert error_text(err.value, "fr") == (
        "donne 2\u00a0: les plis font 11 en tout\u00a0; une donne en compte exactement 10")


def test_adding_a_bad_deal_changes_nothing():
    match = Match(players=PLAYERS, deals=((4, 3, 3),))
    with pytest.raises(VicaireError):
        match.add_deal((5, 5, 5))
    assert match.deals == ((4, 3, 3),)
    assert match.add_deal([2, 2, 6]).deals == ((4, 3, 3), (2, 2, 6))


@pytest.mark.parametrize(("players", "code"), [
    (("A", "B"), "players.count"),
    (("A", "B", "C", "D"), "players.count"),
    (("A", " ", "C"), "players.empty"),
    (("A", "B", "a"), "players.same"),
    (("A", "B", " A "), "players.same"),
    (("A", "B", 3), "players.text"),
    (("A", "B", "x" * 41), "players.long"),
    (("A", "B\nX", "C"), "players.control"),
    ("ABC", "players.count"),
])
def test_players_must_be_three_distinct_names(players, code):
    with pytest.raises(VicaireError) as err:
        Match(players=players)
    assert err.value.code == code


def test_names_are_trimmed_and_markup_kept_literally():
    match = Match(players=(" Amélie ", "[b]Bob[/b]", "Chloé"))
    assert match.players == ("Amélie", "[b]Bob[/b]", "Chloé")


@pytest.mark.parametrize(("variants", "code"), [
    ({"sweep": "double"}, "rules.sweep"),
    ({"capot": "wins"}, "rules.unknown"),
    ({"points_ten": 0}, "rules.number"),
    ({"points_higher": "20"}, "rules.number"),
    ({"target": -5}, "rules.number"),
    ([1, 2], "rules.object"),
])
def test_unknown_or_bad_rule_variant_is_refused(variants, code):
    with pytest.raises(VicaireError) as err:
        RuleSet.from_variants(variants)
    assert err.value.code == code


@pytest.mark.parametrize("first", [-1, 3, "0", None, 1.0])
def test_first_dealer_must_be_a_seat(first):
    with pytest.raises(VicaireError) as err:
        Match(players=PLAYERS, first_dealer=first)
    assert err.value.code == "match.first_dealer"


@pytest.mark.parametrize("number", [0, 2, -1, "1"])
def test_editing_a_deal_that_does_not_exist_is_refused(number):
    match = Match(players=PLAYERS, deals=((4, 3, 3),))
    with pytest.raises(VicaireError) as err:
        match.replace_deal(number, (4, 3, 3))
    assert err.value.code == "match.deal_number"
    with pytest.raises(VicaireError):
        match.remove_deal(number)
