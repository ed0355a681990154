"""Opening the history as the app starts: on a thread, while Textual starts (or before it,
`open_early`), so that home's first frame can list the last matches; screens await
`history_ready()` and the UI thread never waits for it."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.message import Message

from scorekeeper.tui.services import UNKNOWN

if TYPE_CHECKING:
    from scorekeeper.store import History, MatchSummary

OPENER = "vicaire-open"  # the worker that opens the history at start-up


class HistoryOpened(Message):
    """The history is open and its first listing read (or opening failed): posted once, by
    the worker that opens it at start-up."""


class HistoryOpening:
    """The app's half that opens the history (VicaireApp)."""

    board: bool
    post_message: Any
    _folder: Path | None

    def init_opening(self, folder: str | Path | None, history: History | None) -> None:
        """The history (and its folder, where the settings live) is opened by a thread
        worker while Textual starts (from `on_load`): importing the store is a good part of
        the start-up time. The UI thread never waits for it: screens await
        `history_ready()`."""
        self._folder_asked = folder
        self._history = history
        self._history_ready = threading.Event()  # (for the opening thread's own waits)
        self._opened = asyncio.Event()  # set on the UI thread, when HistoryOpened arrives
        self._listing: list[MatchSummary] | None = None
        self.listing_signature: Any = UNKNOWN  # the journal's, when the listing was read
        self._listing_ready = threading.Event()
        self._opening: threading.Thread | None = None  # (open_early's)
        # open_early's thread having read the history, and the app running (on_load): the
        # second of the two to come tells the app (`_tell_opened`).
        self._told = threading.Lock()
        self._awaited = 2
        if history is not None:
            self._history_ready.set()
            self._listing_ready.set()
            self._opened.set()

    def on_load(self) -> None:
        """As early as Textual runs workers: open the history, then tell the app; or, where
        `open_early`'s thread opens it, let that thread tell the app when it is done (no
        worker to wait for it: its thread pool would be one more thing to start)."""
        if self._opened.is_set():
            return
        if self._opening is None:
            self._open_history()
        else:
            self._tell_opened()

    def _tell_opened(self) -> None:
        """Called once by the early thread when it has read the history and once by the app
        when it runs: the second call posts HistoryOpened (a message posted before the app
        runs would have no queue to go to)."""
        with self._told:
            self._awaited -= 1
            ready = self._awaited == 0
        if ready:
            self.post_message(HistoryOpened())  # (thread-safe)

    def open_early(self) -> None:
        """Start opening the history and reading its listing now, on a thread of its own,
        before Textual starts: `vicaire` calls it as soon as it has made the app, so that the
        listing is read before home's first frame (a Textual worker only starts once the app
        runs, and then shares the processor with home's first frame)."""
        if self._opened.is_set() or self._opening is not None:
            return
        # The store's modules are imported here, on this thread: that is most of the work,
        # the same for any history, and two threads importing share one processor (Python's
        # lock) in slices that cost more than it.
        try:
            from scorekeeper.store.history import History  # noqa: F401
        except ImportError:  # (a broken install: the worker meets it, and home says it)
            return
        self._opening = threading.Thread(target=self._read_early, name=OPENER, daemon=True)
        self._opening.start()

    def _read_early(self) -> None:
        try:
            self._read_history()
        finally:
            self._tell_opened()

    @work(thread=True, name=OPENER, group=OPENER, exit_on_error=False)
    def _open_history(self) -> None:
        """Open the history and read its listing while Textual starts (where `open_early`
        did not): when the listing is ready in time, the home screen shows it in its first
        frame."""
        try:
            self._read_history()
        finally:
            self.post_message(HistoryOpened())  # (thread-safe)

    def _read_history(self) -> None:
        """Open the history and read its listing. Whatever fails here is met again, and
        reported, where it is used: `history_ready()` opens the history anew, and the home
        screen reads the listing itself."""
        try:
            from scorekeeper.store import History

            self._history = History(self._folder_asked)
            self._history_ready.set()
            if not self.board:  # (the spectators' board lists nothing)
                self.listing_signature = self._history.signature()  # (as of this read)
                self._listing = self._history.summaries()
        except Exception:  # noqa: BLE001 - reported where it is used (above)
            pass
        finally:
            self._history_ready.set()
            self._listing_ready.set()

    def on_history_opened(self, _message: HistoryOpened) -> None:
        self._opened.set()

    def first_listing(self) -> list[MatchSummary] | None:
        """The listing read at start-up, once: None if it is not ready, if it failed, or if
        it was taken already."""
        if not self._listing_ready.is_set():
            return None
        listing, self._listing = self._listing, None
        return listing

    async def history_ready(self) -> History:
        """The history of matches, once it is open (awaited, never blocking the UI thread).
        Raises VicaireError if it cannot be opened (tried again, off the UI thread)."""
        await self._opened.wait()
        if self._history is None:  # opening failed on the worker: fail here, in plain view
            from scorekeeper.store import History

            self._history = await asyncio.to_thread(History, self._folder_asked)
        return self._history

    def open_history(self) -> History | None:
        """The history if it is open already, else None (never waits)."""
        return self._history if self._opened.is_set() else None

    def history_signature(self, match_id: str | None = None) -> Any | None:
        """The journal's signature (or match `match_id`'s file's): one stat, or None while
        the history is not open yet (or cannot tell)."""
        signature = getattr(self.open_history(), "signature", None)
        return None if signature is None else signature(match_id) if match_id else signature()

    @property
    def history(self) -> History:
        """The history of matches, for code off the UI thread (it waits for it to be opened,
        the first time); the UI thread awaits `history_ready()` instead."""
        self._history_ready.wait()
        if self._history is None:  # opening failed on the worker: fail here, in plain view
            from scorekeeper.store import History

            self._history = History(self._folder_asked)
        return self._history

    @history.setter
    def history(self, history: History) -> None:
        self._history, self._folder = history, None
        self._history_ready.set()
        self._opened.set()
