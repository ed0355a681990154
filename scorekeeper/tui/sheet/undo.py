"""The score sheet's undo log: what was done to a match, to undo and redo it (no Textual).

Each change is a typed record; the sheet turns it into a write to the history
(`scorekeeper.tui.sheet.screen`). A change made by hand clears what could be redone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.rules.model import Deal


@dataclass(frozen=True)
class AddDeal:
    """Deal `number` (None until the history numbers it) was recorded as `deal`."""

    number: int | None
    deal: Deal


@dataclass(frozen=True)
class EditDeal:
    """Deal `number` was changed from `before` to `after`."""

    number: int
    before: Deal
    after: Deal


Change = AddDeal | EditDeal


@dataclass
class UndoLog:
    """The changes that can be undone (last one last) and those that can be redone."""

    undo: list[Change] = field(default_factory=list)
    redo: list[Change] = field(default_factory=list)

    def did(self, change: Change) -> None:
        """A change made by hand: it can be undone; nothing can be redone any more."""
        self.undo.append(change)
        self.redo.clear()

    def undid(self, change: Change) -> None:
        """`change` was undone: it can be redone."""
        self.redo.append(change)

    def redid(self, change: Change) -> None:
        """`change` was made again: it can be undone (what else can be redone stays)."""
        self.undo.append(change)

    def next_undo(self) -> Change | None:
        """Take the change to undo, if any."""
        return self.undo.pop() if self.undo else None

    def next_redo(self) -> Change | None:
        """Take the change to redo, if any."""
        return self.redo.pop() if self.redo else None

    def clear(self) -> None:
        """Forget everything (the match moved elsewhere)."""
        self.undo.clear()
        self.redo.clear()
