"""A phone at the table, in a real headless Chromium on `vicaire serve` (loopback): counts
typed and not yet recorded come back after the connection drops, to that tab alone; a tap on
the field below the one being typed in lands there (the terminal's hidden text box lets it
through). The helpers, and the skip where there is no browser: tests/e2e/test_browser.py."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.e2e import test_browser
from tests.e2e.test_browser import (
    CAPTURE,
    Page,
    app_processes,
    cells,
    stored_deals,
    the_match_resumed,
)

server = test_browser.server  # (the fixture: `vicaire serve` in a subprocess, its pages)

# (as tests/e2e/test_browser.py: a real browser on two busy cores can miss a frame)
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=1)


def drop_connection(page: Page) -> None:
    """The tab's connection drops, as when a phone sleeps: the page hears its websocket close
    without the app having ended (1006, no closing handshake: a connection gone), says it
    reconnects, and does: the page reloads, and the server starts a new app for the tab, on
    the match it showed. (A close from the page's script would not do: the server answers
    it with 1000, the code of an app that ended.)"""
    page.driver.execute_script(
        "window.__dropped = true;"
        "window.__socket.dispatchEvent(new CloseEvent('close', {code: 1006}))")
    end = time.monotonic() + 45
    # It says so (-lost), or has already reloaded (its window's state gone) between two looks.
    while "-lost" not in page.body_class() and page.driver.execute_script(
            "return window.__dropped === true"):
        assert time.monotonic() < end, "the page did not notice"
        time.sleep(0.05)
    page.forget()
    while "-lost" in page.body_class() or "needs " not in page.text():
        assert time.monotonic() < end, "the tab did not come back to the match"
        time.sleep(0.2)
    page.quiet()


def focus(page: Page) -> None:
    page.driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")


def test_counts_typed_come_back_after_a_dropped_connection_to_that_tab_alone(server):
    served = server()
    page = the_match_resumed(served)
    page.type("5", " ", "2")
    page.wait_for("5 2")
    page.quiet()  # (each change of the entry line has reached the server)
    before = set(app_processes(served))
    drop_connection(page)
    page.wait_for("5 2")  # back in the entry line of the new app
    assert set(app_processes(served)) - before  # (a new app: the old one has ended)

    # Another tab of the same browser, on the same match: its entry line is empty (Enter
    # there records nothing: it asks for three numbers).
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
    page.driver.get(served.link("Scorer"))
    page.wait_drawn()
    page.wait_for("Resume")
    focus(page)
    page.type("r")
    page.wait_for("needs ")
    page.quiet()
    page.type("\n")
    page.wait_for("type three numbers")
    assert stored_deals(served.db) == [[4, 3, 3]]

    page.driver.switch_to.window(first)
    focus(page)
    page.type("\n")  # the counts put back are recorded as typed: 5 2, Chloé's 3 filled in
    end = time.monotonic() + 30
    while stored_deals(served.db) != [[4, 3, 3], [5, 2, 3]] and time.monotonic() < end:
        time.sleep(0.3)
    assert stored_deals(served.db) == [[4, 3, 3], [5, 2, 3]]
    # Recorded: a connection dropped now brings back an empty entry line.
    drop_connection(page)
    focus(page)
    page.type("\n")
    page.wait_for("type three numbers")
    assert stored_deals(served.db) == [[4, 3, 3], [5, 2, 3]]


def name_fields(columns: int, rows: int, folder: Path) -> list[tuple[int, int]]:
    """The terminal cells (column, row) where the new match form's name fields begin their
    text, at this size (the real app, laid out as the served one is, on an empty history)."""
    from scorekeeper.tui.app import VicaireApp

    async def laid_out() -> list[tuple[int, int]]:
        app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=3600.0)
        async with app.run_test(size=(columns, rows)) as pilot:
            await pilot.pause(0.5)
            await pilot.press("n")
            for _ in range(20):
                await pilot.pause(0.1)
                if app.screen.query("#name-1"):
                    break
            await pilot.pause(0.3)
            regions = [app.screen.query_one(f"#name-{i}").content_region for i in range(3)]
            return [(region.x, region.y) for region in regions]

    return asyncio.run(laid_out())


def finger(page: Page, column: float, row: float) -> None:
    """A finger's tap on the terminal's cell (column, row), once the app is still: touch
    events with a finger's contact (16 pixels around the point), which the browser turns into
    a tap as a phone's does, moving it onto a field within the finger's reach (Chrome's touch
    adjustment, 16 pixels at most). A mouse's click is never moved: it cannot show the case."""
    page.quiet()
    page.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                                {"enabled": True, "maxTouchPoints": 5})
    columns, rows, width, height = cells(page)
    left, top = page.driver.execute_script(
        "const box = document.querySelector('.xterm-screen').getBoundingClientRect();"
        "return [box.left, box.top];")
    point = {"x": left + (column % columns + 0.5) * width,
             "y": top + (row % rows + 0.5) * height, "radiusX": 16, "radiusY": 16, "id": 0}
    page.driver.execute_script("window.__taps = 0;"
                               "document.addEventListener('click', () => window.__taps++,"
                               "                          {once: true, capture: true});")
    page.driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                                {"type": "touchStart", "touchPoints": [point]})
    page.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    end = time.monotonic() + 20
    while not page.driver.execute_script("return window.__taps"):  # (the tap reached the page)
        assert time.monotonic() < end, "the tap never reached the page"
        time.sleep(0.05)
    page.quiet()


def typed(page: Page, words: str) -> None:
    """Types `words` and waits until the app has drawn them (each key reached the app)."""
    focused = page.driver.execute_script(
        "return document.activeElement && document.activeElement.className")
    page.forget()
    page.type(*words)
    try:
        page.wait_for(words[-1], timeout=20)
    except AssertionError as error:
        raise AssertionError(f"typed with the focus on {focused!r}: {error}") from None
    page.quiet()


def test_on_a_phone_a_tap_on_the_next_name_field_types_there(server, tmp_path):
    """At 390×844 in a touch browser: "Amélie" typed in Player 1, a finger's tap on Player 2's
    field, "Bruno" goes there (it went to Player 1: "AmélieBruno"). Then a slip mended as a
    thumb does, a tap on the letter just before the cursor: "Chlé", a tap on the "é", "o":
    "Chloé". The terminal's hidden text box sits at the cursor; a tap within a finger's reach
    of it was moved onto it, to the field and place of the cursor (the page lets taps
    through it: scorekeeper/web/templates/index.html). On the form the name fields are now
    57 pixels apart, beyond that reach; the mended slip is within it, and fails without."""
    served = server()
    phone = served.open(size=(390, 844))
    phone.wait_for("New match")
    columns, rows, _width, _height = cells(phone)
    (_, first), (_, second), (left, third) = name_fields(columns, rows, tmp_path / "layout")
    assert second > first  # one under the other, on a phone
    phone.type("n")
    phone.wait_for("Start the match")
    phone.quiet()
    typed(phone, "Amélie")  # Player 1 has the focus: the cursor, and the hidden box, are there
    finger(phone, 8, second)  # Player 2's field, just below, by the cursor's column
    typed(phone, "Bruno")
    finger(phone, 8, third)
    typed(phone, "Chlé")
    finger(phone, left + 3, third)  # the "é", by the cursor (the hidden box is a cell on)
    typed(phone, "o")
    phone.forget()
    phone.ctrl("s")
    end = time.monotonic() + 45
    while "needs 10" not in phone.text():  # the sheet; or the form says what is wrong
        assert "name" not in phone.text() and time.monotonic() < end, phone.text()[-2000:]
        time.sleep(0.2)
    from scorekeeper.store import History

    history = History(served.db)
    [match] = history.summaries()
    assert history.get(match.id).match.players == ("Amélie", "Bruno", "Chloé")
