"""A light list to pick from by keys: the home screen's actions and its last matches.

One widget that draws its lines itself (Textual's OptionList and DataTable lay out again
once their rows are measured, and cost a good part of the app's start-up for a handful of
lines). Up/Down (or k/j), Home/End move the cursor over the enabled lines, Enter or a click
picks one. Above the items stay an optional heading (lines on the screen's background: the
list's title, or what its screen shows above the list: each widget fewer makes the first
frame sooner) and an optional header line (column titles).

The cursor shows only while the list has the focus, so that a screen with two lists (home)
shows one highlight at a time, the one Enter picks. Moving past the first or last line posts
`PickList.Spilled`, for the screen to move on to its other list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from scorekeeper.tui.widgets import line_strip


class Item(NamedTuple):
    """One line: what it stands for (`key`), what it shows, and whether it can be picked."""

    key: str
    text: Text
    disabled: bool = False


# A line of a heading: the component class that styles it (its `picklist--` role, on the
# screen's background) and its words, at most as wide as the list.
HeadingLine = tuple[str, Text]
# A list's heading for its width in cells: its lines, top to bottom.
Heading = Callable[[int], list[HeadingLine]]


class PickList(Widget, can_focus=True):
    """Lines to pick from; posts `PickList.Picked` with the line's key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(-1)", "Up", show=False),
        Binding("down,j", "cursor(1)", "Down", show=False),
        Binding("home", "edge(0)", "First", show=False),
        Binding("end", "edge(-1)", "Last", show=False),
        Binding("enter", "pick", "Choose", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "picklist--cursor", "picklist--disabled", "picklist--header", "picklist--title",
        "picklist--note", "picklist--muted"}
    DEFAULT_CSS = """
    PickList {
        height: auto;
        background: $surface;
        & > .picklist--title { background: $background; text-style: bold; color: $accent; }
        & > .picklist--note { background: $background; }
        & > .picklist--muted { background: $background; color: $text-muted; }
        & > .picklist--header { text-style: bold; color: $text-muted; }
        & > .picklist--disabled { color: $text-disabled; }
        &:focus > .picklist--cursor {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
    }
    """

    highlighted: reactive[int | None] = reactive(None)

    class Spilled(Message):
        """The cursor was moved past the last line (step 1) or the first (step -1)."""

        def __init__(self, picklist: PickList, step: int) -> None:
            super().__init__()
            self.picklist = picklist
            self.step = step

        @property
        def control(self) -> PickList:
            return self.picklist

    class Picked(Message):
        """A line was picked (Enter or a click)."""

        def __init__(self, picklist: PickList, key: str) -> None:
            super().__init__()
            self.picklist = picklist
            self.key = key

        @property
        def control(self) -> PickList:
            return self.picklist

    def __init__(self, items: list[Item] | None = None, header: Text | None = None,
                 *, heading: Heading | None = None, id: str | None = None,  # noqa: A002
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.items: list[Item] = list(items or [])
        self.heading = heading
        self._heading_lines: tuple[int, list[HeadingLine]] = (-1, [])  # (width, its lines)
        self.header = header
        self.rows = 1  # lines each item takes (a thumb's target on a phone: 3), its words
        # on the middle one
        self._strips: dict[tuple[object, ...], Strip] = {}  # drawn lines, until a change

    # ----------------------------------------------------------------- content

    def set_items(self, items: list[Item], header: Text | None = None) -> None:
        """Show other lines; the cursor stays on the same key when it is still there."""
        if items == self.items and header == self.header:
            return
        current = self.highlighted_key
        self.items, self.header = list(items), header
        self._strips.clear()
        keys = [item.key for item in self.items]
        if current in keys and not self.items[keys.index(current)].disabled:
            self.highlighted = keys.index(current)
        else:
            self.highlighted = self._nearest(0, 1) if self.items else None
        self.refresh(layout=True)

    def set_heading(self, heading: Heading | None) -> None:
        """Show another heading (or the same one, whose lines have changed)."""
        self.heading = heading
        self._heading_lines = (-1, [])
        self._strips.clear()
        self.refresh(layout=True)

    def heading_lines(self, width: int | None = None) -> list[HeadingLine]:
        """The heading's lines for `width` cells (the list's width by default)."""
        width = self.size.width if width is None else width
        if self.heading is None or width <= 0:  # (no width: not laid out, or hidden)
            return []
        if self._heading_lines[0] != width:
            self._heading_lines = (width, self.heading(width))
        return self._heading_lines[1]

    def set_rows(self, rows: int) -> None:
        """Each item `rows` lines high (its words on the middle line, the cursor across
        them all): on a phone, 3 lines are a thumb's 44 pixels and more."""
        if rows != self.rows:
            self.rows = rows
            self._strips.clear()
            self.refresh(layout=True)

    def item(self, key: str) -> Item:
        """The line standing for `key` (KeyError if there is none)."""
        for item in self.items:
            if item.key == key:
                return item
        raise KeyError(key)

    def set_disabled(self, key: str, disabled: bool) -> None:
        """Let a line be picked, or not (it is then dimmed and the cursor skips it)."""
        self.items = [Item(i.key, i.text, disabled) if i.key == key else i
                      for i in self.items]
        self._strips.clear()
        if disabled and self.highlighted_key == key:
            self.highlighted = self._nearest(self.highlighted or 0, 1)
        self.refresh()

    @property
    def highlighted_key(self) -> str | None:
        index = self.highlighted
        return self.items[index].key if index is not None and index < len(self.items) else None

    def highlight(self, key: str) -> None:
        """Put the cursor on the line standing for `key`, if it can be picked."""
        for index, item in enumerate(self.items):
            if item.key == key and not item.disabled:
                self.highlighted = index

    def _nearest(self, start: int, step: int) -> int | None:
        """The first enabled line from `start` going by `step`, else the other way."""
        count = len(self.items)
        for direction in (step, -step):
            index = start
            while 0 <= index < count:
                if not self.items[index].disabled:
                    return index
                index += direction
        return None

    # -------------------------------------------------------------- drawing

    @property
    def items_top(self) -> int:
        """The lines above the items: the heading's and the header's."""
        return self._lines_above()

    def _lines_above(self, width: int | None = None) -> int:
        """The heading's and the header's lines at `width` cells (the list's by default)."""
        return len(self.heading_lines(width)) + (self.header is not None)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._lines_above(width) + len(self.items) * self.rows

    def get_content_width(self, container: Size, viewport: Size) -> int:
        lines = [item.text for item in self.items]
        if self.header is not None:
            lines.append(self.header)
        lines.extend(text for _, text in self.heading_lines(container.width))
        return max((line.cell_len for line in lines), default=0)

    def watch_highlighted(self) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        # A line looks the same while the list, its being under the cursor, the width, the
        # focus and the theme stay the same: drawn once.
        on_cursor = y >= self.items_top and (y - self.items_top) // self.rows == self.highlighted
        key = (y, on_cursor, self.size.width, self.has_focus, self.app.theme, self.rows)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > 512:  # many widths: start again
                self._strips.clear()
            strip = self._strips[key] = self._draw_line(y)
        return strip

    def _draw_line(self, y: int) -> Strip:
        width, console = self.size.width, self.app.console
        base = self.rich_style
        heading = self.heading_lines()
        if y < len(heading):
            role, text = heading[y]
            return line_strip(text, base + self.get_component_rich_style(role), width, console)
        if y < self.items_top:
            style = self.get_component_rich_style("picklist--header")
            return line_strip(self.header or Text(), base + style, width, console)
        index, line = divmod(y - self.items_top, self.rows)
        if index >= len(self.items):
            return Strip.blank(width, base)
        item = self.items[index]
        style = base
        if item.disabled:
            style += self.get_component_rich_style("picklist--disabled")
        elif index == self.highlighted and self.has_focus:
            style += self.get_component_rich_style("picklist--cursor")
        return line_strip(item.text if line == self.rows // 2 else Text(), style, width, console)

    # -------------------------------------------------------------- moving

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_cursor(self, step: int) -> None:
        start = (self.highlighted if self.highlighted is not None else -step) + step
        for index in range(start, len(self.items) if step > 0 else -1, step):
            if not self.items[index].disabled:
                self.highlighted = index
                return
        self.post_message(self.Spilled(self, step))

    def enter_from(self, step: int) -> None:
        """Take the focus, the cursor on the first line (coming down) or the last (up)."""
        if self.items:
            self.highlighted = self._nearest(0 if step > 0 else len(self.items) - 1, step)
            self.focus()

    def action_edge(self, end: int) -> None:
        if self.items:
            self.highlighted = self._nearest(len(self.items) - 1 if end else 0, -1 if end else 1)

    def action_pick(self) -> None:
        key = self.highlighted_key
        if key is not None and not self.items[self.highlighted or 0].disabled:
            self.post_message(self.Picked(self, key))

    def on_click(self, event: events.Click) -> None:
        index = (event.y - self.items_top) // self.rows if event.y >= self.items_top else -1
        if 0 <= index < len(self.items) and not self.items[index].disabled:
            self.highlighted = index
            self.action_pick()
