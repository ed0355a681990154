"""The line under the sheet's entry is never cut mid-phrase (issue 32, points 5 and 11): at
80×24 and 120×40, in both languages, with long names, what it says shows whole on the
screen (the dim words after the sentence go first, then the names shorten, then it wraps);
and `4,3,3` is recorded, as the word for a refused letter says."""

import pytest

from scorekeeper.store import History
from tests.support import screen_lines
from tests.tui.conftest import entry_hint, make_app, open_sheet, settle, stored_match, type_text

pytestmark = pytest.mark.usefixtures("frozen_store")

LONG = ("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Éric-Emmanuel")


def words(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def shown_whole(app) -> bool:
    """Whether the hint, as the sheet gave it, is on the screen as drawn, whole."""
    drawn = words(" ".join(line.strip() for line in screen_lines(app)))
    return words(entry_hint(app)) in drawn


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_line_under_the_entry_shows_whole(folder, history, lang, size):
    stored = stored_match(history, players=LONG, deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot)
        seen = []
        for typed in ("", "4 3", " 3", "x", "\b\b\b\b\b4,3,3"):
            for key in typed:
                await pilot.press("backspace" if key == "\b" else
                                  "space" if key == " " else key)
            await settle(pilot)
            seen.append(entry_hint(app))
            assert shown_whole(app), (typed, entry_hint(app), screen_lines(app)[-6:])
        assert LONG[0] in seen[0] or size[0] == 80  # names whole where they fit
        assert ("433, 4,3,3" in seen[3]) and ("4-3-3" in seen[3])
        assert LONG[1] in seen[4] or size[0] == 80
        await pilot.press("enter")
        await settle(pilot)
        assert History(folder).get(stored.id).match.deals[-1] == (4, 3, 3)


async def test_two_numbers_offer_the_third_in_words_that_fit(folder, history):
    stored_match(history, players=LONG, deals=[(4, 3, 3)])
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        await type_text(pilot, "4 3")
        await settle(pilot)
        hint = entry_hint(app)
        assert "complète le" not in hint or "(→ complète le troisième)" in hint
        assert shown_whole(app)
