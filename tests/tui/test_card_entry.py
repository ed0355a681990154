"""Reading a typed trick (the check-a-deal screen's entry), on its own."""

import pytest

from scorekeeper.rules.cards import code
from scorekeeper.tui.cards.card_entry import BadTrick, read_card, read_trick


@pytest.mark.parametrize("typed, card", [("AH", "AH"), ("ah", "AH"), ("10s", "10S"),
                                          ("tc", "10C"), ("A♥", "AH"), ("K♣", "KC"),
                                          (" 7c ", "7C")])
def test_one_card_in_english_letters_or_signs(typed, card):
    assert code(read_card(typed)) == card


@pytest.mark.parametrize("typed, card", [("AC", "AH"), ("rp", "KS"), ("DK", "QD"),
                                          ("VT", "JC"), ("10P", "10S"), ("R♥", "KH"),
                                          ("7♣", "7C")])
def test_one_card_in_french_letters_or_signs(typed, card):
    """In French: A R D V 10 9 8 7, and C cœur, P pique, K carreau, T trèfle."""
    assert code(read_card(typed, "fr")) == card


@pytest.mark.parametrize("typed, lang", [("RH", "en"), ("VS", "en"), ("AH", "fr"),
                                          ("10S", "fr"), ("TC", "fr")])
def test_the_other_languages_letters_are_not_cards(typed, lang):
    with pytest.raises(BadTrick):
        read_trick(f"{typed} {typed} {typed}", lang)


def test_a_trick_typed_joined_or_separated():
    assert [code(c) for c in read_trick("AH7SKS")] == ["AH", "7S", "KS"]
    assert [code(c) for c in read_trick("10d,TD-9d")] == ["10D", "10D", "9D"]
    assert [code(c) for c in read_trick("rc; dc / vc", "fr")] == ["KH", "QH", "JH"]
    assert [code(c) for c in read_trick("AC7PRP", "fr")] == ["AH", "7S", "KS"]


@pytest.mark.parametrize("english, french, said_en, said_fr", [
    ("", "", "Type the three cards", "Tapez les trois cartes"),
    ("AH 7S", "AC 7P", "you typed 2", "vous en avez tapé 2"),
    ("AH 7S KS QS", "AC 7P RP DP", "you typed 4", "vous en avez tapé 4"),
    ("AH 6S KS", "AC 6P RP", "6S is not a card", "6P n'est pas une carte"),
    ("AH XY KS", "AC XY RP", "XY is not a card", "XY n'est pas une carte"),
])
def test_what_is_wrong_is_said_in_both_languages(english, french, said_en, said_fr):
    with pytest.raises(BadTrick, match=said_en):
        read_trick(english, "en")
    with pytest.raises(BadTrick, match=said_fr):
        read_trick(french, "fr")
