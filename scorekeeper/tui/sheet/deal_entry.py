"""The score sheet's entry line: digits and separators only, a word when a key is refused,
and Enter taken in the order typed.

Textual's `Input` drops a character its `restrict` pattern refuses with only a bell; this one
also tells the screen (`DealEntry.Refused`, with what was typed), so that the hint line can say
why the letter did not appear.
"""

from __future__ import annotations

import re

from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input

ALLOWED = r"[0-9 ,;/+.\-]*"


class DealEntry(Input):
    """An `Input` for a deal's counts: `4 3 3`, `433`, `4,3,3`…"""

    class Refused(Message):
        """Text that holds a character a deal cannot have (a letter, a sign) was typed or
        pasted, and dropped."""

        def __init__(self, entry: DealEntry, typed: str) -> None:
            super().__init__()
            self.entry = entry
            self.typed = typed

        @property
        def control(self) -> DealEntry:
            return self.entry

    # The text's extent (for scrolling the text sideways): the entry's size is fixed by the
    # sheet (the width given, three lines), so an emptied or longer entry asks for no new
    # layout of the screen, which each deal otherwise caused.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(restrict=ALLOWED, **kwargs)
        self._offered = ""

    async def on_key(self, event: events.Key) -> None:
        """Enter submits here, in the order the keys were typed. (Textual's binding acts only
        once the key has gone up to the app, after the keys typed behind it have reached the
        line: typed fast on a busy machine, the next deal's digits joined the one submitted.)
        Textual calls this handler before Input's own, which Enter then skips; other keys go
        on to Input's."""
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()

    def replace(self, text: str, start: int, end: int) -> None:
        self._offered = text  # (read by `restricted` if the new value is refused)
        super().replace(text, start, end)

    def restricted(self) -> None:
        """A refused key: the bell, and, when the text holds a character a deal cannot have
        (not when the line is only full), a message for the screen."""
        super().restricted()
        if re.fullmatch(ALLOWED, self._offered) is None:
            self.post_message(self.Refused(self, self._offered))
