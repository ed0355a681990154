"""The app tests' pilot looks for the app going idle in windows of 10 ms, not 20.

After each key it presses, and at each `pause()`, Textual's pilot waits for the app to go
idle: it sleeps a window (`textual._wait.SLEEP_GRANULARITY`, 1/50 s), again and again until
one in which the process used less than a twentieth of it (`SLEEP_IDLE`). Each key so costs
at least two windows, whatever the app had to do: the app tests took 251 s in one process
(61 s of it on the processor), and 120 s with windows of 5 ms. Here the window is 10 ms, and
idle still under a twentieth of it. What a test waits for is unchanged: the pilot still returns
only once the app has done what the key asked and has nothing left to run, and the tests that
wait for a history write or a timer still wait for it (`tests.tui.conftest.settle`,
`tests.support.until`). Shorter still (5 ms), a test process that the other test processes
kept off the processor for a whole window took that for idle, and tests that read the screen
just after a resize failed now and then: 10 ms did not.

After each key, Textual's pilot waits twice: for the app to go idle, then for its animations
to end (the apps under test have none), then for idle again. When the first wait has just
seen an idle window and the process has used less than IDLE since, less than a window ago,
the second returns at once: with nothing running, it would only sleep one more window and
find it idle (`skip_second_key_wait`; about a third of what each key costs a test in
waiting, 2–3 s of a whole run). Every other wait (the first after each key, `pause()`) is
Textual's, unchanged.

Textual offers no setting for either; tests/test_idle_window.py checks that the names are
still there and still read by the pilot's waits, so that an upgrade that changes them fails
there."""

from __future__ import annotations

import functools
from time import monotonic, process_time

WINDOW = 1 / 100  # seconds
IDLE = WINDOW / 20  # the process's processor time within a window, below which it is idle


def shorten_idle_window() -> None:
    """Make the pilot of every app of this process wait in windows of WINDOW (called once)."""
    import textual._wait as wait

    wait.SLEEP_GRANULARITY = WINDOW
    wait.SLEEP_IDLE = IDLE


def skip_second_key_wait() -> None:
    """After each key the pilot presses, its second wait for idle returns at once when the
    first has just seen the app idle and nothing has run since (called once)."""
    import textual._wait as wait
    import textual.app as app_module
    from textual.pilot import Pilot

    # Textual's `App._press_keys` waits twice per key, with `textual.app.wait_for_idle`: the
    # first and second of each pair, told apart here; `Pilot.press` starts each series.
    second = False
    idle_at: tuple[float, float] | None = None  # (wall, processor) time of the last idle seen

    async def keys_wait(min_sleep: float = WINDOW, max_sleep: float = 1.0) -> None:
        nonlocal second, idle_at
        if second:
            second = False
            if idle_at is not None and monotonic() - idle_at[0] < WINDOW and \
                    process_time() - idle_at[1] < IDLE:
                return  # (still idle: that window has not even ended)
        else:
            second = True
        start = monotonic()
        await wait.wait_for_idle(min_sleep, max_sleep)
        ended = monotonic()
        idle_at = (ended, process_time()) if ended - start < max_sleep else None

    press = Pilot.press

    @functools.wraps(press)
    async def keys_pressed(self: Pilot, *keys: str) -> None:
        nonlocal second
        second = False
        await press(self, *keys)

    app_module.wait_for_idle = keys_wait
    Pilot.press = keys_pressed  # type: ignore[method-assign]
