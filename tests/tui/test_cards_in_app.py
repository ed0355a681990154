"""Cards in the app: simulate this deal, check a real deal trick by trick, the round's odds."""

import re

import pytest
from textual.widgets import Input, Static

import scorekeeper.tui.sheet.cards as sheet_module
from scorekeeper.rules.audit import audit
from scorekeeper.rules.cards import code
from scorekeeper.tui.cards.card_entry import read_trick
from scorekeeper.tui.cards.check_deal import CheckDealScreen
from scorekeeper.tui.cards.deal_view import DealViewScreen, TricksTable
from scorekeeper.tui.screens.dialogs import ConfirmDialog
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import post_keys
from tests.tui.conftest import (
    PLAYERS,
    make_app,
    open_sheet,
    played_deal,
    screen_text,
    settle,
    stored_match,
    trick_winners,
    type_text,
)

pytestmark = pytest.mark.usefixtures("frozen_store")

SIZE = (100, 32)


async def type_trick(pilot, text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def submit(pilot, text: str) -> None:
    """Put `text` in the check screen's entry at once and press Enter (typing is tested
    key by key elsewhere)."""
    pilot.app.screen.query_one("#check-entry", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


def message(app) -> str:
    return str(app.screen.query_one("#check-message").render())


# ---------------------------------------------------------------------- simulate this deal


async def test_simulate_this_deal_fills_the_entry_with_the_tricks_shown(folder, history,
                                                                         monkeypatch):
    stored = stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])
    monkeypatch.setattr(sheet_module, "new_seed", lambda: 5)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        value = sheet.query_one("#entry", Input).value
        counts = [int(n) for n in value.split()]
        assert len(counts) == 3 and sum(counts) == 10
        record = sheet.simulated
        assert list(record.counts) == counts
        assert record.dealer == sheet.state.current.dealer == 2
        assert audit(record.to_json()).ok  # a real, legal 32-card deal
        assert "simulated: ctrl+o" in str(sheet.query_one("#entry-hint").render())
        assert history.get(stored.id).match.deals == ((4, 3, 3), (3, 5, 2))  # not yet

        await pilot.press("ctrl+o")
        await settle(pilot)
        view = app.screen
        assert isinstance(view, DealViewScreen)
        table = view.query_one(TricksTable)
        shown = trick_winners(table)
        assert len(shown) == 10
        assert [shown.count(name) for name in PLAYERS] == counts
        text = screen_text(app)
        assert "Tricks taken: Amélie {} · Bruno {} · Chloé {}".format(*counts) in text
        first = table.get_row_at(0)
        assert str(first[1]).startswith("▶")  # Amélie leads: Chloé deals
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is sheet and history.get(stored.id).match.deals[-1] == (3, 5, 2)

        await pilot.press("enter")
        await settle(pilot)
        assert history.get(stored.id).match.deals[-1] == tuple(counts)
        assert sheet.simulated is None


# ---------------------------------------------------------------------- check a deal


async def test_check_a_known_deal_by_keys_and_send_it_to_the_sheet(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])  # Bruno deals now, Chloé leads
    record = played_deal(dealer=1)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CheckDealScreen)
        assert "Trick 1 · Chloé leads." in screen_text(app)
        for number, trick in enumerate(record.tricks, start=1):
            codes = [code(c) for c in trick.cards]
            if number % 3 == 1:  # lower case, T for ten, the suits' signs: all accepted
                codes = [c.lower().replace("10", "t") for c in codes]
            if number % 3 == 2:  # (the test's keys have no ♥: put in the line at once)
                await submit(pilot, " ".join(c[:-1] + "♥♠♦♣"["HSDC".index(c[-1])]
                                             for c in codes))
            else:
                await type_trick(pilot, " ".join(codes))
            assert f"Trick {number}: {PLAYERS[trick.winner]} wins" in message(app)
            if number < 10:
                assert f"Trick {number + 1} · {PLAYERS[trick.winner]} leads." in screen_text(app)
        table = screen.query_one(TricksTable)
        assert trick_winners(table) == [PLAYERS[t.winner] for t in record.tricks]
        text = screen_text(app)
        assert "Tricks taken: Amélie {} · Bruno {} · Chloé {}".format(*record.counts) in text
        assert "All 10 tricks are in." in text and "✗" not in text
        assert history.get(stored.id).match.deals == ((4, 3, 3),)

        await pilot.press("enter")  # sends the counts to the sheet's entry line
        await settle(pilot)
        assert app.screen is sheet
        assert sheet.query_one("#entry", Input).value == " ".join(map(str, record.counts))
        assert history.get(stored.id).match.deals == ((4, 3, 3),)  # not before Enter
        await pilot.press("enter")
        await settle(pilot)
        assert history.get(stored.id).match.deals[-1] == record.counts


async def test_check_a_deal_says_what_the_suit_letters_stand_for_and_keeps_ten_tricks_in_view(
        folder, history):
    """A French table reads "cœur", not "H": the screen names the suits of the card codes,
    and at 80×24 a whole deal of ten tricks still shows, with the legend and the prompt."""
    stored_match(history, deals=[(4, 3, 3)])  # Bruno deals now
    record = played_deal(dealer=1)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        legend = app.screen.query_one("#check-legend", Static)
        assert str(legend.render()) == ("Couleurs\u00a0: C ♥ cœur (atout), P ♠ pique, "
                                        "K ♦ carreau, T ♣ trèfle · R roi, D dame, V valet")
        # The example in French letters (roi de pique: RP), as the French screen reads them.
        assert app.screen.query_one("#check-entry", Input).placeholder.endswith("AC 7P RP")
        for trick in record.tricks:
            await submit(pilot, " ".join(french(code(c)) for c in trick.cards))
        await settle(pilot)
        table = app.screen.query_one(TricksTable)
        assert table.row_count == 10 and table.max_scroll_y == 0  # every trick in view
        for part in (legend, app.screen.query_one("#check-prompt")):
            assert part.region.height >= 1 and app.screen.region.contains_region(part.region)


async def test_broken_rules_are_flagged_with_trick_and_player(folder, history):
    stored_match(history)  # Amélie deals, Bruno leads
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        await type_trick(pilot, "AD 7S KD")  # Bruno wins; Chloé shows out of diamonds
        assert "✗" not in screen_text(app)
        await type_trick(pilot, "QD 8D AS")  # Chloé plays a diamond after all
        text = screen_text(app)
        assert ("✗ trick 2, Chloé: plays 8♦, but showed out of diamonds in trick 1") in text
        assert "Broken rule" in message(app)
        await type_trick(pilot, "AS JH 9H")  # Amélie's A♠ again, now led by Bruno (Q♦ won)
        text = screen_text(app)
        assert "trick 3, Bruno: plays A♠, already played in trick 2" in text
        table = app.screen.query_one(TricksTable)
        assert "✗" in str(table.get_row_at(1)[3]) and "✗" not in str(table.get_row_at(1)[1])


async def test_junk_gets_a_message_and_changes_nothing_then_undo(folder, history):
    stored_match(history)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        screen = app.screen
        await submit(pilot, "KS 7S AS")  # Bruno leads; Amélie's A♠ wins
        before = screen_text(app)
        for junk, words in (("hello there you", "hello is not a card"),
                            ("AH 7S", "A trick is 3 cards"),
                            ("ZZ 7S KS", "ZZ is not a card"),
                            ("1H 7D 8D", "1H is not a card")):
            await submit(pilot, junk)
            assert words in message(app), junk
            assert len(screen.tricks) == 1
            assert screen.query_one(TricksTable).row_count == 1
        await pilot.press("f2")  # the answer is said again in French
        await settle(pilot)
        assert "1H n'est pas une carte" in message(app)
        await pilot.press("f2")
        await settle(pilot)
        assert "1H is not a card" in message(app)
        assert "Trick 2 · Amélie leads." in before and "Trick 2 · Amélie leads." in \
            screen_text(app)
        await submit(pilot, "10H 8S 9S")  # Amélie wins again
        assert screen.counts == (2, 0, 0)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(screen.tricks) == 1 and screen.counts == (1, 0, 0)
        assert "Trick 2 (10♥ 8♠ 9♠) removed." in message(app)
        assert "Trick 2 · Amélie leads." in screen_text(app)
        await pilot.press("ctrl+s")  # not all 10 tricks: nothing is sent
        await pilot.pause()
        assert app.screen is screen and "1 of 10 tricks so far" in message(app)


def french(card: str) -> str:
    """A card code in the French letters: KS -> RP (roi de pique)."""
    rank, suit = card[:-1], card[-1]
    return {"K": "R", "Q": "D", "J": "V"}.get(rank, rank) + "CPKT"["HSDC".index(suit)]


def test_reading_a_trick():
    assert [code(c) for c in read_trick("ah 7s ks")] == ["AH", "7S", "KS"]
    assert [code(c) for c in read_trick("10h, th  K♥")] == ["10H", "10H", "KH"]
    assert [code(c) for c in read_trick("DKVTac", "fr")] == ["QD", "JC", "AH"]


async def test_check_a_deal_from_home_uses_the_match_in_progress(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    record = played_deal(dealer=1, seed=3)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CheckDealScreen) and screen.dealer == 1
        for trick in record.tricks:
            await submit(pilot, " ".join(code(c) for c in trick.cards))
        await pilot.press("ctrl+s")
        await settle(pilot)
        sheet = app.screen
        assert isinstance(sheet, SheetScreen) and sheet.match_id == stored.id
        assert sheet.query_one("#entry", Input).value == " ".join(map(str, record.counts))


# ---------------------------------------------------------------------- odds


async def test_odds_on_the_sheet_then_hidden_when_the_match_is_won(folder, history):
    stored_match(history, deals=[(6, 1, 3)], target=50)
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        sheet = await open_sheet(pilot)
        line = sheet.query_one("#odds", Static)
        text = str(line.render())
        assert text.startswith("Chance to win the round: Amélie ")
        numbers = [int(n) for n in re.findall(r"(\d+)%", text)]
        assert len(numbers) == 3 and 99 <= sum(numbers) <= 101 and line.display
        await type_text(pilot, "4 3 3")  # Amélie arrives at 10 and wins 50: the match
        await pilot.press("enter")
        await settle(pilot)
        assert sheet.state.finished and not line.display


# ---------------------------------------------------------------------- pictures


def test_snapshot_check_a_deal_mid_deal(snap_compare, folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    record = played_deal(dealer=1)

    async def run(pilot):
        await open_sheet(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        for trick in record.tricks[:4]:
            await submit(pilot, " ".join(code(c) for c in trick.cards))
        await submit(pilot, "AS 7S")
        await settle(pilot)
    assert snap_compare(make_app(folder), terminal_size=(80, 24), run_before=run)


def test_snapshot_simulated_deal_tricks(snap_compare, folder, history, monkeypatch):
    stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])
    monkeypatch.setattr(sheet_module, "new_seed", lambda: 5)

    async def run(pilot):
        await open_sheet(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
    assert snap_compare(make_app(folder), terminal_size=(80, 24), run_before=run)


@pytest.mark.parametrize(("lang", "yes", "asked", "refused"), [
    ("en", "y", "Leave the check? The 2 tricks typed are thrown away.",
     "RP is not a card: codes are like AH, 10S, 7C or A♥ (T for a ten)."),
    ("fr", "o", "Quitter la vérification\u00a0? Les 2 plis tapés sont perdus.",
     "10H n'est pas une carte\u00a0: codes du type AC (as de cœur), 10P, RK, 7T ou A♥."),
])
async def test_esc_asks_before_throwing_tricks_away_and_each_language_reads_its_letters(
        folder, history, lang, yes, asked, refused):
    players = ("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Éric")
    stored_match(history, players=players)  # Jean-Baptiste-Édouard deals, Marie-… leads
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_sheet(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CheckDealScreen)
        await pilot.press("escape")  # nothing typed: leaves at once
        await settle(pilot)
        assert app.screen is sheet
        await pilot.press("ctrl+g")
        await settle(pilot)
        screen = app.screen
        wrong = refused.split()[0]
        await type_trick(pilot, f"{wrong} 7S 8S" if lang == "en" else f"{wrong} 7P 8P")
        assert message(app) == "✗ " + refused
        tricks = [["AS", "7S", "8S"], ["AD", "7D", "8D"]]
        for trick in tricks:
            await submit(pilot, " ".join(trick if lang == "en" else map(french, trick)))
        assert len(screen.tricks) == 2
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog) and asked in screen_text(app)
        # No, and a card typed at once after it, as fast as a terminal sends keys: the
        # tricks stay, and the card is in the entry (the question answered as its key came,
        # not left holding the keys behind it).
        post_keys(app, "n" + ("KH" if lang == "en" else "RC"))
        await settle(pilot)
        assert app.screen is screen and len(screen.tricks) == 2
        assert screen.query_one("#check-entry", Input).value == ("KH" if lang == "en" else "RC")
        screen.query_one("#check-entry", Input).value = ""
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press(yes)
        await settle(pilot)
        assert app.screen is sheet
