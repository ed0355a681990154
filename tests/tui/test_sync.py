"""Two sessions on one history (two phones at the table): a deal recorded by one reaches the
other's score sheet, and the sheet reads the match file once for that change, never while
nothing changes (it only looks at the file's signature)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import scorekeeper.store.match_files as match_files
from tests.support import notified, until
from tests.tui.conftest import make_app, screen_text, settle, stored_match


async def test_a_deal_recorded_elsewhere_reaches_the_sheet_with_one_read(
        folder, history, monkeypatch):
    stored = stored_match(history, deals=[(4, 3, 3)])
    reads: list[str] = []
    real_read = match_files.read_file

    def counted(path, *args, **kwargs):
        reads.append(path.name)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(match_files, "read_file", counted)
    app = make_app(folder, poll=0.05)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        sheet = app.screen
        looks: list[object] = []
        real_signature = app.history_signature

        def signature(match_id=None):
            looks.append(match_id)
            return real_signature(match_id)

        monkeypatch.setattr(app, "history_signature", signature)
        await until(pilot, lambda: looks.count(stored.id) >= 5)  # the sheet looked, ...
        await settle(pilot)
        reads.clear()
        looks.clear()
        await until(pilot, lambda: looks.count(stored.id) >= 10)
        assert reads == []  # ... and read nothing while nothing changed

        # The other session: the real command line, in its own process.
        done = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "scorekeeper", "add", stored.id[:6],
                             "1", "1", "8", "--db", str(folder)], capture_output=True)
        assert done.returncode == 0, done.stderr
        await until(pilot, lambda: len(sheet.state.match.deals) == 2)
        looks.clear()
        await until(pilot, lambda: looks.count(stored.id) >= 10)  # polls go on afterwards
        await settle(pilot)
        assert sheet.state.match.deals == ((4, 3, 3), (1, 1, 8))
        assert "deal 3" in screen_text(app), screen_text(app)
        assert any("changed in another window" in m for m in notified(app))
        assert reads == [f"{stored.id}.json"]  # the changed file, read once
