"""Keys typed while a result dialog is up (round won, tie, match won) are taken by the dialog
or reach the entry whole and in order, never dropped, however busy the machine: the keys are
posted to the app as the terminal's driver posts them, all at once, while the app is taken
off the processor again and again as on a busy machine (`busy_machine`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from textual.widgets import Input

from scorekeeper.store import History
from scorekeeper.tui.screens.dialogs import MessageDialog
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import post_keys, until
from tests.tui.conftest import make_app, open_sheet, settle, stored_match

pytestmark = pytest.mark.usefixtures("frozen_store")

LONG = ("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Éric")

# Stops the test process (the app's) for `off` seconds after every `on` seconds of running,
# as a scheduler does that hands the processor to another program, and lets it go on for good
# when told to end (SIGTERM), when the test process is gone, or after a minute; then says how
# many times it stopped it.
STUTTER = """
import os, signal, sys, time
pid, on, off = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
stops = 0

def end(*_):
    sys.exit(0)

signal.signal(signal.SIGTERM, end)
until = time.monotonic() + 60
try:
    while time.monotonic() < until and os.getppid() == pid:
        time.sleep(on)
        os.kill(pid, signal.SIGSTOP)
        stops += 1
        time.sleep(off)
        os.kill(pid, signal.SIGCONT)
finally:
    os.kill(pid, signal.SIGCONT)
    print(stops, flush=True)
"""
SPIN = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass\n"


@pytest.fixture
def busy_machine(frames_drawn):
    """The app drawing its frames as in a terminal (work the keys arrive in the middle of),
    and taken off the processor in the middle of that work, again and again, as on a busy
    machine: another process stops the test process (the app's) for 3 ms after every 3 ms
    it runs (SIGSTOP, SIGCONT), wherever it is, for the whole test. Its clock runs on
    meanwhile: timers come due late and together, and a history write finishes while keys
    wait.

    It used to spin a process on the core the app was held to, which burnt about 6 s of the
    suite's processor time for the same cut up run; the test fails the same way either way
    when the keys' order is not kept (checked by breaking `KeysToDialogs.on_event` and
    `DealEntry.on_key`). Where there is no SIGSTOP, two spinners run free instead."""
    if not hasattr(signal, "SIGSTOP"):
        spinners = [subprocess.Popen([sys.executable, "-c", SPIN.format(seconds=60)])
                    for _ in range(2)]
        yield
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
        return
    stutter = subprocess.Popen([sys.executable, "-c", STUTTER, str(os.getpid()), "0.003",
                                "0.003"], stdout=subprocess.PIPE, text=True)
    try:
        yield
    finally:
        stutter.terminate()  # (it lets the test process go on before it ends)
        stops = int(stutter.communicate()[0] or 0)
    assert stops > 10, f"the app was stopped {stops} times only: the machine was not busy"


def entry(app) -> Input:
    return app.screen.query_one("#entry", Input)


# When the keys come, after the Enter that opens a dialog: with it, as soon as the dialog is
# the screen, once it is drawn, or one by one with the app let run between them.
MOMENTS = ("with-enter", "pushed", "drawn", "trickle")


async def type_at(pilot, moment: str, deal: str, typed: str) -> None:
    app = pilot.app
    if moment == "with-enter":
        post_keys(app, deal + "\r" + typed)
        return
    post_keys(app, deal + "\r")
    await until(pilot, lambda: isinstance(app.screen, MessageDialog), timeout=60)
    if moment == "drawn":
        await pilot.pause()
    if moment == "trickle":
        for character in typed:
            post_keys(app, character)
            await pilot.pause(0)
    else:
        post_keys(app, typed)


async def entry_holds(pilot, typed: str, moment: str = "") -> None:
    """Until the sheet shows with `typed` in its entry. Keys typed before the dialog came up
    went to the entry: the dialog then waits over it, and Enter closes it."""
    app = pilot.app

    def sheet_entry() -> Input:
        return app.screen_stack[-2 if isinstance(app.screen, MessageDialog) else -1] \
            .query_one("#entry", Input)

    try:
        await until(pilot, lambda: sheet_entry().value == typed, timeout=30)
    except AssertionError:
        raise AssertionError(f"the entry holds {sheet_entry().value!r}, not {typed!r} "
                             f"(keys typed {moment})") from None
    await settle(pilot)
    if isinstance(app.screen, MessageDialog):
        post_keys(app, "\r")
    await until(pilot, lambda: isinstance(app.screen, SheetScreen), timeout=60)
    await settle(pilot)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_keys_typed_under_result_dialogs_are_never_lost(folder, history, lang,
                                                              busy_machine):
    stored = stored_match(history, players=LONG, target=100000)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        recorded = 0
        for moment in MOMENTS:  # each moment once in each language
            # A sweep from 0 wins the round at once: the round-won dialog; the keys typed
            # under it are the next deal, recorded only by the Enter that follows.
            await type_at(pilot, moment, "10 0 0", "5 5 0")
            recorded += 1
            await entry_holds(pilot, "5 5 0", moment)
            assert entry(app).value == "5 5 0", moment
            assert len(History(folder).get(stored.id).match.deals) == recorded
            post_keys(app, "\r")
            recorded += 1
            await until(pilot, lambda n=recorded: len(History(folder).get(stored.id).match.deals)
                        == n, timeout=60)
            # 5 5 then 5 5 0 again: a tie at 10, its dialog; then 0 0 10, Chloé's sweep.
            await type_at(pilot, moment, "5 5 0", "0 0 10")
            recorded += 1
            await entry_holds(pilot, "0 0 10", moment)
            post_keys(app, "\r")
            recorded += 1
            await until(pilot, lambda: isinstance(app.screen, MessageDialog), timeout=60)
            post_keys(app, "\r")  # Enter closes the round won; nothing waits in the entry
            await until(pilot, lambda: isinstance(app.screen, SheetScreen), timeout=60)
            await settle(pilot)
            assert entry(app).value == ""
        deals = History(folder).get(stored.id).match.deals
        assert deals == ((10, 0, 0), (5, 5, 0), (5, 5, 0), (0, 0, 10)) * len(MOMENTS)


async def test_digits_typed_under_the_match_won_dialog_are_taken_by_it(folder, history,
                                                                      busy_machine):
    """No deal can follow a won match: the digits do nothing, Enter closes the dialog."""
    stored = stored_match(history, players=LONG, deals=[(10, 0, 0), (2, 5, 3), (0, 5, 5)],
                          target=60)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        post_keys(app, "10 0 0\r")
        await until(pilot, lambda: isinstance(app.screen, MessageDialog), timeout=60)
        post_keys(app, "433")
        await settle(pilot)
        assert isinstance(app.screen, MessageDialog)
        post_keys(app, "\r")
        await until(pilot, lambda: isinstance(app.screen, SheetScreen), timeout=60)
        await settle(pilot)
        assert entry(app).disabled and entry(app).value == ""
        assert len(History(folder).get(stored.id).match.deals) == 4
