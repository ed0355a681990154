"""Checking a deal record (docs/command-line.md) trick by trick: winners, counts, every
provable broken rule.

Input that cannot be read as a deal record at all raises VicaireError (unusable); broken
rules are returned as Problem values (trick numbers 1-based, players as record indexes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.errors import VicaireError, printable, shown
from scorekeeper.rules.cards import CODES, ECART_SIZE, FULL_DECK, HAND_SIZE, SUIT_MASKS, parse_card
from scorekeeper.rules.play import PLAYERS, TRICKS, trick_winner

MAX_TRICKS = 100


@dataclass(frozen=True)
class Problem:
    """One broken rule: a code, the trick (1-based) and player (index) when it applies."""

    code: str
    trick: int | None = None
    player: int | None = None
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)


@dataclass(frozen=True)
class CheckedTrick:
    """A trick as read: leader, cards (None for a card that does not exist), computed winner."""

    leader: int
    cards: tuple[int | None, ...]
    codes: tuple[str, ...]
    winner: int | None


@dataclass(frozen=True)
class Audit:
    """What `verify` found: the tricks with their winners, the counts, the broken rules."""

    tricks: tuple[CheckedTrick, ...]
    counts: tuple[int, int, int]
    problems: tuple[Problem, ...] = field(default=())
    has_hands: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems


def _player(value: Any, what: str) -> int:
    """A player index 0, 1 or 2; anything else (a string, true, 7) is unusable input."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        raise VicaireError("cards.bad_player", what=what, value=shown(value))
    return int(value)


def _card_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise VicaireError("cards.not_a_list", what=what)
    return value


class _Auditor:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, code: str, trick: int | None = None, player: int | None = None,
            **params: Any) -> None:
        self.problems.append(Problem(code, trick, player, tuple(params.items())))

    def card(self, text: Any, trick: int | None, player: int | None, where: str) -> int | None:
        """The card `text` names; a text that names none is a problem, a value that is not
        text (a number, true, a list) unusable input."""
        if not isinstance(text, str):
            raise VicaireError("cards.card_type", where=where, value=shown(text))
        try:
            return parse_card(text)
        except VicaireError:
            self.add("cards.no_such_card", trick, player, card=printable(text[:20]))
            return None


def _read_hands(data: dict[str, Any], aud: _Auditor) -> tuple[list[int], int] | None:
    """The hands and écart as masks, or None when absent; problems for a broken deck."""
    if data.get("hands") is None:
        return None
    hands_in = _card_list(data["hands"], "hands")
    if len(hands_in) != PLAYERS:
        raise VicaireError("cards.hands_count", count=len(hands_in))
    owner: dict[int, str] = {}

    def mask_of(cards: list[Any], player: int | None, where: str, path: str) -> int:
        """The cards as a mask; a card that is no card, or dealt twice, is a problem."""
        mask = 0
        for text in cards:
            card = aud.card(text, None, player, path)
            if card is None:
                continue
            if card in owner:
                aud.add("cards.dealt_twice", None, player, card=CODES[card], where=owner[card])
                continue
            owner[card] = where
            mask |= 1 << card
        return mask

    hands: list[int] = []
    for p, hand in enumerate(hands_in):
        hand = _card_list(hand, f"hands[{p}]")
        if len(hand) != HAND_SIZE:
            aud.add("cards.hand_size", None, p, count=len(hand), size=HAND_SIZE)
        hands.append(mask_of(hand, p, f"p{p}", f"hands[{p}]"))
    if data.get("ecart") is not None:
        cards = _card_list(data["ecart"], "ecart")
        if len(cards) != ECART_SIZE:
            aud.add("cards.ecart_size", count=len(cards), size=ECART_SIZE)
        ecart = mask_of(cards, None, "ecart", "ecart")
    else:
        ecart = FULL_DECK & ~(hands[0] | hands[1] | hands[2])
    return hands, ecart


def audit(data: Any) -> Audit:
    """Check a deal record (a parsed JSON object); refuse one that is not a deal record."""
    if not isinstance(data, dict):
        raise VicaireError("cards.not_object")
    if "tricks" not in data:
        raise VicaireError("cards.no_tricks")
    tricks_in = _card_list(data["tricks"], "tricks")
    if len(tricks_in) > MAX_TRICKS:
        raise VicaireError("cards.too_many_tricks", count=len(tricks_in))
    aud = _Auditor()
    dealer = None if data.get("dealer") is None else _player(data["dealer"], "dealer")
    read = _read_hands(data, aud)
    hands = read[0] if read else None
    ecart = read[1] if read else 0
    if read is None and data.get("ecart") is not None:
        for text in _card_list(data["ecart"], "ecart"):
            card = aud.card(text, None, None, "ecart")
            if card is not None:
                ecart |= 1 << card

    if len(tricks_in) != TRICKS:
        aud.add("cards.trick_count", count=len(tricks_in), size=TRICKS)
    played: dict[int, int] = {}  # card -> trick number
    void = [0, 0, 0]  # suits (bitmask of 4) each player showed out of, without hands
    void_at: dict[tuple[int, int], int] = {}
    held = list(hands or ())  # the cards each player still holds, with hands
    counts = [0, 0, 0]
    checked: list[CheckedTrick] = []
    previous: int | None = None
    for number, trick in enumerate(tricks_in, start=1):
        if not isinstance(trick, dict):
            raise VicaireError("cards.trick_object", trick=number)
        if trick.get("leader") is None:
            if previous is not None:
                leader = previous
            elif dealer is not None:
                leader = (dealer + 1) % PLAYERS
            else:
                raise VicaireError("cards.no_leader", trick=number)
        else:
            leader = _player(trick["leader"], f"tricks[{number - 1}].leader")
        if number == 1 and dealer is not None and leader != (dealer + 1) % PLAYERS:
            aud.add("cards.first_leader", 1, leader, dealer=dealer,
                    expected=(dealer + 1) % PLAYERS)
        if previous is not None and leader != previous:
            aud.add("cards.wrong_leader", number, leader, winner=previous)
        texts = _card_list(trick.get("cards"), f"tricks[{number - 1}].cards")
        if len(texts) != PLAYERS:
            aud.add("cards.trick_size", number, count=len(texts), size=PLAYERS)
        cards: list[int | None] = []
        led_suit: int | None = None
        for position, text in enumerate(texts):
            player = (leader + position) % PLAYERS
            card = aud.card(text, number, player, f"tricks[{number - 1}].cards")
            cards.append(card)
            if card is None:
                continue
            suit = card >> 3
            if position == 0:
                led_suit = suit
            if card in played:
                aud.add("cards.played_twice", number, player, card=CODES[card],
                        first=played[card])
            else:
                played[card] = number
            if (ecart >> card) & 1:
                aud.add("cards.from_ecart", number, player, card=CODES[card])
            if hands is not None:
                hand = held[player]
                if not (hands[player] >> card) & 1:
                    aud.add("cards.not_in_hand", number, player, card=CODES[card])
                elif led_suit is not None and suit != led_suit and hand & SUIT_MASKS[led_suit]:
                    aud.add("cards.revoke", number, player, card=CODES[card],
                            suit=led_suit)
                held[player] &= ~(1 << card)
            elif led_suit is not None and suit != led_suit and not void[player] >> led_suit & 1:
                void[player] |= 1 << led_suit
                void_at[(player, led_suit)] = number
            if hands is None and (void[player] >> suit) & 1 and (
                    void_at[(player, suit)] < number):
                aud.add("cards.showed_out", number, player, card=CODES[card],
                        suit=suit, shown=void_at[(player, suit)])
        stated = trick.get("winner")
        if stated is not None:
            stated = _player(stated, f"tricks[{number - 1}].winner")
        winner = None
        if len(cards) == PLAYERS and all(c is not None for c in cards):
            winner = trick_winner(leader, cards)  # type: ignore[arg-type]
            counts[winner] += 1
            if stated is not None and stated != winner:
                aud.add("cards.wrong_winner", number, stated=stated, winner=winner)
        checked.append(CheckedTrick(leader, tuple(cards), tuple(printable(t[:8]) for t in texts),
                                    winner))
        previous = winner

    stated_counts = data.get("counts")
    if stated_counts is not None:
        if not isinstance(stated_counts, list) or len(stated_counts) != PLAYERS or not all(
                type(n) is int and 0 <= n <= TRICKS for n in stated_counts):
            raise VicaireError("cards.counts_shape", value=shown(stated_counts, 40))
        if list(stated_counts) != counts:
            aud.add("cards.wrong_counts", stated=list(stated_counts), counts=counts)
    return Audit(tuple(checked), (counts[0], counts[1], counts[2]), tuple(aud.problems),
                 has_hands=hands is not None)
