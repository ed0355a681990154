"""A cut outcome cell ends with "…", the table never scrolls sideways, and the row's whole
sentence is under the entry as soon as the cursor is on it (issue 32, point 7)."""

import pytest

from tests.support import screen_lines
from tests.tui.conftest import make_app, open_sheet, settle, stored_match

pytestmark = pytest.mark.usefixtures("frozen_store")

LONG = ("Marie-Christine-Anaïs", "Jean-Baptiste-Édouard", "Bob")


def words(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (80, 24)),
                                            ("en", (120, 40))])
async def test_a_cut_outcome_ends_with_an_ellipsis_and_its_sentence_is_one_key_away(
        folder, history, lang, size):
    # Deal 2: Marie-Christine-Anaïs and Jean-Baptiste-Édouard tie at 10.
    stored_match(history, players=LONG, deals=[(5, 5, 0), (5, 5, 0)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        sheet = await open_sheet(pilot)
        table = sheet.query_one("#deals")
        assert table.max_scroll_x == 0  # nothing out of sight sideways
        row = next(line for line in screen_lines(app) if line.strip().startswith("2 "))
        tie = "Tie" if lang == "en" else "Égalité"
        assert tie in row or tie.lower() in row
        if size[0] == 80:
            assert row.rstrip().endswith("…")
        await pilot.press("up")  # into the table: the cursor on the last deal, the tie
        await settle(pilot)
        assert table.chosen_deal() == 2
        sentence = sheet.explain_deal(2)
        drawn = words(" ".join(line.strip() for line in screen_lines(app)))
        assert words(sentence) in drawn
        await pilot.press("escape")  # back to the entry: its own hint again
        await settle(pilot)
        assert words(sentence) not in words(" ".join(screen_lines(app)))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_name_in_an_outcome_is_shortened_before_its_words(folder, history, lang,
                                                                     size):
    """At 80×24 round 1's line read "Jean-Baptiste-Édouard wins by a s…" (in French, « …
    gagn… »): the name is shortened first, so that what happened shows, and the points
    wherever the name's shortest form leaves room for them."""
    names = ("Jean-Baptiste-Édouard", "Marie-Christine", "Anne-Charlotte-Élisabeth")
    stored_match(history, players=names, deals=[(10, 0, 0), (4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        sheet = await open_sheet(pilot)
        assert sheet.query_one("#deals").max_scroll_x == 0
        said = {"en": "wins by a sweep", "fr": "gagne par un capot"}[lang]
        row = next(line for line in screen_lines(app) if said in line)  # (its words whole)
        assert "Jean-Ba" in row and (size[0] == 120 or "Jean-Baptiste-Édouard" not in row)
        if size[0] == 120 or lang == "en":  # (in French at 80 columns the points go: « … »)
            assert "+50" in row
