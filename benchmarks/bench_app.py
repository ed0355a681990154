"""How fast the app opens and records a deal.

Start-up: from a fresh Python process to the first usable screen (home, its match list read),
through the real command line (`vicaire --db FOLDER --lang en`), against a bare Textual app
that shows one label, both headless, same machine, same run.
Recording: from Enter in the score sheet to the sheet showing the new deal (history written).

    python benchmarks/bench_app.py [--runs 15] [--deals 30]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

BARE = textwrap.dedent("""
    import time
    start = time.perf_counter()
    import asyncio
    from textual.app import App
    from textual.widgets import Label

    class Bare(App):
        def compose(self):
            yield Label("hello")

    async def main():
        app = Bare()
        async with app.run_test(size=(110, 34)) as pilot:
            await pilot.pause()
            print(time.perf_counter() - start)

    asyncio.run(main())
""")

VICAIRE = textwrap.dedent("""
    import time
    start = time.perf_counter()
    import asyncio
    import sys
    from textual.app import App

    def run_headless(app, *args, **kwargs):
        # What `vicaire` builds, run headless at the same size as the bare app.
        async def main():
            async with app.run_test(size=(110, 34)) as pilot:
                await pilot.pause()
                while not app.screen.query_one("#recent").items:  # the last matches, listed
                    await pilot.pause()
                print(time.perf_counter() - start)

        asyncio.run(main())

    App.run = run_headless
    from scorekeeper.cli import main

    main(["--db", sys.argv[1], "--lang", "en"])  # `vicaire --db FOLDER --lang en`
""")


def _run(code: str, *args: str) -> tuple[float, float]:
    """(seconds to the first usable screen inside the process, whole process wall time)."""
    began = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1]), time.perf_counter() - began


def compile_package() -> None:
    """Compile Vicaire's modules to bytecode first, as pip does when it installs a package
    and Python does at a first start. (Textual, installed by pip, is compiled already; with an
    editable install and PYTHONDONTWRITEBYTECODE set, every start would compile Vicaire's
    modules again, which no user's start does.)"""
    import compileall

    import scorekeeper

    compileall.compile_dir(Path(scorekeeper.__file__).parent, quiet=1)


def bench_startup(runs: int, folder: str) -> None:
    """Median start-up of Vicaire and of a bare Textual app, alternated to share conditions."""
    bare: list[tuple[float, float]] = []
    vicaire: list[tuple[float, float]] = []
    compile_package()
    _run(BARE), _run(VICAIRE, folder)  # warm the file cache
    for _ in range(runs):
        bare.append(_run(BARE))
        vicaire.append(_run(VICAIRE, folder))
    # Each Vicaire run is compared with the bare run just before it (this machine's speed
    # drifts from run to run): the median of those ratios, with its middle half.
    for label, pick in (("in-process", 0), ("whole process", 1)):
        b = statistics.median(x[pick] for x in bare)
        v = statistics.median(x[pick] for x in vicaire)
        ratios = [y[pick] / x[pick] for x, y in zip(bare, vicaire, strict=True)]
        low, middle, high = statistics.quantiles(ratios, n=4)
        print(f"start-up ({label}): bare Textual {b * 1000:.0f} ms, Vicaire {v * 1000:.0f} ms"
              f" (medians of {runs}); ratio {middle:.2f} (middle half {low:.2f}–{high:.2f})")


async def bench_record(deals: int, folder: str) -> None:
    """Median time from Enter to the sheet updated, and to the next frame drawn."""
    import asyncio

    from scorekeeper.rules import Match, RuleSet
    from scorekeeper.store import History
    from scorekeeper.tui.app import VicaireApp
    from scorekeeper.tui.widgets.deal_table import DealTable

    history = History(folder)
    stored = history.create(Match(("Amélie", "Bruno", "Chloé"), rules=RuleSet(target=100_000)))
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False)
    updated: list[float] = []
    painted: list[float] = []
    frames: list[float] = []  # when each frame was drawn (Textual's hook after a display)
    app.post_display_hook = lambda: frames.append(time.perf_counter())  # type: ignore
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        app.open_match(stored.id)
        await app.workers.wait_for_complete()
        await pilot.pause()
        sheet = app.screen
        entry = sheet.query_one("#entry")
        for n in range(deals):
            await pilot.press(*"433" if n % 3 else "1000")
            before = len(sheet.state.outcomes)
            began = time.perf_counter()
            await entry.action_submit()  # what Enter does
            while len(sheet.state.outcomes) == before:  # written, then the widgets updated
                await asyncio.sleep(0.0005)
            done = time.perf_counter()
            updated.append(done - began)
            while not frames or frames[-1] < done:  # the next frame, drawn
                await asyncio.sleep(0.0005)
            painted.append(frames[-1] - began)
            await pilot.pause()  # (the odds are worked out on a thread meanwhile)
            assert sheet.query_one(DealTable).row_count >= 1
            while app.screen is not sheet:  # close a round-won dialog
                await pilot.press("enter")
                await pilot.pause()
    for label, times in (("history written, sheet updated", updated),
                         ("and the next frame painted", painted)):
        print(f"record a deal, Enter → {label}: median {statistics.median(times) * 1000:.0f} ms,"
              f" max {max(times) * 1000:.0f} ms over {deals} deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--deals", type=int, default=30)
    args = parser.parse_args()
    import asyncio

    with tempfile.TemporaryDirectory() as folder:
        from scorekeeper.rules import Match
        from scorekeeper.store import History

        History(folder).create(Match(("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),)))
        bench_startup(args.runs, folder)
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(bench_record(args.deals, folder))


if __name__ == "__main__":
    main()
