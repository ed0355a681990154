"""The spectators' board, and two processes entering a deal on one match at once."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from textual.widgets import Digits

from scorekeeper.store import History
from scorekeeper.tui.app import VicaireApp
from scorekeeper.tui.screens.board import BoardScreen
from scorekeeper.tui.sheet.player_panel import PlayerPanel
from scorekeeper.tui.widgets.keybar import KeyBar
from tests.support import notified, until
from tests.tui.conftest import enter_deal, make_app, screen_text, settle, stored_match


def totals_shown(app) -> list[str]:
    return [d.value for d in app.screen.query(Digits)]


def chances(app) -> list[int]:
    """The percentages of the board's odds line ('Chance to win the round: …')."""
    text = str(app.screen.query_one("#board-odds").render())
    assert text.startswith(("Chance to win the round: ", "Chances: "))  # (short: a phone)
    return [int(n) for n in re.findall(r"(\d+)%", text)]


def cli_add(folder, match_id: str, *deal: int) -> subprocess.CompletedProcess:
    """Record a deal from another process, as a second device would."""
    return subprocess.run([sys.executable, "-m", "scorekeeper", "add", match_id,
                           *map(str, deal), "--db", str(folder), "--lang", "en"],
                          capture_output=True, timeout=60)


async def test_board_mode_follows_the_live_match_and_changes_nothing(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)], name="Sunday")
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=0.2, board=True)
    async with app.run_test(size=(60, 34)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        assert totals_shown(app) == ["4", "3", "3"]
        text = screen_text(app)
        assert "Sunday" in text and "round 1 · deal 2" in text
        assert "needs 6 (→10) or 10 (sweep)" in text
        odds = chances(app)
        assert len(odds) == 3 and 99 <= sum(odds) <= 101  # the round's odds, for spectators
        assert cli_add(folder, stored.id, 2, 5, 3).returncode == 0
        await until(pilot, lambda: totals_shown(app) != ["4", "3", "3"])  # the next poll
        await settle(pilot)
        assert totals_shown(app) == ["6", "8", "6"]
        assert "Deal 2: Nobody arrives" in screen_text(app)
        assert chances(app) != odds  # worked out again for the new totals
        await pilot.press("n", "ctrl+p", "r", "4", "enter")  # (Esc and q quit: below)
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen) and len(app.screen_stack) == 1
    assert History(folder).get(stored.id).match.deals == ((4, 3, 3), (2, 5, 3))


async def test_board_from_home_and_back(folder, history):
    stored_match(history, deals=[(10, 0, 0)])
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        assert "manche 2 · donne 2" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, BoardScreen)


async def test_board_at_80_by_24_shows_every_total_need_and_points(folder, history):
    stored_match(history, deals=[(4, 3, 3), (3, 5, 2)])
    app = VicaireApp(folder=folder, lang="fr", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for panel in screen.query(PlayerPanel):
            assert screen.region.contains_region(panel.region), panel.region
        assert totals_shown(app) == ["7", "8", "5"]
        text = screen_text(app)
        assert text.count("il faut") == 3 and text.count("/500") == 3


async def test_board_at_120_by_30_keeps_its_last_border(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        for panel in app.screen.query(PlayerPanel):
            assert app.screen.region.contains_region(panel.region), panel.region


async def test_standalone_board_quits_on_q_or_esc_and_says_so(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    for key in ("q", "escape"):
        app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=60, board=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert "esc/q Quit" in str(app.screen.query_one(KeyBar).text())
            await pilot.press(key)
            await settle(pilot)
            assert app.return_code == 0  # the app is closing (None until it is asked to)


async def test_board_opened_from_home_goes_back_on_q(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert "esc/q Back" in str(app.screen.query_one(KeyBar).text())
        await pilot.press("q")
        await settle(pilot)
        assert not isinstance(app.screen, BoardScreen)


async def test_board_waits_for_a_match(folder, monkeypatch):
    """On an empty history, polling every 20 ms, the board reads the history again only when
    it changes (it once read it at every poll: a served board left open on a new history
    kept a core busy), and shows the first match started elsewhere."""
    reads = []
    latest_unfinished = History.latest_unfinished
    monkeypatch.setattr(History, "latest_unfinished",
                        lambda self: reads.append(1) or latest_unfinished(self))
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=0.02, board=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert "No match in progress" in screen_text(app)
        await until(pilot, lambda: app.screen._seen is not None)  # (polled once opened)
        await settle(pilot)
        before = len(reads)
        await pilot.pause(0.5)  # (25 polls)
        assert len(reads) == before
        stored_match(History(folder), deals=[(4, 3, 3)], name="Sunday")  # (another window)
        await until(pilot, lambda: "Sunday" in screen_text(app))
        assert totals_shown(app) == ["4", "3", "3"]


async def test_two_processes_enter_a_deal_at_once_one_is_refused_clearly(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)  # slow polling: the other device writes between two polls
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        other = cli_add(folder, stored.id, 1, 1, 8)
        assert other.returncode == 0, other.stderr
        await enter_deal(pilot, "2 2 6")
        messages = notified(app)
        assert any("changed in another window" in m and "nothing was recorded" in m
                   for m in messages), messages
        assert app.screen.state.match.deals == ((4, 3, 3), (1, 1, 8))
    assert History(folder).get(stored.id).match.deals == ((4, 3, 3), (1, 1, 8))


async def test_a_history_path_that_is_a_file_is_said_plainly(tmp_path):
    not_a_folder = tmp_path / "history"
    not_a_folder.write_text("my notes")
    app = make_app(not_a_folder)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        shown = screen_text(app)
        assert "is not a folder" in shown and "Reading the history" not in shown
        assert any("is not a folder" in m for m in notified(app))
    assert not_a_folder.read_text() == "my notes"


async def test_the_board_keeps_its_panels_side_by_side_in_the_other_language(folder, history):
    """f2 on the board at 80×24: composed again in French, its panels were stacked, the
    first one filling the screen and hiding the others."""
    stored_match(history, deals=[(4, 3, 3)])
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=3600, board=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for lang in ("fr", "en"):
            await pilot.press("f2")
            await settle(pilot)
            assert app.lang == lang
            panels = list(app.screen.query(PlayerPanel))
            assert len({panel.region.y for panel in panels}) == 1  # one row of three
            assert all(panel.region.height <= 12 for panel in panels)
            assert totals_shown(app) == ["4", "3", "3"]


async def test_the_panels_keep_one_height_when_a_needs_line_exactly_fills_its_panel(
        folder, history):
    """At 120 columns the panels are 39, 39 and 40 wide: Chloé's needs, 36 characters, fill
    her panel's 36 columns exactly. Her panel was one line taller than the others, with an
    empty line above her points."""
    stored_match(history, deals=[(6, 2, 2), (5, 2, 3), (2, 8, 0), (10, 0, 0), (1, 0, 9)])
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=3600, board=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panels = list(app.screen.query(PlayerPanel))
        needs = str(panels[2].query_one(".player-needs").render())
        assert needs == "needs 1 (→10), 6 (→15) or 10 (sweep)"
        assert len(needs) == panels[2].query_one(".player-needs").size.width
        assert [panel.region.height for panel in panels] == [8, 8, 8]
        points = [panel.query_one(".player-points-row").region.y for panel in panels]
        assert len(set(points)) == 1


async def test_on_a_phone_the_board_digits_use_the_screen(folder, history):
    """The board's digits were 3 rows of thin lines with 40 % of a phone's screen empty: on a
    phone they are 5 rows of blocks, on a computer Textual's Digits as before."""
    from tests.support import screen_lines

    stored_match(history, players=("Jean-Baptiste-Édouard", "Anaïs", "Éric"),
                 deals=[(4, 3, 3), (5, 1, 4)])  # totals 9 · 4 · 7
    app = VicaireApp(folder=folder, lang="fr", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(46, 44)) as pilot:
        await settle(pilot)
        bigs = app.screen.query(".player-big")
        assert [big.size.height for big in bigs] == [5, 5, 5]
        assert all(app.screen.region.contains_region(big.region) for big in bigs)
        assert sum("██" in line for line in screen_lines(app)) == 15
        assert not any(digits.display and digits.size.height for digits in
                       app.screen.query(Digits))
    app = VicaireApp(folder=folder, lang="fr", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert [d.value for d in app.screen.query(Digits)] == ["9", "4", "7"]
        assert not any(big.size.height for big in app.screen.query(".player-big"))


async def test_on_a_small_phone_the_board_digits_are_whole(folder, history):
    """On a phone of 32 lines the three panels stacked cut the digits five rows high (a 5
    drawn as its top three rows) and hid every needs line: there the totals are Textual's
    Digits, whole, and the needs show; taller, the big digits again."""
    from tests.support import screen_lines

    stored_match(history, deals=[(4, 3, 3), (5, 1, 4)])  # totals 9 · 4 · 7
    app = VicaireApp(folder=folder, lang="fr", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(44, 32)) as pilot:
        await settle(pilot)
        digits = list(app.screen.query(Digits))
        assert [(d.value, d.size.height) for d in digits] == [("9", 3), ("4", 3), ("7", 3)]
        assert all(app.screen.region.contains_region(d.region) for d in digits)
        assert not any(big.size.height for big in app.screen.query(".player-big"))
        assert sum("il faut" in line for line in screen_lines(app)) == 3
        await pilot.resize_terminal(44, 40)
        await settle(pilot)
        assert [big.size.height for big in app.screen.query(".player-big")] == [5, 5, 5]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_board_narrowed_to_a_phone_keeps_every_needs_line(folder, history, lang):
    """A served board is drawn first at the page's first size, then at the phone's (the page
    fits its font): the panels kept the height they had side by side, and their stacked
    large digits pushed the needs out of sight, leaving the bottom of the screen empty."""
    from tests.support import screen_lines

    stored_match(history, players=("Jean-Baptiste-Édouard", "Anaïs", "Éric"),
                 deals=[(4, 3, 3)])
    app = VicaireApp(folder=folder, lang=lang, cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(48, 36)
        await settle(pilot)
        needs = "needs" if lang == "en" else "il faut"
        assert sum(needs in line for line in screen_lines(app)) == 3, screen_lines(app)
