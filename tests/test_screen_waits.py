"""tests/screen_waits.py against the Textual in use: the pilot still waits through the name
it replaces after each key and at each pause, and the wait returns only once every widget
has handled what it was sent before it."""

from __future__ import annotations

import asyncio
import inspect

from textual.app import App, ComposeResult
from textual.message import Message
from textual.pilot import Pilot
from textual.widget import Widget

from tests.screen_waits import wait_on_busy_widgets


def test_the_pilot_waits_through_the_name_replaced_after_each_key_and_pause():
    # (Pilot.press itself wrapped by tests/idle_window.py)
    assert "_wait_for_screen" in inspect.unwrap(Pilot.press).__code__.co_names
    assert "_wait_for_screen" in Pilot.pause.__code__.co_names
    assert getattr(Pilot._wait_for_screen, "lean", False)  # (tests/conftest.py)
    assert hasattr(App(), "_exception_event")  # (what Textual's wait watches too)
    wait_on_busy_widgets()  # (a second call changes nothing)
    assert getattr(Pilot._wait_for_screen, "lean", False)


class Work(Message):
    """A message whose handler takes a while (a few turns of the loop) to end."""


class Slow(Widget):
    def __init__(self) -> None:
        super().__init__()
        self.handled = 0

    async def on_work(self, message: Work) -> None:
        message.stop()
        await asyncio.sleep(0.01)
        self.handled += 1


class Busy(App[None]):
    def compose(self) -> ComposeResult:
        yield Slow()
        yield Slow()


async def test_the_wait_ends_once_every_widget_has_handled_what_it_was_sent():
    app = Busy()
    async with app.run_test() as pilot:
        await pilot.pause()
        busy, quiet = app.query(Slow).results(Slow)
        for _ in range(5):
            busy.post_message(Work())
        await pilot.pause(0)  # (the pilot's wait, then one turn of the loop: no idle wait)
        assert busy.handled == 5
        assert quiet.handled == 0
