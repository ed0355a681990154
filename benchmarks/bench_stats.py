"""Statistics, records and rivalries over a big history: the first time, and every time after.

Run: python benchmarks/bench_stats.py [--matches N] [--reuse DIR]

Builds a history of N matches (10,000 by default) through the History API: nine players in
changing threes, whole matches to 200 points (about 45 deals each), a deal every minute,
one match an evening over the years; one in twenty is still in progress. Then times, with a
new History each time (as a new `vicaire stats` or a newly opened statistics screen has):

- the first time: every match read and replayed, the cache (`cache/stats.json` in the
  history folder) written;
- after: the digests read from the cache and the statistics worked out from them
  (per-player totals, records, head to head), for all time and for one year;
- after one match changed (a deal recorded): that match alone read again;
- `vicaire stats --json` as a script runs it, from process start to exit.

Goal: statistics, records and rivalries in <= 1 s after the first time. Clock figures move
with the machine's load: the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from scorekeeper.rules import Match, RuleSet, replay
from scorekeeper.stats import ALL_TIME, Period
from scorekeeper.stats import statistics as work_out
from scorekeeper.stats.cache import history_facts
from scorekeeper.store import History

NAMES = ("Amélie", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaël", "Hélène", "Inès")


def random_deal(rng: random.Random) -> tuple[int, int, int]:
    a = rng.randint(0, 9)
    b = rng.randint(0, 10 - a)
    return (a, b, 10 - a - b)


def random_match(rng: random.Random, finished: bool) -> Match:
    """A legal match to 200 points, played to its end (or stopped part way)."""
    players = tuple(rng.sample(NAMES, 3))
    deals: list[tuple[int, int, int]] = []
    match = Match(players, RuleSet(target=200))
    stop = None if finished else rng.randint(1, 30)
    while not replay(match).finished and (stop is None or len(deals) < stop):
        deals.append(random_deal(rng))
        match = Match(players, RuleSet(target=200), deals=tuple(deals))
    return match


def build(history: History, count: int, rng: random.Random) -> None:
    start = time.perf_counter()
    evening = datetime(2000, 1, 1, 19, tzinfo=timezone.utc)
    for index in range(count):
        match = random_match(rng, finished=index % 20 != 0)
        began = evening + timedelta(days=index)
        times = tuple((began + timedelta(minutes=i)).isoformat().replace("+00:00", "Z")
                      for i in range(len(match.deals)))
        history.create(match, deal_times=times)
        if (index + 1) % 1000 == 0:
            print(f"  stored {index + 1} matches ({time.perf_counter() - start:.0f} s)",
                  flush=True)


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def stats_of(folder: Path, period: Period = ALL_TIME):
    """What the app and `vicaire stats` do: a new History, the digests, the statistics."""
    history = History(folder)
    return work_out(history_facts(history), period)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5, help="timed runs after the first")
    parser.add_argument("--reuse", metavar="DIR",
                        help="a history folder to fill once and reuse on later runs")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.reuse or Path(tmp) / "history")
        history = History(folder)
        stored = len(history.summaries())
        if stored < args.matches:
            print(f"Storing {args.matches - stored} matches...", flush=True)
            build(history, args.matches - stored, rng)
        cache = folder / "cache" / "stats.json"
        cache.unlink(missing_ok=True)

        first, shown = timed(stats_of, folder)
        print(f"{len(shown.matches)} matches, {len(shown.players)} players, "
              f"{len(shown.records)} records, {len(shown.head_to_head)} pairs")
        print(f"first time (every match replayed, cache written): {first:.2f} s "
              f"(cache {cache.stat().st_size / 1e6:.1f} MB)")
        after = [timed(stats_of, folder)[0] for _ in range(args.runs)]
        print(f"after (from the cache): median {statistics.median(after):.2f} s, "
              f"worst {max(after):.2f} s")
        year = [timed(stats_of, folder, Period(year=2010))[0] for _ in range(args.runs)]
        print(f"one year (2010): median {statistics.median(year):.2f} s")
        live = next(s for s in history.summaries() if s.status == "in_progress")
        history.add_deal(live.id, (4, 3, 3) if live.deals % 2 else (3, 4, 3))
        changed, _ = timed(stats_of, folder)
        print(f"after one match changed: {changed:.2f} s")
        env = {**os.environ, "VICAIRE_DB": str(folder)}
        runs = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "scorekeeper", "stats", "--json"], env=env,
                           stdout=subprocess.DEVNULL, check=True)
            runs.append(time.perf_counter() - start)
        print(f"vicaire stats --json, process start to exit: median "
              f"{statistics.median(runs):.2f} s")
        print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
