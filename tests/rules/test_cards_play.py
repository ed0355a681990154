"""Simulated deals are whole legal deals, checked by a plain second reading of the rules."""

import random

import pytest

from scorekeeper.errors import VicaireError
from scorekeeper.rules.cards import cards_of, code, deal, mask_of, parse_card
from scorekeeper.rules.play import DealState, legal_mask, trick_winner
from scorekeeper.sim.deals import simulate_deal
from tests.rules.plain_reading import DECK, check_record, winner_of


def test_codes_round_trip_and_refuse_junk():
    assert [code(c) for c in range(32)] == DECK
    assert all(parse_card(code(c)) == c for c in range(32))
    assert parse_card("10♠") == parse_card("TS") == parse_card("10s")
    for junk in ("1H", "AX", "", "11S", None, 3):
        with pytest.raises(VicaireError):
            parse_card(junk)


def test_deal_is_one_deck():
    hands, ecart = deal(random.Random(1))
    assert [h.bit_count() for h in hands] == [10, 10, 10] and ecart.bit_count() == 2
    assert hands[0] | hands[1] | hands[2] | ecart == (1 << 32) - 1


def test_trick_winner_examples():
    p = parse_card
    assert trick_winner(1, [p("KS"), p("7S"), p("AH")]) == 0  # trumped
    assert trick_winner(0, [p("KS"), p("AS"), p("AD")]) == 1  # off-suit ace loses
    assert trick_winner(2, [p("7H"), p("AS"), p("8H")]) == 1  # higher heart
    assert trick_winner(0, [p("9D"), p("7H"), p("8H")]) == 2  # over-trump


def test_trick_winner_agrees_with_plain_reading():
    rng = random.Random(7)
    for _ in range(3000):
        cards = rng.sample(range(32), 3)
        leader = rng.randrange(3)
        assert trick_winner(leader, cards) == winner_of(leader, [code(c) for c in cards])


def test_follow_suit_or_anything():
    hand = mask_of(parse_card(c) for c in ("AH", "7S", "8S", "KD"))
    follow = {code(c) for c in cards_of(legal_mask(hand, parse_card("QS")))}
    assert follow == {"7S", "8S"}
    assert legal_mask(hand, parse_card("QC")) == hand
    assert legal_mask(hand, None) == hand


def test_illegal_play_is_refused():
    hands, ecart = deal(random.Random(2))
    state = DealState(hands, ecart, dealer=0)
    assert state.turn == 1
    outside = next(c for c in range(32) if not (hands[1] >> c) & 1)
    with pytest.raises(VicaireError):
        state.play(outside)


@pytest.mark.parametrize("bots,count", [("random", 3000), ("target", 1000)])
def test_simulated_deals_are_legal(bots, count):
    rng = random.Random(11)
    for i in range(count):
        needs = [(rng.randint(1, 9), 10) for _ in range(3)]
        check_record(simulate_deal(rng, i % 3, bots, needs).to_json())


def test_batch_engine_deals_are_legal():
    pytest.importorskip("numpy")
    from scorekeeper.sim.batch import random_batch

    batch = random_batch(2000, seed=5, dealer=1)
    for i in range(2000):
        check_record(batch.record(i).to_json())
