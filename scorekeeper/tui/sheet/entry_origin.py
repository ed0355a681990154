"""Where the counts in the score sheet's entry line came from, and what ctrl+o says of them.

The counts are typed by hand (`Typed`), or filled in from a deal played card by card
(`PlayedDeal`): one the bots simulated (ctrl+d) or one checked trick by trick (ctrl+g). The
origin holds the text it put in the entry line; once that text is edited by hand the counts
are no longer the deal's, and the origin goes back to `Typed` (remembering which deal was
edited, to say so). Pure values and words: no widget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.i18n import tr
from scorekeeper.rules.audit import Audit, Problem
from scorekeeper.rules.cards import ECART_SIZE, FULL_DECK
from scorekeeper.rules.play import PLAYERS, DealRecord, Trick
from scorekeeper.tui.sheet.entry import deal_words

SIMULATED, CHECKED = "simulated", "checked"


@dataclass(frozen=True)
class Typed:
    """Counts typed by hand, or none yet. `edited` is the kind of deal (SIMULATED, CHECKED)
    whose counts were then changed by hand, else ""."""

    edited: str = ""


@dataclass(frozen=True)
class PlayedDeal:
    """Counts that came from a deal played card by card, and the text they put in the entry.

    kind: SIMULATED or CHECKED; record: the dealer, hands, écart (0 when unknown), tricks and
    counts; needs: what each player needed (a simulated deal: what the bots aimed at);
    problems: the broken rules found in a checked deal."""

    kind: str
    record: DealRecord
    text: str
    needs: tuple[tuple[int, ...], ...] | None = None
    problems: tuple[Problem, ...] = ()

    @property
    def counts(self) -> tuple[int, int, int]:
        return self.record.counts


EntryOrigin = Typed | PlayedDeal


def simulated(record: DealRecord, needs: Sequence[Sequence[int]]) -> PlayedDeal:
    """The origin of counts the bots played (ctrl+d)."""
    return PlayedDeal(SIMULATED, record, deal_words(record.counts),
                      tuple(tuple(n) for n in needs))


def checked(dealer: int, result: Audit) -> PlayedDeal:
    """The origin of counts checked trick by trick (ctrl+g): each player's hand is the cards
    they played; the écart the two cards nobody played (unknown when the deal broke a rule
    that leaves another number of cards out)."""
    hands = [0] * PLAYERS
    tricks = []
    for trick in result.tricks:
        for position, card in enumerate(trick.cards):
            if card is not None:
                hands[(trick.leader + position) % PLAYERS] |= 1 << card
        tricks.append(Trick(trick.leader, tuple(trick.cards), trick.winner))  # type: ignore[arg-type]
    rest = FULL_DECK & ~(hands[0] | hands[1] | hands[2])
    record = DealRecord(dealer, (hands[0], hands[1], hands[2]),
                        rest if rest.bit_count() == ECART_SIZE else 0, tuple(tricks),
                        result.counts)
    problems = tuple(p for p in result.problems if p.code != "cards.trick_count")
    return PlayedDeal(CHECKED, record, deal_words(result.counts), problems=problems)


def follow(origin: EntryOrigin, value: str) -> EntryOrigin:
    """The origin once the entry line holds `value`: a deal's counts edited by hand (or
    cleared) are typed counts from then on."""
    if isinstance(origin, PlayedDeal) and value != origin.text:
        return Typed(origin.kind)
    return origin


def origin_hint(origin: EntryOrigin, lang: str) -> str:
    """A few words after the hint of a deal ready to record: where its counts came from."""
    if isinstance(origin, PlayedDeal):
        if origin.kind == CHECKED:
            return tr(lang, "checked deal: ctrl+o shows its tricks")
        return tr(lang, "simulated: ctrl+o shows its tricks")
    return ""


def no_deal_message(origin: EntryOrigin, value: str, lang: str) -> str:
    """What ctrl+o says when no deal is behind the entry line."""
    if not value.strip():
        return tr(lang, "No deal in the entry line: ctrl+d simulates one, ctrl+g checks one.")
    if isinstance(origin, Typed) and origin.edited == SIMULATED:
        return tr(lang, "The counts in the entry line were changed by hand after the simulated "
                        "deal: no deal to show. ctrl+d simulates one, ctrl+g checks one.")
    if isinstance(origin, Typed) and origin.edited == CHECKED:
        return tr(lang, "The counts in the entry line were changed by hand after the checked "
                        "deal: no deal to show. ctrl+d simulates one, ctrl+g checks one.")
    return tr(lang, "The counts in the entry line were typed: no deal to show. ctrl+d "
                    "simulates one, ctrl+g checks one.")
