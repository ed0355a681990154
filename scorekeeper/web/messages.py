"""What a browser tab may send to its app, checked before any of it reaches the app.

The page (textual-serve's textual.js) sends JSON lists: `["stdin", text]` (keys typed),
`["resize", {"width": w, "height": h}]`, `["ping", text]`, `["blur"]` and `["focus"]`. Anything
else, or any of these with a wrong payload (a size that is not a whole number within bounds,
keys that are not text or too many at once), is refused: the server then closes that tab alone.
Pure functions, without the web server, so that each rule is tested alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_WIDTH = 1000  # columns: a 4K screen at the smallest font the page allows is about as wide
MAX_HEIGHT = 1000  # rows
MAX_STDIN = 64 * 1024  # characters of keys in one message (a paste); the page sends a few
MAX_PING = 64  # characters of a ping (the page sends its clock, 13 digits)
MAX_MESSAGE = 256 * 1024  # bytes of one websocket message; aiohttp's default is 4 MB
KINDS = ("stdin", "resize", "ping", "blur", "focus")


@dataclass(frozen=True)
class Message:
    """One checked message: its kind and what it carries (keys, a size, a ping's text)."""

    kind: str
    text: str = ""
    width: int = 0
    height: int = 0


class Refused(ValueError):
    """A message the tab may not send; `kind` is what it claimed to be (for the log line)."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def whole(value: Any, high: int) -> int | None:
    """`value` when it is a whole number from 1 to `high` (not a bool, a float or a string)."""
    if type(value) is int and 1 <= value <= high:
        return value
    return None


def size_ok(width: Any, height: Any) -> tuple[int, int] | None:
    """A terminal size a tab may ask for, or None."""
    w, h = whole(width, MAX_WIDTH), whole(height, MAX_HEIGHT)
    return (w, h) if w is not None and h is not None else None


def checked(raw: str) -> Message:
    """The message a tab sent as text, checked; `Refused` when it is not one it may send."""
    try:
        envelope = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refused("?") from None
    if not (isinstance(envelope, list) and envelope and envelope[0] in KINDS):
        raise Refused("?")
    kind, payload = envelope[0], envelope[1:]
    if kind in ("blur", "focus"):
        return Message(kind)
    if len(payload) != 1:
        raise Refused(kind)
    value = payload[0]
    if kind == "resize":
        size = size_ok(value.get("width"), value.get("height")) if isinstance(value, dict) \
            else None
        if size is None:
            raise Refused(kind)
        return Message(kind, width=size[0], height=size[1])
    limit = MAX_STDIN if kind == "stdin" else MAX_PING
    if not isinstance(value, str) or len(value) > limit:
        raise Refused(kind)
    return Message(kind, text=value)
