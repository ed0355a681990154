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

Textual offers no setting for it; tests/test_idle_window.py checks that the two names are
still there and still read by the pilot's wait, so that an upgrade that changes them fails
there."""

from __future__ import annotations

WINDOW = 1 / 100  # seconds
IDLE = WINDOW / 20  # the process's processor time within a window, below which it is idle


def shorten_idle_window() -> None:
    """Make the pilot of every app of this process wait in windows of WINDOW (called once)."""
    import textual._wait as wait

    wait.SLEEP_GRANULARITY = WINDOW
    wait.SLEEP_IDLE = IDLE
