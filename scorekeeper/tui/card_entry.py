"""Reading a trick as typed at the table: `AH 7S KS`, `ah,7s,ks`, `AH7SKS`, `10h`, `th`, `A♥`,
or with the French ranks (R roi, D dame, V valet) that `scorekeeper.i18n.cards` shows."""

from __future__ import annotations

import re

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr
from scorekeeper.i18n.cards import RANKS_EN, RANKS_FR
from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.play import PLAYERS

# The French rank letters that differ from the English ones, read as the English (R -> K).
FRENCH_RANKS = {fr: en for fr, en in zip(RANKS_FR, RANKS_EN, strict=True) if fr != en}
FRENCH_RANKS["T"] = "10"  # T for ten, in either language
_RANK_LETTERS = "".join(sorted({r for r in (*RANKS_EN, *RANKS_FR, "T") if r.isalpha()}))
_CARD = rf"(?:10|[{_RANK_LETTERS}2-9])[HSDC♥♠♦♣]"  # (2 to 6 are then said not to be cards)
_JOINED = re.compile(f"({_CARD})({_CARD})({_CARD})", re.IGNORECASE)


class BadTrick(ValueError):
    """Typed text that is not the three cards of a trick; the message says why."""


def read_card(token: str) -> int:
    """One card from `AH`, `ah`, `10h`, `th`, `A♥`, or French `RH` (roi), `DH`, `VH`."""
    key = token.strip().upper()
    if len(key) >= 2 and key[:-1] in FRENCH_RANKS:
        key = FRENCH_RANKS[key[:-1]] + key[-1]
    return parse_card(key)


def read_trick(text: str, lang: str = "en") -> list[int]:
    """The three cards typed for a trick, in play order; BadTrick says what is wrong."""
    tokens = [t for t in re.split(r"[\s,;/·\-]+", text.strip()) if t]
    if len(tokens) == 1 and (joined := _JOINED.fullmatch(tokens[0])):
        tokens = list(joined.groups())
    if not tokens:
        raise BadTrick(tr(lang, "Type the three cards of the trick, e.g. AH 7S KS."))
    cards = []
    for token in tokens:
        try:
            cards.append(read_card(token))
        except VicaireError:
            raise BadTrick(tr(lang, "{token} is not a card: codes are like AH, 10S, 7C (R D V = "
                                    "K Q J).", token=token[:12])
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
