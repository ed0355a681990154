"""Words (issue 32, point 9): one palette entry per command, one deal said as one deal, a
sweep said one way, what a player needs at 0, French that keeps its words apart, and the
rules' contents and worked example readable at 80×24."""

import re

import pytest
from textual.widgets import Tree

import scorekeeper.tui.sheet.cards as sheet_module
from scorekeeper.i18n import tr
from scorekeeper.tui.cards.deal_view import DealViewScreen
from scorekeeper.tui.rulebook import rules_markdown
from scorekeeper.tui.sheet.edit_deal import EditDealScreen
from tests.support import screen_lines, until
from tests.tui.conftest import make_app, open_sheet, screen_text, settle, stored_match, type_text
from tests.tui.test_french_words import palette_shows, palette_texts

pytestmark = pytest.mark.usefixtures("frozen_store")

LONG = ("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Éric")


@pytest.mark.parametrize(("lang", "theme"), [("en", "Theme"), ("fr", "Thème")])
async def test_the_palette_lists_each_command_once(folder, lang, theme):
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: palette_shows(app, theme))
        assert palette_texts(app).count(theme) == 1


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Jean-Baptiste-Édouard by a sweep (+50, deal 1)"),
    ("fr", "Jean-Baptiste-Édouard par un capot (+50, donne 1)")])
async def test_a_one_deal_round_is_one_deal_and_a_sweep_is_said_one_way(folder, history, lang,
                                                                       said):
    stored_match(history, players=LONG, deals=[(4, 3, 3), (6, 2, 2), (0, 0, 10)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_sheet(pilot)
        table = sheet.query_one("#deals")
        won = tr(lang, "{who} wins by a sweep: +{points}", who="Éric", points=50)
        assert won in screen_text(app)  # round 2, Éric's sweep from 0: the table's words
        assert "(sweep)" not in screen_text(app) and "(capot)" not in screen_text(app)
        table.select_deal(1)
        table.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditDealScreen)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "10 0 0")
        await settle(pilot)
        text = screen_text(app).replace("\u00a0", " ")
        assert said in text and "1–1" not in text


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_at_0_a_simulated_deal_says_each_player_needs_a_sweep(folder, history, lang,
                                                                   monkeypatch):
    monkeypatch.setattr(sheet_module, "new_seed", lambda: 5)
    stored_match(history, players=LONG)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, DealViewScreen)
        hands = [str(line.render()) for line in app.screen.query(".deal-hand")]
        assert sum(tr(lang, "needs a sweep (10)") in hand for hand in hands) == 3
        assert not any("—" in hand for hand in hands)


def test_french_says_match_points_one_way_and_no_capital_after_a_colon():
    assert tr("fr", "Match points (target {target})", target=500).startswith(
        tr("fr", "Match points"))
    # "Donne 1 : Personne n'arrive": no capital after a colon mid-sentence.
    for line in (tr("fr", "Deal {number}: {what}", number=1, what="Personne n'arrive."),
                 tr("fr", "Round {number}: {what}", number=1, what="Amélie gagne")):
        assert ":" not in line


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_rules_contents_and_worked_example_read_at_80_by_24(folder, lang):
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        # The worked example's counts, each on one line of the table, not folded.
        counts = set(re.findall(r"\d+·\d+·\d+", rules_markdown(lang)))
        shown: set[str] = set()
        for _page in range(12):
            shown.update(re.findall(r"\d+·\d+·\d+", "\n".join(screen_lines(app))))
            await pilot.press("pagedown")
            await settle(pilot)
        assert len(counts) == 6 and shown == counts
        await pilot.press("home")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        tree = app.screen.query_one(Tree)
        labels = [str(node.label) for node in tree.root.children[0].children]  # (under the title)
        assert labels and not any("Ⅱ" in label or "Ⅰ" in label for label in labels)
        assert labels[0] == ("Words" if lang == "en" else "Vocabulaire")
