"""The base of every Vicaire screen: the app's services, the language, the table of actions.

Screens reach the app only through `services` (`scorekeeper.tui.services.AppServices`), never
by importing the app module: the app imports the screens, not the other way round. A screen
lists its actions once, in `ACTIONS` (`scorekeeper.tui.actions`); its Textual `BINDINGS`, the
key bar's words and its command palette entries come from that table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, TypeVar, cast

from textual import events
from textual.screen import ModalScreen, Screen

from scorekeeper.tui.actions import Action, bindings_of, find
from scorekeeper.tui.layout import NARROW, SHORT
from scorekeeper.tui.services import AppServices
from scorekeeper.tui.textual_words import SaidBindings
from scorekeeper.tui.widgets import restyle_only

ResultType = TypeVar("ResultType")
T = TypeVar("T")

# Textual sets one of these classes on every screen (dialogs included) from the terminal's
# width, on each resize: the screens' .tcss files style `.-narrow` (see docs/development.md).
BREAKPOINTS = [(0, "-narrow"), (NARROW + 1, "-wide")]
# A screen whose parts would not fit a window smaller than 80×24 sets these (the sheet, home):
# its .tcss styles `.-short`.
SHORT_BREAKPOINTS = [(0, "-short"), (SHORT + 1, "-tall")]
Command = tuple[str, str, Callable[[], object]]  # (title, help, callback) for the palette


def breakpoint_class(size: int, breakpoints: list[tuple[int, str]]) -> str:
    """The class Textual gives a screen `size` columns wide (or lines high) from these
    breakpoints."""
    return next(name for start, name in sorted(breakpoints, reverse=True) if size >= start)


def width_class(width: int) -> str:
    """The class Textual gives a screen `width` columns wide (from BREAKPOINTS)."""
    return breakpoint_class(width, BREAKPOINTS)


class ActionTable(SaidBindings):
    """What both screen bases share: the services, the language and the table of actions
    (the keys described in the screen's language: `SaidBindings`)."""

    ACTIONS: ClassVar[tuple[Action, ...]] = ()
    app: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "ACTIONS" in cls.__dict__:  # (before Textual merges the class's bindings)
            cls.BINDINGS = bindings_of(cls.ACTIONS)  # type: ignore[attr-defined]
        super().__init_subclass__(**kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The size's classes from the start: Textual sets them when the screen gets its
        # size, and a class that changes then styles every widget of the screen once more
        # (a tenth of a second and more on a long screen such as the rules).
        width, height = self.app.size
        classes = [width_class(width) if width else "-wide"]
        vertical = getattr(self, "VERTICAL_BREAKPOINTS", None)
        if vertical:
            classes.append(breakpoint_class(height, vertical) if height else vertical[-1][1])
        self.add_class(*classes, update=False)  # type: ignore[attr-defined]
        self.ever_shown = False  # (a screen's own handler sees False the first time)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown for the first time, the screen's parts were styled as they were mounted a
        moment ago, and Textual would restyle them all: only the screen itself is restyled
        (it was styled before the app read the screen's own style sheets, `CSS_PATH`)."""
        if not self.ever_shown:
            event.refresh_styles = False
            restyle_only([self], animate=False)  # type: ignore[list-item]
        self.ever_shown = True

    @property
    def services(self) -> AppServices:
        """The app, as far as screens may use it."""
        return cast(AppServices, self.app)

    @property
    def lang(self) -> str:
        """The language this screen speaks (the app's)."""
        return self.services.lang

    @property
    def taken_off(self) -> bool:
        """Taken off the app's screens (gone back from, the app quitting): its parts are
        being taken down, and work ending now has nothing left to show."""
        return self not in self.app.screen_stack

    async def off_thread(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` run on a thread, for this screen's work. A screen closed
        meanwhile (Esc while the history was read) ends its work here, cancelled, as Textual
        cancels it once the screen is gone: its parts may already be, and filling them in
        was a fault that ended the app."""
        try:
            result = await asyncio.to_thread(function, *args)
        except Exception:
            if self.taken_off:  # (nothing to show the error in either)
                raise asyncio.CancelledError from None
            raise
        if self.taken_off:
            raise asyncio.CancelledError
        return result

    def bar_label(self, action: str) -> str | None:
        """The key bar's words for `action` in this screen's language."""
        entry = find(self.ACTIONS, action)
        return None if entry is None else entry.bar_label(self.lang)

    def palette_commands(self) -> list[Command]:
        """This screen's entries for the command palette (those marked `palette`)."""
        lang = self.lang
        return [(entry.name(lang), entry.help_text(lang),
                 partial(self.run_action, entry.action))  # type: ignore[attr-defined]
                for entry in self.ACTIONS if entry.palette]


class VicaireScreen(ActionTable, Screen[ResultType]):
    """A full screen of the app."""

    async def redraw(self) -> None:
        """Draw the screen again in the app's language (screens that keep typed text, a
        cursor or a sort restore them here)."""
        await self.recompose()

    def refresh_matches(self) -> None:
        """The history may have changed (back on this screen): read what it shows again."""

    def check_a_deal(self) -> bool:
        """Check a deal from this screen, if it has its own way (True when done)."""
        return False


class VicaireModal(ActionTable, ModalScreen[ResultType]):
    """A dialog: it keeps its words when the language changes (it is short-lived)."""

    async def redraw(self) -> None:
        """Dialogs keep their words."""
