"""Pure game logic for Le vicaire: no I/O, no Textual, no TinyDB."""

from scorekeeper.errors import VicaireError
from scorekeeper.rules.model import Deal, Match, RuleSet, validate_deal
from scorekeeper.rules.scoring import (
    CurrentRound,
    DealLog,
    DealOutcome,
    MatchState,
    RoundResult,
    Tie,
    is_winning_total,
    needs,
    replay,
)

__all__ = [
    "CurrentRound",
    "Deal",
    "DealLog",
    "DealOutcome",
    "Match",
    "MatchState",
    "RoundResult",
    "RuleSet",
    "Tie",
    "VicaireError",
    "validate_deal",
    "is_winning_total",
    "needs",
    "replay",
]
