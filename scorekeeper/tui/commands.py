"""The command palette (ctrl+p): Textual's, speaking the app's language, and Vicaire's
actions in it, drawn from the tables of actions: the open screen's entries first, then the
app's (`scorekeeper.tui.app_actions`) not already offered. Imported when the palette first
opens, not as the app starts."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider

from scorekeeper.i18n import trc
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import ActionTable, Command
from scorekeeper.tui.textual_words import SaidBindings
from scorekeeper.upstream import PaletteWords


def app_commands(app: Any, screen: Any) -> list[Command]:
    """(title, help, callback) for the app's actions, after those of `screen` (the opener)."""
    lang = app.lang
    own: list[Command] = []
    taken: set[str] = set()
    if isinstance(screen, ActionTable):
        own = screen.palette_commands()
        taken = {entry.action.removeprefix("app.") for entry in screen.ACTIONS if entry.palette}
    app_table: tuple[Action, ...] = app.ACTIONS
    return own + [(entry.name(lang), entry.help_text(lang), partial(app.run_action, entry.action))
                  for entry in app_table if entry.palette and entry.action not in taken]


class VicaireCommands(Provider):
    """Offers the app's main actions in the command palette."""

    def _commands(self) -> list[Command]:
        return app_commands(self.app, self.screen)

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, text=title, help=help_text)


class Palette(PaletteWords, SaidBindings, CommandPalette):
    """Textual's command palette, speaking the app's language."""

    def __init__(self, lang: str, placeholder: str | None = None, **kwargs: Any) -> None:
        super().__init__(placeholder=placeholder or trc(lang, "textual", "Search for commands…"),
                         **kwargs)
        self.lang = lang

    def no_matches(self) -> str:
        return trc(self.lang, "textual", "No matches found")
