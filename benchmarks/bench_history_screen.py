"""Opening the History screen on a big history, and scrolling through it.

Run: python benchmarks/bench_history_screen.py [FOLDER] [--count 10000]

FOLDER keeps the generated history between runs (default: a temporary folder, filled anew).
Matches are made through the store (3 to 30 random deals each) until the folder holds COUNT.
Prints: the time to read the summaries, to open the screen until the table shows every match
(goal: under 0.5 s), and the time per key while scrolling (page down, end, home, filter).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from textual.app import App

from scorekeeper.rules import Match, RuleSet, replay
from scorekeeper.store import History
from scorekeeper.tui.history.screen import HistoryScreen

NAMES = ["Amélie", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaston", "Hélène", "Igor",
         "Jeanne", "Karim", "Léa", "Marc", "Nadia", "Odile", "Paul"]


def random_match(rng: random.Random) -> Match:
    """Three players, 3 to 30 deals, stopping early if the match is won."""
    players = tuple(rng.sample(NAMES, 3))
    match = Match(players, RuleSet(target=rng.choice((100, 200, 500))),
                  first_dealer=rng.randrange(3))
    for _ in range(rng.randint(3, 30)):
        if replay(match).finished:
            break
        a = rng.randint(0, 10)
        b = rng.randint(0, 10 - a)
        deal = [a, b, 10 - a - b]
        rng.shuffle(deal)
        match = match.add_deal(deal)
    return match


def fill(history: History, count: int) -> None:
    """Create matches until the history holds `count`."""
    have = len(history.summaries())
    if have >= count:
        return
    rng = random.Random(have)
    start = time.perf_counter()
    for n in range(have, count):
        history.create(random_match(rng), simulated=n % 10 == 0)
        if (n + 1) % 1000 == 0:
            print(f"  created {n + 1} matches ({time.perf_counter() - start:.0f} s)")


class BenchApp(App[None]):
    """Just enough app for the screen: a history and a language."""

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history
        self.lang = "en"


async def measure(history: History, count: int) -> None:
    app = BenchApp(history)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        screen = HistoryScreen()
        shown: list[float] = []
        show = screen.show

        def timed_show(keep: str | None = None) -> None:
            show(keep)
            shown.append(time.perf_counter())

        screen.show = timed_show  # type: ignore[method-assign]
        app.push_screen(screen)
        while not shown:
            await asyncio.sleep(0.05)
        opened = shown[0] - start
        print(f"open the History screen until the table shows its first "
              f"{screen.table.row_count} of {len(screen.view)} rows: {opened:.3f} s"
              f" (goal < 0.5 s)")
        while screen.table.row_count < len(screen.view):
            await asyncio.sleep(0.005)
        print(f"every row in the table (filled in chunks meanwhile): "
              f"{time.perf_counter() - start:.3f} s")

        times = []
        for key in ["pagedown"] * 40 + ["end", "home"] + ["down"] * 40:
            t0 = time.perf_counter()
            await pilot.press(key)
            times.append(time.perf_counter() - t0)
        print(f"scroll: {len(times)} keys, median {statistics.median(times) * 1000:.1f} ms,"
              f" slowest {max(times) * 1000:.1f} ms")

        for key in ("3", "3", "2", "1"):
            t0 = time.perf_counter()
            await pilot.press(key)
            print(f"sort key {key}: first rows shown in {(shown[-1] - t0) * 1000:.0f} ms, "
                  f"every row again in {(time.perf_counter() - t0) * 1000:.0f} ms")
        await pilot.press("slash")
        await pilot.pause()
        for key in ("a", "m", "é"):
            t0 = time.perf_counter()
            await pilot.press(key)
            print(f"filter key {key!r}: {len(screen.view)} shown, first rows in "
                  f"{(shown[-1] - t0) * 1000:.0f} ms, every row in "
                  f"{(time.perf_counter() - t0) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()
    folder = Path(args.folder) if args.folder else Path(tempfile.mkdtemp(prefix="vicaire-"))
    history = History(folder)
    fill(history, args.count)
    start = time.perf_counter()
    n = len(history.summaries())
    print(f"history.summaries(): {n} matches in {time.perf_counter() - start:.3f} s")
    asyncio.run(measure(History(folder), args.count))


if __name__ == "__main__":
    main()
