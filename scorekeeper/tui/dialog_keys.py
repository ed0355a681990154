"""Keys reach a dialog's answer in the order they were typed.

Textual hands each key to the focused widget's own queue, and a key binding acts only once
the key has gone back up to the app; a dialog that closes while keys still wait in its
widgets' queues loses them (a deal typed fast under a round's dialog, on a busy machine). So
the app offers each key, as it takes it from its own queue (the order typed), first to a
dialog that answers keys itself (`take_key`): the dialog closes at once, and what it passes
on reaches the screen below before any later key.
"""

from __future__ import annotations

from typing import Any

from textual import events


class KeysToDialogs:
    """The app's half: each key typed is offered first to the dialog on top."""

    screen: Any

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            take = getattr(self.screen, "take_key", None)
            if take is not None and take(event):
                return
        await super().on_event(event)  # type: ignore[misc]
