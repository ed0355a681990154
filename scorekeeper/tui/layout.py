"""The room there is: the window sizes at which the app's layout changes (docs/guide.md), and
names cut to the room a line has, ended with "…" — one way for every line that shows them
(the panels, the tap pad, the sheet's status line and hints, the round's odds, the board's
title)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

NARROW = 50  # columns up to which a screen is laid out for a phone (a `-narrow` screen)
SHORT = 20  # lines up to which a screen that asks for it is laid out short (a `-short` screen)

ELLIPSIS = "…"
SHORTEST = 8  # cells a name keeps at least when a line shortens names to fit
# ... in a summary line beside the panels (the round's odds, the board's title), which stays
# on one line of a phone this way: "Marie…" there, "Marie-C…" in the panel.
SHORTEST_BESIDE = 6
# ... in a table's cell (a deal's outcome), where the sentence's end (the points) counts more
# than the name: "Je… gagne par un capot : +50" rather than "Jean-Ba… gagne par un capot…".
SHORTEST_IN_CELL = 3


def shorten(name: str, room: int) -> str:
    """`name` whole if it takes at most `room` cells, else its start and "…" in `room`."""
    if cell_len(name) <= room:
        return name
    if room <= 1:
        return ELLIPSIS if room == 1 else ""
    shown = ""
    for char in name:
        if cell_len(shown + char) > room - 1:
            break
        shown += char
    return shown.rstrip() + ELLIPSIS


def name_lines(name: str, room: int, lines: int = 2) -> list[str]:
    """`name` on as few lines of `room` cells as it takes, `lines` at most, broken after a
    hyphen or at a space ("Jean-Baptiste-" over "Édouard"); what still does not fit is
    shortened ("…") on the last line."""
    if cell_len(name) <= room or lines <= 1:
        return [shorten(name, room)]
    said: list[str] = []
    for piece in re.split(r"(?<=-)|(?<= )", name):
        if said and cell_len((said[-1] + piece).rstrip()) <= room:
            said[-1] += piece
        elif piece:
            said.append(piece)
    said = [line.rstrip() for line in said]
    if len(said) > lines:
        said[lines - 1:] = [" ".join(said[lines - 1:]).replace("- ", "-")]
    return [shorten(line, room) for line in said]


def fit_names(build: Callable[[list[str]], Text], names: Sequence[str], width: int,
              shortest: int = SHORTEST,
              wrapped: Callable[[list[str]], Text] | None = None) -> Text:
    """The line `build(names)` makes, whole names if it fits `width` cells; else the longest
    names shortened, a cell at a time (to `shortest` cells at least), until it fits. `width`
    0: no limit. A line that takes two lines however short the names is `wrapped(names)`
    where given, with the names whole: cutting them would not save the line."""
    names = list(names)
    text = build(names)
    if width <= 0 or text.cell_len <= width:
        return text
    room = max(cell_len(name) for name in names)
    while text.cell_len > width and room > shortest:
        room -= 1
        text = build([shorten(name, room) for name in names])
    return wrapped(names) if wrapped is not None and text.cell_len > width else text


class FittedWords(Text):
    """One line of words naming players (a row's outcome) in a cell whose width is known only
    as it is drawn: there, if the words do not fit, the longest names are shortened first
    ("Jean-Ba… wins by a sweep: +50", not "Jean-Baptiste-Édouard wi…"), as `fit_names` does,
    down to a few letters ("Je…") so that the points stay whole; the end of the words is cut
    ("…") only if that is not enough. Its `plain` stays the
    whole words (the rows are compared by them)."""

    def __init__(self, build: Callable[[list[str]], str], names: Sequence[str],
                 style: str = "") -> None:
        super().__init__(build(list(names)), style=style, overflow="ellipsis", no_wrap=True)
        self.build, self.names = build, list(names)

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        if self.cell_len <= options.max_width:
            yield from super().__rich_console__(console, options)
            return
        fitted = fit_names(lambda names: Text(self.build(names), style=self.style,
                                              overflow="ellipsis", no_wrap=True),
                           self.names, options.max_width, shortest=SHORTEST_IN_CELL)
        yield from fitted.__rich_console__(console, options)
