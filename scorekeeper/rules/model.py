"""A match: its players, rule set, first dealer and deal log, and the edits of that log.

Above `parts.py` (deals, names, rule sets) and `scoring.py` (the replay that refuses a deal
after a won match); the parts are re-exported here for the modules that import them from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from scorekeeper.errors import VicaireError, shown
from scorekeeper.rules.parts import (
    MAX_NAME,
    MAX_POINTS,
    MAX_TARGET,
    PLAYERS,
    SWEEP_VARIANTS,
    TRICKS,
    Deal,
    RuleSet,
    check_players,
    is_whole,
    validate_deal,
)
from scorekeeper.rules.scoring import replay

__all__ = [
    "MAX_NAME", "MAX_POINTS", "MAX_TARGET", "PLAYERS", "SWEEP_VARIANTS", "TRICKS",
    "Deal", "Match", "RuleSet", "check_players", "validate_deal",
]


@dataclass(frozen=True)
class Match:
    """A match is its players (in order of play), rule set, first dealer and deal log."""

    # A match never changes (frozen): `replay` works each one out once and keeps the answer.
    REPLAYED_ONCE: ClassVar[bool] = True

    players: tuple[str, str, str]
    rules: RuleSet = field(default_factory=RuleSet)
    first_dealer: int = 0
    deals: tuple[Deal, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", check_players(self.players))
        if not isinstance(self.rules, RuleSet):
            raise VicaireError("rules.object")
        if not is_whole(self.first_dealer) or not 0 <= self.first_dealer < PLAYERS:
            raise VicaireError("match.first_dealer", value=shown(self.first_dealer, 40))
        if isinstance(self.deals, (str, bytes)) or not isinstance(self.deals, Iterable):
            raise VicaireError("match.deals")
        deals = tuple(validate_deal(d, n) for n, d in enumerate(self.deals, start=1))
        object.__setattr__(self, "deals", deals)

    def dealer_of(self, deal_index: int) -> int:
        """Who deals the deal at 0-based `deal_index`: the deal passes every deal, across rounds."""
        return (self.first_dealer + deal_index) % PLAYERS

    def _checked(self, deals: tuple[Deal, ...]) -> Match:
        candidate = replace(self, deals=deals)
        replay(candidate)  # raises if a deal follows a won match
        return candidate

    def add_deal(self, deal: Any) -> Match:
        """This match with one more deal, or a refusal (bad deal, match already won)."""
        number = len(self.deals) + 1
        return self._checked((*self.deals, validate_deal(deal, number)))

    def replace_deal(self, number: int, deal: Any) -> Match:
        """This match with deal `number` (1-based) replaced; everything after is recomputed."""
        self._check_number(number)
        deals = list(self.deals)
        deals[number - 1] = validate_deal(deal, number)
        return self._checked(tuple(deals))

    def remove_deal(self, number: int) -> Match:
        """This match without deal `number` (1-based)."""
        self._check_number(number)
        return self._checked(self.deals[: number - 1] + self.deals[number:])

    def _check_number(self, number: Any) -> None:
        if not is_whole(number) or not 1 <= number <= len(self.deals):
            raise VicaireError("match.deal_number", number=shown(number), count=len(self.deals))
