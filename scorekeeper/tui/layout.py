"""The room there is: the window sizes at which the app's layout changes (docs/guide.md), and
names cut to the room a line has, ended with "…" — one way for every line that shows them
(the panels, the tap pad, the sheet's status line and hints, the round's odds, the board's
title)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text

NARROW = 50  # columns up to which a screen is laid out for a phone (a `-narrow` screen)
SHORT = 20  # lines up to which a screen that asks for it is laid out short (a `-short` screen)

ELLIPSIS = "…"
SHORTEST = 8  # cells a name keeps at least when a line shortens names to fit
# ... in a summary line beside the panels (the round's odds, the board's title), which stays
# on one line of a phone this way: "Marie…" there, "Marie-C…" in the panel.
SHORTEST_BESIDE = 6


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
