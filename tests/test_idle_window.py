"""tests/idle_window.py against the Textual in use: the two names it sets are still those the
pilot's wait reads when it runs, and they hold the window the tests run with."""

from __future__ import annotations

import textual._wait as wait
from textual.app import App
from textual.pilot import Pilot

from tests.idle_window import IDLE, WINDOW


def test_the_pilots_wait_reads_the_window_and_idle_share_as_it_runs():
    names = wait.wait_for_idle.__code__.co_names
    assert "SLEEP_GRANULARITY" in names and "SLEEP_IDLE" in names
    # The waits after each key pressed and at each pause are that one.
    assert "wait_for_idle" in App._press_keys.__code__.co_names
    assert "wait_for_idle" in Pilot.pause.__code__.co_names
    assert (wait.SLEEP_GRANULARITY, wait.SLEEP_IDLE) == (WINDOW, IDLE)
