"""`vicaire serve` over HTTP from a real subprocess, as an attacker on this computer or on the
LAN would try it (only loopback is contacted; LAN names go in the Host and Origin headers)."""

from __future__ import annotations

import asyncio
import gzip
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.cli import forkserver
from tests.cli.test_serve import app_children, free_port, read_links, start, wait_listening

# aiohttp (the tests' websocket client) is imported by the tests that use it, not here: every
# test process collects every test, and importing it cost each about 90 ms of that.


def wait_children(pid: int, count: int, timeout: float = 30) -> list[int]:
    end = time.monotonic() + timeout
    while len(app_children(pid)) < count:
        assert time.monotonic() < end, f"{len(app_children(pid))} app processes, not {count}"
        time.sleep(0.05)
    return app_children(pid)


def serving(folder: Path):
    port = free_port()
    proc = start(folder, "--port", str(port), "--max-sessions", "2")
    try:
        wait_listening(port, proc)
        scorer, board = read_links(proc)
        yield port, proc, scorer, board
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert b"Traceback" not in proc.stderr.read()


@pytest.fixture
def served(tmp_path):
    """A server of the test's own: for a test that opens tabs."""
    yield from serving(tmp_path)


@pytest.fixture(scope="module")
def asked(tmp_path_factory):
    """One server for the tests that only send it requests (pages, files, refusals), which
    change nothing in it (the app a page starts for its tab waits for a tab): starting one
    costs about 0.4 s of processor time. Whatever they asked, its log holds no traceback at
    the end."""
    yield from serving(tmp_path_factory.mktemp("asked"))


def get(url: str, method: str = "GET", **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def websocket(url: str, origin: str | None, host: str | None = None) -> int | str:
    """Open a websocket; the HTTP status of a refusal, or "open"."""
    import aiohttp

    async def go() -> int | str:
        headers = {"Origin": origin} if origin else {}
        if host:
            headers["Host"] = host
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(url, headers=headers) as ws:
                    await ws.close()
                    return "open"
            except aiohttp.WSServerHandshakeError as error:
                return error.status
    return asyncio.run(go())


def test_page_without_key_or_with_a_wrong_one_is_refused_in_both_languages(asked):
    port, _proc, scorer, _board = asked
    for url in (f"http://127.0.0.1:{port}/", scorer[:-1] + "x", scorer + "x"):
        status, page = get(url)
        assert status == 403
        assert "Ask the scorer for the link or the QR code." in page
        assert "Demandez le lien ou le code QR" in page
    assert get(scorer)[0] == 200


def test_foreign_host_is_refused_and_lan_names_answered(asked):
    port, _proc, scorer, _board = asked
    assert get(scorer, Host=f"rebind.example:{port}")[0] == 421
    assert get(scorer, Host=f"127.0.0.1:{port + 1}")[0] == 421
    assert get(scorer, Host=f"localhost:{port}")[0] == 200
    assert get(scorer, Host=f"[::1]:{port}")[0] == 200


def test_static_files_are_served_without_listing_folders(asked):
    port, *_ = asked
    status, _ = get(f"http://127.0.0.1:{port}/static/fonts/RobotoMono-VariableFont_wght.ttf")
    assert status == 200
    for folder in ("/static/", "/static/fonts/", "/static/js", "/vicaire/"):
        status, page = get(f"http://127.0.0.1:{port}{folder}")
        assert status in (403, 404) and "ttf" not in page


def test_websocket_refused_from_another_origin_or_without_key_before_any_app_starts(served):
    port, proc, scorer, _board = served
    key = scorer.split("key=")[1]
    ws = f"ws://127.0.0.1:{port}/ws/{key}/en/-"
    own = f"http://127.0.0.1:{port}"
    before = app_children(proc.pid)
    assert websocket(ws, "http://evil.example") == 403
    assert websocket(ws, f"http://127.0.0.1:{port + 1}") == 403
    assert websocket(ws, None) == 403
    assert websocket(f"ws://127.0.0.1:{port}/ws/{key}x/en/-", own) == 403
    assert websocket(f"ws://127.0.0.1:{port}/ws/{key}", own) == 404
    assert websocket(ws, f"http://rebind.example:{port}", f"rebind.example:{port}") == 421
    assert app_children(proc.pid) == before  # no app process was started for any of them
    assert websocket(ws, own) == "open"


def test_tabs_beyond_the_cap_get_a_clear_page(served):
    import aiohttp

    port, proc, scorer, _board = served
    key = scorer.split("key=")[1]
    own = f"http://127.0.0.1:{port}"

    async def hold_two() -> tuple[int, str]:
        async with aiohttp.ClientSession() as session:
            url = f"ws://127.0.0.1:{port}/ws/{key}/en/-"
            first = await session.ws_connect(url, headers={"Origin": own})
            second = await session.ws_connect(url, headers={"Origin": own})
            await asyncio.to_thread(wait_children, proc.pid, 2)
            status, page = await asyncio.to_thread(get, scorer)
            try:
                await session.ws_connect(url, headers={"Origin": own})
                third = "open"
            except aiohttp.WSServerHandshakeError as error:
                third = error.status
            await first.close()
            await second.close()
            return status, page, third

    status, page, third = asyncio.run(hold_two())
    assert status == 503 and "Too many screens are open" in page and "Trop d'écrans" in page
    assert third == 503
    assert len(app_children(proc.pid)) <= 2


def test_each_tab_is_one_process_without_a_shell(served):
    import aiohttp

    port, proc, scorer, _board = served
    key = scorer.split("key=")[1]

    async def hold() -> list[str]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"ws://127.0.0.1:{port}/ws/{key}/en/-",
                                          headers={"Origin": f"http://127.0.0.1:{port}"})
            await asyncio.to_thread(wait_children, proc.pid, 1)
            found = [Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
                     for pid in app_children(proc.pid)]
            await ws.close()
            return found

    programs = asyncio.run(hold())
    assert len(programs) == 1
    assert all("python" in Path(program).name for program in programs)  # no shell


def most_children(pid: int, seconds: float) -> int:
    """The most app processes the server ran at once over the next `seconds`."""
    most, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        most = max(most, len(app_children(pid)))
        time.sleep(0.02)
    return most


def test_a_tabs_app_starts_when_its_page_is_asked_for_and_that_tab_takes_it(served):
    """No app runs for a server nobody has opened, nor for requests refused, for the page's
    files or for a HEAD of the page (a link checker's); the page starts its tab's app while it
    loads, once per kind of tab however often it is asked for, and the tab then gets that very
    process (no second start)."""
    import aiohttp

    port, proc, scorer, _board = served
    key = scorer.split("key=")[1]
    get(scorer + "x")  # a wrong key
    get(scorer, Host=f"rebind.example:{port}")  # a foreign host
    get(f"http://127.0.0.1:{port}/static/js/textual.js")
    assert get(scorer, method="HEAD")[0] == 200
    assert most_children(proc.pid, 0.5) == 0
    assert get(scorer + "&lang=en")[0] == 200
    assert get(scorer + "&lang=en")[0] == 200
    started = wait_children(proc.pid, 1)
    assert most_children(proc.pid, 0.5) == 1

    async def tab() -> list[int]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"ws://127.0.0.1:{port}/ws/{key}/en/-",
                                          headers={"Origin": f"http://127.0.0.1:{port}"})
            message = await asyncio.wait_for(ws.receive(), 60)  # the app's first screen
            assert message.type == aiohttp.WSMsgType.BINARY
            running = await asyncio.to_thread(most_children, proc.pid, 0.5)
            await ws.close()
            return [running, *app_children(proc.pid)]

    running, *pids = asyncio.run(tab())
    assert running == 1 and pids[:1] in ([], started)


def test_the_cap_is_checked_on_the_command_line(tmp_path):
    run = forkserver.run(["serve", "--max-sessions", "0"], capture_output=True, timeout=30,
                         preload="serve")
    assert run.returncode == 2 and b"between 1 and 200" in run.stderr


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and the bytes as sent (urllib never decompresses)."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_page_and_its_files_come_gzipped_when_asked_and_plain_otherwise(asked):
    port, _proc, scorer, _board = asked
    status, headers, page = fetch(scorer, **{"Accept-Encoding": "gzip, deflate"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in headers["Vary"] and headers["Cache-Control"] == "no-store"
    html = gzip.decompress(page).decode()
    assert html == fetch(scorer)[2].decode()  # the same page, as is, when gzip is not asked
    links = re.findall(r'(?:src|href)="(/(?:static|vicaire)/[^"]+)"', html)
    assert {link.split("?")[0] for link in links} >= {
        "/static/js/textual.js", "/static/css/xterm.css", "/vicaire/vicaire.js",
        "/static/fonts/RobotoMono-VariableFont_wght.ttf"}
    for link in links:
        url = f"http://127.0.0.1:{port}{link}"
        status, plain_headers, plain = fetch(url)
        assert status == 200 and "Content-Encoding" not in plain_headers
        assert "Accept-Encoding" in plain_headers["Vary"]
        status, headers, packed = fetch(url, **{"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed) == plain and len(packed) < len(plain)
        assert int(headers["Content-Length"]) == len(packed)
        # Named with its version, a file is kept for good; its ETag says when it changed.
        assert "immutable" in headers["Cache-Control"]
        assert fetch(url, **{"If-None-Match": headers["ETag"]})[0] == 304
    textual = f"http://127.0.0.1:{port}/static/js/textual.js"
    status, headers, _ = fetch(textual, **{"Accept-Encoding": "gzip;q=0"})
    assert status == 200 and "Content-Encoding" not in headers
    assert headers["Cache-Control"] == "no-cache"  # without its version: checked each time
    for outside in ("/static/..%2f..%2fserver.py", "/static/%2e%2e/%2e%2e/server.py",
                    "/vicaire/..%2fserver.py"):
        assert fetch(f"http://127.0.0.1:{port}{outside}")[0] in (403, 404)


def test_a_download_needs_its_own_key_and_this_computers_name(asked):
    """/download/KEY serves a file an app delivered (the review's page to share), once, to
    whoever has the delivery's key; a guessed key finds nothing, a foreign name is refused."""
    port, *_ = asked
    status, page = get(f"http://127.0.0.1:{port}/download/{'0' * 32}")
    assert status == 404 and "Traceback" not in page
    assert get(f"http://127.0.0.1:{port}/download/x", Host=f"rebind.example:{port}")[0] == 421


def test_the_font_size_asked_in_the_link_is_taken_from_6_to_64_and_anything_else_is_auto(
        asked):
    """`&fontsize=` in a link sets the served terminal's font size; a value that is not one
    (a superscript two is a digit to Python but not a number to int(), a sign, a size out of
    bounds) leaves it automatic: the page still opens, and nothing goes wrong in the server."""
    _port, _proc, scorer, _board = asked
    for size, given in (("20", "20"), ("6", "6"), ("64", "64"), ("65", "auto"), ("5", "auto"),
                        ("²", "auto"), ("-9", "auto"), ("1_0", "auto"), ("", "auto")):
        status, page = get(scorer + "&fontsize=" + urllib.parse.quote(size))
        assert status == 200, size
        assert f'data-font-size="{given}"' in page, size
