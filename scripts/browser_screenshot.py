"""Take screenshots/browser-*.png: the app served by `vicaire serve`, seen in headless Chromium
at a tablet's and at a phone's size (the board, and the sheet with its tap pad), on a temporary
history with a match in progress; and screenshots/html-sheet-*.png: a match's page to share
(`vicaire export ID --format html`) on a 390-pixel phone and as printed on A4.

Needs Debian's `chromium` and `chromium-driver` packages and the `selenium` package.

    python scripts/browser_screenshot.py [--out screenshots] [--lang fr]

In French (`--lang fr`) the files are named browser-*-fr.png.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains

from scorekeeper.rules import Match
from scorekeeper.store import History

DEALS = ((4, 3, 3), (6, 2, 2), (5, 5, 0), (0, 0, 10), (3, 3, 4), (2, 5, 3))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port: int, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def link(proc: subprocess.Popen) -> str:
    """The first link `vicaire serve` printed: the scorer's, or the spectators' with --board."""
    text = ""
    while "Ctrl+C" not in text:
        line = proc.stdout.readline().decode()
        if not line:
            raise SystemExit("the server printed no links")
        text += line
    return re.search(r"http://\S+", text).group(0)


def browser(width: int, height: int) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 f"--window-size={width},{height}", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic"):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or "chromium"
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"),
                            options=options)


def shoot(url: str, keys: str, size: tuple[int, int], path: Path) -> None:
    driver = browser(*size)
    try:
        if size[0] < 500:  # a phone: below the smallest window a desktop browser opens
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})
        driver.get(url)
        time.sleep(4)
        driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        for key in keys:
            ActionChains(driver).send_keys(key).perform()
            time.sleep(1.5)
        time.sleep(2)
        driver.save_screenshot(str(path))
        print(path)
    finally:
        driver.quit()


def shoot_page(tmp: str, lang: str, out: Path, suffix: str) -> None:
    """The page to share of a whole match (bots' play from a fixed seed, family names)."""
    from scorekeeper.formats.export import write_export
    from scorekeeper.rules import RuleSet
    from scorekeeper.sim.match import simulate_match

    played, _deals = simulate_match(seed=7)
    match = Match(("Amélie", "<b>Bob</b>", "Chloé-Marguerite"), RuleSet(),
                  deals=played.match.deals)
    times = tuple(f"2026-03-14T{19 + i // 60:02d}:{i % 60:02d}:00.000Z"
                  for i in range(len(match.deals)))
    stored = History(Path(tmp) / "page").create(match, name="Saturday at Grandma's",
                                                deal_times=times)
    page = write_export(stored, "html", Path(tmp), lang)
    for name, width, media in (("phone", 390, "screen"), ("print", 703, "print")):
        driver = browser(width, 900)
        try:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
            driver.get(page.as_uri())
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(width, height + 150)  # (the window's frame: ~150 pixels)
            path = out / f"html-sheet-{name}{suffix}.png"
            driver.save_screenshot(str(path))
            print(path)
        finally:
            driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="screenshots")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    args = parser.parse_args()
    out, lang = Path(args.out), args.lang
    suffix = "" if lang == "en" else f"-{lang}"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        History(tmp).create(Match(("Amélie", "Bruno", "Chloé"), deals=DEALS),
                            name="Vendredi soir")
        port = free_port()
        base = [sys.executable, "-m", "scorekeeper", "serve", "--db", tmp, "--lang", lang]
        env = {**os.environ, "XDG_STATE_HOME": tmp}  # (the links' keys kept there, not at home)
        sheet = subprocess.Popen([*base, "--port", str(port)], stdout=subprocess.PIPE, env=env)
        board_port = free_port()
        board = subprocess.Popen([*base, "--port", str(board_port), "--board"],
                                 stdout=subprocess.PIPE, env=env)
        try:
            sheet_link, board_link = link(sheet), link(board)
            wait_listening(port)
            wait_listening(board_port)
            shoot(sheet_link, "r", (1024, 700), out / f"browser-sheet{suffix}.png")
            shoot(board_link, "", (412, 780), out / f"browser-board-phone{suffix}.png")
            shoot(sheet_link, "r", (390, 844), out / f"browser-sheet-phone{suffix}.png")
        finally:
            for proc in (sheet, board):
                proc.terminate()
                proc.wait(timeout=20)
        shoot_page(tmp, lang, out, suffix)


if __name__ == "__main__":
    main()
