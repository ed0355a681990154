"""The HTML score sheet in the real browser: whole on a 390-pixel phone, one A4 page in print.

The page is opened from its file (nothing is served: it needs nothing), in the system's
Chromium; the screenshots are kept beside the test's files for a person to look at.
"""

from __future__ import annotations

import base64
import re
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from scorekeeper.rules import Match, RuleSet
from scorekeeper.sim.match import simulate_match
from scorekeeper.store import History
from tests.e2e.test_browser import Page, Served

A4_MM = (210, 297)
MARGIN_MM = 12  # the sheet's @page margin


def px(mm: float) -> int:
    return int(mm / 25.4 * 96)


def a_usual_match(tmp_path: Path) -> Path:
    """A whole match to 500 as bots play it, under names a page must show literally, with a
    deal a minute; exported as the command line does."""
    from scorekeeper.formats.export import write_export

    played, _records = simulate_match(seed=7)
    match = Match(("Amélie", "<b>Bob</b>", "Chloé-Marguerite"), RuleSet(),
                  deals=played.match.deals)
    times = tuple(f"2026-03-14T{19 + i // 60:02d}:{i % 60:02d}:00.000Z"
                  for i in range(len(match.deals)))
    stored = History(tmp_path / "db").create(match, name="Saturday at Grandma's",
                                             deal_times=times)
    return write_export(stored, "html", tmp_path, "en")


def test_the_sheet_reads_on_a_phone_and_prints_on_one_a4_page(tmp_path: Path) -> None:
    path = a_usual_match(tmp_path)
    page = Page(path.as_uri(), size=(390, 844), wait=False)
    try:
        driver = page.driver
        assert driver.execute_script(  # nothing wider than the screen, scroll bar aside
            "const e = document.documentElement; return e.scrollWidth <= e.clientWidth")
        body = driver.execute_script("return document.body.innerText")
        assert "<b>Bob</b> wins the match" in body  # the bots' seed 7: the second seat wins
        assert driver.execute_script("return document.querySelectorAll('b').length") == 0
        svg = driver.execute_script(
            "const r = document.querySelector('svg').getBoundingClientRect();"
            "return [r.width, r.height];")
        assert 300 <= svg[0] <= 390 and svg[1] > 100  # the chart fits the phone's width
        phone = tmp_path / "sheet-phone.png"
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(390, height)
        driver.save_screenshot(str(phone))
        assert phone.stat().st_size > 10_000

        pdf = driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True,
                                                         "printBackground": True})
        data = base64.b64decode(pdf["data"])
        assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == 1  # one A4 page
        (tmp_path / "sheet.pdf").write_bytes(data)

        # The print layout, as a print preview shows it: A4 less the margins.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        width, height = px(A4_MM[0] - 2 * MARGIN_MM), px(A4_MM[1] - 2 * MARGIN_MM)
        driver.set_window_size(width, height)
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        assert driver.execute_script("return document.documentElement.scrollHeight") <= height
        printed = tmp_path / "sheet-a4.png"
        driver.save_screenshot(str(printed))
        assert printed.stat().st_size > 10_000
    finally:
        page.close()


# Keeps the addresses the page opens (a download opens one in a new tab).
OPENED = ("window.__opened = []; "
          "window.open = (url) => { window.__opened.push(url); return null; };")


@pytest.fixture
def served(tmp_path: Path):
    running = Served(tmp_path)
    yield running
    running.close()


def test_served_the_reviews_key_has_the_browser_download_the_page(served: Served,
                                                                   tmp_path: Path) -> None:
    """`vicaire serve`: p on a review delivers the page through the server (App.deliver_text:
    the page opens /download/KEY, which the server streams from the tab's app)."""
    import urllib.request

    db = tmp_path / "db"
    stored = History(db).create(Match(("Amélie", "<b>Bob</b>", "Chloé"), RuleSet(target=50),
                                      deals=((4, 3, 3), (6, 2, 2))), name="Goûter")
    page = served.open("Scorer", wait=False)
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OPENED})
    page.driver.refresh()
    page.wait_drawn()
    page.driver.find_element(By.CSS_SELECTOR, ".textual-terminal").click()
    page.wait_for("New match")
    page.forget()  # (home's last matches name "Goûter" too: Enter waits for the history's)
    page.type("h")
    page.wait_for("History — 1 match")  # the title and the rows come in one frame
    page.type("\n")
    page.wait_for("Amélie wins")
    page.type("p")
    page.wait_for("downloads the page")
    end = time.monotonic() + 20
    while not page.driver.execute_script("return window.__opened") and time.monotonic() < end:
        time.sleep(0.1)
    (url,) = page.driver.execute_script("return window.__opened")
    assert url.startswith(f"http://127.0.0.1:{served.port}/download/")
    with urllib.request.urlopen(url, timeout=20) as answer:  # loopback only
        body = answer.read().decode("utf-8")
        disposition = answer.headers["Content-Disposition"]
    assert disposition == f"attachment; filename=vicaire-{stored.created[:10]}-{stored.id}.html"
    assert body.startswith("<!DOCTYPE html>") and "&lt;b&gt;Bob&lt;/b&gt;" in body
    assert "Amélie wins the match" in body
