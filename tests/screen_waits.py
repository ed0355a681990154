"""The app tests' pilot waits on the widgets that have messages to handle, not on every widget.

After each key it presses and at each pause, Textual's pilot waits for the screen to handle
what it was sent (`Pilot._wait_for_screen`): it posts a callback to the app and to every
widget of the screen, and waits until each has run, each a message handled as any other
(queued, dispatched through the widget's classes, its parameters counted). On the sheet that
is some thirty messages per wait, nine in ten of the messages an app test handles.

Here the app and the screen are always called back, and of the widgets under the screen
those with messages waiting (`message_queue_size`); then, once those have run, those of
them all that were sent messages meanwhile, until a round finds none (eight rounds at most).
A widget with nothing queued has nothing left to handle, so the wait ends on the same
screen as Textual's, or later (Textual's does not wait for messages sent during it). What it
no longer waits for is a widget whose handler is itself waiting with nothing queued behind
it: the idle wait that follows each key and each `pause()` (tests/idle_window.py) lets the
app run until it has nothing left to do, and `tests.tui.conftest.settle` ends with one.

Textual offers no setting for it; tests/test_screen_waits.py checks that the pilot still
waits through the name replaced after each key and at each pause, and what the wait waits
for, so that an upgrade that changes them fails there."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

ROUNDS = 8  # (a widget sent a message at every round, by a timer, is not waited for forever)
TIMED_OUT = "Timed out while waiting for widgets to process pending messages."


def busy(pumps: Iterable[Any]) -> list[Any]:
    """Those of `pumps` (the app, a screen, widgets) with messages waiting to be handled."""
    return [pump for pump in pumps if pump.message_queue_size]


async def all_handled(app: Any, pumps: list[Any], end: float) -> bool:
    """Until each of `pumps` has handled what was queued for it before now (True), or the
    app has failed (False); WaitForScreenTimeout at the loop's time `end`."""
    from textual.pilot import WaitForScreenTimeout

    left = 0
    handled = asyncio.Event()

    def one_handled() -> None:
        nonlocal left
        left -= 1
        if left == 0:
            handled.set()

    for pump in pumps:
        if pump.call_later(one_handled):
            left += 1
    if not left:
        return True
    waits = [asyncio.create_task(handled.wait()),
             asyncio.create_task(app._exception_event.wait())]
    timeout = max(0.0, end - asyncio.get_running_loop().time())
    _, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    if len(pending) == len(waits):
        raise WaitForScreenTimeout(TIMED_OUT)
    return left == 0


def wait_on_busy_widgets() -> None:
    """Make the pilot of every app of this process wait as above (called once)."""
    from textual.pilot import Pilot

    if getattr(Pilot._wait_for_screen, "lean", False):
        return

    async def wait_for_screen(self: Pilot, timeout: float = 30.0) -> bool:
        """Until the screen's widgets have handled what was queued for them (True), or the
        app has failed (False); WaitForScreenTimeout after `timeout` seconds."""
        try:
            screen = self.app.screen
        except Exception:  # noqa: BLE001 - (as Textual's: no screen, nothing to wait for)
            return False
        end = asyncio.get_running_loop().time() + timeout
        pumps = [self.app, screen, *busy(screen.walk_children())]
        for _round in range(ROUNDS):
            if not pumps:
                break
            if not await all_handled(self.app, pumps, end):
                return False
            pumps = busy([self.app, screen, *screen.walk_children()])
        return True

    wait_for_screen.lean = True  # type: ignore[attr-defined]
    Pilot._wait_for_screen = wait_for_screen  # type: ignore[method-assign]
