"""How fast the app opens, opens each screen and records a deal.

Start-up: from before a new Python process starts to the first frame of its first screen,
and to the first frame that shows home's last matches (the history read), through the real
command line (`vicaire --db FOLDER --lang en`), against a bare Textual app that shows one
label; both headless at the same size, with the same Textual, same machine, same run.
Screens: from a key on home to that screen drawn, the first time it opens in a new app (the
sheet, the new match form, the history, the rules, check a deal).
Recording: from Enter in the score sheet to the sheet showing the new deal (history written).

    python benchmarks/bench_app.py [--runs 15] [--deals 30] [--startup-only]
    python benchmarks/bench_app.py --profile FILE   (Vicaire's start-up under cProfile)
    python benchmarks/bench_app.py --instructions   (both start-ups' instruction counts)
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

# Both children note the moment of each frame Textual draws (headless: composed, laid out and
# rendered, not written to a terminal), on the system's monotonic clock, which the parent
# reads too: from the parent's moment before it starts the process, the process's start-up,
# Python's included, to the first frame of the first screen.
FRAMES = textwrap.dedent("""
    import time
    from textual.app import App

    FRAMES = []  # (moment, whether it shows what the child waits for, processor time)
    _display = App._display

    def display(app, screen, renderable):
        if renderable is not None and not app._batch_count and screen.children:
            FRAMES.append((time.monotonic(), usable(screen), time.process_time()))
        _display(app, screen, renderable)

    App._display = display
""")

BARE = FRAMES + textwrap.dedent("""
    import asyncio
    from textual.widgets import Label

    def usable(screen):
        return True

    class Bare(App):
        def compose(self):
            yield Label("hello")

    async def main():
        app = Bare()
        async with app.run_test(size=(110, 34)):
            while not FRAMES:  # (Textual draws on its own: no pilot pokes it)
                await asyncio.sleep(0.001)
            print(FRAMES[0][0], FRAMES[0][0], FRAMES[0][2])

    asyncio.run(main())
""")

VICAIRE = FRAMES + textwrap.dedent("""
    import asyncio
    import sys

    def usable(screen):  # home, with the last matches listed
        return bool(screen.query("#recent") and screen.query_one("#recent").items)

    def run_headless(app, *args, **kwargs):
        # What `vicaire` builds, run headless at the same size as the bare app.
        async def main():
            async with app.run_test(size=(110, 34)):
                while not any(listed for _, listed, _ in FRAMES):
                    await asyncio.sleep(0.001)
                print(FRAMES[0][0], *next((moment, cpu) for moment, listed, cpu in FRAMES
                                          if listed))

        asyncio.run(main())

    App.run = run_headless
    from scorekeeper.cli import app as cli_app, main

    cli_app._on_a_terminal = lambda: True  # (its output is read here, not a terminal's)
    main(["--db", sys.argv[1], "--lang", "en"])  # `vicaire --db FOLDER --lang en`
""")


def _run(code: str, *args: str) -> tuple[float, float, float]:
    """Seconds from before the process starts to its first frame, and to the first frame that
    shows the last matches (for the bare app, its first frame again); and the processor
    seconds the process had used by then (all its threads: a figure that other programs on a
    busy machine stretch less than the clock)."""
    began = time.monotonic()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         check=True, timeout=60)  # (a child that never draws: a fault)
    first, usable, cpu = map(float, out.stdout.split())
    return first - began, usable - began, cpu


def profile_startup(folder: str, path: str) -> None:
    """One Vicaire start-up under cProfile, from Vicaire's first line (Textual's app module,
    which the bare app imports too, already loaded) to the first frame that lists the last
    matches; the main thread only (the history's listing is read on another). The statistics
    go to `path` (`python -m pstats path`); the costliest calls are printed."""
    import pstats

    code = VICAIRE.replace("from scorekeeper.cli import app as cli_app, main", textwrap.dedent(f"""
        import cProfile
        PROFILE = cProfile.Profile()
        _drawn = App._display
        _stopped = []

        def _stop_when_listed(app, screen, renderable):
            _drawn(app, screen, renderable)
            if FRAMES and FRAMES[-1][1] and not _stopped:
                _stopped.append(True)
                PROFILE.disable()
                PROFILE.dump_stats({path!r})

        App._display = _stop_when_listed
        PROFILE.enable()
        from scorekeeper.cli import app as cli_app, main"""))
    _run(code, folder)
    pstats.Stats(path).sort_stats("cumulative").print_stats(25)


# For counting: the child's one line, printed at the frame the clock stops at, ends the
# process there (what Python and Textual do to shut down is not start-up).
ENDS_AT_THE_FRAME = textwrap.dedent("""
    import builtins, os

    def print(*args, **kwargs):
        builtins.print(*args, **kwargs, flush=True)
        os._exit(0)
""")


def count_instructions(folder: str) -> None:
    """The instructions each start-up runs to the frame the clock stops at, counted by
    valgrind's callgrind (all threads): nearly the same count whatever else the machine
    does, so that a change of a few milliseconds shows where the clock's drift hides it.
    Valgrind runs one thread at a time, in long slices: now and then the history's thread
    has not read the listing when home mounts, and home draws one frame more (some 28 M)
    than it does outside valgrind, where the listing is read in time. So each start-up is
    counted three times, and the lowest count is the one compared. Compare trees on the same
    history folder. About 30 s."""
    import os
    import re
    import shutil

    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    compile_package()
    counts: list[list[int]] = [[], []]
    with tempfile.TemporaryDirectory() as out:
        for _ in range(3):
            for found_in, (code, args) in zip(counts, ((BARE, ()), (VICAIRE, (folder,))),
                                              strict=True):
                run = subprocess.run(
                    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind",
                     sys.executable, "-c", ENDS_AT_THE_FRAME + code, *args],
                    capture_output=True, text=True,
                    env=dict(os.environ, PYTHONHASHSEED="0"), timeout=600)
                found = re.search(r"Collected : (\d+)", run.stderr)
                if run.returncode or found is None:
                    raise SystemExit(run.stderr[-2000:])
                found_in.append(int(found.group(1)))
    bare, vicaire = (min(side) for side in counts)
    each = ", ".join(f"{count / 1e6:,.0f}" for count in counts[1])
    print(f"start-up to last matches listed, instructions: bare Textual {bare / 1e6:,.0f} M, "
          f"Vicaire {vicaire / 1e6:,.0f} M (runs: {each} M); ratio {vicaire / bare:.3f}")


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
    import os

    print(f"load average before: {os.getloadavg()[0]:.2f} (this machine has {os.cpu_count()} "
          f"processors)")
    bare: list[tuple[float, float, float]] = []
    vicaire: list[tuple[float, float, float]] = []
    compile_package()
    _run(BARE), _run(VICAIRE, folder)  # warm the file cache
    for _ in range(runs):
        bare.append(_run(BARE))
        vicaire.append(_run(VICAIRE, folder))
    # Each Vicaire run is compared with the bare run just before it (this machine's speed
    # drifts from run to run): the median of those ratios, with its middle half.
    for label, pick in (("first frame", 0), ("last matches listed", 1),
                        ("last matches listed, processor time", 2)):
        b = statistics.median(x[pick] for x in bare)
        v = statistics.median(x[pick] for x in vicaire)
        ratios = [y[pick] / x[pick] for x, y in zip(bare, vicaire, strict=True)]
        low, middle, high = statistics.quantiles(ratios, n=4)
        print(f"start-up, process start to {label}: bare Textual {b * 1000:.0f} ms, Vicaire "
              f"{v * 1000:.0f} ms (medians of {runs}); ratio {middle:.2f} (middle half "
              f"{low:.2f}–{high:.2f})")


# Each screen: the keys pressed before the timing starts, the key timed, the screen it opens.
# With a match in progress, `n` first asks whether to resume it: the form's `n` is the answer.
SCREENS = (("", "r", "SheetScreen", "the score sheet"),
           ("n", "n", "NewMatchScreen", "the new match form (from the question)"),
           ("", "h", "HistoryScreen", "the history"), ("", "l", "RulesScreen", "the rules"),
           ("", "c", "CheckDealScreen", "check a deal"))


async def open_first_time(folder: str, before: str, key: str,
                          screen: str) -> tuple[float, float, float]:
    """(seconds, UI thread's processor seconds) from `key` (on home, or where the keys
    `before` led) to the first frame that shows `screen`, in a new app; and the UI thread's
    processor seconds until the screen is settled (laid out again as its parts find their
    sizes, the odds worked out, idle)."""
    import asyncio

    from scorekeeper.tui.app import VicaireApp

    app = VicaireApp(folder=folder, lang="en", cursor_blink=False)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        if before:
            await pilot.press(*before)
            await app.workers.wait_for_complete()
            await pilot.pause()
        frames: list[tuple[float, float]] = []
        app.post_display_hook = lambda: frames.append(  # type: ignore
            (time.perf_counter(), time.thread_time()) if type(app.screen).__name__ == screen
            else (0.0, 0.0))
        began, began_cpu = time.perf_counter(), time.thread_time()
        await pilot.press(key)
        while not any(clock for clock, _ in frames):
            await asyncio.sleep(0.0005)
        clock, cpu = next((clock, cpu) for clock, cpu in frames if clock)
        await app.workers.wait_for_complete()
        await pilot.pause()
        settled = time.thread_time() - began_cpu
    return clock - began, cpu - began_cpu, settled


async def bench_screens(runs: int, folder: str) -> None:
    """Median time to open each screen for the first time, in turns (same conditions)."""
    times: dict[str, list[tuple[float, float, float]]] = {name: [] for *_, name, _ in SCREENS}
    for _ in range(runs):
        for before, key, name, _words in SCREENS:
            times[name].append(await open_first_time(folder, before, key, name))
    for *_keys, name, words in SCREENS:
        wall, cpu, settled = (statistics.median(t[i] for t in times[name]) for i in range(3))
        print(f"open {words} (first time): {wall * 1000:.0f} ms to its first frame "
              f"({cpu * 1000:.0f} ms of the UI thread's processor time), settled after "
              f"{settled * 1000:.0f} ms of it (medians of {runs})")


async def time_deals(pilot: Any, typed: Iterator[str], deals: int,
                     shows: Callable[[int], bool]) -> dict[str, list[float]]:
    """Record `deals` deals on the sheet shown by `pilot`'s app, timing each one.

    For each deal: the next keys of `typed`, then Enter (what it does), and the time until
    `shows(number)` holds (the sheet shows deal `number`: history written, widgets updated),
    until the next frame is drawn (Textual's hook after a display), and the processor time the
    app's own (UI) thread spent until that frame, a figure that other programs on a busy
    machine stretch less than the clock. For a deal that opens a dialog (a round won, a tie),
    the time until the dialog is drawn is also given apart; the dialog is closed before the
    next deal, out of the timing.
    """
    import asyncio

    app = pilot.app
    sheet = app.screen
    entry = sheet.query_one("#entry")
    frames: list[tuple[float, float, Any]] = []  # each frame: clock, UI thread's time, screen
    app.post_display_hook = lambda: frames.append(  # type: ignore
        (time.perf_counter(), time.thread_time(), app.screen))
    figures: dict[str, list[float]] = {"table shows it": [], "frame drawn": [],
                                       "frame drawn, UI thread's processor time": [],
                                       "dialog drawn (a round won, a tie)": []}
    for _ in range(deals):
        await pilot.press(*next(typed))
        number = len(sheet.state.outcomes) + 1
        began, began_cpu = time.perf_counter(), time.thread_time()
        await entry.action_submit()  # what Enter does
        while not shows(number):  # written, and the sheet shows it
            await asyncio.sleep(0.0005)
        done = time.perf_counter()
        while not frames or frames[-1][0] < done:  # the next frame, drawn
            await asyncio.sleep(0.0005)
        figures["table shows it"].append(done - began)
        figures["frame drawn"].append(frames[-1][0] - began)
        figures["frame drawn, UI thread's processor time"].append(frames[-1][1] - began_cpu)
        await app.workers.wait_for_complete()  # the odds, worked out on a thread
        await pilot.pause()
        if app.screen is not sheet:  # a dialog: the first frame that showed it
            while not any(screen is app.screen for _, _, screen in frames):
                await asyncio.sleep(0.0005)
            drawn = next(t for t, _, screen in frames if screen is app.screen and t >= began)
            figures["dialog drawn (a round won, a tie)"].append(drawn - began)
        while app.screen is not sheet:  # close a round-won dialog
            await pilot.press("enter")
            await pilot.pause()
    return figures


async def bench_record(deals: int, folder: str) -> None:
    """Median time from Enter to the sheet updated, and to the next frame drawn."""
    from itertools import cycle

    from scorekeeper.rules import Match, RuleSet
    from scorekeeper.store import History
    from scorekeeper.tui.app import VicaireApp

    history = History(folder)
    stored = history.create(Match(("Amélie", "Bruno", "Chloé"), rules=RuleSet(target=100_000)))
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        app.open_match(stored.id)
        await app.workers.wait_for_complete()
        await pilot.pause()
        sheet = app.screen
        figures = await time_deals(pilot, cycle(("1000", "433", "433")), deals,
                                   lambda number: len(sheet.state.outcomes) >= number)
    for label, times in (("history written, sheet updated", figures["table shows it"]),
                         ("and the next frame painted", figures["frame drawn"])):
        print(f"record a deal, Enter → {label}: median {statistics.median(times) * 1000:.0f} ms,"
              f" max {max(times) * 1000:.0f} ms over {deals} deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--startup-only", action="store_true",
                        help="time the start-up only (not the screens, nor a deal)")
    parser.add_argument("--profile", metavar="FILE",
                        help="profile one start-up of Vicaire instead, into FILE")
    parser.add_argument("--instructions", action="store_true",
                        help="count both start-ups' instructions instead (valgrind)")
    args = parser.parse_args()
    import asyncio

    with tempfile.TemporaryDirectory() as folder:
        from scorekeeper.rules import Match
        from scorekeeper.store import History

        History(folder).create(Match(("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),)))
        if args.profile:
            compile_package()
            profile_startup(folder, args.profile)
            return
        if args.instructions:
            count_instructions(folder)
            return
        bench_startup(args.runs, folder)
        if args.startup_only:
            return
        asyncio.run(bench_screens(args.runs, folder))
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(bench_record(args.deals, folder))


if __name__ == "__main__":
    main()
