"""Words that misled a new player (issue 10, points 10 and 11), as the app shows them: a sweep
is not a winning total, late arrivals in one sentence, a negative count, and the third
player's total spent by a tie."""

import pytest

from scorekeeper.tui.rulebook import rules_markdown
from scorekeeper.tui.screens.dialogs import MessageDialog
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.tui.conftest import (
    entry_hint,
    make_app,
    open_sheet,
    preview_correction,
    screen_text,
    settle,
    stored_match,
    type_text,
)

pytestmark = pytest.mark.usefixtures("frozen_store")

SIZE = (100, 32)
PLAYERS = ("Amélie", "Bruno", "Zoé")
NBSP = "\u00a0"





async def record(pilot, text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await settle(pilot)


def plain(text: str) -> str:
    return text.replace(NBSP, " ")


# ---------------------------------------------------------------------- a sweep


@pytest.mark.parametrize(("lang", "said", "wrong"), [
    ("en", "Won by a sweep (all 10 tricks) · +50 points", "Winning total"),
    ("fr", "Gagnée par un capot (les 10 plis) · +50 points", "Total gagnant"),
])
async def test_a_sweep_from_1_is_not_a_winning_total_of_11(folder, history, lang, said, wrong):
    stored = stored_match(history, deals=[(1, 9, 0)], players=PLAYERS)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await record(pilot, "10 0 0")
        assert history.get(stored.id).match.deals[-1] == (10, 0, 0)
        assert isinstance(app.screen, MessageDialog)
        text = screen_text(app)
        assert said in text
        assert wrong not in text and "11" not in text
        await pilot.press("enter")
        await settle(pilot)
        rows = screen_text(app)
        won = {"en": "Amélie wins by a sweep: +50", "fr": "Amélie gagne par un capot : +50"}
        assert won[lang] in plain(rows)
        assert "(sweep)" not in rows and "(capot)" not in rows


async def test_a_sweep_that_lands_on_10_still_names_its_total(folder, history):
    stored_match(history, players=PLAYERS)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await record(pilot, "10 0 0")
        assert "Winning total 10 (sweep) · +50 points" in screen_text(app)


async def test_the_correction_preview_says_sweep_not_at_11(folder, history):
    stored_match(history, deals=[(1, 9, 0), (10, 0, 0)], players=PLAYERS)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await preview_correction(pilot)  # deal 2 becomes 2 6 2: round 1 is no longer won
        text = screen_text(app)
        assert "Amélie by a sweep (+50, deals 1–2)" in text
        assert "at 11" not in text


# ---------------------------------------------------------------------- late arrivals


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Bruno arrives at 10 and wins the round: 50 points. Amélie and Zoé also arrive, "
           "at 15, but the lowest total wins."),
    ("fr", "Bruno arrive à 10 et gagne la manche : 50 points. Amélie et Zoé arrivent aussi, "
           "à 15, mais c'est le total le plus bas qui gagne."),
])
async def test_two_late_arrivals_are_one_sentence(folder, history, lang, said):
    stored_match(history, deals=[(5, 3, 2), (3, 3, 4), (3, 2, 5)], players=PLAYERS)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await record(pilot, "4 2 4")
        assert isinstance(app.screen, MessageDialog)
        text = plain(screen_text(app))
        assert said in text
        assert text.count("15") == 1


# ---------------------------------------------------------------------- the entry line


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "✗ −1 is not a number of tricks: each player takes 0 to 10"),
    ("fr", "✗ −1 n'est pas un nombre de plis : chaque joueur en fait de 0 à 10"),
])
async def test_a_negative_count_is_named(folder, history, lang, said):
    stored = stored_match(history, deals=[(4, 3, 3)], players=PLAYERS)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await type_text(pilot, "-1 6 5")
        await settle(pilot)
        assert plain(entry_hint(app)) == said
        await pilot.press("enter")
        await settle(pilot)
        assert plain(entry_hint(app)) == said
        assert "12" not in entry_hint(app)
        assert history.get(stored.id).match.deals == ((4, 3, 3),)


# ---------------------------------------------------------------------- a spent higher total


@pytest.mark.parametrize(("lang", "said", "section"), [
    ("en", "Zoé's 20 is spent too: a lower total is tied in the same deal, and Vicaire then "
           "spends every total reached in it, a case the French rules leave open (Rules "
           "screen, “Ties and spent totals”).", "Ties and spent totals"),
    ("fr", "Zoé voit aussi son 20 grillé : un total plus bas est à égalité dans la même "
           "donne, et Vicaire grille alors tous les totaux atteints dans cette donne, un cas "
           "que la règle française laisse ouvert (écran Règles, « Égalités et totaux "
           "grillés »).", "Égalités et totaux grillés"),
])
async def test_the_tie_dialog_says_why_the_third_total_is_spent(folder, history, lang, said,
                                                                 section):
    stored_match(history, deals=[(4, 4, 2), (2, 2, 6), (2, 2, 6)], players=PLAYERS)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        await record(pilot, "2 2 6")  # 10 · 10 · 20
        assert isinstance(app.screen, MessageDialog)
        text = plain(screen_text(app))
        assert said in text
        assert f"## {section}\n" in rules_markdown(lang)  # the section it names exists


async def test_a_tie_without_a_higher_arrival_says_nothing_more(folder, history):
    stored_match(history, deals=[(5, 5, 0)], players=PLAYERS)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await record(pilot, "5 5 0")
        assert isinstance(app.screen, MessageDialog)
        assert "spent too" not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)


def test_the_rules_explain_why_a_higher_arrival_is_spent():
    english, french = rules_markdown("en"), plain(rules_markdown("fr"))
    ties_en = english.split("## Ties and spent totals")[1].split("\n## ")[0]
    ties_fr = french.split("## Égalités et totaux grillés")[1].split("\n## ")[0]
    assert "*Why Chloé's 20 is spent too.*" in ties_en
    assert "The French rules say what the tied players do next" in ties_en
    assert "*Pourquoi le 20 de Chloé est grillé aussi.*" in ties_fr
    assert "La règle française dit ce que font ensuite" in ties_fr
