"""Widgets the screens are built from, and how the ones that draw their own lines draw one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.strip import Strip

if TYPE_CHECKING:
    from rich.console import Console
    from rich.style import Style
    from rich.text import Text


def line_strip(text: Text, style: Style, width: int, console: Console) -> Strip:
    """One line of `text`, `width` cells wide, on `style` (each part's own style over it):
    a line of the key bar or of a pick list, which draw their lines themselves."""
    return Strip([Segment(part.text, style + part.style if part.style else style)
                  for part in text.render(console) if part.text]).adjust_cell_length(width, style)
