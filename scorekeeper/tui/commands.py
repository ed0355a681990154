"""The command palette's Vicaire actions (ctrl+p): new match, undo, edit, history, language…"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

from scorekeeper.i18n import pick

if TYPE_CHECKING:
    from scorekeeper.tui.app import VicaireApp

Command = tuple[str, str, Callable[[], object]]


def app_commands(app: VicaireApp, screen: Any) -> list[Command]:
    """(title, help, callback) for the main actions, plus those of `screen` (the opener)."""
    lang = app.lang
    commands: list[Command] = [
        (pick(lang, "New match", "Nouvelle partie"),
         pick(lang, "Set up a match: players, first dealer, target",
              "Préparer une partie : joueurs, premier donneur, objectif"),
         app.action_new_match),
        (pick(lang, "History", "Historique"),
         pick(lang, "Past matches, review, export, statistics",
              "Parties passées, relecture, export, statistiques"),
         app.action_history),
        (pick(lang, "Check a deal", "Vérifier une donne"),
         pick(lang, "Type a real deal trick by trick: winners, counts, broken rules",
              "Saisir une vraie donne pli par pli : gagnants, plis, règles enfreintes"),
         app.action_check_deal),
        (pick(lang, "Rules", "Règles"),
         pick(lang, "How Le vicaire is scored", "Comment se compte le vicaire"),
         app.action_rules),
        (pick(lang, "Language: English", "Langue : English"),
         pick(lang, "Show the app in English", "Afficher l'application en anglais"),
         partial(app.set_lang, "en")),
        (pick(lang, "Language: français", "Langue : français"),
         pick(lang, "Show the app in French", "Afficher l'application en français"),
         partial(app.set_lang, "fr")),
        (pick(lang, "Theme", "Thème"),
         pick(lang, "Change the colours (remembered)", "Changer les couleurs (retenu)"),
         app.action_change_theme),
        (pick(lang, "Home", "Accueil"), pick(lang, "Back to the home screen",
                                            "Revenir à l'accueil"), app.action_home),
    ]
    sheet_commands = getattr(screen, "palette_commands", None)
    if sheet_commands is not None:
        own = list(sheet_commands())
        titles = {title for title, _help, _callback in own}
        commands = own + [c for c in commands if c[0] not in titles]
    return commands


class VicaireCommands(Provider):
    """Offers the app's main actions in the command palette."""

    def _commands(self) -> list[Command]:
        return app_commands(self.app, self.screen)  # type: ignore[arg-type]

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, text=title, help=help_text)
