"""Served in a browser (`vicaire serve`): an app whose server has gone quits.

The server stops its apps when it stops. Killed (`kill -9`) or crashed, it cannot: each app it
had started (one per tab, and those started ahead for the next tabs) would run on unseen for
ever, each taking a share of the processor. So the server gives every app its process id
(SERVER_PID, set by scorekeeper/web/tab.py), and an app checks every few seconds that the
server is still its parent; when it is not, the app quits.

Which on-screen keyboard a phone should offer for what has the focus (`vicaire serve`).

The served page asks the phone's browser for that keyboard (`inputmode` on the terminal's
hidden text field, see scorekeeper/web/static/vicaire.js): "numeric" where numbers are typed
(tricks, the target), "text" where names are, and "none" elsewhere, so that a tap on a
button or a list does not cover half the screen with keys. On the score sheet of a phone the
tap pad (sheet/tap_pad.py) takes the tricks: no keyboard there either.

What the score sheet's entry line holds, told to the server as it changes (`draft_url`), so
that a tab whose connection dropped gets its counts back in its next app (`kept_draft`;
scorekeeper/web/drafts.py).
"""

from __future__ import annotations

import os
from typing import Any

SERVER_PID = "VICAIRE_SERVER_PID"
# A tab that comes back after a restart of the server: the match it showed, which its new app
# opens (scorekeeper/web/tab.py sets it; the app reads it).
SHOWN_MATCH = "VICAIRE_SHOWN_MATCH"
# What that tab had typed in the match's entry line and not recorded, as
# "match/revision/text" (scorekeeper/web/drafts.py): the sheet puts it back.
ENTRY_DRAFT = "VICAIRE_ENTRY_DRAFT"
# How the app tells the server which match it shows (passed on to the page, which keeps it
# for a reconnection) and the keyboard its focused field needs (passed on as well).
SHOWN_URL = "vicaire:shown/"
KEYBOARD_URL = "vicaire:keyboard/"
# How the app tells the server what its entry line holds (an open_url the page never sees).
DRAFT_URL = "vicaire:draft/"
# How the app, once it has drawn, asks the server for its tab's size again (an open_url the
# page never sees). An app started ahead of its tab (scorekeeper/web/server.py) and handed to
# one while still starting kept the size it was started with: Textual's web driver posts that
# first size (80×24) from the app's loop as it starts, and the tab's size, already waiting in
# the app's input, could be read and handled before it, then overridden by it. A phone then
# got screens laid out 80 columns wide, cut at its edge. Once the app has drawn, that first
# size has long been handled: the size the server sends again is the last one handled.
SIZE_URL = "vicaire:size"
CHECK_EVERY = 2.0  # seconds


def quit_when_server_gone(app: Any) -> None:
    """If `app` runs in a browser tab of `vicaire serve`, quit once that server has gone."""
    try:
        server = int(os.environ.get(SERVER_PID, ""))
    except ValueError:
        return
    if not app.is_web:
        return

    def check() -> None:
        if os.getppid() != server:
            app.exit()

    check()  # (gone already while this app was starting)
    app.set_interval(CHECK_EVERY, check, name="server-watch")
    app.call_after_refresh(app.open_url, SIZE_URL)


def keyboard_for(widget: Any) -> str:
    """'numeric', 'text' or 'none' for the focused `widget` (None: nothing focused)."""
    from textual.widgets import Input  # (here: the server imports this module too)

    if not isinstance(widget, Input):
        return "none"
    if widget.screen.query(".-narrow TapPad") and widget.id == "entry":
        return "none"
    if widget.type in ("integer", "number"):
        return "numeric"
    restrict = widget.restrict or ""
    if restrict and "0-9" in restrict and not any(c.isalpha() for c in
                                                   restrict.replace("0-9", "")):
        return "numeric"
    return "text"


def draft_url(match_id: str, revision: int, text: str) -> str:
    """What the app says (an open_url) when its entry line for `match_id` holds `text`."""
    return f"{DRAFT_URL}{match_id}/{revision}/{text}"


def kept_draft(match_id: str, revision: int) -> str:
    """The text a reconnected tab had typed in this match's entry line (once: taken from the
    environment), if the match is still where it was (no deal recorded since); else ""."""
    match, _, rest = os.environ.pop(ENTRY_DRAFT, "").partition("/")
    kept_revision, _, text = rest.partition("/")
    return text if (match, kept_revision) == (match_id, str(revision)) else ""
