"""The line under a list read from the history that names the matches it cannot read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from scorekeeper.i18n.store import unreadable_text

if TYPE_CHECKING:
    from scorekeeper.store import History


class UnreadableLine(Static):
    """"2 matches cannot be read: 9a5792a0 (…), …", hidden while every match reads: under
    the History list, and under the statistics, which leave those matches out."""

    DEFAULT_CSS = "UnreadableLine { height: auto; padding: 0 1; color: $warning; }"

    def __init__(self, id: str) -> None:
        super().__init__("", id=id, markup=False)
        self.display = False

    def show(self, history: History | None, lang: str) -> None:
        """The matches the history's last listing could not use (none: the line hides)."""
        items = [[i, why, where] for i, (why, where)
                 in sorted(getattr(history, "unreadable", {}).items())]
        self.display = bool(items)
        if items:
            self.update(unreadable_text(items, lang))
