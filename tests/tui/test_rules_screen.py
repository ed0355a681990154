"""The Rules screen: the rules text in English and French, every open case settled."""

from __future__ import annotations

import html
import re

import pytest
from textual.widgets import MarkdownViewer
from textual.widgets.markdown import MarkdownBlock

from scorekeeper.tui.rulebook import rules_markdown
from scorekeeper.tui.rulebook.screen import RulesScreen, RulesViewer
from tests.support import screen_lines, styled_then_restyled, until
from tests.tui.conftest import make_app, settle

SIZE = (110, 34)


def seen(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def open_rules(pilot, *, contents: bool = False) -> None:
    """From home, open the Rules screen (`l`), and with `contents` show its contents (`t`)."""
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)
    if contents:
        await pilot.press("t")
        await settle(pilot)


def test_both_texts_explain_every_rule_of_the_spec() -> None:
    english, french = rules_markdown("en"), rules_markdown("fr")
    for words in ("## Arriving", "## The lowest total wins", "## Ties and spent totals",
                  "## The sweep (capot)", "## Points", "**500 points**",
                  "## Seating and dealing", "## What a player needs", "## Variants",
                  "*Example: a tie at 10.*", "3 (→10), 8 (→15) or 10 (sweep)"):
        assert words in english
    for words in ("## Arriver", "## Le total le plus bas gagne", "## Égalités et totaux grillés",
                  "## Le capot", "## Les points", "**500 points**", "## Places et donne",
                  "## Ce qu'il faut à un joueur", "## Variantes", "*Exemple\u00a0: égalité à 10.*",
                  "3 (→10), 8 (→15) ou 10 (capot)"):
        assert words in french


async def test_rules_screen_shows_english_then_french(folder) -> None:
    app = make_app(folder, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot)
        assert isinstance(app.screen, RulesScreen)
        shown = seen(app)
        assert "Le vicaire — the rules" in shown
        assert "f2 Français" in shown
        await pilot.press("f2")
        await settle(pilot)
        shown = seen(app)
        assert "Le vicaire — la règle" in shown
        assert "f2 English" in shown
        assert app.lang == "en"  # only the rules changed language
        await pilot.press("t")
        await settle(pilot)
        assert app.screen.query_one(MarkdownViewer).show_table_of_contents
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, RulesScreen)


async def test_rules_screen_opens_in_french_for_a_french_app(folder) -> None:
    app = make_app(folder, lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot)
        shown = seen(app)
        assert "Le vicaire — la règle" in shown
        assert "Retour" in shown


def shown_lines(app) -> list[str]:
    return [line.strip(" ▁▂▃▄▅▆▇█▌▐") for line in screen_lines(app) if line.strip()]


async def until_text_from(pilot, heading: str) -> None:
    """Until the text shows from `heading` (its first line on the screen).

    The text is scrolled to a heading chosen in the contents once it is laid out again, a
    refresh or two after the contents close; the screen refreshes on a timer, which
    `settle` does not wait for: Textual's pilot calls the app idle when it used next to no
    processor time for 20 ms, as it does on a busy machine that gives it none, timers still
    due (read then, the text showed from its top, about one run in four under load)."""
    await until(pilot, lambda: shown_lines(pilot.app)[:1] == [heading])


@pytest.mark.parametrize("size", [(46, 30), (80, 24)])  # a phone, a small terminal
async def test_below_100_columns_the_contents_take_the_screen_and_a_heading_shows_its_text(
        folder, size) -> None:
    app = make_app(folder, lang="fr")
    async with app.run_test(size=size) as pilot:
        await open_rules(pilot, contents=True)
        shown = seen(app)
        assert "Égalités et totaux grillés" in shown  # the contents, whole lines of them
        assert "32 cartes" not in shown  # and no sliver of text beside them
        await pilot.press("down", "down", "down")  # from the title to the heading "Arriver"
        await pilot.press("enter")
        await settle(pilot)
        await until_text_from(pilot, "Arriver")  # the text, from the heading chosen
        assert "Vocabulaire" not in shown_lines(app)  # the contents gone
        assert app.focused is app.screen.query_one(MarkdownViewer).document  # keys scroll it
        await pilot.press("t", "escape")  # Esc closes the contents first
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        await until_text_from(pilot, "Arriver")  # the text where it was being read
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, RulesScreen)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_every_heading_of_the_contents_shows_whole(folder, lang) -> None:
    headings = [line.lstrip("#").strip() for line in rules_markdown(lang).splitlines()
                if line.startswith("#")]
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 30)) as pilot:  # the served page's phone width
        await open_rules(pilot, contents=True)
        shown = seen(app)
        cut = [heading for heading in headings if heading not in shown]
        assert not cut, cut


async def test_on_a_wide_screen_the_contents_stay_beside_the_text(folder) -> None:
    app = make_app(folder, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot)
        await pilot.press("t", "down", "down", "down", "enter")
        await settle(pilot)
        viewer = app.screen.query_one(MarkdownViewer)
        assert viewer.show_table_of_contents
        shown = seen(app)
        assert "Ties and spent totals" in shown and "Arriving" in shown
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, RulesScreen)


async def test_the_contents_shown_and_hidden_leave_the_screen_styled_as_textual_would(
        folder) -> None:
    """The rules viewer restyles itself, its contents and the text, not the text's blocks, as
    its classes change, and the text restyles itself alone as it gains or loses the focus,
    where Textual would restyle every block each time: everything must look as that full
    restyle makes it (no rule of Textual's or ours styles a block by those)."""
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:  # (the contents cover the text)
        await open_rules(pilot)
        viewer = app.screen.query_one(RulesViewer)
        for shown in (True, False):  # `t`: the contents take the focus and cover the text
            await pilot.press("t")
            await settle(pilot)
            assert viewer.show_table_of_contents is shown
            assert viewer.document.has_focus is not shown
            now, restyled = styled_then_restyled(app, [viewer])
            assert restyled == now
        # (the text's blocks were compared too: headings, paragraphs, tables, lists)
        blocks = viewer.document.query(MarkdownBlock)
        assert len(blocks) > 40 and len(now) > len(blocks)


async def test_a_heading_chosen_by_keys_typed_fast_still_shows_its_text(folder) -> None:
    # As a terminal delivers keys typed fast: all four before the app has drawn anything.
    from textual import events

    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_rules(pilot, contents=True)
        for key, char in (("down", None), ("down", None), ("down", None), ("enter", "\r")):
            app.post_message(events.Key(key, char))
        await settle(pilot)
        await until_text_from(pilot, "Arriver")
