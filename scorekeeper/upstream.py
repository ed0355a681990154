"""The private parts of Rich and Textual that Vicaire still reaches, all here.

Everything else uses their public API; tests/test_upstream.py checks that each part below is
still there and does what Vicaire counts on (so an upgrade that changes one fails a test, not
a user), and that no other module names a private part of Rich or Textual.

- `keep_no_break_spaces`: Rich breaks lines with one pattern, `rich._wrap.re_word`
  ("whitespace, non-whitespace, whitespace"), and Python's `\\s` takes in the no-break spaces;
  Rich has no option to keep them (Textualize/rich issue 4196, open; the fix proposed in pull
  request 3990 was closed unmerged). Textual's own text (`textual.content`) wraps with the
  same code, `rich._wrap.divide_line`.
- `update_scrollbars`: a widget whose extent changes without a layout of the screen (the
  deal table's `virtual_size` is reactive with `layout=False`) must have its scrollbars
  follow; Textual does that only in `Widget._scroll_update`, called from a layout.
- `PaletteWords`: Textual's command palette writes its "No matches found" in its private
  `_start_no_matches_countdown`, in English, with no hook for the words.

Rich and Textual are imported where used, not here: the command line imports this module.
"""

from __future__ import annotations

import re
from typing import Any

# The no-break spaces French puts before : ; ! ? % and inside « » (and the figure space):
# part of the word they stand in, never a place to break a line.
NO_BREAK = "\u00a0\u202f\u2007"
WORD = re.compile(rf"[^\S{NO_BREAK}]*(?:[^\s]|[{NO_BREAK}])+[^\S{NO_BREAK}]*")


def keep_no_break_spaces() -> bool:
    """Make Rich's line breaking (which Textual's text uses too) keep a no-break space with
    the words around it: Rich's pattern for a word (`rich._wrap.re_word`) replaced by `WORD`,
    where the no-break spaces belong to the word. False if Rich no longer has that pattern
    (a test then fails)."""
    try:
        from rich import _wrap
    except ImportError:  # pragma: no cover - Rich is a dependency
        return False
    if not isinstance(getattr(_wrap, "re_word", None), re.Pattern):
        return False
    _wrap.re_word = WORD
    return True


def update_scrollbars(widget: Any, virtual_size: Any) -> None:
    """Show, hide and size `widget`'s scrollbars for its extent `virtual_size`, as a layout
    of the screen would."""
    widget._scroll_update(virtual_size)


class PaletteWords:
    """Mixin for Textual's CommandPalette: its "No matches found" in `no_matches()`."""

    def no_matches(self) -> str:
        """The words shown when the search finds nothing."""
        return "No matches found"

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """As Textual's, with the words of `no_matches`."""
        from rich.align import Align
        from rich.text import Text
        from textual.command import CommandList
        from textual.widgets.option_list import Option

        palette: Any = self
        palette._stop_no_matches_countdown()

        def show() -> None:
            if not search_value:
                palette._list_visible = False
                return
            words = Text(self.no_matches(), style="not bold")
            palette.query_one(CommandList).add_option(
                Option(Align.center(words), disabled=True, id=palette._NO_MATCHES))
            palette._list_visible = True

        palette._no_matches_timer = palette.set_timer(palette._NO_MATCHES_COUNTDOWN, show)
