"""One browser tab's app: a process started without a shell, stopped within a bound."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
from typing import Any

from textual_serve.app_service import AppService

from scorekeeper.formats.fault import FAULT_STATUS
from scorekeeper.tui.served import (  # (names only: no Textual here)
    DRAFT_URL,
    ENTRY_DRAFT,
    KEYBOARD_URL,
    SERVER_PID,
    SHOWN_MATCH,
    SHOWN_URL,
    SIZE_URL,
)
from scorekeeper.web.drafts import Slot

QUIT_WAIT = 0.8  # seconds an app gets to quit when asked, before it is ended
SHOWN = re.compile(re.escape(SHOWN_URL) + r"([0-9a-f]{0,32})")
KEYBOARD = re.compile(re.escape(KEYBOARD_URL) + r"(numeric|text|none)")


class Tab(AppService):
    """textual-serve's AppService, running `argv` directly (one process per tab, no shell in
    between) and never waiting long on an app that does not quit."""

    def __init__(self, argv: list[str], shown: str = "", slot: Slot | None = None,
                 **kwargs: Any) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self.shown = shown  # the match the tab showed before a restart: the app opens it
        self.slot = slot  # the tab's draft (scorekeeper/web/drafts.py): None, no keeping
        self.ended = False  # the app said it ends (it quit, or stopped on a fault)
        self.size: tuple[int, int] | None = None  # the tab's terminal size, last told

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.pop(SHOWN_MATCH, None)
        environment.pop(ENTRY_DRAFT, None)
        if self.shown:
            environment[SHOWN_MATCH] = self.shown
            if self.slot is not None and self.slot.handed:  # typed, not yet recorded
                environment[ENTRY_DRAFT] = self.slot.handed
        # The app quits if this server goes without stopping it (scorekeeper/tui/served.py).
        environment[SERVER_PID] = str(os.getpid())
        # One malloc arena for the app's threads (the odds and the history's reads run on
        # threads, which the C library would each give an arena of their own): about half a
        # megabyte less kept by each tab, its threads taking turns anyway. (Unless the server
        # was started with a setting of its own.)
        environment.setdefault("MALLOC_ARENA_MAX", "1")
        return environment

    async def start(self, width: int, height: int) -> None:
        self.size = (width, height)
        await super().start(width, height)

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.size = (width, height)
        await super().set_terminal_size(width, height)

    async def on_meta(self, data: bytes) -> None:
        """The app telling which match it shows is passed on to the page, which keeps it for
        a reconnection (and opens nothing); so is the keyboard its focused field needs, and,
        as it ends, whether it ended on a fault of its own (the page then says so). What its
        entry line holds stays here, for the tab's next app (scorekeeper/web/drafts.py)."""
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            meta = json.loads(data)
            if meta.get("type") == "exit":
                self.ended = True
                if await self._ended_on_a_fault():
                    with contextlib.suppress(ConnectionError, RuntimeError):  # (page gone)
                        await self.remote_write_str(json.dumps(["vicaire_fault"]))
            url = str(meta.get("url", "")) if meta.get("type") == "open_url" else ""
            if url == SIZE_URL:  # the app has drawn: its tab's size again (tui/served.py)
                if self.size is not None:
                    await self.set_terminal_size(*self.size)
                return
            if url.startswith(DRAFT_URL):  # (the page is told nothing of it)
                if self.slot is not None:
                    self.slot.told(url)
                return
            found = SHOWN.fullmatch(url)
            if found:
                if self.slot is not None:
                    self.slot.shown(found.group(1))
                await self.remote_write_str(json.dumps(["vicaire_shown", found.group(1)]))
                return
            wanted = KEYBOARD.fullmatch(url)
            if wanted:  # the keyboard the focused field needs (scorekeeper/tui/served.py)
                await self.remote_write_str(json.dumps(["vicaire_keyboard", wanted.group(1)]))
                return
        await super().on_meta(data)

    def let_go(self) -> None:
        """The tab's connection has ended: its draft stays for the tab's next app, unless
        this app ended by itself (quit); what this app says from now on, as it is stopped
        (its sheet closing), is not the tab's doing and changes nothing."""
        if self.slot is not None and self.ended:
            self.slot.ended()
        self.slot = None

    async def _ended_on_a_fault(self) -> bool:
        """Whether the app, which has just said it ends, ends with the fault status (its
        report written: scorekeeper/formats/fault.py); waited for QUIT_WAIT at most."""
        process = self._process
        if process is None:
            return False
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(process.wait(), QUIT_WAIT)
        return process.returncode == FAULT_STATUS

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment)
        self._stdin = process.stdin
        return process

    async def spawn(self, width: int = 80, height: int = 24) -> None:
        """Start the app before any tab asks for it (a tab takes it over with `attach`)."""
        await self._open_app_process(width, height)

    def alive(self) -> bool:
        return self._process is not None and self._process.returncode is None

    def attach(self, write_bytes: Any, write_str: Any, close: Any) -> None:
        """Give a spawned app to a tab: its output, drawn meanwhile, goes to that page."""
        self.remote_write_bytes, self.remote_write_str, self.remote_close = \
            write_bytes, write_str, close
        self._task = asyncio.create_task(self.run())

    async def stop(self) -> None:
        """Ask the app to quit; end it if it has not within QUIT_WAIT seconds."""
        task, process = self._task, self._process
        if task is None:  # spawned, never attached: nothing to ask, only to end
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(process.wait(), QUIT_WAIT)
            return
        self._task = None
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_WAIT)
        with contextlib.suppress(Exception):  # (a timeout too: it is ended below)
            await asyncio.wait_for(asyncio.shield(task), QUIT_WAIT)
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), QUIT_WAIT)
        if not task.done():
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
