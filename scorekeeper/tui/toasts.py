"""Messages in toasts laid out so that no word is cut: a file's path is broken only after a
folder separator, on lines of its own (Textual folds a word longer than the toast's line
anywhere, "…/exports/vicai" + "re-2026…")."""

from __future__ import annotations

import re

# The toast's size (app.tcss states the same: `Toast { width: 60; max-width: 50%; }`), and
# what its frame takes from its width: a padding cell each side and the coloured left edge.
TOAST_WIDTH = 60
TOAST_SHARE = 50  # per cent of the screen's width, at most
TOAST_FRAME = 3


def toast_line_width(screen_width: int) -> int:
    """How many cells a toast's line holds on a screen `screen_width` cells wide."""
    return min(TOAST_WIDTH, screen_width * TOAST_SHARE // 100) - TOAST_FRAME


def path_pieces(word: str, width: int) -> list[str]:
    """`word` (a path) in pieces of at most `width` cells, each ending after a separator
    (a file name longer than the line stays whole)."""
    pieces: list[str] = []
    for part in re.split(r"(?<=[/\\])", word):
        if pieces and len(pieces[-1]) + len(part) <= width:
            pieces[-1] += part
        elif part:
            pieces.append(part)
    return pieces


def whole_words(message: str, width: int) -> str:
    """`message` with each word longer than a line of `width` cells (a path) on lines of its
    own, broken after separators; shorter words are left for the toast to wrap."""
    if width < 8:
        return message
    lines: list[str] = []
    for line in message.split("\n"):
        words: list[str] = []
        for word in line.split(" "):
            if len(word) <= width:
                words.append(word)
                continue
            if words:
                lines.append(" ".join(words))
                words = []
            lines.extend(path_pieces(word, width))
        if words or not line:
            lines.append(" ".join(words))
    return "\n".join(lines)
