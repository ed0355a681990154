"""How the history scales: 10,000 stored matches vs an empty history.

Run: python benchmarks/bench_store.py [--matches N] [--folder DIR]

Measures, in one run: listing the history (History.summaries) with N matches stored, and
the time to record one deal with N matches stored compared with an empty history; also
reading every stored match at once (History.matches, as the statistics do).
Goals: listing <= 0.5 s; recording within 1.2x of the empty case.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from scorekeeper.rules import Match, replay
from scorekeeper.store import History

PLAYERS = [("Amélie", "Bruno", "Chloé"), ("Denis", "Émile", "Fanny"), ("Gaël", "Hélène", "Inès")]


def random_deal(rng: random.Random) -> tuple[int, int, int]:
    a = rng.randint(0, 9)
    b = rng.randint(0, 10 - a)
    return (a, b, 10 - a - b)


def random_match(rng: random.Random) -> Match:
    """A match of 3 to 30 deals that is still legal (no deal after a win)."""
    match = Match(players=rng.choice(PLAYERS))
    for _ in range(rng.randint(3, 30)):
        candidate = match.add_deal(random_deal(rng)) if not replay(match).finished else None
        if candidate is None:
            break
        match = candidate
    return match


def seed(history: History, count: int, rng: random.Random) -> None:
    start = time.perf_counter()
    for i in range(count):
        history.create(random_match(rng), name=f"match {i}")
        if (i + 1) % 1000 == 0:
            print(f"  stored {i + 1} matches ({time.perf_counter() - start:.1f} s)", flush=True)


def time_recording(history: History, rounds: int, rng: random.Random) -> float:
    """Median seconds to record one deal in a fresh match of this history."""
    stored = history.create(Match(players=PLAYERS[0]), name="timed")
    times = []
    for _ in range(rounds):
        deal = (4, 3, 3) if len(stored.match.deals) % 2 == 0 else (3, 4, 3)
        start = time.perf_counter()
        stored = history.add_deal(stored.id, deal)
        times.append(time.perf_counter() - start)
        if stored.status != "in_progress":
            stored = history.create(Match(players=PLAYERS[0]), name="timed")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=200, help="deals timed in each case")
    parser.add_argument("--folder", help="where to build the histories (default: a temp dir)")
    parser.add_argument("--reuse", metavar="DIR",
                        help="a history folder to fill once and reuse on later runs")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory(dir=args.folder) as tmp:
        empty = History(Path(tmp) / "empty")
        full = History(args.reuse or Path(tmp) / "full")
        stored = len(full.summaries())
        if stored < args.matches:
            print(f"Storing {args.matches - stored} matches (3-30 deals each)...")
            seed(full, args.matches - stored, rng)

        listing = []
        for _ in range(5):
            start = time.perf_counter()
            rows = History(full.folder).summaries()
            listing.append(time.perf_counter() - start)
        assert len(rows) >= args.matches, len(rows)
        start = time.perf_counter()
        every = History(full.folder).matches()
        bulk = time.perf_counter() - start
        assert len(every) == len(rows)

        # Alternate the two cases so that disk and CPU conditions are the same for both.
        empty_times, full_times = [], []
        for _ in range(5):
            empty_times.append(time_recording(empty, args.rounds // 5, rng))
            full_times.append(time_recording(full, args.rounds // 5, rng))
        e, f = statistics.median(empty_times), statistics.median(full_times)
        median = statistics.median(listing)
        print(f"list the history ({args.matches} matches): median {median:.3f} s"
              f" (best {min(listing):.3f} s, first {listing[0]:.3f} s)   goal <= 0.5 s")
        print(f"read every match (History.matches):    {bulk:.3f} s")
        print(f"record one deal, empty history:        {e * 1000:.2f} ms")
        print(f"record one deal, {args.matches} matches stored: {f * 1000:.2f} ms"
              f"   ratio {f / e:.2f}x   goal <= 1.2x")


if __name__ == "__main__":
    main()
