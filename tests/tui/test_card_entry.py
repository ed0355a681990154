"""Reading a typed trick (the check-a-deal screen's entry), on its own."""

import pytest

from scorekeeper.rules.cards import code
from scorekeeper.tui.card_entry import BadTrick, read_card, read_trick


@pytest.mark.parametrize("typed, card", [("AH", "AH"), ("ah", "AH"), ("10s", "10S"),
                                          ("tc", "10C"), ("A♥", "AH"), ("RH", "KH"),
                                          ("dd", "QD"), ("VS", "JS"), (" 7c ", "7C")])
def test_one_card_in_english_or_french_ranks(typed, card):
    assert code(read_card(typed)) == card


def test_a_trick_typed_joined_or_separated():
    assert [code(c) for c in read_trick("AH7SKS")] == ["AH", "7S", "KS"]
    assert [code(c) for c in read_trick("rh; dh / vh")] == ["KH", "QH", "JH"]
    assert [code(c) for c in read_trick("10d,TD-9d")] == ["10D", "10D", "9D"]


@pytest.mark.parametrize("typed, english, french", [
    ("", "Type the three cards", "Tapez les trois cartes"),
    ("AH 7S", "you typed 2", "vous en avez tapé 2"),
    ("AH 7S KS QS", "you typed 4", "vous en avez tapé 4"),
    ("AH 6S KS", "6S is not a card", "6S n'est pas une carte"),
    ("AH XY KS", "XY is not a card", "XY n'est pas une carte"),
])
def test_what_is_wrong_is_said_in_both_languages(typed, english, french):
    with pytest.raises(BadTrick, match=english):
        read_trick(typed, "en")
    with pytest.raises(BadTrick, match=french):
        read_trick(typed, "fr")
