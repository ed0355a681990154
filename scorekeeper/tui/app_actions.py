"""The app's own table of actions: keys that work on every screen, and the palette's
app-wide entries (see `scorekeeper.tui.actions`)."""

from __future__ import annotations

from scorekeeper.tui.actions import Action

APP_ACTIONS: tuple[Action, ...] = (
    Action("f2", "toggle_lang", ("Français", "English")),
    Action("ctrl+q", "quit", ("Quit", "Quitter"), show=False, priority=True),
    # Textual binds the palette key itself: this entry gives its words in the key bar.
    Action("", "command_palette", ("Commands", "Commandes")),
    Action("", "new_match", ("New match", "Nouvelle partie"), palette=True,
           help=("Set up a match: players, first dealer, target",
                 "Préparer une partie : joueurs, premier donneur, objectif")),
    Action("", "history", ("History", "Historique"), palette=True,
           help=("Past matches, review, export, statistics",
                 "Parties passées, relecture, export, statistiques")),
    Action("", "check_deal", ("Check a deal", "Vérifier une donne"), palette=True,
           help=("Type a real deal trick by trick: winners, counts, broken rules",
                 "Saisir une vraie donne pli par pli : gagnants, plis, règles enfreintes")),
    Action("", "rules", ("Rules", "Règles"), palette=True,
           help=("How Le vicaire is scored", "Comment se compte le vicaire")),
    Action("", "set_lang('en')", ("Language: English", "Langue : English"), palette=True,
           help=("Show the app in English", "Afficher l'application en anglais")),
    Action("", "set_lang('fr')", ("Language: français", "Langue : français"), palette=True,
           help=("Show the app in French", "Afficher l'application en français")),
    Action("", "change_theme", ("Theme", "Thème"), palette=True,
           help=("Change the colours (remembered)", "Changer les couleurs (retenu)")),
    Action("", "home", ("Home", "Accueil"), palette=True,
           help=("Back to the home screen", "Revenir à l'accueil")),
)
