"""The score sheet following its match file: another window or device may change the match.

Every `poll` seconds the sheet looks at the match file's signature (one stat) and reads the
match's revision only when it changed; when the revision moved, the sheet reloads the match.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual import work

from scorekeeper.errors import VicaireError
from scorekeeper.tui.services import AppServices


class SheetPolling:
    """The polling half of `SheetScreen` (`scorekeeper.tui.screens.sheet`)."""

    services: AppServices  # (from the screen's base)
    match_id: str
    stored: Any
    _busy: bool
    _lock: asyncio.Lock
    _seen: Any

    async def reload(self, quiet: bool = False) -> None:
        """Read the match again from the history (the sheet's)."""

    def poll_file(self) -> None:
        """Look at the match file's signature (one stat); read it only when it changed."""
        if self._busy or self._lock.locked():  # (looked at again once the change is done)
            return
        seen = self.services.history_signature(self.match_id)
        if seen != self._seen or seen is None:
            self._seen = seen
            self.check_revision()

    @work(group="poll", exclusive=True)
    async def check_revision(self) -> None:
        """Poll the history's revision of this match; reload when another window moved it."""
        if self._busy or self._lock.locked():
            return
        try:
            history = await self.services.history_ready()
            revision = await asyncio.to_thread(history.revision, self.match_id)
        except VicaireError:
            return
        if revision != self.stored.revision and not self._lock.locked():
            async with self._lock:
                await self.reload()
