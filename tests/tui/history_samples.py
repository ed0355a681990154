"""A small history with known matches and fixed dates, for the history, review and stats tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History, StoredMatch

# Amélie wins at 10 (50), Amélie at 15 after a tie (20), Chloé sweeps (50), Amélie at 10 (50).
WON = Match(
    ("Amélie", "Bruno", "Chloé"), RuleSet(target=100),
    deals=((4, 3, 3), (6, 2, 2),
           (5, 5, 0), (5, 5, 0), (0, 4, 6), (5, 3, 2),
           (2, 2, 6), (0, 0, 10),
           (4, 3, 3), (6, 2, 2)),
)
# A name that is Textual markup must show literally; Denis has won one round at 10.
MARKUP = Match(("[b]Bob[/b]", "Denis", "Chloé"), deals=((2, 5, 3), (3, 5, 2), (4, 0, 6)))
# Abandoned after a three-way tie at 10.
ABANDONED = Match(("Bruno", "Denis", "Émile"), deals=((4, 3, 3), (3, 4, 3), (3, 3, 4)))
# Simulated by bots: a sweep at once.
SIMULATED = Match(("Bot 1", "Bot 2", "Bot 3"), deals=((10, 0, 0),))

@contextmanager
def fixed_clock(start_day: int = 1) -> Iterator[None]:
    """The store's clock ticks five minutes a call from 1 March 2026, 20:00 UTC."""
    stamps = (f"2026-03-{day:02d}T{hour:02d}:{minute:02d}:00.000Z"
              for day in range(start_day, 29) for hour in (19, 20, 21)
              for minute in range(0, 60, 15))
    with mock.patch("scorekeeper.store.history.now", lambda: next(stamps)):
        yield


def fill_history(folder: Path) -> dict[str, StoredMatch]:
    """Store the four known matches on four days; returns them by a short label."""
    history = History(folder)
    stored: dict[str, StoredMatch] = {}
    with fixed_clock(2):
        stored["won"] = history.create(WON, name="")
    with fixed_clock(5):
        stored["markup"] = history.create(MARKUP)
    with fixed_clock(9):
        created = history.create(ABANDONED)
        stored["abandoned"] = history.abandon(created.id)
    with fixed_clock(12):
        stored["simulated"] = history.create(SIMULATED, simulated=True)
    return stored
