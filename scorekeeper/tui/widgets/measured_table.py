"""A DataTable that draws again what it drew before widening a column."""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import DataTable


class MeasuredTable(DataTable):
    """DataTable measures the rows added since its last idle turn then, and widens columns
    to fit them. A frame may have drawn those rows before, at the old widths (a busy app
    draws before the table's idle turn), and DataTable keeps drawn cells by its count of
    changes, which widening does not move: "Amélie wins by a swe…" stayed on screen. Once
    wider, what was drawn is dropped and drawn again at the new widths (DataTable drops what
    it drew when told that its styles changed)."""

    def watch_virtual_size(self, old: Size, size: Size) -> None:
        if size.width != old.width:
            self.notify_style_update()
