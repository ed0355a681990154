"""What a browser tab sends over its websocket, against the real `vicaire serve` on loopback:
a message it may not send closes that tab alone (a line in the server's log, no fault report),
and the server and every other tab go on. Also the scorer's seat under a full cap, the request
line's host, odd paths and the headers. Only loopback is contacted."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from typing import TYPE_CHECKING

import pytest

from scorekeeper.formats.fault import FAULTS
from scorekeeper.web.messages import MAX_HEIGHT, MAX_WIDTH, Refused, checked
from tests.cli.test_serve import app_children, free_port, read_links, start, wait_listening
from tests.web.test_server_http import fetch, get, wait_children

if TYPE_CHECKING:  # (aiohttp is imported where a test uses it: tests/web/test_server_http.py)
    import aiohttp


def serving(folder):
    """A server on loopback with three seats, its links and its history (in `folder`)."""
    port = free_port()
    proc = start(folder, "--port", str(port), "--max-sessions", "3")
    try:
        wait_listening(port, proc)
        scorer, board = read_links(proc)
        yield port, proc, scorer, board, folder / "db"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture
def served(tmp_path):
    """A server of the test's own (the test opens tabs, or reads the server's log)."""
    yield from serving(tmp_path)


@pytest.fixture(scope="module")
def served_to_read(tmp_path_factory):
    """A server shared by the tests that only send it HTTP requests and read the answers: no
    tab opened, nothing written, so each finds it as it was started (but for the app the
    scorer's page started for its tab, waiting). A server costs about half a second of
    processor time; a dozen tests share one."""
    yield from serving(tmp_path_factory.mktemp("served_to_read"))


def ws_url(port: int, link: str) -> str:
    return f"ws://127.0.0.1:{port}/ws/{link.split('key=')[1]}/en/-"


async def drawn(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Until the app has sent its first screen."""
    import aiohttp

    while True:
        message = await asyncio.wait_for(ws.receive(), 60)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            return


async def answers(ws: aiohttp.ClientWebSocketResponse, stamp: str) -> bool:
    """Whether the tab answers a ping (its messages still reach the server)."""
    import aiohttp

    await ws.send_str(json.dumps(["ping", stamp]))
    while True:
        message = await asyncio.wait_for(ws.receive(), 30)
        if message.type == aiohttp.WSMsgType.TEXT and json.loads(message.data) == ["pong", stamp]:
            return True
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                            aiohttp.WSMsgType.CLOSING):
            return False


async def closed_code(ws: aiohttp.ClientWebSocketResponse) -> int | None:
    """The close code the server sent, skipping the app's output before it."""
    import aiohttp

    while True:
        message = await asyncio.wait_for(ws.receive(), 30)
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return ws.close_code


async def fine_tab(ws: aiohttp.ClientWebSocketResponse, stamp: str) -> bool:
    """Whether a tab's good message (a new size) is taken and the tab still answers."""
    await ws.send_str(json.dumps(["resize", {"width": 46, "height": 30}]))
    return await answers(ws, stamp)


BAD_MESSAGES = [
    ["resize", {"width": "x", "height": 24}],
    ["resize", {"width": -5, "height": 24}],
    ["resize", {"width": 2.5, "height": 24}],
    ["resize", {"width": None, "height": 24}],
    ["resize", {"width": 80, "height": 0}],
    ["resize", {"width": True, "height": 24}],
    ["resize", {"width": 8000, "height": 5000}],
    ["resize", {"width": MAX_WIDTH + 1, "height": 24}],
    ["resize", {"width": 80}],
    ["resize", [80, 24]],
    ["resize"],
    ["stdin", 42],
    ["stdin", "x" * 70_000],
    ["ping", {"a": 1}],
    ["paste", "hello"],
    {"resize": 1},
    [],
]


class Log:
    """A running server's log (its standard error), read as it comes, line by line."""

    def __init__(self, proc) -> None:
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self.read, args=(proc.stderr,), daemon=True)
        self.reader.start()

    def read(self, stream) -> None:
        for line in iter(stream.readline, b""):
            self.lines.append(line.decode(errors="replace"))

    def since(self, start: int) -> str:
        return "".join(self.lines[start:])

    def until(self, start: int, *words: str, timeout: float = 30) -> str:
        """The log from line `start` on, once it holds each of `words` (or `timeout` s)."""
        end = time.monotonic() + timeout
        while not all(word in self.since(start) for word in words) and time.monotonic() < end:
            time.sleep(0.05)
        return self.since(start)


class Tabs:
    """Websockets kept open from one test to the next: an event loop of their own, in a
    thread, that each test hands its coroutine to (`run`)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.session: aiohttp.ClientSession = self.run(self._session())

    async def _session(self) -> aiohttp.ClientSession:
        import aiohttp

        return aiohttp.ClientSession()

    async def open(self, port: int, link: str) -> aiohttp.ClientWebSocketResponse:
        """A tab on `link`, once its app has sent its first screen."""
        own = {"Origin": f"http://localhost:{port}", "Host": f"localhost:{port}"}
        tab = await self.session.ws_connect(ws_url(port, link), headers=own)
        await drawn(tab)
        return tab

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=120)

    def close(self) -> None:
        self.run(self.session.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=20)
        self.loop.close()


@pytest.fixture(scope="module")
def served_for_messages(tmp_path_factory):
    """One server for all the messages a tab may not send, each test reading the log lines
    written during it, and one scorer's tab open on it from the first test to the last: every
    bad message is sent beside that tab, which must answer after each. Each test leaves the
    server as it found it (its own tabs closed, their apps ended) and checks that it did, so the
    next one starts where a fresh server would, and every message after the first is also sent
    to a server that has already closed tabs for bad messages (so each test's own tab, opened
    then, shows that a new tab still gets in; after the last test, one more is opened here). A
    server costs about half a second of processor time, and each tab opened (its app) about a
    third of a second; nineteen tests share one server and one scorer's tab, and each opens one
    tab. (The tabs here ask for no page: their apps start as they come.)"""
    folder = tmp_path_factory.mktemp("served_for_messages")
    for port, proc, scorer, board, db in serving(folder):
        log = Log(proc)
        tabs = Tabs()
        try:
            scorers = tabs.run(tabs.open(port, scorer))
            yield port, proc, board, db, log, tabs, scorers
            assert tabs.run(answers(scorers, "last"))
            # After the last bad message too, a new spectator's tab gets in and is answered.
            again = tabs.run(tabs.open(port, board))
            assert tabs.run(fine_tab(again, "again"))
            tabs.run(again.close())
            tabs.run(scorers.close())
        finally:
            tabs.close()
        proc.terminate()
        proc.wait(timeout=20)
        log.reader.join(timeout=20)
        assert "Traceback" not in log.since(0)


@pytest.mark.parametrize("message", [json.dumps(m) for m in BAD_MESSAGES] + ["not json", "[["])
def test_a_message_a_tab_may_not_send_closes_that_tab_alone(served_for_messages, message):
    port, proc, board, db, log, tabs, scorers = served_for_messages
    start = len(log.lines)
    # (as the test before left it: the scorer's tab's app alone)
    assert wait_alone(proc.pid, 1) == 1

    async def go() -> tuple[bool, int | None, bool]:
        # A spectator's tab gets in and is drawn, its good messages answered (for every test
        # but the first: after the tabs of the tests before were closed for theirs)...
        spectator = await tabs.open(port, board)
        fine = await fine_tab(spectator, "1")
        # ... and a message it may not send closes it, and it alone.
        await spectator.send_str(message)
        code = await closed_code(spectator)
        alive = await answers(scorers, "2")
        return fine, code, alive

    fine, code, alive = tabs.run(go())
    assert fine
    assert code == 1008  # policy violation: the page of a real tab reconnects
    assert alive
    assert proc.poll() is None
    assert not (db / FAULTS).exists() or not list((db / FAULTS).iterdir())
    written = log.until(start, "a tab sent a message it may not send", "that tab was closed")
    assert "Traceback" not in written
    assert "a tab sent a message it may not send" in written and "that tab was closed" in written
    assert "\x1b" not in written
    # every tab's app ended but the scorer's
    assert wait_alone(proc.pid, 1) == 1


def wait_alone(pid: int, expected: int, timeout: float = 30, steady: float = 0.3) -> int:
    """How many apps the server runs once the `expected` count is reached (the apps of the
    tabs kept open), that count held for `steady` seconds (or `timeout`): an app whose tab
    has closed takes a moment to end."""
    end = time.monotonic() + timeout
    since = None
    while True:
        count, now = len(app_children(pid)), time.monotonic()
        since = (since or now) if count == expected else None
        if (since is not None and now - since >= steady) or now >= end:
            return count
        time.sleep(0.05)


def test_good_messages_pass_and_the_size_is_bounded():
    assert checked('["resize", {"width": 46, "height": 30}]').width == 46
    assert checked(f'["resize", {{"width": {MAX_WIDTH}, "height": {MAX_HEIGHT}}}]').height \
        == MAX_HEIGHT
    assert checked('["stdin", "4 3 3\\r"]').text == "4 3 3\r"
    assert checked('["ping", "1700000000000"]').kind == "ping"
    assert checked('["blur"]').kind == "blur" and checked('["focus"]').kind == "focus"
    with pytest.raises(Refused):
        checked("[" * 100_000 + "]" * 100_000)


def test_a_too_big_message_closes_the_tab_and_nothing_else(served):
    import aiohttp

    port, proc, scorer, board, db = served
    own = f"http://127.0.0.1:{port}"

    async def go() -> tuple[int | None, bool]:
        async with aiohttp.ClientSession() as session:
            spectator = await session.ws_connect(ws_url(port, board), headers={"Origin": own},
                                                 max_msg_size=0)
            await drawn(spectator)
            # (closed by the server, maybe before the whole message was written)
            with contextlib.suppress(ConnectionError):
                await spectator.send_str(json.dumps(["stdin", "x" * (8 * 1024 * 1024)]))
            code = await closed_code(spectator) if not spectator.closed else 1009
            scorers = await session.ws_connect(ws_url(port, scorer), headers={"Origin": own})
            await drawn(scorers)
            alive = await answers(scorers, "3")
            await scorers.close()
            return code, alive

    code, alive = asyncio.run(go())
    assert code in (1006, 1009) and alive  # "message too big", or the connection cut
    assert not (db / FAULTS).exists()


def test_the_scorers_link_gets_in_when_spectators_fill_the_cap(served):
    import aiohttp

    port, proc, scorer, board, _db = served
    own = f"http://127.0.0.1:{port}"

    async def go() -> tuple[list, int, str, str]:
        async with aiohttp.ClientSession() as session:
            spectators = []
            refused = None
            for _ in range(3):
                try:
                    spectators.append(await session.ws_connect(ws_url(port, board),
                                                                headers={"Origin": own}))
                except aiohttp.WSServerHandshakeError as error:
                    refused = error.status
            await asyncio.to_thread(wait_children, proc.pid, len(spectators))
            board_page = (await asyncio.to_thread(get, board))[1]
            scorer_page = await asyncio.to_thread(get, scorer)
            scorers = await session.ws_connect(ws_url(port, scorer), headers={"Origin": own})
            await drawn(scorers)
            for ws in (*spectators, scorers):
                await ws.close()
            return spectators, refused, board_page, scorer_page

    spectators, refused, board_page, (status, page) = asyncio.run(go())
    assert len(spectators) == 2 and refused == 503  # the third seat is the scorer's
    assert "Too many screens are open" in board_page
    assert status == 200 and "data-session-websocket-url" in page


def raw_request(port: int, request: bytes) -> bytes:
    """Send `request` as written (a request line urllib would not send) and read the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_a_request_line_naming_another_host_is_refused(served_to_read):
    port, _proc, scorer, _board, _db = served_to_read
    key = scorer.split("key=")[1]
    for target in (f"http://evil.example/?key={key}", f"http://evil.example:{port}/?key={key}",
                   f"http://127.0.0.1:{port + 1}/?key={key}", f"ftp://127.0.0.1:{port}/?key={key}"):
        answer = raw_request(port, f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                   "Connection: close\r\n\r\n".encode())
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 421"), head
        assert b"evil.example" not in body
    # The same request with the whole address of this server is answered, and the page's
    # websocket names only the Host that was checked.
    answer = raw_request(port, f"GET http://127.0.0.1:{port}/?key={key} HTTP/1.1\r\n"
                               f"Host: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 200")
    assert f'ws://127.0.0.1:{port}/ws/{key}/en"'.encode() in answer


@pytest.mark.parametrize("path", [
    "/static/textual.js%00.png", "/static/js/textual.js%00", "/vicaire/vicaire.js%00.png",
    "/static/%01", "/static/" + "a" * 5000, "/static/js/%ff%fe.js", "/vicaire/%2e",
    "/static/js/textual.js/..%00/x", "/%00", "/ws/%00/en/-",
])
def test_any_path_gets_a_client_error_never_a_server_error(served_to_read, path):
    port, *_ = served_to_read
    status, _headers, _body = fetch(f"http://127.0.0.1:{port}{path}")
    assert 400 <= status < 500, (path, status)


def test_answers_name_no_server_software_and_deny_what_the_page_never_uses(served_to_read):
    port, proc, scorer, _board, _db = served_to_read
    answers_ = [fetch(scorer), fetch(f"http://127.0.0.1:{port}/"),
                fetch(f"http://127.0.0.1:{port}/static/nothing"),
                fetch(scorer, Host="rebind.example")]
    raw = raw_request(port, b"GARBAGE\r\n\r\n")
    assert b"aiohttp" not in raw.lower() and b"\r\nserver:" not in raw.lower()
    for status, headers, _ in answers_:
        assert "Server" not in headers, (status, headers.get("Server"))
        policy = headers["Permissions-Policy"]
        for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
            assert f"{feature}=()" in policy
    # none started for any of these, but the app the scorer's page started for its tab
    assert len(app_children(proc.pid)) <= 1
