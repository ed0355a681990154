"""One table of actions per screen: its key, what it does, its words, and where it shows.

A screen (and the app) lists its actions once, as `ACTIONS`; its Textual bindings, the key
bar's words, the command palette's entries and the home menu are all drawn from that table,
so an action's label is written in one place. Labels are message ids of the catalog
(`N_("Undo")`; a key bar's short label has the context "key bar", `Nc_("key bar", …)`), said
in the language being spoken.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol, runtime_checkable

from textual.binding import Binding, BindingType

from scorekeeper.i18n import tr, trc


class Action(NamedTuple):
    """One thing a screen can do (a named tuple: a frozen dataclass costs the app's start
    a third of a millisecond to make, each).

    key: Textual key(s) ("ctrl+z", "d,delete"); empty for a palette-only action.
    action: the Textual action ("undo", "sort(0)", "app.quit").
    label: its name (command palette, menu); short: a shorter one for the key bar, if any.
    help: one line for the command palette.
    show: shown in the key bar; priority: a priority binding; palette: offered in the
    command palette; menu: an item of the home menu.
    rank: how much the key bar needs it when the line is short: 0 always stays (undo,
    correct, back), then 1, 2, ...; the highest ranks are left out first.
    """

    key: str
    action: str
    label: str
    short: str | None = None
    help: str = ""
    show: bool = True
    priority: bool = False
    palette: bool = False
    menu: bool = False
    key_display: str | None = None
    rank: int = 5

    def name(self, lang: str) -> str:
        """The full label in `lang`."""
        return tr(lang, self.label)

    def bar_label(self, lang: str) -> str:
        """The words the key bar shows in `lang`."""
        if self.short:
            return trc(lang, "key bar", self.short)
        return tr(lang, self.label)

    def help_text(self, lang: str) -> str:
        return tr(lang, self.help) if self.help else ""

    def binding(self) -> Binding:
        """The Textual binding (its description is the English short label: Textual's own
        panels read it; the key bar speaks the current language through `bar_label`)."""
        return Binding(self.key, self.action, self.short or self.label, show=self.show,
                       priority=self.priority, key_display=self.key_display)


def bindings_of(actions: Iterable[Action]) -> list[BindingType]:
    """The Textual bindings of a table (the actions that have a key)."""
    return [action.binding() for action in actions if action.key]


def find(actions: Iterable[Action], name: str) -> Action | None:
    """The entry for Textual action `name` in a table, if any."""
    for action in actions:
        if action.action == name:
            return action
    return None


@runtime_checkable
class ActionOwner(Protocol):
    """A node (a screen, the app) whose bindings come from a table of actions."""

    ACTIONS: tuple[Action, ...]

    def bar_label(self, action: str) -> str | None:
        """The key bar's words for `action` in the current language (None: not in the table)."""
