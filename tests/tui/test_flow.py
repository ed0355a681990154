"""Whole evenings at the table, by keys alone, on a real history in a temporary folder."""

import pytest
from textual.widgets import Input

from scorekeeper.store import History
from scorekeeper.tui.screens.dialogs import MessageDialog
from scorekeeper.tui.sheet.edit_deal import EditDealScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from tests.support import notified, until
from tests.tui.conftest import enter_deal, make_app, screen_text, settle, stored_match, type_text

pytestmark = pytest.mark.usefixtures("frozen_store")


async def test_a_match_from_setup_to_the_win(folder):
    app = make_app(folder)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await type_text(pilot, "Amélie")
        await pilot.press("enter")
        await type_text(pilot, "Amélie")
        await settle(pilot)
        assert "two players are called Amélie" in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not isinstance(app.screen, SheetScreen)
        app.screen.query_one("#name-1", Input).value = ""
        app.screen.query_one("#name-1", Input).focus()
        await type_text(pilot, "Bruno")
        await pilot.press("enter")
        await type_text(pilot, "Chloé")
        app.screen.query_one("#target", Input).value = "60"
        await pilot.press("ctrl+s")
        await settle(pilot)
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        history = History(folder)
        match_id = sheet.match_id
        assert "Amélie deals, Bruno leads" in screen_text(app)

        await enter_deal(pilot, "55")  # two numbers: the third (0) is offered and recorded
        assert history.get(match_id).match.deals == ((5, 5, 0),)

        await enter_deal(pilot, "4 4 4")  # refused: nothing recorded, the reason shown
        assert history.get(match_id).match.deals == ((5, 5, 0),)
        assert "the tricks add up to 12; a deal has exactly 10" in screen_text(app)
        await enter_deal(pilot, "5 5 0")
        assert history.get(match_id).match.deals[-1] == (5, 5, 0)
        dialog = app.screen
        assert isinstance(dialog, MessageDialog)
        text = screen_text(app)
        assert "Tie at 10: nobody wins" in text
        assert "Amélie must now reach 15 or more" in text
        assert "Bruno must now reach 15 or more" in text
        await pilot.press("enter")
        await settle(pilot)
        assert "spent: 10" in screen_text(app)

        await enter_deal(pilot, "5 0 5")
        assert isinstance(app.screen, MessageDialog)
        text = screen_text(app)
        assert "Amélie wins round 1" in text
        assert "+20 points" in text
        assert "Amélie arrives at 15 and wins the round: 20 points." in text
        await pilot.press("enter")
        await enter_deal(pilot, "3 3 4")

        # Correct deal 3 from the table: ↑ into the table, up to deal 3 (round 1 is folded).
        await pilot.press("up")
        await settle(pilot)
        await pilot.press("up", "up", "enter")  # open round 1
        await settle(pilot)
        table = sheet.query_one("#deals")
        assert table.select_deal(3)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditDealScreen)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "0 5 5")
        await settle(pilot)
        preview = screen_text(app)
        assert "Round 1: Amélie at 15 (+20, deals 1–3)  →  Bruno at 15 (+20, deals 1–3)" in preview
        assert "Points: Amélie 20→0 · Bruno 0→20 · Chloé 0→0" in preview
        await pilot.press("enter")
        await settle(pilot)
        assert history.get(match_id).state.points == (0, 20, 0)

        await pilot.press("ctrl+z")  # undo the correction
        await settle(pilot)
        assert history.get(match_id).state.points == (20, 0, 0)
        await pilot.press("ctrl+y")  # redo it
        await settle(pilot)
        assert history.get(match_id).state.points == (0, 20, 0)
        await pilot.press("ctrl+z")  # undo the correction again,
        await pilot.press("ctrl+z")  # then the last deal
        await settle(pilot)
        stored = history.get(match_id)
        assert stored.match.deals == ((5, 5, 0), (5, 5, 0), (5, 0, 5))
        await pilot.press("ctrl+y")  # the deal comes back
        await settle(pilot)
        stored = history.get(match_id)
        assert stored.match.deals[-1] == (3, 3, 4)
        kinds = [(c.kind, c.deal) for c in stored.corrections]
        assert kinds == [("edit", 3), ("edit", 3), ("edit", 3), ("edit", 3), ("undo", 4)]

        sheet.query_one("#entry", Input).focus()
        await enter_deal(pilot, "10 0 0")  # a sweep: +50, 70 ≥ 60 wins the match
        assert isinstance(app.screen, MessageDialog)
        text = screen_text(app)
        assert "Amélie wins the match!" in text
        assert "Final standings" in text
        assert "1. Amélie  70 points" in text
        assert "2 rounds in 5 deals, 1 tie." in text
        await pilot.press("enter")
        await settle(pilot)
        assert sheet.query_one("#entry", Input).disabled
        assert history.get(match_id).status == "won"


async def test_quit_and_resume_exactly_where_the_table_was(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3), (2, 2, 6)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert "round 1, deal 3 — press r" in screen_text(app)
        await pilot.press("r")
        await settle(pilot)
        await enter_deal(pilot, "1 2 7")
        await pilot.press("escape")
        await settle(pilot)
    again = make_app(folder)
    async with again.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        sheet = again.screen
        assert isinstance(sheet, SheetScreen)
        assert sheet.match_id == stored.id
        assert sheet.state.match.deals == ((4, 3, 3), (2, 2, 6), (1, 2, 7))
        assert "Round 1 · deal 4 · Amélie deals, Bruno leads" in screen_text(again)


async def test_editing_an_earlier_round_recomputes_the_standings(folder, history):
    # Round 1: Amélie wins at 10 (deal 2); round 2: Chloé's sweep (deal 4); round 3 running.
    stored_match(history, deals=[(4, 3, 3), (6, 2, 2), (5, 5, 0), (0, 0, 10), (3, 3, 4)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        sheet = app.screen
        assert sheet.state.points == (50, 0, 50)
        assert sheet.query_one("#deals").select_deal(2)
        sheet.query_one("#deals").focus()
        await pilot.press("ctrl+e")
        await settle(pilot)
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "2 6 2")  # Amélie 6, Bruno 9: nobody arrives any more
        await settle(pilot)
        assert "Round 1: Amélie at 10" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        state = sheet.state
        # Deal 3 (5 5 0) now brings Amélie to 11 and Bruno to 14; deal 4 is Chloé's sweep.
        assert state.rounds[0].winner == 2 and state.rounds[0].last_deal == 4
        assert state.points == (0, 0, 50)
        text = screen_text(app)
        assert "50/500" in text
        assert History(folder).get(sheet.match_id).state.points == (0, 0, 50)


async def test_french_screens(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Dernières parties" in text and "en cours" in text
        await pilot.press("r")
        await settle(pilot)
        text = screen_text(app)
        assert "Manche 1 · donne 2 · Bruno donne, Chloé entame" in text
        assert "il faut 6 (→10) ou 10 (capot)" in text
        await enter_deal(pilot, "9 9")
        assert "9 plis" not in screen_text(app)
        assert "les plis font 18 en tout" in screen_text(app)


async def test_names_with_markup_show_literally(folder, history):
    stored_match(history, players=("[b]Bob[/b]", "[@click=app.quit]Eve", "Zoé"),
                 deals=[(10, 0, 0)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        text = screen_text(app)
        assert "[b]Bob[/b] wins by a sweep: +50" in text
        assert "[@click=app.quit]Eve" in text
        name = app.screen.query_one("#player-1 .player-name")
        assert "[@click=app.quit]Eve" in str(name.render())
        await pilot.click("#player-1 .player-name")
        await settle(pilot)
        assert app.is_running


async def test_another_window_changes_are_reloaded_and_stale_writes_refused(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder, poll=0.2)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        sheet = app.screen
        other = History(folder)
        other.add_deal(stored.id, (1, 1, 8))
        await until(pilot, lambda: len(sheet.state.match.deals) == 2)  # the next poll
        await settle(pilot)
        assert sheet.state.match.deals == ((4, 3, 3), (1, 1, 8))
        assert any("changed in another window" in m for m in notified(app))


async def test_a_stale_write_is_refused_with_the_store_message(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)  # slow polling: the other window writes between two polls
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        sheet = app.screen
        History(folder).add_deal(stored.id, (1, 1, 8))
        await enter_deal(pilot, "2 2 6")
        messages = notified(app)
        assert any("changed in another window" in m for m in messages), messages
        assert History(folder).get(stored.id).match.deals == ((4, 3, 3), (1, 1, 8))
        assert sheet.state.match.deals == ((4, 3, 3), (1, 1, 8))  # the new state is shown
        assert sheet.query_one("#entry", Input).value == "2 2 6"  # what was typed is kept


async def test_palette_undo_and_language_switch_on_the_sheet(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3), (2, 2, 6)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await type_text(pilot, "Undo")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert History(folder).get(stored.id).match.deals == ((4, 3, 3),)
        await pilot.press("f2")
        await settle(pilot)
        assert app.lang == "fr"
        assert isinstance(app.screen, SheetScreen)
        assert "Manche 1 · donne 2" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"


async def test_a_repaired_history_is_told_once(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    history.add_deal(stored.id, (2, 2, 6))
    path = folder / "matches" / stored.id[:2] / f"{stored.id}.json"
    path.write_bytes(b"{ this is not json")
    app = make_app(folder)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        messages = notified(app)
        assert len(messages) == 1, messages
        assert "restored from its backup" in messages[0]
        assert isinstance(app.screen, SheetScreen)
