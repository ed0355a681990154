"""Playing a deal card by card, as the app's deal screen and `vicaire simulate` do: one deck
dealt, turns in order from the player after the dealer, suit followed, the trick's winner
leading the next, and the record of the deal as docs/command-line.md writes it."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules.cards import CODES, cards_of, code, deal, mask_of, parse_card
from scorekeeper.rules.play import DealState, beats, legal_mask, play_deal, trick_winner


def hand(*codes):
    return mask_of(parse_card(c) for c in codes)


def cards(*codes):
    return [parse_card(c) for c in codes]


def refusal(action):
    with pytest.raises(VicaireError) as err:
        action()
    return err.value.code, error_text(err.value)


HANDS = (hand("AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "AS", "KS"),
         hand("QS", "JS", "10S", "9S", "8S", "7S", "AD", "KD", "QD", "JD"),
         hand("10D", "9D", "8D", "7D", "AC", "KC", "QC", "JC", "10C", "9C"))
ECART = hand("8C", "7C")


def test_the_deck_is_the_thirty_two_cards_in_suit_and_rank_order():
    assert " ".join(CODES) == (
        "AH KH QH JH 10H 9H 8H 7H AS KS QS JS 10S 9S 8S 7S "
        "AD KD QD JD 10D 9D 8D 7D AC KC QC JC 10C 9C 8C 7C")


@pytest.mark.parametrize(("text", "card"), [
    ("AH", "AH"), (" ah ", "AH"), ("10s", "10S"), ("TS", "10S"), ("t♠", "10S"), ("K♥", "KH"),
    ("q♦", "QD"), ("7♣", "7C"), ("10\u2663", "10C"),
])
def test_a_card_is_read_from_its_code_in_any_case_with_t_for_ten_and_suit_symbols(text, card):
    assert code(parse_card(text)) == card


@pytest.mark.parametrize(("text", "shown"), [
    ("1H", "1H"), ("T", "T"), ("", ""), ("AHH", "AHH"), ("HA", "HA"), ("10", "10"),
    ("x" * 30, "x" * 20), ("T10S", "T10S"),
])
def test_a_text_that_names_no_card_is_refused_as_written(text, shown):
    assert refusal(lambda: parse_card(text)) == (
        "cards.unknown", f"{shown} is not a card (codes are like AH, 10S, 7C)")


@pytest.mark.parametrize(("value", "shown"), [(None, "None"), (10, "10"),
                                              (["AH"] * 5, "['AH', 'AH', 'AH', '")])
def test_a_value_that_is_not_text_is_refused_as_no_card(value, shown):
    assert refusal(lambda: parse_card(value)) == (
        "cards.unknown", f"{shown} is not a card (codes are like AH, 10S, 7C)")


def test_cards_of_a_hand_come_hearts_first_highest_first():
    assert [code(c) for c in cards_of(hand("7C", "AS", "9H", "KH", "10D"))] == [
        "KH", "9H", "AS", "10D", "7C"]
    assert cards_of(0) == [] and cards_of(1 << 31) == [31]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_deal_is_three_hands_of_ten_and_an_ecart_of_two_from_one_deck(seed):
    hands, ecart = deal(random.Random(seed))
    assert [h.bit_count() for h in hands] == [10, 10, 10] and ecart.bit_count() == 2
    assert hands[0] | hands[1] | hands[2] | ecart == (1 << 32) - 1
    assert deal(random.Random(seed)) == (hands, ecart)
    assert deal(random.Random(seed + 10)) != (hands, ecart)


def test_each_card_of_the_deck_can_be_dealt_anywhere():
    seen = [set(), set(), set(), set()]
    rng = random.Random(4)
    for _ in range(200):
        hands, ecart = deal(rng)
        for place, mask in enumerate((*hands, ecart)):
            seen[place] |= set(cards_of(mask))
    assert all(s == set(range(32)) for s in seen)


@pytest.mark.parametrize(("leader", "played", "winner"), [
    (0, ("KS", "AS", "7S"), 1),  # the higher card of the led suit
    (0, ("7S", "AS", "KS"), 1),
    (1, ("AS", "KS", "QS"), 1),  # the leader keeps it
    (2, ("9D", "AS", "AC"), 2),  # other suits never win
    (0, ("AS", "7H", "8H"), 2),  # a heart trumps, the higher heart wins
    (0, ("AS", "8H", "7H"), 1),
    (1, ("7H", "AS", "AD"), 1),  # hearts led: a heart
    (0, ("QD", "KD", "JD"), 1),
])
def test_a_trick_is_won_by_the_highest_heart_or_else_the_highest_card_of_the_led_suit(
        leader, played, winner):
    assert trick_winner(leader, cards(*played)) == winner


def test_a_card_beats_the_winning_card_only_if_higher_in_its_suit_or_a_heart():
    assert beats(parse_card("AS"), parse_card("KS"))
    assert not beats(parse_card("KS"), parse_card("AS"))
    assert not beats(parse_card("KS"), parse_card("KS"))
    assert beats(parse_card("7H"), parse_card("AS"))
    assert not beats(parse_card("AS"), parse_card("7H"))
    assert not beats(parse_card("AD"), parse_card("7S"))
    assert beats(parse_card("7H"), parse_card("AC"))


def test_a_player_follows_the_led_suit_when_they_can_and_plays_anything_otherwise():
    mine = hand("AH", "7S", "8S", "KD")
    assert legal_mask(mine, parse_card("QS")) == hand("7S", "8S")
    assert legal_mask(mine, parse_card("QC")) == mine
    assert legal_mask(mine, parse_card("7H")) == hand("AH")
    assert legal_mask(mine, None) == mine


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_player_after_the_dealer_leads_then_turns_go_round(dealer):
    state = DealState(HANDS, ECART, dealer=dealer)
    first = (dealer + 1) % 3
    assert state.turn == first and state.led is None and not state.done
    assert state.winning() is None
    state.play(cards_of(state.legal())[0])
    assert state.turn == (first + 1) % 3 and state.led is not None
    state.play(cards_of(state.legal())[0])
    assert state.turn == (first + 2) % 3


def test_the_card_winning_the_trick_on_the_table_is_known_as_it_is_played():
    state = DealState(HANDS, ECART, dealer=0)  # player 1 leads
    state.play(parse_card("QS"))
    assert state.winning() == (1, parse_card("QS"))
    state.play(parse_card("AC"))
    assert state.winning() == (1, parse_card("QS"))
    trick = state.play(parse_card("KS"))
    assert trick.winner == 0 and state.winning() is None and state.turn == 0
    state = DealState(HANDS, ECART, dealer=1)  # player 2 leads
    state.play(parse_card("10D"))
    state.play(parse_card("8H"))  # player 0 has no diamond and trumps
    assert state.winning() == (0, parse_card("8H"))
    state.play(parse_card("AD"))
    assert state.winning() is None and state.turn == 0 and state.counts == [1, 0, 0]


def test_a_trick_is_returned_when_its_third_card_is_played_and_its_winner_leads_next():
    state = DealState(HANDS, ECART, dealer=0)  # player 1 leads
    assert state.play(parse_card("QS")) is None
    assert state.play(parse_card("AC")) is None
    trick = state.play(parse_card("AS"))
    assert (trick.leader, trick.winner) == (1, 0)
    assert [code(c) for c in trick.cards] == ["QS", "AC", "AS"]
    assert [trick.player_of(i) for i in range(3)] == [1, 2, 0]
    assert state.turn == 0 and state.table == [] and state.counts == [1, 0, 0]
    assert state.played == hand("QS", "AC", "AS")
    assert state.hands[0] == HANDS[0] & ~hand("AS")


def test_a_card_that_may_not_be_played_is_refused_naming_the_player_and_changes_nothing():
    state = DealState(HANDS, ECART, dealer=1)  # player 2 leads
    state.play(parse_card("AC"))
    # Player 0 has no club: anything of theirs goes, but not another player's card.
    assert refusal(lambda: state.play(parse_card("QS"))) == (
        "cards.illegal", "player 0 may not play QS now")
    assert state.turn == 0 and state.table == [parse_card("AC")]
    assert state.hands[0] == HANDS[0]


def test_a_card_of_another_hand_is_refused():
    state = DealState(HANDS, ECART, dealer=2)
    assert refusal(lambda: state.play(parse_card("AD")))[1] == "player 0 may not play AD now"


@pytest.mark.parametrize(("hands", "ecart", "code_", "message"), [
    ((HANDS[0], HANDS[1]), ECART, "cards.hand_size", "a hand has 10 cards"),
    ((HANDS[0], HANDS[1], HANDS[2] | ECART), 0, "cards.hand_size", "a hand has 10 cards"),
    ((HANDS[0], HANDS[1], HANDS[2] & ~hand("9C")), ECART | hand("9C"), "cards.hand_size",
     "a hand has 10 cards"),
    ((HANDS[0], HANDS[1], HANDS[1]), ECART, "cards.not_a_deck",
     "hands and écart must make one 32-card deck"),
    ((HANDS[0], HANDS[0], HANDS[2]), ECART, "cards.not_a_deck",
     "hands and écart must make one 32-card deck"),
    ((HANDS[2], HANDS[1], HANDS[2]), ECART, "cards.not_a_deck",
     "hands and écart must make one 32-card deck"),
    (HANDS, hand("8C"), "cards.not_a_deck", "hands and écart must make one 32-card deck"),
    (HANDS, hand("8C", "7C", "AH"), "cards.not_a_deck",
     "hands and écart must make one 32-card deck"),
    (HANDS, hand("8C", "AH"), "cards.not_a_deck", "hands and écart must make one 32-card deck"),
])
def test_hands_and_ecart_that_are_not_one_deck_are_refused(hands, ecart, code_, message):
    assert refusal(lambda: DealState(hands, ecart, 0)) == (code_, message)


def test_after_ten_tricks_the_deal_is_over_and_refuses_more_cards():
    record = play_deal(HANDS, ECART, 0, [lambda s: cards_of(s.legal())[0]] * 3)
    assert len(record.tricks) == 10 and sum(record.counts) == 10
    state = DealState(HANDS, ECART, 0)
    while not state.done:
        state.play(cards_of(state.legal())[0])
    assert refusal(lambda: state.play(0)) == (
        "cards.deal_over", "the deal is over: all 10 tricks are played")
    assert state.record() == record


def test_the_record_of_a_deal_is_the_readmes_deal_record():
    record = play_deal(HANDS, ECART, 1, [lambda s: cards_of(s.legal())[-1]] * 3)
    data = record.to_json()
    assert list(data) == ["dealer", "hands", "ecart", "tricks", "counts"]
    assert data["dealer"] == 1
    assert data["hands"][1] == ["QS", "JS", "10S", "9S", "8S", "7S", "AD", "KD", "QD", "JD"]
    assert data["ecart"] == ["8C", "7C"]
    assert data["tricks"][0] == {"leader": 2, "cards": ["9C", "KS", "JD"], "winner": 2}
    assert data["counts"] == list(record.counts) and sum(data["counts"]) == 10
    assert [t["leader"] for t in data["tricks"][1:]] == [t["winner"] for t in data["tricks"][:-1]]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(0, 2))
def test_every_deal_played_with_legal_cards_is_whole_and_follows_the_rules(seed, dealer):
    rng = random.Random(seed)
    hands, ecart = deal(rng)
    record = play_deal(hands, ecart, dealer,
                       [lambda s: rng.choice(cards_of(s.legal()))] * 3)
    assert record.hands == hands and record.ecart == ecart and record.dealer == dealer
    held = list(hands)
    leader = (dealer + 1) % 3
    counts = [0, 0, 0]
    for trick in record.tricks:
        assert trick.leader == leader
        led = trick.cards[0] >> 3
        for position, card in enumerate(trick.cards):
            player = (leader + position) % 3
            assert (held[player] >> card) & 1
            if position and card >> 3 != led:
                assert not held[player] & (0xFF << 8 * led)  # could not follow
            held[player] &= ~(1 << card)
        assert trick.winner == trick_winner(trick.leader, trick.cards)
        counts[trick.winner] += 1
        leader = trick.winner
    assert held == [0, 0, 0] and list(record.counts) == counts
