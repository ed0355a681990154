"""tests/idle_window.py against the Textual in use: the names it sets are still those the
pilot's waits read when they run, they hold the window the tests run with, and a key's second
wait is skipped only when the app has stayed idle since the first."""

from __future__ import annotations

import inspect
import time

import pytest
import textual._wait as wait
import textual.app as app_module
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


def test_each_key_is_still_waited_for_twice_around_the_animations():
    """What skip_second_key_wait counts on: two waits per key, the animations' between."""
    source = inspect.getsource(App._press_keys)
    assert source.count("await wait_for_idle(0)") == 2
    first, second = (index for index in range(len(source))
                     if source.startswith("await wait_for_idle(0)", index))
    assert "wait_until_complete()" in source[first:second]
    assert "_press_keys" in inspect.unwrap(Pilot.press).__code__.co_names
    assert app_module.wait_for_idle is not wait.wait_for_idle  # (the tests' own is in place)


class Keys(App):
    BINDINGS = [("x", "work"), ("y", "nothing")]

    def __init__(self) -> None:
        super().__init__()
        self.done = 0

    def action_work(self) -> None:
        burn(0.003)
        self.done += 1

    def action_nothing(self) -> None:
        pass


def burn(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


@pytest.fixture
def full_waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Textual's own waits for idle, as they are made."""
    made: list[float] = []
    textual_wait = wait.wait_for_idle

    async def counted(min_sleep: float = WINDOW, max_sleep: float = 1.0) -> None:
        made.append(min_sleep)
        await textual_wait(min_sleep, max_sleep)

    monkeypatch.setattr(wait, "wait_for_idle", counted)
    return made


async def test_keys_are_waited_for_once_each_when_the_app_is_idle_after(full_waits):
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        full_waits.clear()
        await pilot.press("x", "y", "x")
        assert app.done == 2  # (each key's work done before press returns)
        assert len(full_waits) == 3  # (Textual's pilot alone: 6)


async def test_a_second_wait_after_work_done_since_the_first_is_made_in_full(full_waits):
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.press()  # (a new series of keys: the next wait is a key's first)
        full_waits.clear()
        await app_module.wait_for_idle(0)
        burn(2 * IDLE)  # the process works between the two waits
        await app_module.wait_for_idle(0)
        assert len(full_waits) == 2
        await app_module.wait_for_idle(0)  # the next key's first wait
        await app_module.wait_for_idle(0)  # its second, nothing run since
        assert len(full_waits) == 3
