"""End to end in a real headless Chromium: `vicaire serve`, two browser pages, one match.

The system's Chromium and ChromeDriver are used (never a downloaded browser). Where they are
missing the test is skipped, unless VICAIRE_REQUIRE_BROWSER=1 (as in CI), where it fails.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.cli.test_serve import (
    app_children,
    free_port,
    private_state,
    read_lines,
    running,
    start,
    wait_listening,
)

# A real browser beside the rest of the suite on two cores can miss a frame: each browser
# test gets two more tries before it counts as failed (pytest-rerunfailures).
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=1)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
REQUIRED = os.environ.get("VICAIRE_REQUIRE_BROWSER") == "1"

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:  # pragma: no cover - depends on the machine
    webdriver = None

if not REQUIRED and (webdriver is None or not CHROMIUM or not DRIVER):
    pytest.skip("needs selenium, chromium and chromedriver", allow_module_level=True)

# Keeps every byte the app sends to the page's terminal, decoded, in window.__screen.
CAPTURE = r"""
(() => {
  const Original = window.WebSocket;
  const decoder = new TextDecoder();
  window.__screen = "";
  window.__sockets = [];
  window.__sizes = [];
  window.__lastAt = 0;  // when the app last sent something (the page's clock)
  function Capturing(url, protocols) {
    const ws = protocols === undefined ? new Original(url) : new Original(url, protocols);
    window.__sockets.push(url);
    window.__socket = ws;  // (the newest: a test drops it)
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      if (typeof data === "string" && data.startsWith('["resize"')) {
        window.__sizes.push(JSON.parse(data)[1]);
      }
      return send(data);
    };
    ws.addEventListener("message", (event) => {
      window.__lastAt = performance.now();
      const data = event.data;
      if (data instanceof ArrayBuffer) window.__screen += decoder.decode(data, {stream: true});
      else if (data instanceof Blob) data.arrayBuffer().then((b) => {
        window.__screen += decoder.decode(b, {stream: true});
      });
    });
    return ws;
  }
  Capturing.prototype = Original.prototype;
  Object.assign(Capturing, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Capturing;
})();
"""
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[A-Za-z~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")


def start_chromium(scratch: str):
    """A headless Chromium, driven through the system's ChromeDriver, its temporary files in
    `scratch` (Chromium leaves a folder of its own behind in the system's on every quit).

    Without WebGL (`--disable-3d-apis`): with no GPU (`--disable-gpu`), Chromium emulates
    WebGL in software, and the page's terminal (xterm.js, in textual-serve's page) sets it
    up for every page: about 6 s of the browser tests' 45 s of processor time. Without it,
    xterm.js draws the cells as page elements (its DOM renderer, as in a browser that has no
    WebGL) rather than on canvases; what the tests read (the screen the app sends, the
    page's size in cells, where a tap lands) is the same either way. How the glyphs look is
    checked by a person, in a browser with WebGL (docs/development.md)."""
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic",
                 "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows", "--disable-3d-apis"):
        options.add_argument(flag)
    options.binary_location = CHROMIUM
    return webdriver.Chrome(service=Service(DRIVER, env={**os.environ, "TMPDIR": scratch}),
                            options=options)


class Browser:
    """One Chromium for the browser tests' pages, each page in a window of its own (a window
    has its own page, history, session storage and size).

    Starting a Chromium and its ChromeDriver costs about a second of processor time; the
    browser tests open some thirty pages. A new window costs Chromium about 0.6 s more, and
    a page loaded in a window that has shown one before costs about a third of what it costs in
    a new window: a window whose page has closed is emptied (its session storage, then its
    page) and taken again by the next page, unless its test changed the window itself
    (`Window`). The browser is quit after the last browser test of a test process
    (tests/e2e/conftest.py), and started again should it have died."""

    def __init__(self) -> None:
        self.driver = None
        self.scratch = ""  # the browser's temporary folder, removed as it quits
        self.current = ""
        self.spare: list[str] = []  # emptied windows, for the next pages
        self.changed: set[str] = set()  # windows a test changed (emulations, scripts, tabs)

    def window(self) -> str:
        """A window for a new page, made the current one: its handle."""
        while self.driver is not None and self.spare:
            handle = self.spare.pop()
            with contextlib.suppress(WebDriverException):
                self.driver.switch_to.window(handle)
                self.current = handle
                return handle
        if self.driver is not None:
            try:
                self.driver.switch_to.new_window("window")
            except WebDriverException:
                self.quit()
        if self.driver is None:
            self.scratch = tempfile.mkdtemp(prefix="vicaire-chromium-")
            self.driver = start_chromium(self.scratch)
            self.driver.switch_to.new_window("window")  # (the first stays blank and open)
        # Focused as a browser's only window is, though other pages are open; and every page it
        # loads keeps what it is sent (CAPTURE).
        self.driver.execute_cdp_cmd("Emulation.setFocusEmulationEnabled", {"enabled": True})
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
        self.current = self.driver.current_window_handle
        return self.current

    def turn_to(self, handle: str) -> None:
        if handle != self.current:
            self.driver.switch_to.window(handle)
            self.current = handle

    def close(self, handle: str) -> None:
        """The page in window `handle` is done with: its window is emptied for the next page,
        or closed (changed by its test, or not emptied)."""
        if self.driver is None:
            return
        if handle not in self.changed and self._emptied(handle):
            self.spare.append(handle)
            return
        self.changed.discard(handle)
        with contextlib.suppress(WebDriverException):
            self.turn_to(handle)
            self.driver.close()
            self.driver.switch_to.window(self.driver.window_handles[0])
            self.current = self.driver.window_handles[0]

    def _emptied(self, handle: str) -> bool:
        """The window's session storage cleared (the tab's id, the match it showed), then its
        page left for a blank one: the page's connection closes as it would with the window."""
        try:
            self.turn_to(handle)
            self.driver.execute_script("sessionStorage.clear()")
            self.driver.get("about:blank")
        except WebDriverException:
            return False
        return True

    def quit(self) -> None:
        if self.driver is not None:
            with contextlib.suppress(WebDriverException):
                self.driver.quit()
            shutil.rmtree(self.scratch, ignore_errors=True)
        self.driver, self.current = None, ""
        self.spare, self.changed = [], set()


BROWSER = Browser()


class Window:
    """The shared browser's driver, turned to one page's window before each use: what a
    test does with `page.driver` reaches that page, whichever page it used last."""

    def __init__(self, browser: Browser, handle: str) -> None:
        self._browser, self._handle = browser, handle

    # What a test may change its window with, beyond its page: such a window is closed after
    # its page, not taken again (Browser).
    CHANGES = ("execute_cdp_cmd", "switch_to")

    def __getattr__(self, name: str):
        self._browser.turn_to(self._handle)
        if name in self.CHANGES:
            self._browser.changed.add(self._handle)
        return getattr(self._browser.driver, name)


class Page:
    """One browser tab on the served app: a window of the module's browser."""

    def __init__(self, url: str, size: tuple[int, int] = (1200, 900),
                 wait: bool = True) -> None:
        self.handle = BROWSER.window()
        self.driver = Window(BROWSER, self.handle)
        self.sized(*size)
        self.driver.get(url)
        if wait:
            self.wait_drawn()
            # Focused by a click in its top left corner (a title or status line on every
            # screen): its middle is a tap target on a phone (home's menu).
            terminal = self.driver.find_element(By.CSS_SELECTOR, ".textual-terminal")
            ActionChains(self.driver).move_to_element_with_offset(
                terminal, 2 - terminal.size["width"] // 2,
                2 - terminal.size["height"] // 2).click().perform()

    def sized(self, width: int, height: int, timeout: float = 20) -> None:
        """The window at `width` × `height`, its page seeing it so, before the app is loaded.

        On a busy machine a new window of the shared browser sometimes kept the size it was
        made with (the last window's, or 780 pixels wide) though asked for another, and a
        phone's page was laid out as a desktop's: the size is asked for again until the page
        sees it."""
        end = time.monotonic() + timeout
        while True:
            self.driver.set_window_size(width, height)
            for _ in range(10):
                if self.driver.execute_script(  # (a window is never narrower than 500)
                        "return [window.innerWidth, window.outerHeight]") == [width, height]:
                    return
                time.sleep(0.1)
            assert time.monotonic() < end, "the browser's window never took its size"

    def wait_drawn(self, timeout: float = 45) -> None:
        """Until the app's first frame is on the page (the start notice has gone)."""
        end = time.monotonic() + timeout
        while "-first-byte" not in self.body_class():
            assert time.monotonic() < end, "the app never drew"
            time.sleep(0.05)

    def body_class(self) -> str:
        """The page's body classes, read in one step: the page reloads itself when the
        server is back (an element found before the reload is gone after it)."""
        return self.driver.execute_script(
            "return document.body ? document.body.className : ''") or ""

    def columns(self) -> int:
        """The terminal's width in cells, as the page last told the app."""
        sizes = self.driver.execute_script("return window.__sizes")
        if sizes:
            return int(sizes[-1]["width"])
        url = self.driver.execute_script("return window.__sockets.slice(-1)[0]")
        return int(re.search(r"width=(\d+)", url).group(1))

    def text(self) -> str:
        return ANSI.sub("", self.driver.execute_script("return window.__screen || ''"))

    def quiet(self, still: float = 0.4, timeout: float = 20) -> None:
        """Until the app has sent nothing for `still` seconds (its last frame drawn, the
        terminal's size settled): a tap then lands where the screen shows it."""
        end = time.monotonic() + timeout
        while self.driver.execute_script(
                "return performance.now() - window.__lastAt") < still * 1000:
            assert time.monotonic() < end, "the app never stopped drawing"
            time.sleep(0.05)

    def forget(self) -> None:
        self.driver.execute_script("window.__screen = ''")

    def wait_for(self, words: str, timeout: float = 45) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if words in self.text():
                return
            time.sleep(0.2)
        raise AssertionError(f"{words!r} never showed; the page shows:\n{self.text()[-3000:]}")

    def type(self, *keys: str) -> None:
        chain = ActionChains(self.driver)
        for key in keys:
            chain.send_keys(key).pause(0.15)
        chain.perform()

    def ctrl(self, key: str) -> None:
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys(key).key_up(
            Keys.CONTROL).perform()

    def close(self) -> None:
        BROWSER.close(self.handle)


def stored_deals(db: Path) -> list:
    """The deals of the history's newest match, as stored on disk (read with the store, as
    another window would: each poll of a test used to start two Pythons for it)."""
    from scorekeeper.store import History

    history = History(db)
    matches = history.summaries()
    return [list(deal) for deal in history.get(matches[0].id).match.deals] if matches else []


class Served:
    """A `vicaire serve` in a subprocess, its links, and the pages opened on it."""

    def __init__(self, tmp_path: Path, *args: str, port: int | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.tmp_path, self.args, self.env = tmp_path, args, env or {}
        self.port = port or free_port()
        self.db = tmp_path / "db"
        self.pages: list[Page] = []
        self.start()

    def start(self) -> None:
        self.proc = start(self.tmp_path, "--port", str(self.port), *self.args,
                          env={**private_state(self.tmp_path), **self.env})
        self.links = read_lines(self.proc)
        wait_listening(self.port, self.proc)

    def link(self, who: str) -> str:
        return re.search(who + r".*?\n\s+(http://\S+)", self.links, re.S).group(1)

    def open(self, who: str = "Scorer", url: str | None = None, **kwargs) -> Page:
        page = Page(url or self.link(who), **kwargs)
        self.pages.append(page)
        return page

    def stop(self, timeout: float = 20) -> None:
        self.proc.send_signal(signal.SIGINT)  # as Ctrl+C does
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        errors = self.proc.stderr.read()
        assert b"Traceback" not in errors, errors.decode()

    def close(self) -> None:
        for page in self.pages:
            page.close()
        if self.proc.poll() is None:
            self.stop()


@pytest.fixture
def server(tmp_path):
    made: list[Served] = []

    def make(*args: str, port: int | None = None, env: dict[str, str] | None = None) -> Served:
        made.append(Served(tmp_path, *args, port=port, env=env))
        return made[-1]

    yield make
    for served in made:
        served.close()


@pytest.fixture
def served(server):
    running = server()

    def open_page() -> Page:
        return running.open("Scorer")

    return open_page, running.db


def folder_state(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder` with its size and modification time."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def test_two_pages_follow_one_match_live(served):
    open_page, db = served
    first = open_page()
    first.wait_for("New match")
    first.type("n")
    first.wait_for("Start the match")
    first.type("Amélie", "\t", "Bruno", "\t", "Chloé")
    first.forget()
    first.ctrl("s")
    first.wait_for("needs 10")  # the score sheet shows what each player needs
    first.type("433", "\n")
    end = time.monotonic() + 30
    while stored_deals(db) != [[4, 3, 3]] and time.monotonic() < end:
        time.sleep(0.3)
    assert stored_deals(db) == [[4, 3, 3]]

    second = open_page()
    second.wait_for("Resume")
    second.type("r")
    second.wait_for("needs ")
    second.forget()
    first.type("622", "\n")  # Amélie reaches 10 and wins the round
    second.wait_for("changed in another window")
    assert stored_deals(db) == [[4, 3, 3], [6, 2, 2]]
    # The second page was never reloaded: its capture (cleared by forget()) kept running.
    assert "Amélie" in second.text()


def a_match_in_progress(db: Path) -> str:
    from scorekeeper.rules import Match, RuleSet
    from scorekeeper.store import History

    match = Match(players=("Amélie", "Bruno", "Chloé"), rules=RuleSet(target=500),
                  first_dealer=0, deals=((4, 3, 3),))
    return History(db).create(match).id


def the_match_resumed(served: Served) -> Page:
    """A scorer's page on the sheet of the match in progress (`a_match_in_progress`),
    opened from home with `r`."""
    a_match_in_progress(served.db)
    page = served.open()
    page.wait_for("Resume")
    page.type("r")
    page.wait_for("needs ")
    return page


def app_processes(served: Served) -> list[int]:
    return app_children(served.proc.pid)


def test_a_phone_gets_at_most_48_columns_drawn_with_the_served_font(server):
    served = server()
    phone = served.open(size=(390, 844))
    phone.wait_for("New match")
    assert phone.columns() <= 48
    assert phone.driver.execute_script(
        "return document.fonts.check('16px \"Roboto Mono\"') && "
        "[...document.fonts].some(f => f.family.includes('Roboto Mono') && "
        "f.status === 'loaded')")
    assert phone.driver.find_element(By.CSS_SELECTOR, 'meta[name="viewport"]')
    desktop = served.open()
    desktop.wait_for("New match")
    assert desktop.columns() > 100  # a wide screen keeps its wide terminal


def test_the_page_references_no_other_host(server):
    served = server()
    page = served.open()
    page.wait_for("New match")
    origin = f"http://127.0.0.1:{served.port}"
    loaded = page.driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(url.startswith(origin + "/") for url in loaded), loaded
    document = page.driver.page_source
    assert re.findall(r"(?:https?|wss?)://[^\s\"'<>]+", document) == [
        url for url in re.findall(r"(?:https?|wss?)://[^\s\"'<>]+", document)
        if url.startswith((origin, f"ws://127.0.0.1:{served.port}/"))]
    sockets = page.driver.execute_script("return window.__sockets")
    assert sockets and all(s.startswith(f"ws://127.0.0.1:{served.port}/ws/") for s in sockets)


def test_page_and_websocket_refused_without_the_key_or_with_a_wrong_one(server):
    served = server()
    link = served.link("Scorer")
    for wrong in (link.split("?")[0], link[:-2] + "xx"):
        page = served.open(url=wrong, wait=False)
        text = page.driver.find_element(By.TAG_NAME, "body").text
        assert "Ask the scorer for the link or the QR code." in text
        assert "Demandez le lien ou le code QR" in text
        assert not page.driver.find_elements(By.CSS_SELECTOR, ".textual-terminal")
    # From the keyed page itself, a websocket with a wrong key gets nothing either. (Made
    # with the constructor of a frame of the page, of the page's origin: the page's own
    # watches every socket made with its own as its terminal's, and would take this one's
    # refusal for a lost connection, ask the server for the page again and reload, and the
    # server would start an app for the tab to come.)
    page = served.open(wait=False)
    key = link.split("key=")[1]
    outcome = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const frame = document.body.appendChild(document.createElement('iframe'));"
        "const ws = new frame.contentWindow.WebSocket("
        f"  'ws://127.0.0.1:{served.port}/ws/{key[:-2]}xx/en/-');"
        "ws.onopen = () => done('open'); ws.onclose = (e) => done('closed ' + e.code);")
    assert outcome.startswith("closed")
    page.wait_drawn()  # (its own tab has taken the app its page started)
    page.close()
    served.pages.remove(page)
    # The keyed page's own tab, now closed, ends its app: no app runs, none was started for
    # the wrong key.
    end = time.monotonic() + 10
    while app_processes(served) and time.monotonic() < end:
        time.sleep(0.1)
    assert app_processes(served) == []


def test_a_websocket_from_another_origin_is_refused(server, tmp_path):
    served = server()
    key = served.link("Scorer").split("key=")[1]
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(
        "<!DOCTYPE html><script>window.outcome = 'pending';"
        f"const ws = new WebSocket('ws://127.0.0.1:{served.port}/ws/{key}/en/-');"
        "ws.onopen = () => { window.outcome = 'open'; ws.send(JSON.stringify(['stdin', 'n'])); };"
        "ws.onclose = (e) => { if (window.outcome === 'pending') window.outcome = 'closed'; };"
        "</script>")
    other = free_port()
    attacker = subprocess.Popen([sys.executable, "-m", "http.server", str(other), "--bind",
                                 "127.0.0.1", "--directory", str(site)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_listening(other, attacker)
        page = served.open(url=f"http://127.0.0.1:{other}/index.html", wait=False)
        end = time.monotonic() + 20
        while page.driver.execute_script("return window.outcome") == "pending":
            assert time.monotonic() < end
            time.sleep(0.1)
        assert page.driver.execute_script("return window.outcome") == "closed"
        assert app_processes(served) == []  # no app started for it
    finally:
        attacker.terminate()
        attacker.wait(timeout=10)


def test_a_foreign_host_name_is_refused(server):
    """DNS rebinding: a name that is not the server's resolves to this machine (as an
    attacker's would; Chromium resolves every name under .localhost to loopback itself)."""
    served = server()
    link = served.link("Scorer").replace("127.0.0.1", "rebind.localhost")
    page = served.open(url=link, wait=False)
    assert page.driver.execute_script("return location.hostname") == "rebind.localhost"
    text = page.driver.find_element(By.TAG_NAME, "body").text
    assert "Wrong address" in text and not page.driver.find_elements(By.ID, "terminal")
    assert app_processes(served) == []  # no app started for it


def test_the_spectators_link_cannot_write(server):
    served = server()
    a_match_in_progress(served.db)
    before = folder_state(served.db)
    board = served.open("Spectators")
    board.wait_for("Amélie")
    board.type("622", "\n", "n", "u", "d", "x", "q", "\t", "\n")
    board.ctrl("z")
    board.ctrl("s")
    board.type(Keys.F2)
    board.wait_for("Donne")  # the board speaks French now: the keys did reach it
    time.sleep(1)  # (anything a key had written would be there by now)
    assert folder_state(served.db) == before
    assert stored_deals(served.db) == [[4, 3, 3]]


def test_the_served_board_writes_nothing_on_f2(server):
    served = server("--board")
    a_match_in_progress(served.db)
    before = folder_state(served.db)
    board = served.open("Spectators")
    board.wait_for("Amélie")
    board.forget()
    board.type(Keys.F2)
    board.wait_for("English")  # the key bar offers the way back
    time.sleep(1)
    assert folder_state(served.db) == before
    assert not (served.db / "settings.json").exists()


def test_the_language_comes_from_the_link_or_the_browser(server):
    served = server()
    page = served.open(url=served.link("Scorer") + "&lang=fr")
    page.wait_for("Nouvelle partie")


def test_a_tab_reconnects_by_itself_after_a_server_restart_on_the_match_it_showed(server):
    served = server()
    page = the_match_resumed(served)
    served.stop()
    end = time.monotonic() + 10
    while "-lost" not in page.body_class():
        assert time.monotonic() < end, "the page did not notice"
        time.sleep(0.1)
    page.forget()
    served.start()  # same port, same history: the same links
    end = time.monotonic() + 45
    while "-lost" in page.body_class() or "needs " not in page.text():
        assert time.monotonic() < end, "the tab did not come back to the match"
        time.sleep(0.2)
    page.forget()
    page.driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
    page.type(Keys.ESCAPE)  # the sheet was opened over the home screen, as by hand
    page.wait_for("New match")


def test_a_tab_whose_link_was_revoked_says_to_ask_for_the_link(server):
    served = server()
    page = served.open()
    page.wait_for("New match")
    served.stop()
    end = time.monotonic() + 10
    while "-lost" not in page.body_class():
        assert time.monotonic() < end, "the page did not notice"
        time.sleep(0.1)
    served.args = (*served.args, "--new-keys")
    served.start()  # same port, same history, new keys: the tab's link is no longer valid
    end = time.monotonic() + 45
    while "Ask the scorer for the link" not in page.driver.execute_script(
            "return document.body ? document.body.innerText : ''"):
        assert time.monotonic() < end, "the tab still says: " + page.body_class()
        time.sleep(0.2)
    assert "-lost" not in page.body_class()  # no "Reconnecting…" over it
    assert served.link("Scorer") != page.driver.current_url


# Put into every Python the server starts (sitecustomize): the Rules key meets a fault.
FAULT_ON_RULES = (
    "import scorekeeper.tui.app as where\n"
    "def fault(*args, **kwargs):\n"
    "    raise ZeroDivisionError('a fault put there by the test')\n"
    "where.VicaireApp.action_rules = fault\n"
)


def test_a_tab_says_whether_its_app_quit_or_stopped_on_a_fault(server, tmp_path):
    inject = tmp_path / "inject"
    inject.mkdir()
    (inject / "sitecustomize.py").write_text(FAULT_ON_RULES)
    served = server(env={"PYTHONPATH": os.pathsep.join([str(inject), *sys.path])})
    quitting, faulting = served.open(), served.open()
    for page in (quitting, faulting):
        page.wait_for("New match")
    quitting.ctrl("q")
    faulting.type("l")
    for page in (quitting, faulting):
        end = time.monotonic() + 20
        while "-ended" not in page.body_class():
            assert time.monotonic() < end, "the page never said its app ended"
            time.sleep(0.1)
    shown = {name: [page.driver.find_element(By.ID, part).text
                    for part in ("said-ended", "fault")]
             for name, page in (("quit", quitting), ("fault", faulting))}
    assert shown["quit"] == ["Session ended.", ""]
    assert shown["fault"][0] == ""
    assert shown["fault"][1].startswith("Vicaire stopped on a fault of its own, not on anything "
                                        "you typed. Every deal recorded so far is saved")
    reports = list((served.db / "fault-reports").iterdir())
    assert len(reports) == 1 and "action_rules" in reports[0].read_text(encoding="utf-8")
    served.stop()  # the server's terminal names the report
    assert f"The details are in {reports[0]}" in served.proc.stdout.read().decode()


def test_ctrl_c_stops_the_server_with_tabs_open(server):
    served = server()
    pages = [served.open() for _ in range(3)]
    for page in pages:
        page.wait_for("New match")
    children = app_processes(served)
    assert len(children) >= 3
    served.stop(timeout=10)  # (the time it takes is measured by benchmarks/bench_serve.py)
    assert served.proc.returncode == 0
    assert not any(running(pid) for pid in children)


def cells(page: Page) -> tuple[int, int, float, float]:
    """The terminal's columns and rows, and a cell's width and height in CSS pixels."""
    screen = page.driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
    sizes = page.driver.execute_script("return window.__sizes.slice(-1)[0]")
    columns, rows = int(sizes["width"]), int(sizes["height"])
    return columns, rows, screen.size["width"] / columns, screen.size["height"] / rows


def tap(page: Page, column: float, row: float, nudge: tuple[float, float] = (0, 0)) -> None:
    """A tap on the terminal's cell (column, row), counted from the top left (negative: from
    the right or the bottom), as a finger would: at the cell's middle, moved by `nudge`
    CSS pixels; once the app is still, before and after (its answer drawn)."""
    page.quiet()
    screen = page.driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
    columns, rows, _width, _height = cells(page)
    column, row = column % columns, row % rows
    width, height = screen.size["width"], screen.size["height"]
    x = (column + 0.5) * width / columns - width / 2 + nudge[0]
    y = (row + 0.5) * height / rows - height / 2 + nudge[1]
    ActionChains(page.driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()
    time.sleep(0.1)
    page.quiet()


# The tap pad (widgets/tap_pad.py) sits right above the key bar: from the bottom, three lines
# for the actions, two rows of counts (6-10, then 0-5 above) of buttons 7 cells wide and
# 3 lines high, centred, and the players' row above them.
PAD_ROWS = {"actions": -3, "counts-6": -6, "counts-0": -9, "players": -12}  # middle lines


def tap_count(page: Page, count: int, nudge: tuple[float, float] = (0, 0)) -> None:
    """A tap on the pad's `count`, `nudge` pixels off its middle: where the count is if its
    row is centred."""
    columns = cells(page)[0]
    row = (0, 1, 2, 3, 4, 5) if count <= 5 else (6, 7, 8, 9, 10)
    left = (columns - 7 * len(row)) // 2
    middle = left + 7 * row.index(count) + 3  # (a 7-cell button's middle cell)
    tap(page, middle, PAD_ROWS["counts-0" if count <= 5 else "counts-6"], nudge)


def tap_player(page: Page, seat: int) -> None:
    columns = cells(page)[0]
    tap(page, (seat + 0.5) * columns / 3 - 0.5, PAD_ROWS["players"])


def test_a_phone_records_a_whole_deal_by_taps_alone(server):
    served = server()
    a_match_in_progress(served.db)
    phone = served.open(size=(390, 844))
    phone.wait_for("tap Resume")  # (a phone's words: no key to press)
    assert phone.columns() <= 48
    for attempt in range(3):  # a page still fitting its font may move the menu under the tap
        tap(phone, 4, 2)  # "r  Resume" in the home's menu, third line on a phone
        try:
            phone.wait_for("Record", timeout=15)
            break
        except AssertionError:
            if attempt == 2:
                raise
    keyboard = phone.driver.execute_script(
        "return document.querySelector('.xterm-helper-textarea').getAttribute('inputmode')")
    assert keyboard == "none"  # the tap pad takes the tricks: no keyboard over it
    # The hidden text field sits at the cursor: a tap on it must reach the cell below it.
    assert phone.driver.execute_script(
        "const field = document.querySelector('.xterm-helper-textarea');"
        "const box = field.getBoundingClientRect();"
        "const hit = document.elementFromPoint(box.left + box.width / 2,"
        "                                      box.top + box.height / 2);"
        "return getComputedStyle(field).pointerEvents === 'none' && hit !== field;")
    columns, _rows, width, height = cells(phone)
    assert 7 * width >= 44 and 3 * height >= 44  # a count's button, in CSS pixels
    # A thumb lands anywhere on a 44x44 square around a count's middle: each corner of it
    # still takes that count. (With the row off centre by a cell, a corner would land on
    # the next count.)
    for count, corner in ((1, (-22, -22)), (4, (22, -22)), (7, (-22, 22)), (9, (22, 22))):
        phone.forget()
        tap_player(phone, 0)
        tap_count(phone, count, corner)
        phone.wait_for(f"Amélie {count}", timeout=15)
    tap_player(phone, 0)
    tap_count(phone, 5)
    tap_count(phone, 2)  # Bruno's (the pad moved on to him); Chloé's 3 is filled in
    phone.wait_for("5 2 3")
    tap(phone, columns // 6, PAD_ROWS["actions"])  # Record
    end = time.monotonic() + 30
    while stored_deals(served.db) != [[4, 3, 3], [5, 2, 3]] and time.monotonic() < end:
        time.sleep(0.3)
    assert stored_deals(served.db) == [[4, 3, 3], [5, 2, 3]]
    phone.wait_for("Bruno")


def test_the_history_exported_from_a_browser_is_downloaded(server, tmp_path):
    """The History screen's export (x) in a served app: the browser downloads the file (the
    app's machine keeps nothing), and it is the whole history."""
    served = server()
    first = a_match_in_progress(served.db)
    downloads = tmp_path / "browser-downloads"
    downloads.mkdir()
    page = served.open()
    page.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {
        "behavior": "allow", "downloadPath": str(downloads)})
    page.wait_for("Resume")
    page.forget()  # (home's menu says "History" too)
    page.type("h")
    page.wait_for("History — 1 match")  # the listing is in: x exports it
    page.type("x")
    end = time.monotonic() + 30
    while not [p for p in downloads.iterdir() if p.suffix == ".json"] and (
            time.monotonic() < end):
        time.sleep(0.2)
    [file] = [p for p in downloads.iterdir() if p.suffix == ".json"]
    assert file.name.startswith("vicaire-history-")
    import json

    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["format"] == "vicaire-history"
    assert [m["id"] for m in data["matches"]] == [first]
    page.wait_for("downloading as")
