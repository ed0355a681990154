"""Words for the command line's own refusals and warnings: output that cannot be written,
a retry made safe, importing a match that is already in the history.

French puts a no-break space (U+00A0) before : ; ! ?
"""

ERRORS: dict[str, tuple[str, str]] = {
    # Standard output could not be written and nothing was changed (exit 2).
    "cli.output": ("cannot write the output ({reason}); nothing was changed",
                   "impossible d'écrire la sortie ({reason})\u00a0; rien n'a été modifié"),
    # The change is saved but its report could not be printed (exit 0): say what was saved.
    "cli.saved.new": ("match {id} is created, but its report could not be written ({reason})",
                      "la partie {id} est créée, mais son compte rendu n'a pas pu être écrit "
                      "({reason})"),
    "cli.saved.add": ("deal {number} is recorded in match {id}, but its report could not be "
                      "written ({reason})",
                      "la donne {number} est notée dans la partie {id}, mais son compte rendu "
                      "n'a pas pu être écrit ({reason})"),
    "cli.saved.undo": ("deal {number} is removed from match {id}, but the report could not be "
                       "written ({reason})",
                       "la donne {number} est retirée de la partie {id}, mais le compte rendu "
                       "n'a pas pu être écrit ({reason})"),
    "cli.saved.edit": ("deal {number} of match {id} is corrected, but the report could not be "
                       "written ({reason})",
                       "la donne {number} de la partie {id} est corrigée, mais le compte rendu "
                       "n'a pas pu être écrit ({reason})"),
    "cli.saved.abandon": ("match {id} is abandoned, but the report could not be written "
                          "({reason})",
                          "la partie {id} est abandonnée, mais le compte rendu n'a pas pu être "
                          "écrit ({reason})"),
    "cli.saved.delete": ("match {id} is deleted, but the report could not be written ({reason})",
                         "la partie {id} est supprimée, mais le compte rendu n'a pas pu être "
                         "écrit ({reason})"),
    "cli.saved.import": ("the history now holds {ids}, but the list of ids could not be "
                         "written ({reason})",
                         "l'historique contient désormais {ids}, mais la liste des numéros n'a "
                         "pas pu être écrite ({reason})"),
    "cli.saved.simulate": ("the simulated match is stored as {id}, but its report could not be "
                           "written ({reason})",
                           "la partie simulée est enregistrée sous le numéro {id}, mais son "
                           "compte rendu n'a pas pu être écrit ({reason})"),
    # Refusals of the command line (exit 2, nothing changed).
    "cli.expect_deals": ("match {id} has {count} deal(s), not {expected}; nothing was recorded",
                         "la partie {id} compte {count} donne(s), pas {expected}\u00a0; rien n'a "
                         "été noté"),
    "cli.empty_id": ("the match id is empty: give at least 4 of its letters and digits, "
                     "or leave it out",
                     "le numéro de partie est vide\u00a0: donnez au moins 4 de ses caractères, "
                     "ou omettez-le"),
    # Importing a match file whose match is already in the history.
    "import.already": ("already in the history as {id}; nothing imported",
                       "déjà dans l'historique sous le numéro {id}\u00a0; rien n'a été importé"),
    "import.longer": ("this file is a longer version of match {id} ({count} deals here, {stored} "
                      "in the history); it is not merged: nothing imported (--as-new imports "
                      "it as another match)",
                      "ce fichier est une version plus longue de la partie {id} ({count} donnes "
                      "ici, {stored} dans l'historique)\u00a0; elle n'est pas fusionnée\u00a0: "
                      "rien n'a été importé (--as-new l'importe comme une autre partie)"),
    "import.differs": ("match {id} in the history differs from this file ({stored} deals there, "
                       "{count} here); nothing imported (--as-new imports it as another match)",
                       "la partie {id} de l'historique diffère de ce fichier ({stored} donnes "
                       "là-bas, {count} ici)\u00a0; rien n'a été importé (--as-new l'importe "
                       "comme une autre partie)"),
}
