"""The key bar at the bottom of every screen: the keys that work here, on one line.

A light stand-in for Textual's Footer: one widget that draws one line (the Footer mounts a
widget per key and rebuilds them all whenever the focus moves, which made the app slow to
open). What does not fit the width is left out, never cut in the middle: the least needed
first (each action's `rank` in its table of actions); the command palette key (on the
right), Esc and the actions of rank 0 (undo, correct) always stay, then the language key;
everything left out is in the command palette.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from scorekeeper.tui.actions import ActionOwner, find
from scorekeeper.tui.layout import NARROW
from scorekeeper.tui.widgets import line_strip


class Item(NamedTuple):
    key: str
    display: str
    description: str
    enabled: bool
    app_wide: bool = False  # the app's own keys (the language)
    rank: int = 5  # from the table of actions: the higher, the sooner left out

    @property
    def pinned(self) -> bool:
        """Kept before the others when the line is short: Esc (back) and rank 0."""
        return self.key == "escape" or self.rank == 0

    @property
    def order(self) -> int:
        """The order in which the keys get room: pinned, the language, then by rank."""
        return -2 if self.pinned else -1 if self.app_wide else self.rank


class KeyBar(Widget, can_focus=False):
    """The shown bindings of the screen's focus chain, then the command palette key."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keybar--key", "keybar--description"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        .keybar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keybar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._spans: list[tuple[int, int, Item]] = []
        self._items: tuple[list[Item], Item | None] | None = None  # until bindings change
        self._drawn: tuple[tuple[object, ...], Strip] | None = None  # (for what, the line)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: Any) -> None:
        self._items = None
        self._drawn = None
        self.refresh()

    def items(self) -> tuple[list[Item], Item | None]:
        """The keys to show (one per action, in the screen's order) and the palette key."""
        if self._items is None:
            self._items = self._collect()
        return self._items

    @staticmethod
    def _label(node: Any, binding: Any) -> str:
        """The words for a binding: from its owner's table of actions, in the language
        spoken (else Textual's description)."""
        if isinstance(node, ActionOwner):
            label = node.bar_label(binding.action)
            if label is not None:
                return label
        return binding.description

    @staticmethod
    def _rank(node: Any, binding: Any) -> int:
        entry = find(node.ACTIONS, binding.action) if isinstance(node, ActionOwner) else None
        return 5 if entry is None else entry.rank

    def _collect(self) -> tuple[list[Item], Item | None]:
        app, active = self.app, self.screen.active_bindings
        shown: list[Item] = []
        actions: set[str] = set()
        palette_key = app.COMMAND_PALETTE_BINDING if app.ENABLE_COMMAND_PALETTE else None
        for key, (_node, binding, enabled, _tooltip) in active.items():
            if not binding.show or binding.action in actions or key == palette_key:
                continue
            actions.add(binding.action)
            shown.append(Item(key, app.get_key_display(binding), self._label(_node, binding),
                              enabled, _node is app, self._rank(_node, binding)))
        palette = None
        if palette_key is not None and palette_key in active:
            _node, binding, enabled, _tooltip = active[palette_key]
            palette = Item(palette_key, app.get_key_display(binding),
                           self._label(app, binding), enabled)
        return shown, palette

    @staticmethod
    def _width(item: Item) -> int:
        if not item.display:  # (a phone's: the words alone, " Undo ")
            return cell_len(item.description) + 2
        return cell_len(item.display) + 2 + cell_len(item.description) + 1

    def layout_items(self, width: int) -> tuple[list[Item], Item | None]:
        """The items that fit in `width` cells: the palette key and the pinned keys first,
        then the language, then the others by rank (in order within a rank) while they fit;
        shown in their order. On a phone (no keyboard keys to press) each is its words
        alone, a tap target, and the screen's main actions (rank 1) come before the
        language: a tap reaches them there, the language is in the palette too."""
        shown, palette = self.items()
        ranks: list[float] = [item.order for item in shown]
        if width <= NARROW:
            ranks = [1.5 if item.app_wide and not item.pinned else item.order
                     for item in shown]
            shown = [item._replace(display="") for item in shown]
            palette = palette._replace(display="") if palette else None
        room = width - (self._width(palette) if palette else 0)
        fits: set[int] = set()
        for index in sorted(range(len(shown)), key=lambda i: (ranks[i], i)):
            item = shown[index]
            if self._width(item) <= room:
                fits.add(index)
                room -= self._width(item)
        return [item for index, item in enumerate(shown) if index in fits], palette

    def render_line(self, y: int) -> Strip:
        # The keys' line, drawn once for a width and a theme until the keys change (one
        # widget drawing its own line: as the pick list, quicker than Textual's text path);
        # on a phone's bar, 3 lines high, on the middle line.
        width = self.size.width
        base = self.rich_style
        if y != self.size.height // 2:
            return Strip.blank(width, base)
        drawn_for = (width, self.app.theme)
        if self._drawn is None or self._drawn[0] != drawn_for:
            self._drawn = (drawn_for, line_strip(self.text(), base, width, self.app.console))
        return self._drawn[1]

    def text(self) -> Text:
        """The line: each key kept and its words, the palette key on the right."""
        width = self.size.width
        kept, palette = self.layout_items(width)
        key_style = self.get_component_rich_style("keybar--key")
        words_style = self.get_component_rich_style("keybar--description")
        text = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []

        def add(item: Item) -> None:
            start = text.cell_len
            if item.display:
                text.append(f" {item.display} ", key_style)
                text.append(f"{item.description} ", words_style)
            else:  # a phone: the words, in the keys' colours (what a tap does)
                text.append(f" {item.description} ", key_style)
            if not item.enabled:
                text.stylize("dim", start)
            self._spans.append((start, text.cell_len, item))

        for item in kept:
            add(item)
        if palette is not None:
            text.append(" " * max(width - text.cell_len - self._width(palette), 0))
            add(palette)
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, item in self._spans:
            if start <= event.x < end:
                if item.enabled:
                    self.app.simulate_key(item.key)
                else:
                    self.app.bell()
                return
