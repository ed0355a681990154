"""The app's own table of actions: keys that work on every screen, and the palette's
app-wide entries (see `scorekeeper.tui.actions`)."""

from __future__ import annotations

from scorekeeper.i18n import N_
from scorekeeper.tui.actions import Action

APP_ACTIONS: tuple[Action, ...] = (
    Action("f2", "toggle_lang", N_("Français")),
    Action("ctrl+q", "quit", N_("Quit"), show=False, priority=True),
    # Textual binds the palette key itself: this entry gives its words in the key bar.
    Action("", "command_palette", N_("Commands")),
    Action("", "new_match", N_("New match"), palette=True,
           help=N_("Set up a match: players, first dealer, target")),
    Action("", "history", N_("History"), palette=True,
           help=N_("Past matches, review, export, statistics")),
    Action("", "check_deal", N_("Check a deal"), palette=True,
           help=N_("Type a real deal trick by trick: winners, counts, broken rules")),
    Action("", "rules", N_("Rules"), palette=True,
           help=N_("How Le vicaire is scored")),
    Action("", "set_lang('en')", N_("Language: English"), palette=True,
           help=N_("Show the app in English")),
    Action("", "set_lang('fr')", N_("Language: français"), palette=True,
           help=N_("Show the app in French")),
    Action("", "change_theme", N_("Theme"), palette=True,
           help=N_("Change the colours (remembered)")),
    Action("", "home", N_("Home"), palette=True,
           help=N_("Back to the home screen")),
)
