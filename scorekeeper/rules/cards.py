"""The 32-card deck: cards as small numbers, hands as bitmasks, codes like `AH` and `10S`.

A card is `suit * 8 + rank`: suit 0 hearts (trump), 1 spades, 2 diamonds, 3 clubs; rank 0 is
the ace (highest) down to 7 the seven. A set of cards is an int with bit `card` set, so the
cards of one suit are one byte and the highest card of a suit is its lowest set bit.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from scorekeeper.errors import VicaireError

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
SUITS = ("H", "S", "D", "C")
DECK_SIZE = 32
HAND_SIZE = 10
ECART_SIZE = 2
FULL_DECK = (1 << DECK_SIZE) - 1
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
CODES = tuple(rank + suit for suit in SUITS for rank in RANKS)
_BY_CODE = {code: card for card, code in enumerate(CODES)}


def code(card: int) -> str:
    """`AH`, `10S`, `7C`."""
    return CODES[card]


def parse_card(text: Any) -> int:
    """The card for a code (`ah`, `10s`, `T♠` are accepted too), or refuse it."""
    if not isinstance(text, str):
        raise VicaireError("cards.unknown", card=repr(text)[:20])
    key = text.strip().upper()
    key = key.translate(str.maketrans("♥♠♦♣", "HSDC"))
    if key[:1] == "T":
        key = "10" + key[1:]
    card = _BY_CODE.get(key)
    if card is None:
        raise VicaireError("cards.unknown", card=text[:20])
    return card


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding `cards`."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, hearts first, highest first within a suit."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 32 cards in a random order drawn from `rng`."""
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return deck


def deal(rng: random.Random) -> tuple[tuple[int, int, int], int]:
    """Three hands of 10 and an écart of 2, as bitmasks, from a seeded `rng`."""
    deck = shuffled_deck(rng)
    hands = (mask_of(deck[0:10]), mask_of(deck[10:20]), mask_of(deck[20:30]))
    return hands, mask_of(deck[30:])
