"""The score sheet's lines of words: the top line (who deals, who leads) and the line under
the entry, each one line high unless its words need two (or more) to show whole."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Label, Static


class SheetLines:
    """The lines half of `SheetScreen` (`scorekeeper.tui.sheet.screen`)."""

    app: Any
    query_one: Any  # (Textual's)
    line_width: Any  # (the screen's: the cells of a line, 0 on a phone)
    status_text: Any

    def show_status(self) -> None:
        """The top line; two lines where whole names need them (height set only when it
        changes: the same height asks for no new layout)."""
        status, text, width = self.query_one("#sheet-status", Static), self.status_text(), \
            self.line_width()
        if width:
            lines = 1 if text.cell_len <= width else 2
            if status.styles.height is None or status.styles.height.value != lines:
                status.styles.height = lines
        status.update(text, layout=False)

    def put_hint(self, text: str | Text, kind: str) -> None:
        """The line under the entry: `text`, styled as `kind` ("error", "ready" or "").
        One line high, so that new words need no new layout, unless they need two (a long
        message at 80 columns): they wrap then, never cut."""
        hint = self.query_one("#entry-hint", Label)
        width = self.line_width()
        if width:
            text = text if isinstance(text, Text) else Text(text)
            lines = 1 if text.cell_len <= width else \
                min(len(text.wrap(self.app.console, width)), 4)
            if hint.styles.height is None or hint.styles.height.value != lines:
                hint.styles.height = lines
        hint.update(text, layout=False)
        for state in ("error", "ready"):  # (a class changed only when it does: no restyle)
            hint.set_class(kind == state, f"-{state}")
