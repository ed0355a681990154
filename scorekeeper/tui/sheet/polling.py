"""The score sheet following its match file: another window or device may change the match.

Every `poll` seconds (a tenth of a second) the sheet looks at the match file's signature (one
stat, nothing read). Only when it changed is the file read, once: when the revision read has
moved, that match is shown as read (scored on the reading thread), without reading it again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from textual import work

from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text
from scorekeeper.tui.services import AppServices

if TYPE_CHECKING:
    from scorekeeper.store import History, StoredMatch

T = TypeVar("T")


def read_if_moved(history: History, match_id: str,
                  revision: int) -> StoredMatch | None:
    """The stored match, read once and scored, if its revision is no longer `revision`;
    else None (nothing worked out)."""
    stored = history.get(match_id)
    return stored.scored() if stored.revision != revision else None


class SheetPolling:
    """The polling half of `SheetScreen` (`scorekeeper.tui.sheet.screen`)."""

    services: AppServices  # (from the screen's base)
    taken_off: bool  # (the screen's base, as off_thread and lang)
    lang: str
    notify: Callable[..., Any]  # (Textual's)
    if TYPE_CHECKING:  # (the screen's base: `ActionTable.off_thread`)
        async def off_thread(self, function: Callable[..., T], *args: Any) -> T: ...
    match_id: str
    stored: StoredMatch
    _busy: bool
    _held: Any  # a frame held (`SheetScreen.hold_frame`)
    _lock: asyncio.Lock
    _seen: Any

    async def reload(self, quiet: bool = False, stored: StoredMatch | None = None) -> None:
        """Show the match as read again from the history (the sheet's)."""

    def deal_gone(self, number: int) -> bool:
        """Whether deal `number`, being corrected here, was undone in another window
        meanwhile; if so, the user is told as the history tells a change made on a match
        that moved on."""
        deals = len(self.stored.match.deals)
        if number <= deals:
            return False
        self.notify(error_text(VicaireError("store.stale", deals=deals), self.lang),
                    severity="error", markup=False, timeout=8)
        return True

    def poll_file(self) -> None:
        """Look at the match file's signature (one stat); read it only when it changed."""
        if self._busy or self._lock.locked() or self._held is not None:
            return  # (looked at again once the change is done and drawn)
        seen = self.services.history_signature(self.match_id)
        if seen is None and self.services.open_history() is None:
            return  # the history is still opening: nothing can be told yet
        if seen != self._seen:
            self._seen = seen
            self.check_revision()

    @work(group="poll", exclusive=True)
    async def check_revision(self) -> None:
        """Read the match once; show it when another window moved its revision (once the
        sheet is whole: a redraw under way holds the lock, and the file looked at will not
        change again to say so)."""
        if self._busy:  # (its own write changes the file again: looked at after it)
            return
        try:
            history = await self.services.history_ready()
            stored = await self.off_thread(read_if_moved, history, self.match_id,
                                           self.stored.revision)
        except VicaireError:
            return
        if stored is not None:
            async with self._lock:  # (after a change or a redraw under way, if any)
                # (not older than a change made; the sheet not closed meanwhile)
                if stored.revision > self.stored.revision and not self.taken_off:
                    await self.reload(stored=stored)
