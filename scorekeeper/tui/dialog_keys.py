"""Keys reach a dialog's answer, or a screen being opened, in the order they were typed.

Textual hands each key to the focused widget's own queue, and a key binding acts only once
the key has gone back up to the app; a dialog that closes while keys still wait in its
widgets' queues loses them (a deal typed fast under a round's dialog, on a busy machine). So
the app offers each key, as it takes it from its own queue (the order typed), first to a
dialog that answers keys itself (`take_key`): the dialog closes at once, and what it passes
on reaches the screen below before any later key.

A screen that opens only once something is read (the New match form, after the history is
asked for a match in progress) would leave the keys typed meanwhile to the screen below: a
name typed right after `n` reached home, whose keys open other screens (`h`, `l`, `s`…).
The app holds them (`hold_keys`) until the next screen is shown (`release_keys`), then
takes them, in order, before any key typed later.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.actions import parse
from textual.message import Message


class KeysReleased(Message):
    """The keys held since `hold_keys` can go on (posted behind the keys typed so far)."""


def answer_by_key(dialog: Any, key: str) -> bool:
    """Run at once the action that `dialog`'s own ACTIONS bind to `key` (a dialog answering
    keys in the order typed, in its `take_key`): whether one does."""
    for action in dialog.ACTIONS:
        if key in (bound.strip() for bound in action.key.split(",")):
            _namespace, name, parameters = parse(action.action)
            getattr(dialog, f"action_{name}")(*parameters)
            return True
    return False


class KeysToDialogs:
    """The app's half: each key typed is offered first to the dialog on top."""

    screen: Any
    post_message: Any
    _held_keys: list[events.Key] | None = None  # typed while a screen opens (`hold_keys`)

    def hold_keys(self) -> None:
        """Keep the keys typed from now on until `release_keys`: a screen is opening."""
        if self._held_keys is None:
            self._held_keys = []

    def release_keys(self) -> None:
        """The screen is shown: the held keys go to it, once the keys typed before this call
        are held too (a message behind them in the app's queue)."""
        if self._held_keys is not None:
            self.post_message(KeysReleased())

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and self._held_keys is not None:
            # Held, whether it comes to the app or back up from the widget it was handed to
            # before holding began (typed right after the key that opens the screen, it was
            # handed to the screen below, whose bindings would act on it).
            self._held_keys.append(events.Key(event.key, event.character))
            return
        if isinstance(event, events.Key) and not event.is_forwarded:
            take = getattr(self.screen, "take_key", None)
            if take is not None and take(event):
                return
        await super().on_event(event)  # type: ignore[misc]

    async def on_keys_released(self, _message: KeysReleased) -> None:
        held, self._held_keys = self._held_keys or [], None
        for key in held:
            await self.on_event(key)
