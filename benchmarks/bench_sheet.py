"""How fast the score sheet shows a deal on a long match.

A real history in a temporary folder holds a match of 100 deals (earlier rounds folded, the
round in progress open); the real app, headless under `run_test`, opens its sheet. For each
further deal: Enter in the entry line, then the time until the sheet's table shows the deal
(history written, widgets updated) and until the next frame is drawn (Textual's hook after a
display), and the processor time the app's own (UI) thread spent meanwhile, a figure that
other programs on a busy machine stretch less than the clock; for the deals that open a
dialog (a round won, a tie), also the time until the dialog is drawn (in the deal's frame).
The figures are medians over many deals, with the middle half and the worst.

    python benchmarks/bench_sheet.py [--deals 40] [--before 100] [--runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
from itertools import cycle, islice

from bench_app import time_deals

from scorekeeper.tui.sheet.deal_table import DealTable, deal_key, round_key

# Deals of a long, ordinary match: rounds won, a tie now and then, a sweep.
PATTERN = ((4, 3, 3), (3, 4, 3), (3, 3, 4), (5, 3, 2), (2, 5, 3), (3, 2, 5), (4, 4, 2),
           (1, 4, 5), (6, 2, 2), (2, 2, 6), (10, 0, 0), (3, 5, 2))


def shows(table: DealTable, number: int) -> bool:
    """Whether the table shows deal `number`: its row, or its round's folded line when the
    deal won that round."""
    if deal_key(number) in table.rows:
        return True
    outcomes = table.state.outcomes
    return len(outcomes) >= number and round_key(outcomes[number - 1].round) in table.rows


def set_heap(how: str) -> None:
    """The garbage collector as `vicaire` sets it a second after start ("settled",
    scorekeeper/tui/running.py) or as Python starts ("default")."""
    import gc

    from scorekeeper.tui.running import settle

    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    if how == "settled":
        settle()


async def bench(folder: str, before: int, deals: int, heap: str = "settled",
                ) -> dict[str, list[float]]:
    """Enter → table shows the deal, Enter → that frame drawn, and the UI thread's processor
    time from Enter to that frame, for each of `deals` deals (bench_app.time_deals)."""
    from scorekeeper.rules import Match, RuleSet
    from scorekeeper.store import History
    from scorekeeper.tui.app import VicaireApp
    history = History(folder)
    stored = history.create(Match(("Amélie", "Bruno", "Chloé"), rules=RuleSet(target=100_000),
                                  deals=tuple(islice(cycle(PATTERN), before))))
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False)
    typed = ("".join(map(str, deal)) for deal in cycle(PATTERN[:3]))
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        app.open_match(stored.id)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one(DealTable)
        set_heap(heap)
        return await time_deals(pilot, typed, deals, lambda number: shows(table, number))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="deals timed per run")
    parser.add_argument("--before", type=int, default=100, help="deals already in the match")
    parser.add_argument("--runs", type=int, default=3, help="runs, each in a fresh app")
    parser.add_argument("--heap", choices=("settled", "default"), default="settled",
                        help="the garbage collector as vicaire sets it, or Python's default")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as folder:
            figures = asyncio.run(bench(folder, args.before, args.deals, args.heap))
        for label, times in figures.items():
            if len(times) < 2:
                continue
            ms = sorted(t * 1000 for t in times)
            low, mid, high = statistics.quantiles(ms, n=4)
            print(f"run {run}, Enter → {label}: median {mid:.0f} ms (middle half {low:.0f}–"
                  f"{high:.0f}), max {ms[-1]:.0f} ms over {len(ms)} deals")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
