"""Small hand-built matches whose statistics were worked out by hand, for tests/stats."""

from __future__ import annotations

from scorekeeper.rules import Match, RuleSet
from scorekeeper.stats import MatchFacts, facts_of

NAMES = ("Amélie", "Bruno", "Chloé")


def seat_deals(seat: int, tricks: tuple[int, ...]) -> tuple[int, int, int]:
    """A deal giving `tricks` (in seat order) rotated so that the first count is `seat`'s."""
    deal = [0, 0, 0]
    for offset, count in enumerate(tricks):
        deal[(seat + offset) % 3] = count
    return (deal[0], deal[1], deal[2])


def won_quickly(seat: int, players: tuple[str, str, str] = NAMES) -> Match:
    """`seat` wins the one round (4 then 6: 10 in 2 deals) and so the match (target 50)."""
    return Match(players, RuleSet(target=50),
                 deals=(seat_deals(seat, (4, 3, 3)), seat_deals(seat, (6, 2, 2))))


def day(number: int, hour: int = 20) -> str:
    """An ISO UTC stamp on day `number` of March 2026 (the order matches begin in)."""
    return f"2026-03-{number:02d}T{hour:02d}:00:00.000Z"


def facts(match: Match, match_id: str, began: str, **kwargs) -> MatchFacts:
    return facts_of(match, match_id=match_id, began=began, **kwargs)


# Bruno wins rounds 1 and 2 on 10 (+50 each) and round 3 on 15 (+20): Amélie is 120 behind
# him at the end of round 3; she then wins four rounds on 10 and the match (target 200).
BRUNO_ON_10 = ((1, 4, 5), (1, 6, 3))  # Bruno 4 + 6 = 10 (Chloé 8, Amélie 2)
BRUNO_ON_15 = ((0, 6, 4), (0, 6, 4), (4, 3, 3))  # Bruno 6, 12, 15 (Chloé 11)
AMELIE_ON_10 = ((4, 1, 5), (6, 3, 1))  # Amélie 4 + 6 = 10 (Chloé 6, Bruno 4)
COMEBACK = Match(NAMES, RuleSet(target=200),
                 deals=BRUNO_ON_10 * 2 + BRUNO_ON_15 + AMELIE_ON_10 * 4)
