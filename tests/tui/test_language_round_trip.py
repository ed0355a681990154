"""Every screen, switched to French and back (f2 twice), shows exactly what it showed: the same
words in the same places, the same field focused with the same text in it. A screen composed
again and not filled in again lost lines (Check a deal: its status, its counts, its prompt and
the tricks entered) or its layout (the board's panels, stacked), or said the answer to the
last key (Check a deal) in neither language."""

from __future__ import annotations

import pytest

from tests.tui.conftest import make_app, screen_text, settle, type_text
from tests.tui.history_samples import fill_history

SCREENS = {  # the keys that open each screen from home, and what is typed there
    "home": [],
    "sheet": ["r", "4"],
    "history": ["h", "down"],
    "review": ["h", "enter"],
    "stats": ["h", "t"],
    "new match": ["n", "n", "A", "m"],  # (n again: a match is in progress, kept)
    "check a deal": ["c", "7H 8H 9H", "enter", "A"],
    "board": ["b"],
}


def picture(app) -> tuple:
    """Where each part of the screen is, what the screen says, what has the focus."""
    places = sorted((type(w).__name__, w.id or "", tuple(w.region))
                    for w in app.screen.walk_children() if w.display)
    focused = app.focused
    return places, screen_text(app), focused.id if focused else None, getattr(
        focused, "value", None)


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_french_and_back_shows_the_screen_as_it_was(folder, screen):
    fill_history(folder)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for keys in SCREENS[screen]:
            await (type_text(pilot, keys) if " " in keys else pilot.press(keys))
            await settle(pilot)
        before = picture(app)
        await pilot.press("f2")
        await settle(pilot)
        french = picture(app)[1]
        assert app.lang == "fr" and french != before[1]  # (French words)
        if screen == "check a deal":  # the answer to the last key, said again in French
            assert "✓ Trick 1: [b]Bob[/b] wins with 9♥." in before[1]
            assert "✓ Pli 1\xa0: [b]Bob[/b] le remporte avec 9♥." in french
        await pilot.press("f2")
        await settle(pilot)
        assert picture(app) == before
