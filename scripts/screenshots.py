"""Regenerate screenshots/*.svg from the real app, on a temporary history with sample matches.

    python scripts/screenshots.py [--out screenshots]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History
from scorekeeper.tui.app import VicaireApp

SIZE = (110, 34)
PLAYERS = ("Amélie", "Bruno", "Chloé")
# Round 1: Amélie wins at 10; round 2: Chloé's sweep; round 3: two deals so far.
MID_ROUND = ((4, 3, 3), (6, 2, 2), (5, 5, 0), (0, 0, 10), (3, 3, 4), (2, 5, 3))
WON = ((4, 3, 3), (6, 2, 2), (2, 5, 3), (3, 5, 2), (5, 0, 5), (10, 0, 0), (4, 4, 2), (3, 3, 4),
       (3, 0, 7))


def sample_history(folder: Path) -> History:
    """A history with a finished match, another one, and one in progress (opened last)."""
    history = History(folder)
    history.create(Match(("Zoé", "Yves", "Xavier"), rules=RuleSet(target=150), deals=WON),
                   name="Dimanche chez Mamie")
    history.create(Match(PLAYERS, deals=((5, 5, 0),)))
    history.create(Match(PLAYERS, deals=MID_ROUND), name="Vendredi soir")
    return history


def family_history(folder: Path) -> History:
    """A family's season for the statistics: matches bots played to their end, dealt from
    fixed seeds, under the family's names, a deal every two minutes, one evening a week."""
    from scorekeeper.sim.match import simulate_match

    history = History(folder)
    tables = (PLAYERS, PLAYERS, ("Amélie", "Bruno", "Denis"), PLAYERS, ("Chloé", "Denis",
              "Amélie"), PLAYERS)
    for week, players in enumerate(tables):
        state, _deals = simulate_match(seed=week + 3, players=players)
        times = tuple(f"2026-{1 + week // 4:02d}-{1 + 7 * (week % 4):02d}T"
                      f"{19 + 2 * i // 60:02d}:{2 * i % 60:02d}:00.000Z"
                      for i in range(len(state.match.deals)))
        history.create(state.match, deal_times=times)
    return history


async def shoot(folder: Path, out: Path, name: str, lang: str,
                steps: Callable[..., Awaitable[None]]) -> None:
    """Run the app headless, play `steps`, save the screen as `out/name.svg`."""
    app = VicaireApp(folder=folder, lang=lang, cursor_blink=False, poll=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await steps(pilot)
        await settle(pilot)
        app.save_screenshot(str(out / f"{name}.svg"))
    print(out / f"{name}.svg")


async def settle(pilot) -> None:
    for _ in range(2):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def keys(pilot, *pressed: str) -> None:
    for key in pressed:
        await pilot.press(key)
        await settle(pilot)


async def type_deal(pilot, text: str) -> None:
    await pilot.press(*("space" if c == " " else c for c in text))
    await pilot.press("enter")
    await settle(pilot)


def freeze_clock() -> None:
    """Fixed dates and ids in the sample history, so the pictures only change with the app."""
    import itertools

    import scorekeeper.store.history as history_module

    counter = itertools.count(1)
    history_module.now = lambda: "2026-03-14T20:30:00.000Z"
    history_module.new_id = lambda: f"{next(counter):08x}"


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    freeze_clock()

    async def nothing(pilot) -> None:
        return None

    async def new_match(pilot) -> None:
        await keys(pilot, "n", "n")  # (a match is in progress: a new one, keeping it)
        for index, name in enumerate(PLAYERS):
            pilot.app.screen.query_one(f"#name-{index}").value = name

    async def sheet(pilot) -> None:
        await keys(pilot, "r")
        await pilot.press("4", "space", "3")

    async def tie(pilot) -> None:
        await keys(pilot, "r")
        await type_deal(pilot, "5 5 0")  # Amélie and Bruno both arrive at 10: a tie

    async def round_won(pilot) -> None:
        await keys(pilot, "r")
        await type_deal(pilot, "5 2 3")  # Amélie arrives at 10

    async def french(pilot) -> None:
        await keys(pilot, "r")
        await pilot.press("5", "5")

    async def history(pilot) -> None:
        await keys(pilot, "h")

    async def review(pilot) -> None:
        await keys(pilot, "h", "end", "enter")

    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        sample_history(folder)
        await shoot(folder, out, "home", "en", nothing)
        await shoot(folder, out, "new-match", "en", new_match)
        await shoot(folder, out, "sheet", "en", sheet)
        await shoot(folder, out, "sheet-fr", "fr", french)
        await shoot(folder, out, "history", "en", history)
        await shoot(folder, out, "review", "en", review)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        family_history(folder)

        async def stats(pilot) -> None:
            await keys(pilot, "h", "t")

        async def records(pilot) -> None:
            await keys(pilot, "h", "t", "r")

        async def rivals(pilot) -> None:
            await keys(pilot, "h", "t", "v")

        await shoot(folder, out, "stats", "en", stats)
        await shoot(folder, out, "records", "en", records)
        await shoot(folder, out, "records-fr", "fr", records)
        await shoot(folder, out, "head-to-head", "en", rivals)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        History(folder).create(Match(PLAYERS, deals=((5, 5, 0),)))
        await shoot(folder, out, "tie", "en", tie)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        History(folder).create(Match(PLAYERS, deals=((5, 5, 0),)))
        await shoot(folder, out, "round-won", "en", round_won)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent /
                                             "screenshots"))
    asyncio.run(main(Path(parser.parse_args().out)))
