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
                       "aucune partie en cours ; commencez-en une avec `vicaire new A B C`"),
    "store.no_history": ("the history is empty", "l'historique est vide"),
    "store.bad_id": ("{id} is not a match id: use at least 4 of its letters and digits (0-9, a-f)",
                     "{id} n'est pas un numéro de partie : donnez au moins 4 de ses caractères "
                     "(0-9, a-f)"),
    "store.ambiguous": ("{id} could be several matches ({ids}); type more of the id",
                        "{id} peut désigner plusieurs parties ({ids}) ; tapez plus de caractères"),
    "store.finished": ("the match is already won by {winner}; no deal can follow",
                       "la partie est déjà gagnée par {winner} ; aucune donne ne peut suivre"),
    "store.abandoned": ("this match was abandoned; nothing more can be recorded in it",
                        "cette partie a été abandonnée ; plus rien ne peut y être noté"),
    "store.no_deal": ("the match has no deal yet; there is nothing to undo",
                      "la partie n'a encore aucune donne ; il n'y a rien à annuler"),
    "store.stale": ("this match was changed in another window (now at deal {deals}); "
                    "nothing was recorded — here is the current state",
                    "cette partie a été modifiée dans une autre fenêtre (elle en est à la donne "
                    "{deals}) ; rien n'a été noté — voici l'état actuel"),
    "store.busy": ("the history is busy in another window; nothing was recorded, try again",
                   "l'historique est occupé dans une autre fenêtre ; rien n'a été noté, "
                   "réessayez"),
    "store.name": ("a match name is at most {limit} printable characters",
                   "le nom d'une partie fait au plus {limit} caractères imprimables"),
    "store.not_folder": ("the history location {path} is not a folder",
                         "l'emplacement de l'historique {path} n'est pas un dossier"),
    "store.no_home": ("the history location {path} names a home folder that does not exist",
                      "l'emplacement de l'historique {path} désigne un dossier personnel qui "
                      "n'existe pas"),
    "store.os": ("cannot use the history folder {path}: {reason}",
                 "impossible d'utiliser le dossier de l'historique {path} : {reason}"),
    "store.newer": ("match {id} was saved by a newer Vicaire (format {schema}); update Vicaire "
                    "to open it",
                    "la partie {id} a été enregistrée par une version plus récente de Vicaire "
                    "(format {schema}) ; mettez Vicaire à jour pour l'ouvrir"),
    "store.lost": ("match {id} was damaged and no good backup was left; the damaged file is "
                   "kept at {path}",
                   "la partie {id} était abîmée et aucune sauvegarde intacte ne restait ; le "
                   "fichier abîmé est conservé ici : {path}"),
    "store.confirm": ("deleting needs a confirmation: add --yes to delete without a question",
                      "la suppression demande une confirmation : ajoutez --yes pour supprimer "
                      "sans question"),
    "store.kept": ("nothing was deleted", "rien n'a été supprimé"),
    "store.write": ("cannot write {path}: {reason}", "impossible d'écrire {path} : {reason}"),
    "store.taken": ("the history already has a match {id}", "l'historique a déjà une partie {id}"),
    # Notices (shown once, after the history repaired itself).
    "store.notice.restored": (
        "match {id} was damaged (the file was {reason}); it was restored from its backup of "
        "{when}. The damaged file is kept at {path}",
        "la partie {id} était abîmée (fichier {reason}) ; elle a été restaurée depuis sa "
        "sauvegarde du {when}. Le fichier abîmé est conservé ici : {path}"),
    "store.notice.lost": (
        "match {id} was damaged (the file was {reason}) and no good backup was left; it is "
        "left out of the history. The damaged file is kept at {path}",
        "la partie {id} était abîmée (fichier {reason}) et aucune sauvegarde intacte ne "
        "restait ; elle est écartée de l'historique. Le fichier abîmé est conservé ici : "
        "{path}"),
    "store.notice.index": (
        "the list of matches was damaged (the file was {reason}); it was rebuilt from the "
        "matches themselves, nothing is lost. The damaged file is kept at {path}",
        "la liste des parties était abîmée (fichier {reason}) ; elle a été reconstruite à "
        "partir des parties elles-mêmes, rien n'est perdu. Le fichier abîmé est conservé "
        "ici : {path}"),
    "store.reason.empty": ("empty", "vide"),
    "store.reason.truncated": ("cut short", "tronqué"),
    "store.reason.garbage": ("unreadable", "illisible"),
    "store.reason.invalid": ("not a Vicaire match", "pas une partie Vicaire"),
}
