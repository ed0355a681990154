"""Messages in toasts laid out so that no word is cut: a file's path is broken only after a
folder separator, on lines of its own (Textual folds a word longer than the toast's line
anywhere, "…/exports/vicai" + "re-2026…"), and a name longer than a line after one of its
own hyphens or underscores; a path in the home folder is said from `~`."""

from __future__ import annotations

import os
import re
from pathlib import Path

# The toast's size (app.tcss states the same: `Toast { width: 60; max-width: 50%; }`), and
# what its frame takes from its width: a padding cell each side and the coloured left edge.
TOAST_WIDTH = 60
TOAST_SHARE = 50  # per cent of the screen's width, at most
TOAST_FRAME = 3


def toast_line_width(screen_width: int) -> int:
    """How many cells a toast's line holds on a screen `screen_width` cells wide."""
    return min(TOAST_WIDTH, screen_width * TOAST_SHARE // 100) - TOAST_FRAME


def shown_path(path: str | os.PathLike[str]) -> str:
    """A file's path as a notice says it: from `~` in the home folder
    ("~/.local/share/vicaire/exports/…"), else whole."""
    given = Path(path)
    try:
        inside = given.relative_to(Path.home())
    except (ValueError, RuntimeError):  # (elsewhere; no home folder known)
        return str(given)
    return str(Path("~") / inside)


def path_pieces(word: str, width: int) -> list[str]:
    """`word` (a path) in pieces of at most `width` cells, each ending after a separator; a
    folder's or a file's name longer than the line ends its pieces after a hyphen or an
    underscore of its own ("vicaire-history-" + "2026-12-04.json"), and a name
    with none of them stays whole."""
    parts = [piece for part in re.split(r"(?<=[/\\])", word)
             for piece in (re.split(r"(?<=[-_])", part) if len(part) > width else [part])]
    pieces: list[str] = []
    for part in parts:
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
