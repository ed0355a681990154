"""Every screen, switched to French and back (f2 twice), shows exactly what it showed: the same
words in the same places, the same field focused with the same text in it. A screen composed
again and not filled in again lost lines (Check a deal: its status, its counts, its prompt and
the tricks entered) or its layout (the board's panels, stacked). Only the line that answered
the last key on Check a deal goes (it was said in the other language)."""

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
    "new match": ["n", "A", "m"],
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
        assert app.lang == "fr" and picture(app)[1] != before[1]  # (French words)
        await pilot.press("f2")
        await settle(pilot)
        after = picture(app)
        said = "✓ Trick 1: [b]Bob[/b] wins with 9♥."
        if screen == "check a deal":
            assert said in before[1] and said not in after[1]
            before = (before[0], before[1].replace(said, ""), *before[2:])
        assert after == before
