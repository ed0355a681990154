"""Shared helpers for the app's tests: a real history in a temporary folder, frozen clocks."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from pathlib import Path
from typing import TypeVar

import pytest
import textual.constants
from textual.worker import WorkerCancelled

from scorekeeper.rules import Match, RuleSet
from scorekeeper.rules.cards import cards_of, deal
from scorekeeper.rules.play import play_deal
from scorekeeper.store import History
from scorekeeper.tui.app import VicaireApp
from scorekeeper.tui.screens.new_match import NewMatchScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import NOTIFIED, recording_notify

ScreenT = TypeVar("ScreenT")

# The apps under test scroll at once instead of gliding (as TEXTUAL_ANIMATIONS=none does): a
# page down on the Rules screen otherwise takes half a second of animation for the test to
# wait out, and where a scroll ends is the same either way.
textual.constants.TEXTUAL_ANIMATIONS = "none"

PLAYERS = ("Amélie", "Bruno", "Chloé")
# Round 1: Amélie wins at 10; round 2: Chloé's sweep; round 3: two deals so far.
MID_ROUND = [(4, 3, 3), (6, 2, 2), (5, 5, 0), (0, 0, 10), (3, 3, 4), (2, 5, 3)]


@pytest.fixture
def frozen_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fixed dates and ids in the history, and local time UTC, so screens and snapshots never
    move (the time zone is put back after each test: tests/conftest.py)."""
    import time

    import scorekeeper.store.history as history_module

    counter = itertools.count(1)
    monkeypatch.setattr(history_module, "now", lambda: "2026-03-14T20:30:00.000Z")
    monkeypatch.setattr(history_module, "new_id", lambda: f"{next(counter):08x}")
    monkeypatch.delenv("VICAIRE_DB", raising=False)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.setenv(var, "C") if var == "LANG" else monkeypatch.delenv(var, raising=False)


@pytest.fixture(autouse=True)
def notifications(monkeypatch: pytest.MonkeyPatch):
    """Each app's notifications, read with `tests.support.notified(app)`."""
    monkeypatch.setattr(VicaireApp, "notify", recording_notify(VicaireApp.notify))
    yield
    NOTIFIED.clear()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "history"


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Local time is UTC, so the dates shown are the stored ones (a module asks for it with
    `pytestmark = pytest.mark.usefixtures("utc")`)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()


@pytest.fixture
def sample_folder(tmp_path: Path) -> Path:
    """A history folder holding the sample matches of history_samples.py."""
    from tests.tui.history_samples import fill_history

    folder = tmp_path / "history"
    fill_history(folder)
    return folder


@pytest.fixture
def history(folder: Path) -> History:
    return History(folder)


def make_app(folder: Path, lang: str | None = "en", poll: float = 3600.0) -> VicaireApp:
    """The real app on a real history, cursor blink off, and no polling unless asked: a test
    that wants the app to notice another window's change asks for a short poll and waits for
    it (`tests.support.until`); the others are never surprised by a poll, however slow the
    machine."""
    return VicaireApp(folder=folder, lang=lang, cursor_blink=False, poll=poll)


def stored_match(history: History, deals=(), players=PLAYERS, target: int = 500,
                 name: str = "", first_dealer: int = 0):
    """A match in the history with some deals already played."""
    match = Match(players=players, rules=RuleSet(target=target), first_dealer=first_dealer,
                  deals=tuple(deals))
    return history.create(match, name=name)


async def settle(pilot) -> None:
    """Let workers (history writes) and the screen updates they cause finish.

    `pause(0)` waits until the screen has handled what was sent to it; only the last pause
    also waits for the app to go idle (at least 20 ms each time).
    """
    for _ in range(2):
        await pilot.pause(0)
        await workers_done(pilot.app)
    await pilot.pause()


async def workers_done(app) -> None:
    """Until the app's workers have ended, those cancelled included (an exclusive worker
    cancels the one it replaces: a reading of the list begun before a deletion)."""
    for _ in range(100):
        try:
            await app.workers.wait_for_complete()
            return
        except WorkerCancelled:
            await asyncio.sleep(0)  # (the cancelled one leaves the app's list of workers)
    raise AssertionError("the app's workers keep being cancelled")


async def type_text(pilot, text: str) -> None:
    """Type `text` key by key."""
    keys = ["space" if ch == " " else ch for ch in text]
    await pilot.press(*keys)


async def enter_deal(pilot, text: str) -> None:
    """Type a deal in the entry line and press Enter."""
    await type_text(pilot, text)
    await pilot.press("enter")
    await settle(pilot)


def screen_text(app) -> str:
    """Everything the current screen and its dialogs show, as plain text."""
    from textual.widgets import DataTable, Digits, Label, Static

    from scorekeeper.tui.sheet.player_panel import PointsLine
    from scorekeeper.tui.widgets.picklist import PickList

    parts = []
    for screen in app.screen_stack:
        for widget in screen.query("*"):
            if widget.border_title:  # (a section's title drawn on its widget's border)
                parts.append(str(widget.border_title))
            if isinstance(widget, PickList):
                if widget.heading is not None:  # (its words, laid out for 80 cells: a
                    # screen under another may not be laid out)
                    parts.extend(text.plain for _, text in widget.heading(80))
                if widget.header is not None:
                    parts.append(str(widget.header))
                parts.extend(str(item.text) for item in widget.items)
            elif isinstance(widget, DataTable):
                for row in range(widget.row_count):
                    parts.append(" | ".join(str(c) for c in widget.get_row_at(row)))
                parts.extend(str(col.label) for col in widget.columns.values())
            elif isinstance(widget, Digits):
                parts.append(widget.value)
            elif isinstance(widget, PointsLine):
                parts.append(widget.label.plain)
            elif isinstance(widget, (Label, Static)):
                parts.append(str(widget.render()))
    return "\n".join(parts)


async def open_from_home(pilot, key: str, kind: type[ScreenT]) -> ScreenT:
    """From home, the screen that `key` opens (checked to be a `kind`)."""
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(pilot.app.screen, kind)
    return pilot.app.screen


async def open_sheet(pilot) -> SheetScreen:
    """From home, resume the match in progress: its score sheet."""
    return await open_from_home(pilot, "r", SheetScreen)


async def open_new_match(pilot) -> NewMatchScreen:
    """From home, the new match form (with a match in progress, `n` again in the question
    that comes first: a new match, that one kept in progress)."""
    from scorekeeper.tui.screens.in_progress import InProgressDialog

    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)
    if isinstance(pilot.app.screen, InProgressDialog):
        await pilot.press("n")
        await settle(pilot)
    assert isinstance(pilot.app.screen, NewMatchScreen)
    return pilot.app.screen


def entry_hint(app) -> str:
    """The line under the sheet's entry, as shown."""
    return str(app.screen.query_one("#entry-hint").render())


def played_deal(dealer: int, seed: int = 11):
    """A legal deal played by the rules engine: each player plays their highest legal card."""
    hands, ecart = deal(random.Random(seed))
    return play_deal(hands, ecart, dealer, [lambda state: cards_of(state.legal())[0]] * 3)


def trick_winners(table) -> list[str]:
    """The winner of each trick, as a tricks table (check a deal, the deal view) shows it."""
    return [str(table.get_row_at(row)[-1]) for row in range(table.row_count)]


async def preview_correction(pilot) -> None:
    """On the sheet, correct deal 2 to 2 6 2 and stop at the preview of what changes."""
    await open_sheet(pilot)
    table = pilot.app.screen.query_one("#deals")
    table.select_deal(2)
    table.focus()
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, "2 6 2")
    await settle(pilot)
