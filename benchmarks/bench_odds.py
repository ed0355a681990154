"""How long the round odds take (goal: within 0.2 s), the first call (which loads the shipped
split table) and again, for a few rounds in progress.

Run: python benchmarks/bench_odds.py
"""

from __future__ import annotations

import time

from scorekeeper.rules import Match, replay
from scorekeeper.sim.odds import round_odds

ROUNDS = {
    "start of a round (0, 0, 0)": (),
    "mid-round (7, 6, 7)": ((4, 3, 3), (3, 3, 4)),
    "after a tie at 10 (10, 10, 0)": ((5, 5, 0), (5, 5, 0)),
    "long round (19, 9, 12)": ((9, 0, 1), (2, 4, 4), (3, 3, 4), (5, 2, 3)),
}


def main() -> None:
    for label, deals in ROUNDS.items():
        state = replay(Match(players=("A", "B", "C"), deals=deals))
        start = time.perf_counter()
        odds = round_odds(state)
        first = time.perf_counter() - start
        start = time.perf_counter()
        round_odds(state)
        again = time.perf_counter() - start
        shown = ", ".join(f"{p:.3f}" for p in odds)
        print(f"{label:31} first {first * 1000:6.1f} ms   again {again * 1000:6.1f} ms   "
              f"odds {shown}")


if __name__ == "__main__":
    main()
