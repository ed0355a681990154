"""Widgets the screens are built from, how the ones that draw their own lines draw one, and
how a widget of many parts is restyled alone."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.strip import Strip

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console
    from rich.style import Style
    from rich.text import Text
    from textual.dom import DOMNode


def line_strip(text: Text, style: Style, width: int, console: Console) -> Strip:
    """One line of `text`, `width` cells wide, on `style` (each part's own style over it):
    a line of the key bar or of a pick list, which draw their lines themselves."""
    return Strip([Segment(part.text, style + part.style if part.style else style)
                  for part in text.render(console) if part.text]).adjust_cell_length(width, style)


def restyle_only(nodes: Sequence[DOMNode], animate: bool) -> None:
    """Restyle `nodes` and nothing under them, for a widget's `update_node_styles` (called as
    its classes or its focus change): Textual restyles every widget under it each time, most
    of the cost where a widget holds many parts and no rule of theirs depends on those."""
    with contextlib.suppress(RuntimeError):  # (no app yet: nothing to restyle)
        nodes[0].app.stylesheet.update_nodes(nodes, animate=animate)
