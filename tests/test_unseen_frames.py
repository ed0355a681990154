"""The app tests' headless apps skip the frames nobody sees (tests/unseen_frames.py): checked
against the Textual in use, so that an upgrade that moves what the skip relies on fails here
rather than making the app tests draw again unnoticed, or read a screen wrongly."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from tests.support import screen_lines
from tests.tui.conftest import make_app, settle, stored_match


def frames_drawn_by(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one with each frame Textual draws for a screen."""
    from textual._compositor import Compositor

    drawn: list[int] = []
    render_update = Compositor.render_update

    def counted(self, *args, **kwargs):
        drawn.append(1)
        return render_update(self, *args, **kwargs)

    monkeypatch.setattr(Compositor, "render_update", counted)
    return drawn


async def home_as_read(app) -> tuple[list[str], str]:
    """Home as a test reads it: its lines, and its snapshot (SVG)."""
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        return screen_lines(app), app.export_screenshot()


async def test_a_headless_app_draws_no_frame_of_its_own(tmp_path, monkeypatch):
    drawn = frames_drawn_by(monkeypatch)
    app = make_app(tmp_path / "history")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")  # (a screen pushed, fields focused: frames a terminal draws)
        await settle(pilot)
    assert drawn == []


async def test_a_test_that_asks_for_the_frames_gets_them(tmp_path, monkeypatch, frames_drawn):
    drawn = frames_drawn_by(monkeypatch)
    app = make_app(tmp_path / "history")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert len(drawn) >= 1


async def test_what_a_test_reads_of_the_screen_is_what_the_drawn_frames_show(
        tmp_path, request):
    """Home with a match in progress, read with its frames skipped and then drawn: the same
    lines and the same snapshot."""
    from scorekeeper.store import History
    from tests import unseen_frames

    folder = tmp_path / "history"
    stored_match(History(folder), name="Samedi", deals=[(4, 3, 3)])
    skipped = await home_as_read(make_app(folder))
    unseen_frames.drawing = True
    request.addfinalizer(lambda: setattr(unseen_frames, "drawing", False))
    drawn = await home_as_read(make_app(folder))
    assert any("Samedi" in line for line in skipped[0])
    assert skipped == drawn


class Broken(Static):
    """A widget that fails as it is drawn (its size fixed: laying it out does not draw it)."""

    DEFAULT_CSS = "Broken { width: 20; height: 1; }"

    def render(self):
        raise ValueError("this widget cannot draw itself")


class BrokenApp(App):
    def compose(self) -> ComposeResult:
        yield Broken()


async def test_a_widget_that_fails_to_draw_still_fails_the_test_that_reads_it():
    app = BrokenApp()
    with pytest.raises(ValueError, match="cannot draw itself"):
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            screen_lines(app)
