"""`vicaire serve` as phones at the table see it, in headless Chromium on loopback.

First draw: from asking for the scorer's link on a phone-size page (390x844) to the app's first
frame on it, with every other host unreachable (a kitchen Wi-Fi without internet). Given twice:
as the script sees it (from asking the browser to open the link until the page says it drew,
the browser driver's own delays included) and by the page's clock (from the navigation's start
to the first frame received, as a phone's user sees it).
Sync: a deal recorded in the history (as another session does) until an open score sheet in
the browser shows that it changed ("changed in another window"), p50 and p95.
Memory: resident memory of one tab's app process, on the home screen and on the score sheet.
With --memory (alone, no browser needed): one tab's app against a bare Textual app (one Static)
served the same way (textual-serve's own server, the same web driver, a websocket client at
80x24): Vicaire's home, score sheet and board, each as a ratio of the bare app's.
Stop: Ctrl+C (SIGINT) with three tabs open, until the server has exited.

With --wifi, the phone's link is slowed as a home Wi-Fi far from the box might be (Chromium's
network emulation: 20 Mbit/s down, 10 Mbit/s up, 20 ms), still on loopback: there what the
page weighs shows.

    python benchmarks/bench_serve.py [--draws 5] [--syncs 20] [--wifi]
    python benchmarks/bench_serve.py --memory
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History

# Marks, in the page, when the app's output first contains the words awaited. The output is
# read with its escape sequences taken out: a line drawn over other widgets (a notice over the
# panels) comes in pieces, the cursor moved to each ("ch", "an", "ged in another window").
# Setting `__watch` empties what was read so far (`__read`).
WATCH = r"""
(() => {
  const Original = window.WebSocket;
  const decoder = new TextDecoder();
  const ESCAPES = /\x1b\[[0-9;?<>=]*[A-Za-z~]|\x1b[()][0-9A-Za-z]|\x1b[=>]/g;
  window.__watch = null; window.__seenAt = null; window.__firstFrame = null; window.__read = "";
  function Watching(url, protocols) {
    const ws = protocols === undefined ? new Original(url) : new Original(url, protocols);
    ws.addEventListener("message", (event) => {
      if (event.data instanceof ArrayBuffer && event.data.byteLength > 10 &&
          window.__firstFrame === null) window.__firstFrame = performance.now();
      if (!(event.data instanceof ArrayBuffer) || !window.__watch || window.__seenAt) return;
      window.__read = (window.__read + decoder.decode(event.data, {stream: true})).slice(-20000);
      if (window.__read.replace(ESCAPES, "").includes(window.__watch)) {
        window.__seenAt = Date.now();
      }
    });
    return ws;
  }
  Watching.prototype = Original.prototype;
  Object.assign(Watching, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Watching;
})();
"""
NO_INTERNET = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, folder: str) -> None:
        self.port = free_port()
        env = {**os.environ, "XDG_STATE_HOME": folder}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--db", folder, "--lang", "en",
             "--port", str(self.port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env)
        text = ""
        while "Ctrl+C" not in text:
            text += self.proc.stdout.readline().decode() or sys.exit("no links printed")
        self.scorer = re.search(r"Scorer.*?\n\s+(http://\S+)", text, re.S).group(1)
        self.board = re.search(r"Spectators.*?\n\s+(http://\S+)", text, re.S).group(1)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)

    def tabs(self) -> list[int]:
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(p) for p in path.read_text().split()] if path.exists() else []

    def stop(self) -> float:
        start = time.perf_counter()
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=60)
        return time.perf_counter() - start


def browser(width: int, height: int, *flags: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 f"--window-size={width},{height}", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic", *flags):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or "chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"),
                              options=options)
    driver.set_window_size(width, height)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    return driver


def wait(driver: webdriver.Chrome, script: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not driver.execute_script(script):
        if time.monotonic() > end:
            raise SystemExit(f"timed out waiting for: {script}")
        time.sleep(0.01)


WIFI = {"offline": False, "latency": 20, "downloadThroughput": 20e6 / 8,
        "uploadThroughput": 10e6 / 8}  # (bytes per second)


def first_draw(server: Server, wifi: bool = False) -> tuple[float, float]:
    """Seconds to the first frame: as this script sees it, and by the page's clock."""
    driver = browser(390, 844, NO_INTERNET)
    try:
        if wifi:
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", WIFI)
        start = time.perf_counter()
        driver.get(server.scorer)
        wait(driver, "return document.body.classList.contains('-first-byte')")
        seen = time.perf_counter() - start
        return seen, driver.execute_script("return window.__firstFrame") / 1000
    finally:
        driver.quit()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


BARE_APP = """
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("Hello")


Bare().run()
"""
SERVE_BARE = """
import sys
from textual_serve.server import Server
Server(f"{sys.executable} {sys.argv[1]}", host="127.0.0.1", port=int(sys.argv[2])).serve()
"""


def descendants(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    found = [int(p) for p in path.read_text().split()] if path.exists() else []
    return found + [d for child in found for d in descendants(child)]


def python_apps(pid: int) -> list[int]:
    """The app processes under a server (textual-serve's own puts a shell in between)."""
    return [p for p in descendants(pid)
            if Path(f"/proc/{p}/cmdline").read_bytes().split(b"\0")[0].endswith(
                Path(sys.executable).name.encode())]


async def tab(url: str, headers: dict[str, str], keys: tuple[str, ...] = ()) -> None:
    """One tab: until its app has drawn and gone quiet, each key then sent and drawn."""
    import asyncio
    import json

    import aiohttp

    async def quiet(ws, seconds: float = 4) -> None:
        """What the app sends for `seconds` (a cursor blinks: it never goes quite quiet)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                await asyncio.wait_for(ws.receive(), max(0.01, end - time.monotonic()))
            except asyncio.TimeoutError:
                return

    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(url, headers=headers)
        await quiet(ws)
        for key in keys:
            await ws.send_str(json.dumps(["stdin", key]))
            await quiet(ws)
        MEMORY.append(ws)  # (held open while the app is measured)
        await quiet(ws, 1)


MEMORY: list = []


def memory(folder: str) -> None:
    """Resident memory of one tab's app: Vicaire's (home, score sheet, board) against a bare
    Textual app served the same way. (The largest app of the tab's kind: the others are
    apps started ahead, idle on the home screen.)"""
    import asyncio

    bare_app, serve_bare = Path(folder) / "bare_app.py", Path(folder) / "serve_bare.py"
    bare_app.write_text(BARE_APP)
    serve_bare.write_text(SERVE_BARE)
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(serve_bare), str(bare_app), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)

        async def bare() -> float:
            task = asyncio.create_task(tab(f"ws://127.0.0.1:{port}/ws?width=80&height=24", {}))
            while not MEMORY:
                await asyncio.sleep(0.1)
            figure = max(rss_mb(p) for p in python_apps(proc.pid))
            await task
            await MEMORY.pop().close()
            return figure

        bare_mb = asyncio.run(bare())
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    server = Server(folder)
    try:
        time.sleep(3)  # the apps started ahead are up
        key = {"scorer": server.scorer.split("key=")[1], "board": server.board.split("key=")[1]}
        own = {"Origin": f"http://127.0.0.1:{server.port}"}

        async def vicaire(role: str, keys: tuple[str, ...]) -> float:
            url = f"ws://127.0.0.1:{server.port}/ws/{key[role]}/en/-?width=80&height=24"
            task = asyncio.create_task(tab(url, own, keys))
            while not MEMORY:
                await asyncio.sleep(0.1)
            board = b"--board"  # (the spectators' apps have it on their command line)
            mine = [p for p in python_apps(server.proc.pid)
                    if (board in Path(f"/proc/{p}/cmdline").read_bytes()) == (role == "board")]
            figure = max(rss_mb(p) for p in mine)
            await task
            await MEMORY.pop().close()
            return figure

        figures = {"home": asyncio.run(vicaire("scorer", ())),
                   "score sheet": asyncio.run(vicaire("scorer", ("r",))),
                   "board": asyncio.run(vicaire("board", ()))}
    finally:
        server.stop()
    print(f"bare Textual app, served: {bare_mb:.1f} MB (resident)")
    for what, figure in figures.items():
        print(f"Vicaire's tab, {what}: {figure:.1f} MB, {figure / bare_mb:.2f}x the bare app")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--draws", type=int, default=5)
    parser.add_argument("--syncs", type=int, default=20)
    parser.add_argument("--wifi", action="store_true",
                        help="first draws over an emulated home Wi-Fi (20 Mbit/s, 20 ms)")
    parser.add_argument("--memory", action="store_true",
                        help="only one tab's memory against a bare Textual app's")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        history = History(folder)
        stored = history.create(Match(("Amélie", "Bruno", "Chloé"), rules=RuleSet(target=500)))
        for deal in ((4, 3, 3), (6, 2, 2), (3, 3, 4)):
            history.add_deal(stored.id, deal)
        if args.memory:
            memory(folder)
            return
        server = Server(folder)
        try:
            draws = []
            for _ in range(args.draws):
                draws.append(first_draw(server, args.wifi))
                time.sleep(2)  # the next app started ahead is ready, as for a phone
            link = ", Wi-Fi 20 Mbit/s 20 ms" if args.wifi else ""
            for how, figures in ((f"seen by the script{link}", [d[0] for d in draws]),
                                 (f"page's clock{link}", [d[1] for d in draws])):
                print(f"first draw, phone 390x844, no internet ({how}): median "
                      f"{statistics.median(figures):.2f} s, worst {max(figures):.2f} s "
                      f"({args.draws} runs)")

            driver = browser(1024, 768)
            driver.get(server.scorer)
            wait(driver, "return document.body.classList.contains('-first-byte')")
            time.sleep(2)
            home = [rss_mb(pid) for pid in server.tabs()]
            driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
            from selenium.webdriver.common.action_chains import ActionChains

            ActionChains(driver).send_keys("r").perform()
            time.sleep(3)
            sheet = [rss_mb(pid) for pid in server.tabs()]
            print(f"memory of one tab's app: home {max(home):.0f} MB, score sheet "
                  f"{max(sheet):.0f} MB (resident)")

            delays = []
            for number in range(args.syncs):
                driver.execute_script("window.__seenAt = null; window.__read = ''; "
                                      "window.__watch = 'changed in another window';")
                if number % 2 == 0:
                    history.add_deal(stored.id, (4, 3, 3))
                else:
                    history.undo(stored.id)
                written = time.time()
                wait(driver, "return window.__seenAt !== null", timeout=10)
                delays.append(driver.execute_script("return window.__seenAt") / 1000 - written)
                time.sleep(6)  # the notice has gone before the next change
            delays.sort()
            p95 = delays[max(0, int(round(0.95 * len(delays))) - 1)]
            print(f"sync, recorded to shown in another session: p50 "
                  f"{statistics.median(delays) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, worst "
                  f"{delays[-1] * 1000:.0f} ms ({len(delays)} changes)")

            others = [browser(1024, 768) for _ in range(2)]
            for other in others:
                other.get(server.scorer)
                wait(other, "return document.body.classList.contains('-first-byte')")
            tabs = len(server.tabs())
            stop = server.stop()
            print(f"stop with {tabs} tabs open (Ctrl+C): {stop:.2f} s")
            for other in [driver, *others]:
                other.quit()
        finally:
            if server.proc.poll() is None:
                server.proc.kill()


if __name__ == "__main__":
    main()
