"""Reading a trick as typed at the table, with the letters of the app's language: in English
`AH 7S KS`, `ah,7s,ks`, `AH7SKS`, `10h` or `th` (A K Q J 10 9 8 7; H S D C); in French
`AC 7P RP` (A R D V 10 9 8 7: as, roi, dame, valet; C P K T: cœur, pique, carreau, trèfle).
The suits' signs ♥ ♠ ♦ ♣ are read in both languages."""

from __future__ import annotations

import re

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr
from scorekeeper.i18n.cards import RANKS_EN, RANKS_FR, SYMBOLS
from scorekeeper.rules.cards import RANKS, SUITS, parse_card
from scorekeeper.rules.play import PLAYERS

# Each language's letters, in the order of `rules.cards` (ranks A K Q J 10 9 8 7; suits
# hearts, spades, diamonds, clubs): the French suits are cœur, pique, carreau, trèfle.
SUITS_EN = ("H", "S", "D", "C")
SUITS_FR = ("C", "P", "K", "T")
LETTERS = {"en": (RANKS_EN, SUITS_EN), "fr": (RANKS_FR, SUITS_FR)}
TEN_EN = "T"  # T for ten, in English (in French, T is trèfle)


class BadTrick(ValueError):
    """Typed text that is not the three cards of a trick; the message says why."""


def _letters(lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return LETTERS.get(lang, LETTERS["en"])


def _joined(lang: str) -> re.Pattern[str]:
    """Three cards typed without a space between them: `AH7SKS`, `AC7PRP`."""
    ranks, suits = _letters(lang)
    letters = "".join(r for r in ranks if r.isalpha()) + (TEN_EN if lang == "en" else "")
    card = rf"(?:10|[{letters}2-9])[{''.join(suits)}{''.join(SYMBOLS)}]"
    return re.compile(f"({card})({card})({card})", re.IGNORECASE)


def read_card(token: str, lang: str = "en") -> int:
    """One card as typed in `lang` (`AH`, `10h`, `th`; in French `AC`, `RP`, `10K`), or with
    the suit's sign (`A♥`, `R♥`); a VicaireError if it is no card."""
    key = token.strip().upper()
    ranks, suits = _letters(lang)
    rank, suit = key[:-1], key[-1:]
    if lang == "en" and rank == TEN_EN:
        rank = "10"
    if suit in SYMBOLS:
        suit_index = SYMBOLS.index(suit)
    elif suit in suits:
        suit_index = suits.index(suit)
    else:
        raise VicaireError("cards.unknown", card=token)
    if rank not in ranks:
        raise VicaireError("cards.unknown", card=token)
    return parse_card(RANKS[ranks.index(rank)] + SUITS[suit_index])


def read_trick(text: str, lang: str = "en") -> list[int]:
    """The three cards typed for a trick, in play order; BadTrick says what is wrong."""
    tokens = [t for t in re.split(r"[\s,;/·\-]+", text.strip()) if t]
    if len(tokens) == 1 and (joined := _joined(lang).fullmatch(tokens[0])):
        tokens = list(joined.groups())
    if not tokens:
        raise BadTrick(tr(lang, "Type the three cards of the trick, e.g. AH 7S KS."))
    cards = []
    for token in tokens:
        try:
            cards.append(read_card(token, lang))
        except VicaireError:
            raise BadTrick(tr(lang, "{token} is not a card: codes are like AH, 10S, 7C or A♥ "
                                    "(T for a ten).", token=token[:12])
            ) from None
    if len(cards) != PLAYERS:
        raise BadTrick(tr(lang, "A trick is 3 cards, one per player; you typed {count}.",
                                count=len(cards)))
    return cards


def why_not_a_trick(text: str, lang: str) -> str:
    """Why `text` is not the three cards of a trick, in `lang` ("" when it is one)."""
    try:
        read_trick(text, lang)
    except BadTrick as exc:
        return str(exc)
    return ""
