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
        if size[0] == 80:  # too long for its cell: the names shortened, with "…"
            assert row.rstrip().endswith("…)")
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
@pytest.mark.parametrize("deals", [[(10, 0, 0), (4, 3, 3)], [(4, 3, 3), (6, 2, 2)]],
                         ids=["sweep", "at-10"])
async def test_a_long_name_in_an_outcome_is_shortened_before_its_words(folder, history, lang,
                                                                     size, deals):
    """At 80×24 round 1's line read "Jean-Baptiste-Édouard wins by a s…" (in French, « …
    gagn… », then « Jean-Ba… gagne par un capot… »): the name is shortened first, to a few
    letters if need be, so that what happened shows, and the points, whole."""
    names = ("Jean-Baptiste-Édouard", "Marie-Christine", "Anne-Charlotte-Élisabeth")
    stored_match(history, players=names, deals=deals)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        sheet = await open_sheet(pilot)
        assert sheet.query_one("#deals").max_scroll_x == 0
        said = {("en", "sweep"): "wins by a sweep: +50",
                ("fr", "sweep"): "gagne par un capot : +50",
                ("en", "at-10"): "wins at 10: +50",
                ("fr", "at-10"): "gagne à 10 : +50"}[lang, "sweep" if 10 in deals[0] else "at-10"]
        row = next(line for line in screen_lines(app) if "▸" in line).replace("\u00a0", " ")
        assert said in row  # the words and the points whole
        assert "Je" in row and (size[0] == 120 or "Jean-Baptiste-Édouard" not in row)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_a_round_s_sentence_is_whole_under_the_entry(folder, history, lang):
    """On a phone the table has no outcome column: a round's line, chosen, says its whole
    sentence, the winner's whole name and the points, under the entry (wrapped)."""
    names = ("Jean-Baptiste-Édouard", "Marie-Christine", "Anne-Charlotte-Élisabeth")
    stored_match(history, players=names, deals=[(10, 0, 0), (4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 44)) as pilot:
        sheet = await open_sheet(pilot)
        table = sheet.query_one("#deals")
        table.focus()
        table.move_cursor(row=0)
        await settle(pilot)
        said = {"en": "Jean-Baptiste-Édouard wins by a sweep: +50",
                "fr": "Jean-Baptiste-Édouard gagne par un capot : +50"}[lang]
        assert said in words(" ".join(line.strip() for line in screen_lines(app)))
