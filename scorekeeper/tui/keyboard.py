"""Which on-screen keyboard a phone should offer for what has the focus (`vicaire serve`).

The served page asks the phone's browser for that keyboard (`inputmode` on the terminal's
hidden text field, see scorekeeper/web/static/vicaire.js): "numeric" where numbers are typed
(tricks, the target), "text" where names are, and "none" elsewhere, so that a tap on a
button or a list does not cover half the screen with keys. On the score sheet of a phone the
tap pad (widgets/tap_pad.py) takes the tricks: no keyboard there either.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

DIGITS = frozenset("0123456789")


def keyboard_for(widget: Any) -> str:
    """'numeric', 'text' or 'none' for the focused `widget` (None: nothing focused)."""
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
