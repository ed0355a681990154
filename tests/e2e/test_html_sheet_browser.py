"""The HTML score sheet in the real browser: whole on a 390-pixel phone, one A4 page in print.

The page is opened from its file (nothing is served: it needs nothing), in the system's
Chromium; the screenshots are kept beside the test's files for a person to look at.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

from scorekeeper.rules import Match, RuleSet
from scorekeeper.sim.match import simulate_match
from scorekeeper.store import History
from tests.e2e.test_browser import Page

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
