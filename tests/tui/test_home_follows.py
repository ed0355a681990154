"""Home follows the history that another window or device changes (as a served tab must)."""

from __future__ import annotations

import time

from scorekeeper.store import History
from tests.support import until
from tests.tui.conftest import make_app, screen_text, settle, stored_match


async def test_home_lists_a_match_started_elsewhere_without_a_key(folder, history):
    app = make_app(folder, poll=0.1)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert "Dimanche" not in screen_text(app)
        stored_match(History(folder), name="Dimanche", deals=[(4, 3, 3)])
        for _ in range(50):
            await pilot.pause(0.1)
            if "Dimanche" in screen_text(app):
                break
        assert "Dimanche" in screen_text(app) and "press r" in screen_text(app)


async def test_home_reads_nothing_while_the_history_is_unchanged(folder, history, monkeypatch):
    stored_match(history, name="Samedi")
    reads = []
    real = History.summaries

    def counted(self):
        reads.append(1)
        return real(self)

    app = make_app(folder, poll=0.05)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(History, "summaries", counted)
        await pilot.pause(1.0)  # twenty looks at the journal
        assert reads == []


async def test_home_lists_the_first_match_made_elsewhere_while_the_history_was_opening(
        folder, monkeypatch):
    """A busy machine: the history is still opening when home first shows (the listing comes
    later), and the history is empty (no journal yet). The first match another window makes
    still shows on home."""
    import threading

    signature = History.signature

    def slow_off_the_ui_thread(self, *args):
        if threading.current_thread() is not threading.main_thread():
            time.sleep(0.3)
        return signature(self, *args)

    monkeypatch.setattr(History, "signature", slow_off_the_ui_thread)
    app = make_app(folder, poll=0.05)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: "No match in progress" in screen_text(app))
        stored_match(History(folder), name="Dimanche", deals=[(4, 3, 3)])
        await until(pilot, lambda: "Dimanche" in screen_text(app), timeout=10)
        assert "press r" in screen_text(app)
