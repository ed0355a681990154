"""Press random keys (and click at random) in the real app, to find its faults.

Each run starts the app headless on a history of its own (four matches: one in progress, one
won, one abandoned, one played by bots), at a terminal size and in a language drawn from
its seed, and presses a few hundred keys among those the app answers to, with a click now
and then; meanwhile another "window" records and undoes deals in the matches in progress,
as a second device at the table would. A run that ends on a fault of the app prints the seed,
the last keys and the traceback; the same seed replays the same keys.

    python scripts/random_keys.py [--runs 20] [--first-seed 0] [--keys 200] [--resize]

This found the language switch meeting a deal from another window, a deal from another
window read as the sheet closed, the board switching language under another screen, and a
deal chosen in the table just as another window undid it (all fixed, each with its test):
worth running after any change to how screens update.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import threading
import traceback
from pathlib import Path

import textual.constants
from textual.pilot import OutOfBounds

from scorekeeper.errors import VicaireError
from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History
from scorekeeper.tui.app import VicaireApp

KEYS = [
    *"rnhlbcsyo0123456789 ", *["enter"] * 6, *["escape"] * 4, "tab", "shift+tab", "up",
    "down", "left", "right", "pageup", "pagedown", "home", "end", "f2", "ctrl+z", "ctrl+y",
    "ctrl+e", "ctrl+d", "ctrl+g", "ctrl+o", "ctrl+t", "ctrl+n", "ctrl+s", "ctrl+a", "ctrl+k",
    "backspace", "delete", "g", "e", "d", "t", "/", *"AHSKRDVCx", "ctrl+p",
]  # (not q: a run goes on to its last key)
SIZES = [(80, 24), (120, 40), (48, 40), (60, 20)]
# With --resize, the terminal is also resized now and then, down to sizes too small to use.
RESIZES = [*SIZES, (30, 10), (40, 16), (100, 30), (160, 50), (20, 6)]
PLAYERS = ("Amélie", "Bruno", "Chloé")


def fill(folder: Path) -> None:
    history = History(folder)
    won = [(4, 3, 3), (6, 2, 2)] * 4  # (Amélie reaches 200)
    for deals, target in (([(4, 3, 3), (6, 2, 2), (5, 5, 0)], 500), (won, 200), ([], 500)):
        history.create(Match(players=PLAYERS, rules=RuleSet(target=target), deals=tuple(deals)))
    abandoned = history.create(Match(players=("Zoé", "Yves", "Xavier"), rules=RuleSet()))
    history.abandon(abandoned.id)


def other_window(folder: Path, seed: int, stop: threading.Event) -> None:
    """Record and undo deals in the matches in progress, every 0.3 s, as another device."""
    history, rng = History(folder), random.Random(seed)
    while not stop.wait(0.3):
        try:
            live = [s for s in history.summaries() if s.status == "in_progress"]
            if not live:
                continue
            match_id = rng.choice(live).id
            if rng.random() < 0.3:
                history.undo(match_id)
            else:
                first = rng.randint(0, 10)
                second = rng.randint(0, 10 - first)
                history.add_deal(match_id, (first, second, 10 - first - second))
        except VicaireError:
            continue  # (refused: a won match, no deal to undo, the other window busy)


async def run(seed: int, presses: int, resize: bool = False) -> str | None:
    """One run; the report of its fault, or None."""
    rng = random.Random(seed)
    size, lang = rng.choice(SIZES), rng.choice(["en", "fr"])
    folder = Path(tempfile.mkdtemp(prefix="vicaire-random-keys-")) / "history"
    fill(folder)
    app = VicaireApp(folder=folder, lang=lang, cursor_blink=False, poll=0.2)
    stop = threading.Event()
    threading.Thread(target=other_window, args=(folder, seed, stop), daemon=True).start()
    done: list[str] = []
    try:
        async with app.run_test(size=size) as pilot:
            for _ in range(presses):
                if resize and rng.random() < 0.03:
                    size = rng.choice(RESIZES)
                    done.append(f"resize{size}")
                    await pilot.resize_terminal(*size)
                if rng.random() < 0.15:
                    where = (rng.randrange(size[0]), rng.randrange(size[1]))
                    done.append(f"click{where}")
                    with contextlib.suppress(OutOfBounds):  # (off a dialog smaller than
                        await pilot.click(offset=where)      # the terminal: no click)
                key = rng.choice(KEYS)
                done.append(key)
                await pilot.press(key)
        return None
    except Exception as exc:  # the app's fault, raised again by run_test
        return (f"seed {seed}, {size[0]}x{size[1]}, {lang}; last keys: {done[-30:]}\n"
                + "".join(traceback.format_exception(exc))[-4000:])
    finally:
        stop.set()


async def main(runs: int, first: int, presses: int, resize: bool = False) -> int:
    textual.constants.TEXTUAL_ANIMATIONS = "none"
    faults = 0
    for seed in range(first, first + runs):
        report = await run(seed, presses, resize)
        print(f"seed {seed}: {'fault' if report else 'ok'}", flush=True)
        if report:
            faults += 1
            print(report, flush=True)
    print(f"{runs} runs, {faults} with a fault")
    return 1 if faults else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--resize", action="store_true",
                        help="resize the terminal now and then (another sequence per seed)")
    options = parser.parse_args()
    sys.exit(asyncio.run(main(options.runs, options.first_seed, options.keys, options.resize)))
