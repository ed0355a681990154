"""The web server behind `vicaire serve`: textual-serve with our page, our checks and our limits.

Every request must name this machine (Host); the page and the websocket need a link's key; the
websocket must come from the page this server served (Origin). Each tab runs one app process,
started without a shell, up to a cap. Everything the page needs is served from here.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import logging
import re
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

from scorekeeper.i18n import LANGS, tr
from scorekeeper.i18n.serve import PAGES, accepted_lang
from scorekeeper.web.drafts import Drafts
from scorekeeper.web.guard import SCORER, Guard, split_host
from scorekeeper.web.messages import MAX_HEIGHT, MAX_MESSAGE, MAX_WIDTH, Refused, checked
from scorekeeper.web.statics import Statics, encoded, squeeze
from scorekeeper.web.tab import Tab

HERE = Path(__file__).parent
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # The page uses none of these: no page served here may ask for them.
    "Permissions-Policy": ", ".join(f"{feature}=()" for feature in (
        "accelerometer", "ambient-light-sensor", "autoplay", "bluetooth", "camera",
        "display-capture", "encrypted-media", "geolocation", "gyroscope", "hid",
        "identity-credentials-get", "idle-detection", "local-fonts", "magnetometer",
        "microphone", "midi", "otp-credentials", "payment", "picture-in-picture",
        "publickey-credentials-create", "publickey-credentials-get", "screen-wake-lock",
        "serial", "storage-access", "usb", "web-share", "window-management",
        "xr-spatial-tracking")),
}
PAGE_ASSETS = ("css/xterm.css", "js/textual.js", "fonts/RobotoMono-VariableFont_wght.ttf")
WARM = 2  # apps started ahead of the tabs that will take them (at most one per kind)
GOING_AWAY = 1012  # websocket close code "service restart": the page reconnects by itself
POLICY = 1008  # websocket close code "policy violation": a message the tab may not send
log = logging.getLogger("vicaire.serve")


def words(lang: str) -> dict[str, str]:
    return {key.replace(".", "_"): tr(lang, text) for key, text in PAGES.items()}


def short_page(status: int, what: str) -> web.Response:
    """A refusal in both languages, readable on a phone, naming no other host."""
    parts = []
    for lang in LANGS:
        title, body = (html.escape(tr(lang, PAGES[f'{what}.{part}']), quote=False)
                       for part in ("title", "body"))
        parts.append(f'<section lang="{lang}"><h1>{title}</h1><p>{body}</p></section>')
    page = ('<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width, initial-scale=1"><title>Vicaire</title><style>'
            'body{font:18px sans-serif;margin:24px;background:#0c181f;color:#eee}'
            'h1{font-size:22px}</style></head><body>' + "".join(parts) + "</body></html>")
    return web.Response(status=status, text=page, content_type="text/html",
                        headers={"Cache-Control": "no-store"})


class QuietRequest(web.Request):
    """aiohttp's request, whose answers do not name the server's software and version
    (aiohttp writes `Server:` in every answer, refusals of malformed requests too)."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        response.headers.popall("Server", None)
        await super()._prepare_hook(response)


class VicaireServer(Server):
    """textual-serve's Server with our page, the Host/Origin/key checks and a cap on tabs."""

    def __init__(self, command_for: Callable[[str, str], list[str]], *, hosts: list[str],
                 port: int, guard: Guard, lang: str, lang_given: bool = False,
                 max_sessions: int = 12) -> None:
        super().__init__(" ".join(command_for("scorer", lang)), host=hosts[0], port=port,
                         title="Vicaire", templates_path=HERE / "templates")
        import textual_serve

        self.statics_path = Path(textual_serve.__file__).parent / "static"
        self.statics = Statics(self.statics_path)  # textual-serve's: its script, style, font
        self.own = Statics(HERE / "static")  # ours: the page's behaviour (vicaire.js)
        self.command_for = command_for
        self.hosts = hosts
        self.guard = guard
        self.lang = lang
        self.lang_given = lang_given  # `vicaire serve --lang`: before the browser's language
        self.max_sessions = max_sessions
        self.tabs: dict[Tab, web.WebSocketResponse] = {}
        self.warm: dict[tuple[str, str], Tab] = {}  # apps started ahead, by (role, language)
        self.warming: dict[tuple[str, str], asyncio.Task[None]] = {}  # and being started
        self.stopping = False
        self.starting = 0  # app processes being started at this moment
        self.exit_requested = False  # Ctrl+C came while one was
        self.drafts = Drafts()  # the counts each scorer's tab typed, not yet recorded

    # ------------------------------------------------------------------ the web app

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.check_host])
        # Every answer, those to requests that cannot even be read included, through
        # QuietRequest (aiohttp's hook for a request class of one's own).
        # (a private method: aiohttp has no public setting for it)
        app._make_request = functools.partial(  # type: ignore[method-assign]
            app._make_request, _cls=QuietRequest)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path),
                             autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{key}/{lang}/{shown}", self.handle_websocket, name="websocket"),
            # (the page says which tab it is: scorekeeper/web/drafts.py)
            web.get("/ws/{key}/{lang}/{shown}/{tab}", self.handle_websocket, name="tab"),
            web.get("/static/{name:.+}", self.statics.handle, name="static"),
            web.get("/vicaire/{name:.+}", self.own.handle, name="own"),
            # A file an app delivers (the History's export, the review's page to share:
            # App.deliver_text): the key is the delivery's own, random, given only to its
            # tab, and it serves one download of that one file.
            web.get("/download/{key}", self.handle_download, name="download"),
        ])
        app.on_response_prepare.append(self.add_headers)
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def check_host(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Answer only to this machine's names (a rebinding site's name is refused), in the
        Host header and in the request line (`GET http://other.example/ HTTP/1.1`)."""
        host = request.headers.get("Host")
        if not self.guard.host_ok(host) or not target_names(request.raw_path, host):
            return short_page(421, "host")
        return await handler(request)

    async def add_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)

    def tab_lang(self, request: web.Request) -> str:
        """The tab's language: the link's ?lang=, else the one `vicaire serve --lang` asked
        for, else the browser's, else the server's (from the locale)."""
        asked = request.query.get("lang", "")
        if asked in LANGS:
            return asked
        if self.lang_given:
            return self.lang
        return accepted_lang(request.headers.get("Accept-Language"), LANGS) or self.lang

    def full(self, role: str) -> bool:
        """Whether a new tab of `role` must be refused: the tabs open reach the cap. A seat is
        kept for the scorer: the spectators' tabs never take the last one (where the server
        gives a scorer's link)."""
        seats = self.max_sessions
        if role != SCORER and SCORER in self.guard.keys:
            seats -= 1
        return len(self.tabs) >= seats

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        key = request.query.get("key")
        role = self.guard.role(key)
        if role is None:
            return short_page(403, "refused")
        if self.full(role):
            return short_page(503, "full")
        lang = self.tab_lang(request)
        if request.method == "GET":  # (a HEAD, a link checker's, opens no tab)
            self.warm_up(role, lang)  # (while the page loads its script and font)
        size = request.query.get("fontsize", "")
        context = {
            "lang": lang,
            "title": "Vicaire",
            "words": words(lang),
            "asset": lambda name: self.statics.url("/static/", name),
            "own_asset": lambda name: self.own.url("/vicaire/", name),
            "font_size": size if re.fullmatch("[0-9]{1,2}", size) and 6 <= int(size) <= 64
            else "auto",  # (str.isdigit() takes "²", which int() refuses)
            # (the Host header, checked: aiohttp's request.host may come from elsewhere)
            "websocket_url": f"ws://{request.headers['Host']}/ws/{key}/{lang}",
        }
        page = aiohttp_jinja2.render_string("index.html", request, context).encode()
        return encoded(request, page, squeeze(page), {"Cache-Control": "no-store"},
                       "text/html")

    # ------------------------------------------------------------------ the tabs

    # textual-serve's Server declares a websocket as the only answer; a refusal here is a page.
    async def handle_websocket(  # type: ignore[override]
            self, request: web.Request) -> web.StreamResponse:
        """One tab: refused (before any process starts) unless it comes from our page with a
        link's key; else one app process for it, with the rights of that link."""
        if not self.guard.origin_ok(request.headers.get("Origin"), request.headers.get("Host")):
            return short_page(403, "host")
        role = self.guard.role(request.match_info["key"])
        if role is None:
            return short_page(403, "refused")
        if self.full(role):
            return short_page(503, "full")
        lang = request.match_info["lang"]
        lang = lang if lang in LANGS else self.lang
        shown = request.match_info["shown"]
        shown = shown if role == SCORER and re.fullmatch(r"[0-9a-f]{8,32}", shown) else ""
        slot = self.drafts.claim(request.match_info.get("tab", ""), shown) \
            if role == SCORER else None
        width = _number(request.query.get("width"), 80, MAX_WIDTH)
        height = _number(request.query.get("height"), 24, MAX_HEIGHT)

        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        ready = None if shown else await self.take_warm((role, lang))
        tab = ready or Tab(self.command_for(role, lang), shown=shown, slot=slot,
                           write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                           close=websocket.close, download_manager=self.download_manager)
        tab.slot = slot
        self.tabs[tab] = websocket
        try:
            if ready is not None:  # started as its page loaded: at the page's size now
                ready.attach(websocket.send_bytes, websocket.send_str, websocket.close)
                await ready.set_terminal_size(width, height)
            else:
                async with self.app_starting():
                    await tab.start(width, height)
            await self._process_messages(websocket, tab)
        except (asyncio.CancelledError, Exception):  # noqa: BLE001 - a bad message ends the tab
            pass
        finally:
            self.tabs.pop(tab, None)
            tab.let_go()  # (the tab's draft stays for its next app, unless this one quit)
            await tab.stop()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, tab: Any) -> None:
        """Pass each message of the tab on to its app, once checked (scorekeeper/web/
        messages.py); the first it may not send closes that tab, with a line in the log."""
        from aiohttp import WSMsgType

        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                sent = checked(message.data)
            except Refused as refused:
                log.warning(tr(self.lang, "a tab sent a message it may not send ({kind}); "
                                          "that tab was closed", kind=refused.kind))
                await websocket.close(code=POLICY)
                return
            if sent.kind == "stdin":
                await tab.send_bytes(sent.text.encode("utf-8", "replace"))
            elif sent.kind == "resize":
                await tab.set_terminal_size(sent.width, sent.height)
            elif sent.kind == "ping":
                await websocket.send_json(["pong", sent.text])
            elif sent.kind == "blur":
                await tab.blur()
            else:
                await tab.focus()

    def warm_up(self, role: str, lang: str) -> None:
        """Start the app of a tab to come, as its page is asked for: it starts while the page
        loads its script and font, and the tab takes it (`take_warm`). At most one per kind
        of tab (role, language) and WARM in all; none while the server stops."""
        kind = (role, lang)
        if kind in self.warm or kind in self.warming or \
                len(self.warm) + len(self.warming) >= WARM or self.stopping:
            return
        self.warming[kind] = asyncio.get_running_loop().create_task(self._spawn_warm(kind))

    async def _spawn_warm(self, kind: tuple[str, str]) -> None:
        tab = Tab(self.command_for(*kind), write_bytes=_nowhere, write_str=_nowhere,
                  close=_nothing, download_manager=self.download_manager)
        try:
            async with self.app_starting():
                await tab.spawn()
        except OSError:
            return
        finally:
            self.warming.pop(kind, None)
        if self.stopping:
            await tab.stop()
        else:
            self.warm[kind] = tab

    async def take_warm(self, kind: tuple[str, str]) -> Tab | None:
        """The app started ahead for a tab of this kind, once started, if it still runs."""
        starting = self.warming.get(kind)
        if starting is not None:
            await asyncio.wait({starting})
        ready = self.warm.pop(kind, None)
        if ready is not None and not ready.alive():
            await ready.stop()
            ready = None
        return ready

    @contextlib.asynccontextmanager
    async def app_starting(self) -> AsyncIterator[None]:
        """Around the start of an app process: a Ctrl+C meanwhile stops the server once the
        process has started (see `request_exit`)."""
        self.starting += 1
        try:
            yield
        finally:
            self.starting -= 1
            if not self.starting and self.exit_requested:
                asyncio.get_running_loop().call_soon(self.request_exit)

    def request_exit(self) -> None:
        """Ctrl+C or SIGTERM: stop the server; if an app process is being started at that
        moment, as soon as it has. (Stopping cancels every task; asyncio, cancelled in the
        middle of starting a process, then waits for that process for ever, and the server
        would never stop.)"""
        self.stopping = True  # no app is started ahead from now on
        if self.starting:
            self.exit_requested = True
            return
        super().request_exit()

    async def on_startup(self, app: web.Application) -> None:
        # No app starts before a page is asked for (`warm_up`): a server nobody opens costs
        # the computer nothing. The page's files are read and gzipped now rather than while the
        # first phone waits.
        asyncio.get_running_loop().create_task(asyncio.to_thread(self.load_assets))

    def load_assets(self) -> None:
        for name in PAGE_ASSETS:
            self.statics.asset(name)
        self.own.asset("vicaire.js")

    async def on_shutdown(self, app: web.Application) -> None:
        """Stop every tab at once (bounded), telling each page to reconnect later."""
        self.stopping = True
        warm, self.warm = list(self.warm.values()), {}
        await asyncio.gather(*(tab.stop() for tab in warm), return_exceptions=True)
        tabs = list(self.tabs.items())
        await asyncio.gather(*(ws.close(code=GOING_AWAY) for _, ws in tabs),
                             return_exceptions=True)
        await asyncio.gather(*(tab.stop() for tab, _ in tabs), return_exceptions=True)

    # ------------------------------------------------------------------ running

    def serve(self, debug: bool = False, announce: Callable[[], None] = lambda: None) -> None:
        """Run until Ctrl+C (or SIGTERM), on every address asked for. `announce` (the links,
        "Press Ctrl+C to stop.") runs once Ctrl+C and SIGTERM stop the server: a Ctrl+C read
        before would be lost where the server started with it ignored (a background job)."""
        import signal

        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self.request_exit)
        announce()
        web.run_app(self._make_app(), host=self.hosts, port=self.port, handle_signals=False,
                    loop=loop, print=lambda *args: None, shutdown_timeout=1.0,
                    access_log=None)

    def initialize_logging(self) -> None:
        """Only problems are logged, in one line each: no request log, no tracebacks."""
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("vicaire serve: %(message)s"))
        logging.basicConfig(level=logging.CRITICAL, handlers=[handler], force=True)
        log.setLevel(logging.WARNING)  # ours: a tab closed for what it sent
        # Tab processes still being reaped as the server stops are not the user's concern.
        sys.unraisablehook = lambda _unraisable: None


async def _nowhere(_data: object) -> None:
    """Where a started-ahead app's output waits: in its pipe, until a tab attaches."""


async def _nothing() -> None:
    pass


def _number(text: str | None, default: int, high: int) -> int:
    try:
        return max(1, min(int(text or ""), high))
    except ValueError:
        return default


def target_names(target: str, host: str | None) -> bool:
    """Whether a request line's target fits the Host header: a path (`/...`), or a whole
    address naming that same host (`http://HOST/...`); not another host."""
    if target.startswith("/"):
        return True
    scheme, sep, rest = target.partition("://")
    if not sep or scheme.lower() not in ("http", "ws"):
        return False
    authority = rest.split("/", 1)[0].split("?", 1)[0]
    named, given = split_host(authority), split_host(host)
    return named is not None and named == given
