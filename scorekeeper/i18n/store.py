"""Words for the match history: a match's status, its refusals and its notices after damage."""

from scorekeeper.i18n import pick

# A stored match's status, as a listing shows it: (english, french).
STATUS_WORDS: dict[str, tuple[str, str]] = {
    "in_progress": ("in progress", "en cours"),
    "won": ("won", "gagnée"),
    "abandoned": ("abandoned", "abandonnée"),
}


def status_text(status: str, lang: str) -> str:
    """in progress / won / abandoned, in words (an unknown status as it is)."""
    return pick(lang, *STATUS_WORDS.get(status, (status, status)))


ERRORS: dict[str, tuple[str, str]] = {
    "store.not_found": ("there is no match {id} in the history",
                        "il n'y a pas de partie {id} dans l'historique"),
    "store.no_match": ("there is no match in progress; start one with `vicaire new A B C`",
                       "aucune partie en cours\u00a0; commencez-en une avec `vicaire new A B C`"),
    "store.no_history": ("the history is empty", "l'historique est vide"),
    "store.bad_id": ("{id} is not a match id: use at least 4 of its letters and digits (0-9, a-f)",
                     "{id} n'est pas un numéro de partie\u00a0: donnez au moins 4 de ses "
                     "caractères (0-9, a-f)"),
    "store.ambiguous": ("{id} could be several matches ({ids}); type more of the id",
                        "{id} peut désigner plusieurs parties ({ids})\u00a0; tapez plus de "
                        "caractères"),
    "store.finished": ("the match is already won by {winner}; no deal can follow",
                       "la partie est déjà gagnée par {winner}\u00a0; aucune donne ne peut suivre"),
    "store.abandoned": ("this match was abandoned; nothing more can be recorded in it",
                        "cette partie a été abandonnée\u00a0; plus rien ne peut y être noté"),
    "store.no_deal": ("the match has no deal yet; there is nothing to undo",
                      "la partie n'a encore aucune donne\u00a0; il n'y a rien à annuler"),
    "store.stale": ("this match was changed in another window (now at deal {deals}); "
                    "nothing was recorded — here is the current state",
                    "cette partie a été modifiée dans une autre fenêtre (elle en est à la donne "
                    "{deals})\u00a0; rien n'a été noté — voici l'état actuel"),
    "store.busy": ("the history is busy in another window; nothing was recorded, try again",
                   "l'historique est occupé dans une autre fenêtre\u00a0; rien n'a été noté, "
                   "réessayez"),
    "store.name": ("a match name is at most {limit} printable characters",
                   "le nom d'une partie fait au plus {limit} caractères imprimables"),
    "store.not_folder": ("the history location {path} is not a folder",
                         "l'emplacement de l'historique {path} n'est pas un dossier"),
    "store.no_home": ("the history location {path} names a home folder that does not exist",
                      "l'emplacement de l'historique {path} désigne un dossier personnel qui "
                      "n'existe pas"),
    "store.os": ("cannot use the history folder {path}: {reason}",
                 "impossible d'utiliser le dossier de l'historique {path}\u00a0: {reason}"),
    "store.newer": ("match {id} was saved by a newer Vicaire (format {schema}); update Vicaire "
                    "to open it",
                    "la partie {id} a été enregistrée par une version plus récente de Vicaire "
                    "(format {schema})\u00a0; mettez Vicaire à jour pour l'ouvrir"),
    "store.lost": ("match {id} was damaged and no good backup was left; the damaged file is "
                   "kept at {path}",
                   "la partie {id} était abîmée et aucune sauvegarde intacte ne restait\u00a0; le "
                   "fichier abîmé est conservé ici\u00a0: {path}"),
    "store.confirm": ("deleting needs a confirmation: add --yes to delete without a question",
                      "la suppression demande une confirmation\u00a0: ajoutez --yes pour supprimer "
                      "sans question"),
    "store.kept": ("nothing was deleted", "rien n'a été supprimé"),
    "store.won": ("match {id} is already won by {winner}; there is nothing to abandon",
                  "la partie {id} est déjà gagnée par {winner}\u00a0; il n'y a rien à abandonner"),
    "store.damaged": ("the history folder {path} is damaged: {name} in it is not a folder; "
                      "nothing was changed",
                      "le dossier de l'historique {path} est abîmé\u00a0: {name} n'y est pas un "
                      "dossier\u00a0; rien n'a été modifié"),
    "store.misnamed": ("the file {path} holds match {inner}, not match {id}",
                       "le fichier {path} contient la partie {inner}, pas la partie {id}"),
    "store.write": ("cannot write {path}: {reason}", "impossible d'écrire {path}\u00a0: {reason}"),
    "store.taken": ("the history already has a match {id}", "l'historique a déjà une partie {id}"),
    # Notices (shown once, after the history repaired itself).
    "store.notice.restored": (
        "match {id} was damaged (the file was {reason}); it was restored from its backup of "
        "{when}. The damaged file is kept at {path}",
        "la partie {id} était abîmée (fichier {reason})\u00a0; elle a été restaurée depuis sa "
        "sauvegarde du {when}. Le fichier abîmé est conservé ici\u00a0: {path}"),
    "store.notice.lost": (
        "match {id} was damaged (the file was {reason}) and no good backup was left; it is "
        "left out of the history. The damaged file is kept at {path}",
        "la partie {id} était abîmée (fichier {reason}) et aucune sauvegarde intacte ne "
        "restait\u00a0; elle est écartée de l'historique. Le fichier abîmé est conservé ici\u00a0: "
        "{path}"),
    "store.notice.index": (
        "the list of matches was damaged (the file was {reason}); it was rebuilt from the "
        "matches themselves, nothing is lost. The damaged file is kept at {path}",
        "la liste des parties était abîmée (fichier {reason})\u00a0; elle a été reconstruite à "
        "partir des parties elles-mêmes, rien n'est perdu. Le fichier abîmé est conservé "
        "ici\u00a0: {path}"),
    "store.notice.backup": (
        "match {id} had lost its file; it was restored from its backup of {when} ({path})",
        "la partie {id} avait perdu son fichier\u00a0; elle a été restaurée depuis sa sauvegarde "
        "du {when} ({path})"),
    "store.notice.moved": (
        "match {id} was stored in the wrong place ({from}); it was moved to {to}",
        "la partie {id} était rangée au mauvais endroit ({from})\u00a0; elle a été déplacée vers "
        "{to}"),
    "store.notice.duplicate": (
        "match {id} was stored twice; it is listed once, and the copy with fewer changes was "
        "moved aside to {path}",
        "la partie {id} était enregistrée deux fois\u00a0; elle n'est listée qu'une fois, et la "
        "copie la moins avancée a été mise de côté ici\u00a0: {path}"),
    "store.notice.unreadable": ("{matches}", "{matches}"),  # said by unreadable_text
    "store.reason.empty": ("empty", "vide"),
    "store.reason.truncated": ("cut short", "tronqué"),
    "store.reason.garbage": ("unreadable", "illisible"),
    "store.reason.invalid": ("not a Vicaire match", "pas une partie Vicaire"),
}


# Why a match cannot be read, in a "cannot be read" list: (english, french).
UNREADABLE_WHY: dict[str, tuple[str, str]] = {
    "damaged": ("damaged, no good backup; kept at {where}",
                "abîmée, sans sauvegarde intacte\u00a0; conservée ici\u00a0: {where}"),
    "newer": ("saved by a newer Vicaire: update Vicaire to open it",
              "enregistrée par une version plus récente de Vicaire\u00a0: mettez Vicaire à jour "
              "pour l'ouvrir"),
    "unusable": ("cannot be read or put right here: {where}",
                 "ne peut être ni lue ni réparée ici\u00a0: {where}"),
}


def unreadable_text(items: list[list[str]], lang: str) -> str:
    """"2 matches cannot be read: 9a5792a0 (…), 1b2c3d4e (…)" from [id, why, where] items."""
    parts = []
    for match_id, why, where in items:
        reason = pick(lang, *UNREADABLE_WHY.get(why, UNREADABLE_WHY["unusable"]))
        parts.append(f"{match_id} ({reason.format(where=where)})")
    count = len(items)
    if count == 1:
        head = pick(lang, "1 match cannot be read", "1 partie ne peut pas être lue")
    else:
        head = pick(lang, f"{count} matches cannot be read",
                    f"{count} parties ne peuvent pas être lues")
    return head + pick(lang, ": ", "\u00a0: ") + ", ".join(parts)
