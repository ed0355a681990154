"""The parts a match is made of: a deal, the players' names, a rule set.

The lowest module of `rules/`: `scoring.py` reads these, `model.py` builds a match on both.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import VicaireError, shown

PLAYERS = 3
TRICKS = 10
MAX_NAME = 40
SWEEP_VARIANTS = ("wins", "counts")
MAX_TARGET = 100_000
MAX_POINTS = 10_000

Deal = tuple[int, int, int]


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: int) -> str:
    """A number as a message shows it: at most 12 digits, then "…" (a file may hold more)."""
    try:
        text = str(value)
    except ValueError:  # past 4,300 digits, Python will not write it
        return "…"
    return text if len(text) <= 13 else text[:12] + "…"


def validate_deal(values: Any, number: int | None = None) -> Deal:
    """Return `values` as a deal, or refuse it saying what is wrong (`number` names the deal)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise VicaireError("deal.shape", deal=number, value=shown(values, 40))
    items = list(values)
    if len(items) != PLAYERS:
        raise VicaireError("deal.length", deal=number, count=len(items))
    for value in items:
        if not is_whole(value):
            raise VicaireError("deal.whole", deal=number, value=shown(value, 40))
    for value in items:
        if not 0 <= value <= TRICKS:
            raise VicaireError("deal.range", deal=number, value=_short(value))
    if sum(items) != TRICKS:
        raise VicaireError("deal.sum", deal=number, total=sum(items))
    return (items[0], items[1], items[2])


# Characters that draw nothing though Unicode does not call them spaces: the Hangul fillers
# and the blank braille pattern.
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def is_blank(ch: str) -> bool:
    """A character that draws nothing: a space of any kind, a filler, a formatting one."""
    return ch.isspace() or ch in FILLERS or unicodedata.category(ch) == "Cf"


def is_control(ch: str) -> bool:
    """A control character, or a line or paragraph separator (U+2028, U+2029)."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def clean_name(name: str) -> str:
    """`name` as kept: NFC, without the blanks around it; a combining mark left at its start
    (an accent on nothing) counts as blank too."""
    name = unicodedata.normalize("NFC", name)
    start, end = 0, len(name)
    while start < end and (is_blank(name[start]) or unicodedata.combining(name[start])):
        start += 1
    while end > start and is_blank(name[end - 1]):
        end -= 1
    return name[start:end]


def check_players(names: Any) -> tuple[str, str, str]:
    """Three distinct, non-empty, printable names (the blanks around them removed: a name
    of blanks alone, such as a Hangul filler, is empty)."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise VicaireError("players.count", count=1)
    items = list(names)
    if len(items) != PLAYERS:
        raise VicaireError("players.count", count=len(items))
    cleaned: list[str] = []
    for index, name in enumerate(items):
        if not isinstance(name, str):
            raise VicaireError("players.text", player=index + 1)
        name = clean_name(name)
        if not name:
            raise VicaireError("players.empty", player=index + 1)
        if len(name) > MAX_NAME:
            raise VicaireError("players.long", player=index + 1, limit=MAX_NAME)
        if any(is_control(ch) for ch in name):
            raise VicaireError("players.control", player=index + 1)
        cleaned.append(name)
    seen: set[str] = set()
    for name in cleaned:
        key = name.casefold()
        if key in seen:
            raise VicaireError("players.same", name=name)
        seen.add(key)
    return (cleaned[0], cleaned[1], cleaned[2])


def _check_count(name: str, value: Any, low: int, high: int) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise VicaireError("rules.number", name=name, value=shown(value, 40), low=low, high=high)
    return int(value)


@dataclass(frozen=True)
class RuleSet:
    """The rules a match is played under; stored with it so it always re-scores the same."""

    target: int = 500
    sweep: str = "wins"
    points_ten: int = 50
    points_higher: int = 20

    def __post_init__(self) -> None:
        _check_count("target", self.target, 1, MAX_TARGET)
        if self.sweep not in SWEEP_VARIANTS:
            raise VicaireError("rules.sweep", value=shown(self.sweep, 40))
        _check_count("points_ten", self.points_ten, 1, MAX_POINTS)
        _check_count("points_higher", self.points_higher, 1, MAX_POINTS)

    @property
    def sweep_wins(self) -> bool:
        return self.sweep == "wins"

    def points_for(self, total: int, sweep: bool) -> int:
        """Points for winning a round with `total` (or by a sweep)."""
        return self.points_ten if sweep or total == TRICKS else self.points_higher

    def variants(self) -> dict[str, Any]:
        """The rule variants as stored in a match file's `rules` object."""
        return {"sweep": self.sweep, "points_ten": self.points_ten,
                "points_higher": self.points_higher}

    @classmethod
    def from_variants(cls, variants: Mapping[str, Any] | None, target: Any = 500) -> RuleSet:
        """Build from a match file's `rules` object, refusing any unknown variant."""
        if variants is None:
            variants = {}
        if not isinstance(variants, Mapping):
            raise VicaireError("rules.object")
        known = {"sweep", "points_ten", "points_higher", "target"}
        for key in variants:
            if key not in known:
                raise VicaireError("rules.unknown", name=shown(str(key), 40))
        values = dict(variants)
        values.setdefault("target", target)
        return cls(**values)
