"""Reading a deal as typed at the table: `4 3 3`, `433`, `10 0 0`, `1000`, or two numbers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules.model import PLAYERS, TRICKS, Deal, validate_deal

_SEPARATORS = re.compile(r"[\s,;/+\-.]+")
# A minus sign that starts a number ("-1 6 5", "4 -3 3"), not one between two ("4-3-3").
_NEGATIVE = re.compile(r"(?:^|(?<=[\s,;/+.]))-+(\d+)")
MINUS = "\u2212"
# The characters an entry line for a deal takes ("10, 0, 0" and room to spare): the sheet's
# and the correction's lines hold no more, and the reading refuses a longer number.
ENTRY_LENGTH = 14


@dataclass(frozen=True)
class Reading:
    """What the entry says so far: the numbers read, the deal Enter would record, or why not."""

    numbers: tuple[int, ...] = ()
    deal: Deal | None = None
    offered: bool = False
    error: str = ""


def _compact(digits: str) -> list[list[int]]:
    """Every way to cut a run of digits into numbers 0..10 (at most three)."""
    if not digits:
        return [[]]
    cuts: list[list[int]] = []
    if digits.startswith("10"):
        cuts += [[10, *rest] for rest in _compact(digits[2:]) if len(rest) < PLAYERS]
    cuts += [[int(digits[0]), *rest] for rest in _compact(digits[1:]) if len(rest) < PLAYERS]
    return cuts


def _numbers(text: str) -> list[int] | None:
    """The numbers in `text`; None if a part is not a whole number in ASCII digits (or is
    longer than the entry line takes)."""
    parts = [p for p in _SEPARATORS.split(text.strip()) if p]
    if not parts or not all(p.isascii() and p.isdigit() and len(p) <= ENTRY_LENGTH
                                for p in parts):
        return None
    if len(parts) > 1:
        return [int(p) for p in parts]
    word = parts[0]
    if len(word) <= 2 and int(word) <= TRICKS:
        return [int(word)]
    cuts = _compact(word) if len(word) <= 6 else []  # ("101010": three numbers at most)
    if not cuts:
        return [int(word)]
    three = [c for c in cuts if len(c) == PLAYERS]
    two = [c for c in cuts if len(c) == PLAYERS - 1]
    for group in ([c for c in three if sum(c) == TRICKS], [c for c in two if sum(c) <= TRICKS],
                  three, two):
        if group:
            return group[0]
    return [int(word)]


def read_deal(text: str, lang: str = "en") -> Reading:
    """Read the entry as typed; with two numbers, the third is offered."""
    if not text.strip():
        return Reading()
    negative = _NEGATIVE.search(text.strip())
    if negative:
        return Reading(error=error_text(
            VicaireError("deal.negative", value=MINUS + negative.group(1)), lang))
    numbers = _numbers(text)
    if numbers is None:
        return Reading(error=tr(lang, "type the tricks as numbers, e.g. 4 3 3"))
    for value in numbers:
        if value > TRICKS:
            return Reading(tuple(numbers), error=error_text(
                VicaireError("deal.range", value=value), lang))
    if len(numbers) > PLAYERS:
        return Reading(tuple(numbers), error=error_text(
            VicaireError("deal.length", count=len(numbers)), lang))
    if len(numbers) == PLAYERS:
        try:
            return Reading(tuple(numbers), deal=validate_deal(numbers))
        except VicaireError as exc:
            return Reading(tuple(numbers), error=error_text(exc, lang))
    if len(numbers) == PLAYERS - 1:
        rest = TRICKS - sum(numbers)
        if rest < 0:
            return Reading(tuple(numbers), error=error_text(
                VicaireError("deal.sum", total=sum(numbers)), lang))
        return Reading(tuple(numbers), deal=(numbers[0], numbers[1], rest), offered=True)
    return Reading(tuple(numbers))


def deal_words(counts: Sequence[int]) -> str:
    """'4 3 3': a deal as the entry line shows it."""
    return " ".join(str(n) for n in counts)
