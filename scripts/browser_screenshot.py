"""Take screenshots/browser-*.png: the app served by `vicaire serve`, seen in headless Chromium
at a tablet's and at a phone's size, on a temporary history with a match in progress.

Needs Debian's `chromium` and `chromium-driver` packages and the `selenium` package.

    python scripts/browser_screenshot.py [--out screenshots]
"""

from __future__ import annotations

import argparse
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
from selenium.webdriver.common.by import By

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
        driver.get(url)
        time.sleep(4)
        driver.find_element(By.CSS_SELECTOR, ".textual-terminal").click()
        for key in keys:
            ActionChains(driver).send_keys(key).perform()
            time.sleep(1.5)
        time.sleep(2)
        driver.save_screenshot(str(path))
        print(path)
    finally:
        driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="screenshots")
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        History(tmp).create(Match(("Amélie", "Bruno", "Chloé"), deals=DEALS),
                            name="Vendredi soir")
        port = free_port()
        base = [sys.executable, "-m", "scorekeeper", "serve", "--db", tmp, "--lang", "en"]
        sheet = subprocess.Popen([*base, "--port", str(port)], stdout=subprocess.DEVNULL)
        board_port = free_port()
        board = subprocess.Popen([*base, "--port", str(board_port), "--board"],
                                 stdout=subprocess.DEVNULL)
        try:
            wait_listening(port)
            wait_listening(board_port)
            shoot(f"http://127.0.0.1:{port}/", "r", (1024, 700), out / "browser-sheet.png")
            shoot(f"http://127.0.0.1:{board_port}/?fontsize=18", "", (412, 780),
                  out / "browser-board-phone.png")
        finally:
            for proc in (sheet, board):
                proc.terminate()
                proc.wait(timeout=20)


if __name__ == "__main__":
    main()
