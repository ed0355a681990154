"""What tests share: waiting for a condition instead of sleeping, and the notifications an
app showed, read through its public `notify`."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# Notifications each app was asked to show, by app (filled by `recording_notify`): each one's
# title ("" for none) and message.
NOTIFIED: dict[int, list[tuple[str, str]]] = {}


# What a terminal sends for the keys that are not characters, and the key Textual reads.
TERMINAL_KEYS = {" ": ("space", " "), "\r": ("enter", "\r"), "\t": ("tab", "\t"),
                 "\x1b[Z": ("shift+tab", None), "\x13": ("ctrl+s", "\x13")}


def post_keys(app, text: str) -> None:
    """Keys as a terminal sends them (`text`, its bytes decoded: characters, and the
    sequences of TERMINAL_KEYS): posted to the app at once, none waited for."""
    from textual import events

    while text:
        sent = next((seq for seq in TERMINAL_KEYS if text.startswith(seq)), text[0])
        key, character = TERMINAL_KEYS.get(sent, (sent, sent))
        app.post_message(events.Key(key, character))
        text = text[len(sent):]


def styled_then_restyled(app, roots) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """How every widget under `roots` (and each root) is styled now, then once Textual has
    restyled them all: the same where a widget that restyles itself alone
    (`scorekeeper.tui.widgets.restyle_only`) left none of its parts styled otherwise."""
    nodes = [node for root in roots for node in root.walk_children(with_self=True)]

    def looks() -> list[tuple[str, str]]:
        return [(node.styles.css, str(node.rich_style)) for node in nodes]

    now = looks()
    app.stylesheet.update_nodes(nodes)
    return now, looks()


async def until(pilot, condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app run until `condition()` holds; fail if it still does not after `timeout` s.

    Checked every 20 ms: a test waits as long as the app needs, not a guessed time.
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout} s: {condition}")
        await pilot.pause(0.02)


async def until_steady(pilot, read: Callable[[], T], timeout: float = 30.0) -> T:
    """What `read()` gives once it stops changing (two reads the same, the second after the
    app has gone idle): for what the app finishes when it next goes idle, such as a table
    widening its columns, which a busy machine can put late."""
    seen = [read()]
    deadline = time.monotonic() + timeout
    while len(seen) < 2 or seen[-1] != seen[-2]:
        if time.monotonic() > deadline:
            raise AssertionError(f"still changing after {timeout} s: {read}")
        await pilot.pause()
        seen.append(read())
    return seen[-1]


def recording_notify(notify: Callable) -> Callable:
    """`App.notify` that also remembers each message for `notified(app)`."""

    def record(app, message, *args, **kwargs):
        NOTIFIED.setdefault(id(app), []).append((str(kwargs.get("title", "")), str(message)))
        return notify(app, message, *args, **kwargs)

    return record


def notified(app) -> list[str]:
    """Every notification `app` was asked to show, oldest first."""
    return [message for _, message in NOTIFIED.get(id(app), [])]


def screen_lines(app) -> list[str]:
    """The lines of the current screen as drawn, as plain text (cut widgets show cut). Textual
    has no public reader of what it drew (a screenshot is SVG): its compositor is read here
    alone."""
    return ["".join(segment.text for segment in strip)
            for strip in app.screen._compositor.render_strips()]


def served_urls(monkeypatch) -> list[str]:
    """The app as a served tab's (`is_web`): what it tells the page (its `open_url`s), in
    order."""
    from scorekeeper.tui.app import VicaireApp

    told: list[str] = []
    monkeypatch.setattr(VicaireApp, "is_web", property(lambda self: True))
    monkeypatch.setattr(VicaireApp, "open_url", lambda self, url, **kw: told.append(url))
    return told


def key_bar_region(app):
    """Where the key bar is on the screen."""
    from scorekeeper.tui.widgets.keybar import KeyBar

    return app.screen.query_one(KeyBar).region


def key_bar_row(app) -> int:
    """The screen row where the key bar writes its keys (its middle one: on a phone the bar
    is three rows high, a thumb's tap target)."""
    region = key_bar_region(app)
    return region.y + region.height // 2


def key_bar_line(app) -> str:
    """What the key bar shows, as drawn."""
    return screen_lines(app)[key_bar_row(app)]


def above_key_bar(app) -> str:
    """The line just above the key bar."""
    return screen_lines(app)[key_bar_region(app).y - 1]


def notified_titles(app) -> list[str]:
    """The titles of those notifications, in the same order."""
    return [title for title, _ in NOTIFIED.get(id(app), [])]
