"""Random-play deals per second: Vicaire's engines against a straightforward one.

Run: python benchmarks/bench_play.py [seconds-per-engine]

Last, the whole `vicaire simulate --deals 100000 --summary` command (a fresh Python that
starts, imports, plays and prints) is timed against the straightforward engine, in turns,
so that a busy machine slows both alike.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout too

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
SUITS = ["H", "S", "D", "C"]
DECK = [r + s for s in SUITS for r in RANKS]


def naive_deal(rng: random.Random, dealer: int = 0) -> list[int]:
    """The obvious engine: cards as strings, hands as lists, rules written out."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[0:10], deck[10:20], deck[20:30]]
    counts = [0, 0, 0]
    leader = (dealer + 1) % 3
    for _ in range(10):
        played = []
        for i in range(3):
            hand = hands[(leader + i) % 3]
            if played:
                legal = [c for c in hand if c[-1] == played[0][-1]] or hand
            else:
                legal = hand
            card = rng.choice(legal)
            hand.remove(card)
            played.append(card)
        hearts = [c for c in played if c[-1] == "H"]
        pool = hearts or [c for c in played if c[-1] == played[0][-1]]
        best = min(pool, key=lambda c: RANKS.index(c[:-1]))
        leader = (leader + played.index(best)) % 3
        counts[leader] += 1
    return counts


def rate(play_some, seconds: float) -> float:
    """Deals per second of `play_some()` (which plays and returns a number of deals)."""
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += play_some()
    return done / (time.perf_counter() - start)


def command_rate(deals: int, seed: int) -> float:
    """Deals per second of `vicaire simulate --deals N --summary`, start to finish."""
    argv = [sys.executable, "-m", "scorekeeper", "simulate", "--seed", str(seed),
            "--deals", str(deals), "--summary"]
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True,
                   cwd=Path(__file__).resolve().parents[1])
    return deals / (time.perf_counter() - start)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    from scorekeeper.sim.fast import random_counts, random_deal

    rng = random.Random(1)

    def naive() -> int:
        for _ in range(1000):
            naive_deal(rng)
        return 1000

    def engine() -> int:
        for _ in range(1000):
            random_counts(rng)
        return 1000

    def engine_records() -> int:
        for _ in range(1000):
            random_deal(rng)
        return 1000

    base = rate(naive, seconds)
    print(f"straightforward list-of-strings engine: {base:12,.0f} deals/s")
    single = rate(engine, seconds)
    print(f"vicaire engine, one deal at a time:     {single:12,.0f} deals/s "
          f"({single / base:.1f}x)")
    records = rate(engine_records, seconds)
    print(f"  ... building each deal's full record:   {records:10,.0f} deals/s "
          f"({records / base:.1f}x)")
    from scorekeeper.sim.batch import random_batch

    seed = iter(range(1 << 30))
    random_batch(1000, 0)  # build the tables once
    batched = rate(lambda: random_batch(100_000, next(seed)).counts.shape[0], seconds)
    print(f"vicaire batch engine (numpy, 100k/batch): {batched:10,.0f} deals/s "
          f"({batched / base:.1f}x)")
    ratios = []
    for turn in range(5):
        plain = rate(naive, seconds / 2)
        command = command_rate(100_000, turn)
        ratios.append(command / plain)
        print(f"  turn {turn + 1}: straightforward {plain:9,.0f} deals/s, "
              f"`simulate --deals 100000 --summary` {command:9,.0f} deals/s "
              f"({command / plain:.1f}x)")
    print(f"vicaire simulate --summary, whole command: {statistics.median(ratios):.1f}x "
          "the straightforward engine (median of 5 turns)")

if __name__ == "__main__":
    main()
