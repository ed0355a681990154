"""What `vicaire verify` proves about a deal record: each trick's winner, the tricks taken,
and every broken rule, in the words a player reads (and the refusal of what is no record)."""

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import Given, VicaireError
from scorekeeper.i18n.cards import problem_text
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules.audit import MAX_TRICKS, audit, printable, shown
from scorekeeper.rules.cards import code
from scorekeeper.rules.play import DealState
from scorekeeper.sim.deals import simulate_deal

# A whole deal as played, dealt by player 0 (so player 1 leads the first trick).
RECORD = {
    "dealer": 0,
    "hands": [["AH", "QH", "9H", "8H", "AS", "KS", "7S", "9D", "AC", "KC"],
              ["KH", "JH", "10H", "JS", "9S", "8S", "AD", "QD", "7D", "JC"],
              ["7H", "10S", "KD", "JD", "10D", "8D", "QC", "10C", "9C", "8C"]],
    "ecart": ["QS", "7C"],
    "tricks": [
        {"leader": 1, "cards": ["JS", "10S", "KS"], "winner": 0},
        {"leader": 0, "cards": ["AC", "JC", "8C"], "winner": 0},
        {"leader": 0, "cards": ["9H", "KH", "7H"], "winner": 1},
        {"leader": 1, "cards": ["8S", "10C", "7S"], "winner": 1},
        {"leader": 1, "cards": ["QD", "JD", "9D"], "winner": 1},
        {"leader": 1, "cards": ["9S", "KD", "AS"], "winner": 0},
        {"leader": 0, "cards": ["QH", "10H", "9C"], "winner": 0},
        {"leader": 0, "cards": ["KC", "AD", "QC"], "winner": 0},
        {"leader": 0, "cards": ["AH", "JH", "8D"], "winner": 0},
        {"leader": 0, "cards": ["8H", "7D", "10D"], "winner": 0},
    ],
    "counts": [7, 3, 0],
}
WINNERS = [0, 0, 1, 1, 1, 0, 0, 0, 0, 0]


def record(**changes):
    """A copy of RECORD with top-level keys replaced (None removes the key)."""
    data = copy.deepcopy(RECORD)
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return data


def tricks_only(**changes):
    """The record without hands and écart: what a player notes at the table."""
    return record(**{"hands": None, "ecart": None, **changes})


def said(data) -> list[str]:
    """The broken rules `verify` lists, in English."""
    return [problem_text(p.code, p.trick, p.player, p.values) for p in audit(data).problems]


def refusal(data) -> tuple[str, str]:
    with pytest.raises(VicaireError) as err:
        audit(data)
    return err.value.code, error_text(err.value)


# A good record


@pytest.mark.parametrize("data", [record(), tricks_only(), record(counts=None),
                                  tricks_only(dealer=None, counts=None)])
def test_a_deal_played_by_the_rules_is_consistent(data):
    result = audit(data)
    assert result.ok and result.problems == ()
    assert result.counts == (7, 3, 0)
    assert [t.winner for t in result.tricks] == WINNERS
    assert [t.leader for t in result.tricks] == [1] + WINNERS[:-1]
    assert result.tricks[0].codes == ("JS", "10S", "KS")
    assert result.has_hands == ("hands" in data)


def test_leaders_left_out_follow_the_winners_from_the_player_after_the_dealer():
    tricks = [{"cards": t["cards"]} for t in RECORD["tricks"]]
    result = audit({"dealer": 0, "tricks": tricks})
    assert result.ok and [t.leader for t in result.tricks] == [1] + WINNERS[:-1]
    assert result.counts == (7, 3, 0)
    # Dealt by player 1, the same cards are led by player 2: other winners, other counts.
    other = audit({"dealer": 1, "tricks": [{"cards": ["JS", "10S", "KS"]}]})
    assert other.tricks[0].leader == 2 and other.tricks[0].winner == 1


def test_a_first_trick_without_leader_or_dealer_is_refused():
    tricks = [{"cards": t["cards"]} for t in RECORD["tricks"]]
    assert refusal({"tricks": tricks}) == (
        "cards.no_leader", "trick 1 has no leader and the record has no dealer")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(0, 2), st.sampled_from(["random", "target"]))
def test_every_deal_the_engine_plays_is_consistent_with_or_without_hands(seed, dealer, bots):
    data = simulate_deal(random.Random(seed), dealer, bots).to_json()
    full = audit(data)
    assert full.ok and full.has_hands
    assert list(full.counts) == data["counts"]
    assert [t.winner for t in full.tricks] == [t["winner"] for t in data["tricks"]]
    bare = audit({"dealer": dealer, "tricks": [{"cards": t["cards"]} for t in data["tricks"]]})
    assert bare.ok and not bare.has_hands and list(bare.counts) == data["counts"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(0, 9), st.integers(0, 2))
def test_a_stated_winner_that_is_not_the_winner_is_always_caught(seed, trick, wrong):
    data = simulate_deal(random.Random(seed), 0).to_json()
    right = data["tricks"][trick]["winner"]
    if wrong == right:
        return
    data["tricks"][trick]["winner"] = wrong
    data["tricks"][trick + 1:] = [{"cards": t["cards"], "leader": t["leader"]}
                                  for t in data["tricks"][trick + 1:]]
    assert said(data) == [f"trick {trick + 1}: the record says player {wrong} wins, but "
                          f"player {right} does"]


# Broken rules: each one named, with its trick and player


def test_a_card_that_is_no_card_is_named_and_its_trick_has_no_winner():
    data = tricks_only(counts=None)
    data["tricks"][1]["cards"][2] = "ZZ\x07 is not any card at all"
    result = audit(data)
    assert said(data) == ['trick 2, player 2: "ZZ\\x07 is not any card " is not a card']
    assert result.tricks[1].winner is None and result.tricks[1].cards[2] is None
    assert result.tricks[1].codes[2] == "ZZ\\x07 is n"
    # Trick 3 still has its leader as written; the counts miss trick 2.
    assert result.counts == (6, 3, 0)


def test_a_card_written_as_a_number_makes_the_record_unusable():
    data = tricks_only()
    data["tricks"][3]["cards"][1] = 10
    assert refusal(data) == (
        "cards.card_type", 'a card is written as text, like "AH" (got 10 in "tricks[3].cards")')
    data = record()
    data["hands"][2][0] = True
    assert refusal(data)[1] == 'a card is written as text, like "AH" (got true in "hands[2]")'
    data = record(ecart=["QS", None])
    assert refusal(data)[1] == 'a card is written as text, like "AH" (got null in "ecart")'


def test_a_hand_of_nine_and_an_ecart_of_three_are_named():
    data = record()
    data["hands"][2] = data["hands"][2][:9]
    data["ecart"] = ["QS", "7C", "9C"]
    assert said(data) == [
        "player 2: the hand has 9 cards, not 10",
        "the écart has 3 cards, not 2",
        "9♣ is dealt twice",
        "trick 2, player 2: plays 8♣, which is not in their hand",
    ]


def test_a_card_dealt_to_two_hands_is_named_once_for_the_second():
    data = record()
    data["hands"][1][0] = "AH"  # player 1 holds the ace of hearts as well as player 0
    assert said(data) == ["player 1: A♥ is dealt twice",
                          "trick 3, player 1: plays K♥, which is not in their hand"]
    # `verify --json` tells whose hand held it first.
    assert audit(data).problems[0].values == {"card": "AH", "where": "p0"}


def test_a_card_dealt_twice_is_said_to_be_first_in_the_hand_or_ecart_that_had_it():
    data = record()
    data["hands"][2][1] = "QS"  # the écart's queen of spades, also in player 2's hand
    problems = audit(data).problems
    assert [(p.code, p.player, p.values) for p in problems[:1]] == [
        ("cards.dealt_twice", None, {"card": "QS", "where": "p2"})]
    data = record()
    data["hands"][0][9] = "QS"
    data["hands"][2][9] = "QS"
    assert [p.values["where"] for p in audit(data).problems
            if p.code == "cards.dealt_twice"] == ["p0", "p0"]
    data = record(ecart=["QS", "QS"])
    assert [(p.code, p.values) for p in audit(data).problems[:1]] == [
        ("cards.dealt_twice", {"card": "QS", "where": "ecart"})]


def test_a_card_dealt_twice_within_one_hand_is_named_and_the_rest_of_the_hand_kept():
    data = record()
    data["hands"][0][1] = "AH"
    assert said(data) == ["player 0: A♥ is dealt twice",
                          "trick 7, player 0: plays Q♥, which is not in their hand"]


def test_a_card_that_is_no_card_in_a_hand_or_the_ecart_is_named():
    data = record()
    data["hands"][0][0] = "1H"
    data["ecart"] = ["QS", "XX"]
    # The rest of player 0's hand still counts: only the ace of hearts is missing.
    assert said(data) == ['player 0: "1H" is not a card', '"XX" is not a card',
                          "trick 9, player 0: plays A♥, which is not in their hand"]


def test_without_an_ecart_the_cards_no_hand_holds_are_the_ecart():
    data = record(ecart=None)
    data["tricks"][0]["cards"][1] = "QS"  # player 2 plays a card of the écart
    assert said(data) == [
        "trick 1, player 2: plays Q♠, which is in the écart",
        "trick 1, player 2: plays Q♠, which is not in their hand",
        "trick 4, player 2: plays 10♣ without following spades while holding some",
        "trick 6, player 2: plays K♦ without following spades while holding some",
    ]


def test_without_an_ecart_no_card_of_a_hand_counts_as_the_ecart():
    data = record(ecart=None)
    assert said(data) == []
    # The écart is the two cards no hand holds, whichever they are (here the ace of hearts).
    data["hands"][0][0] = "QS"
    assert said(data) == [
        "trick 9, player 0: plays A♥, which is in the écart",
        "trick 9, player 0: plays A♥, which is not in their hand",
    ]


def test_an_ecart_without_hands_still_catches_a_card_played_from_it():
    data = tricks_only(ecart=["10S", "7C"])
    assert said(data) == ["trick 1, player 2: plays 10♠, which is in the écart"]
    assert said(tricks_only(ecart=["QS", "7C"])) == []
    data = tricks_only(ecart=["10S", "??"])
    assert said(data) == ['"??" is not a card',
                          "trick 1, player 2: plays 10♠, which is in the écart"]


def test_an_ecart_card_written_as_a_number_is_refused_naming_the_ecart():
    assert refusal(tricks_only(ecart=["QS", 7]))[1] == (
        'a card is written as text, like "AH" (got 7 in "ecart")')


def test_nine_or_eleven_tricks_are_named():
    data = tricks_only(counts=None)
    data["tricks"] = data["tricks"][:9]
    assert said(data) == ["the deal has 9 tricks, not 10"]
    data = tricks_only(counts=None)
    data["tricks"].append({"leader": 0, "cards": ["JD", "10D", "9D"]})
    assert said(data)[0] == "the deal has 11 tricks, not 10"


def test_a_hundred_tricks_are_checked_and_a_hundred_and_one_refused():
    many = [{"leader": 0, "cards": ["AH", "KH", "QH"]}] * MAX_TRICKS
    assert len(audit({"tricks": many}).tricks) == 100
    assert refusal({"tricks": many + many[:1]}) == (
        "cards.too_many_tricks", "far too many tricks for a deal: 101")


def test_the_wrong_first_leader_is_named_with_who_should_lead():
    data = tricks_only()
    data["tricks"][0]["leader"] = 2
    assert said(data)[0] == (
        "trick 1, player 2: leads the first trick, but the player after dealer 0 (player 1) "
        "should")
    data = tricks_only(dealer=2)
    assert said(data)[0] == (
        "trick 1, player 1: leads the first trick, but the player after dealer 2 (player 0) "
        "should")


def test_leading_after_someone_else_won_is_named():
    data = tricks_only()
    data["tricks"][3]["leader"] = 0
    assert said(data)[0] == (
        "trick 4, player 0: leads, but player 1 won the previous trick and should lead")


def test_a_trick_of_two_cards_is_named_and_has_no_winner():
    data = tricks_only(counts=None)
    data["tricks"][9]["cards"] = ["8H", "7D"]
    result = audit(data)
    assert said(data) == ["trick 10: the trick has 2 cards, not 3"]
    assert result.tricks[9].winner is None and result.counts == (6, 3, 0)


def test_a_card_played_twice_is_named_with_the_trick_it_was_first_played_in():
    data = tricks_only()
    data["tricks"][4]["cards"][0] = "8S"  # played in trick 4 already
    assert said(data)[0] == "trick 5, player 1: plays 8♠, already played in trick 4"


def test_a_card_not_in_the_hand_is_named():
    data = record()
    data["tricks"][0]["cards"][0] = "QS"  # the écart's
    problems = said(data)
    assert problems[:2] == ["trick 1, player 1: plays Q♠, which is in the écart",
                            "trick 1, player 1: plays Q♠, which is not in their hand"]


def test_not_following_suit_while_holding_it_is_a_revoke():
    data = record()
    # Trick 2: player 2 holds clubs (8C) but plays 8D on the led ace of clubs.
    data["tricks"][1]["cards"][2] = "8D"
    data["tricks"][8]["cards"][2] = "8C"
    assert said(data) == ["trick 2, player 2: plays 8♦ without following clubs while holding "
                          "some"]


def test_the_second_player_not_following_suit_is_a_revoke_too():
    data = record()
    # Trick 2: player 1 holds the jack of clubs but plays 7D on the led ace of clubs.
    data["tricks"][1]["cards"][1] = "7D"
    data["tricks"][9]["cards"][1] = "JC"
    # ...and still holds it when clubs are led again in trick 8.
    assert said(data) == [
        "trick 2, player 1: plays 7♦ without following clubs while holding some",
        "trick 8, player 1: plays A♦ without following clubs while holding some",
    ]


def test_a_trick_led_with_no_card_checks_the_others_for_what_it_can():
    data = record(counts=None)
    data["tricks"][2]["cards"][0] = "ZZ"  # player 0's 9H
    data["tricks"][3]["cards"][0] = "JS"  # player 1 plays the jack of spades again
    result = audit(data)
    assert said(data) == [
        'trick 3, player 0: "ZZ" is not a card',
        "trick 4, player 1: plays J♠, already played in trick 1",
    ]
    assert result.tricks[2].cards[0] is None and len(result.tricks[2].cards) == 3
    assert [code(c) for c in result.tricks[2].cards[1:]] == ["KH", "7H"]
    bare = tricks_only(counts=None)
    bare["tricks"][2]["cards"][0] = "ZZ"
    bare["tricks"][2]["cards"][2] = "9D"  # cannot be told a show-out: no suit was led
    assert said(bare) == ['trick 3, player 0: "ZZ" is not a card',
                          "trick 5, player 0: plays 9♦, already played in trick 3"]


def test_not_following_suit_with_none_left_is_no_revoke():
    # Trick 4: player 2 had no spade left after trick 1 and discards 10C: fine.
    assert said(record()) == []


def test_playing_a_suit_after_showing_out_of_it_is_named_without_hands():
    data = tricks_only()
    # Trick 4: player 2 shows out of spades (10C on 8S), then plays a spade in trick 6.
    data["tricks"][5]["cards"][1] = "QS"
    assert said(data) == ["trick 6, player 2: plays Q♠, but showed out of spades in trick 4"]


def test_showing_out_and_leading_that_suit_later_is_caught_too():
    data = tricks_only(counts=None)
    data["tricks"] = [
        {"leader": 1, "cards": ["AS", "7H", "KS"]},  # player 2 shows out of spades
        {"leader": 2, "cards": ["QS", "JS", "10S"]},  # then leads a spade
    ]
    problems = said(data)
    assert problems[-1] == "trick 2, player 2: plays Q♠, but showed out of spades in trick 1"
    assert "trick 1, player 2: leads, but player 1 won" not in problems


def test_a_show_out_is_dated_from_the_first_trick_it_happened_in():
    data = tricks_only(counts=None)
    data["tricks"] = [
        {"leader": 1, "cards": ["AS", "7H", "KS"]},  # player 2 shows out of spades
        {"leader": 2, "cards": ["9H", "JS", "8S"]},
        {"leader": 1, "cards": ["QS", "7D", "10S"]},  # and again
        {"leader": 2, "cards": ["9S", "8D", "JD"]},  # then leads a spade
    ]
    assert said(data)[-1] == (
        "trick 4, player 2: plays 9♠, but showed out of spades in trick 1")


def test_every_suit_a_player_showed_out_of_is_remembered():
    data = tricks_only(counts=None)
    data["tricks"] = [
        {"leader": 1, "cards": ["AS", "7H", "KS"]},  # player 2 shows out of spades
        {"leader": 2, "cards": ["AC", "8H", "KC"]},  # player 0 shows out of clubs
        {"leader": 0, "cards": ["AD", "7D", "QS"]},  # player 2 out of diamonds, plays a spade
        {"leader": 0, "cards": ["JC", "8C", "KD"]},
    ]
    assert said(data) == [
        "the deal has 4 tricks, not 10",
        "trick 3, player 2: plays Q♠, but showed out of spades in trick 1",
        "trick 4, player 0: plays J♣, but showed out of clubs in trick 2",
        "trick 4, player 2: plays K♦, but showed out of diamonds in trick 3",
    ]


def test_a_show_out_counts_from_the_next_trick_on_even_in_a_trick_too_big():
    data = tricks_only(counts=None)
    # Five cards: player 2 shows out of spades, then plays a spade in the same trick.
    data["tricks"] = [{"leader": 1, "cards": ["AS", "7H", "KS", "QS", "JS"]}]
    assert said(data) == ["the deal has 1 trick, not 10",
                          "trick 1: the trick has 5 cards, not 3"]


def test_showing_out_is_not_a_problem_within_its_own_trick_or_with_hands():
    data = tricks_only(counts=None)
    data["tricks"] = [{"leader": 1, "cards": ["AS", "7H", "KS"]},
                      {"leader": 2, "cards": ["8H", "9H", "10H"]}]
    assert said(data) == ["the deal has 2 tricks, not 10"]


def test_wrong_counts_are_named_with_the_right_ones():
    assert said(record(counts=[6, 4, 0])) == [
        "the record says the counts are 6, 4 and 0, but they are 7, 3 and 0"]


@pytest.mark.parametrize(("counts", "value"), [
    ([7, 3], "[7, 3]"), ([7, 3, 0, 0], "[7, 3, 0, 0]"), ([7, 3, -1], "[7, 3, -1]"),
    ([7, 3, 11], "[7, 3, 11]"), ([7, 3, True], "[7, 3, true]"), ("7,3,0", "“7,3,0”"),
    ([7.0, 3, 0], "[7.0, 3, 0]"),
])
def test_counts_that_are_not_three_numbers_of_tricks_make_the_record_unusable(counts, value):
    assert refusal(record(counts=counts)) == (
        "cards.counts_shape",
        f'"counts" must be a list of 3 numbers of tricks, 0 to 10 (got {value})')


def test_counts_that_are_not_three_numbers_are_shown_to_forty_characters():
    counts = [10 ** 12, 2 * 10 ** 12, 3 * 10 ** 12, 4]
    assert refusal(record(counts=counts))[1] == (
        '"counts" must be a list of 3 numbers of tricks, 0 to 10 (got '
        "[1000000000000, 2000000000000, 30000000…)")


def test_counts_of_ten_and_zero_are_numbers_of_tricks():
    data = tricks_only(counts=[10, 0, 0])
    assert said(data) == ["the record says the counts are 10, 0 and 0, but they are 7, 3 and 0"]


# Input that is no deal record


@pytest.mark.parametrize(("data", "code", "message"), [
    ([], "cards.not_object", "this is not a deal record: expected a JSON object"),
    ({"dealer": 0}, "cards.no_tricks", 'the deal record has no "tricks"'),
    ({"tricks": {"leader": 0}}, "cards.not_a_list", '"tricks" must be a list'),
    ({"tricks": [3]}, "cards.trick_object", "trick 1 is not an object"),
    ({"tricks": [{"leader": 0, "cards": "AH KH QH"}]}, "cards.not_a_list",
     '"tricks[0].cards" must be a list'),
    ({"tricks": [{"leader": 3, "cards": []}]}, "cards.bad_player",
     '"tricks[0].leader" must be player 0, 1 or 2 (got 3)'),
    ({"tricks": [{"leader": -1, "cards": []}]}, "cards.bad_player",
     '"tricks[0].leader" must be player 0, 1 or 2 (got -1)'),
    ({"tricks": [{"leader": True, "cards": []}]}, "cards.bad_player",
     '"tricks[0].leader" must be player 0, 1 or 2 (got true)'),
    ({"tricks": [{"leader": "1", "cards": []}]}, "cards.bad_player",
     '"tricks[0].leader" must be player 0, 1 or 2 (got “1”)'),
    ({"dealer": 1.0, "tricks": []}, "cards.bad_player",
     '"dealer" must be player 0, 1 or 2 (got 1.0)'),
    ({"tricks": [{"leader": 0, "cards": ["AH", "KH", "QH"], "winner": 5}]},
     "cards.bad_player", '"tricks[0].winner" must be player 0, 1 or 2 (got 5)'),
    ({"hands": "AH", "tricks": []}, "cards.not_a_list", '"hands" must be a list'),
    ({"hands": [[], []], "tricks": []}, "cards.hands_count", "a deal has 3 hands, not 2"),
    ({"hands": [[], [], [], []], "tricks": []}, "cards.hands_count",
     "a deal has 3 hands, not 4"),
    ({"hands": [[], "x", []], "tricks": []}, "cards.not_a_list", '"hands[1]" must be a list'),
    ({"hands": [[], [], []], "ecart": "QS", "tricks": []}, "cards.not_a_list",
     '"ecart" must be a list'),
    ({"ecart": "QS", "tricks": []}, "cards.not_a_list", '"ecart" must be a list'),
])
def test_input_that_is_no_deal_record_is_refused_saying_where(data, code, message):
    assert refusal(data) == (code, message)


def test_a_later_trick_that_is_not_an_object_is_named_by_its_number():
    data = tricks_only()
    data["tricks"][6] = None
    assert refusal(data) == ("cards.trick_object", "trick 7 is not an object")


def test_a_leader_or_winner_given_as_null_counts_as_left_out():
    data = tricks_only()
    data["tricks"][2]["leader"] = None
    data["tricks"][2]["winner"] = None
    assert audit(data).ok and audit(data).tricks[2].leader == 0
    assert audit(tricks_only(dealer=None)).ok


# How values of the record are shown


def test_values_are_shown_as_json_cut_to_twenty_characters():
    # A text is given back as it is (the message quotes it the language's way: Given).
    assert shown("abc") == "abc" and isinstance(shown("abc"), Given)
    assert shown(None) == "null" and shown(True) == "true" and shown([1, 2]) == "[1, 2]"
    assert shown("Chloé ♥") == "Chloé ♥"
    assert shown("x" * 20) == "x" * 20  # 20 characters: whole
    assert shown("x" * 21) == "x" * 19 + "…"  # 21: cut to 20
    assert len(shown("y" * 100)) == 20
    assert shown("x" * 40, 40) == "x" * 40
    assert shown("x" * 41, 40) == "x" * 39 + "…"


def test_a_value_json_cannot_write_is_shown_by_its_type():
    assert shown(10 ** 5000) == "<int>"
    assert shown(float("nan")) == "NaN"
    assert shown({1, 2}) == "<set>"


def test_characters_a_terminal_would_choke_on_are_shown_escaped():
    assert printable("é ok ♥") == "é ok ♥"
    assert printable("a\nb\x1b[31m") == "a\\nb\\x1b[31m"
    assert printable("\ud800") == "\\ud800"
    assert shown("\x00") == "\\x00"


def test_a_checked_trick_keeps_each_card_as_written_cut_to_eight_characters():
    data = tricks_only(counts=None)
    data["tricks"][0]["cards"] = ["js", "T♠", "KS"]
    result = audit(data)
    assert result.ok and result.tricks[0].codes == ("js", "T♠", "KS")
    assert [code(c) for c in result.tricks[0].cards] == ["JS", "10S", "KS"]
    data["tricks"][0]["cards"][2] = "KS\nwith more words"
    assert audit(data).tricks[0].codes == ("js", "T♠", "KS\\nwith ")
    assert said(data) == ['trick 1, player 0: "KS\\nwith more words" is not a card']


def test_the_audit_of_a_record_read_from_json_text_is_the_same():
    again = json.loads(json.dumps(RECORD))
    assert audit(again) == audit(RECORD)


def test_a_deal_being_played_is_checked_as_far_as_it_goes():
    hands = [sum(1 << c for c in range(p * 10, p * 10 + 10)) for p in range(3)]
    state = DealState(hands, (1 << 30) | (1 << 31), dealer=2)
    state.play(state.legal().bit_length() - 1)
    partial = state.record().to_json()
    result = audit({"dealer": 2, "tricks": partial["tricks"]})
    assert result.tricks == () and said({"dealer": 2, "tricks": partial["tricks"]}) == [
        "the deal has 0 tricks, not 10"]
