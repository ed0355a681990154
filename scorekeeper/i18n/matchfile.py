"""Words for refusals of a match file."""

ERRORS: dict[str, tuple[str, str]] = {
    "file.object": ("this is not a match file: expected a JSON object",
                    "ce n'est pas un fichier de partie : un objet JSON est attendu"),
    "file.format": ("this is not a match file (format {value}, expected \"vicaire-match\")",
                    "ce n'est pas un fichier de partie "
                    "(format {value}, \"vicaire-match\" attendu)"),
    "file.version": ("match file version {value} is not supported (this Vicaire reads version 1)",
                     "la version {value} du fichier de partie n'est pas prise en charge "
                     "(cette version de Vicaire lit la version 1)"),
    "file.missing": ("the match file has no \"{key}\"",
                     "il manque \"{key}\" dans le fichier de partie"),
    "file.list": ("\"{key}\" in the match file must be a list",
                  "\"{key}\" doit être une liste dans le fichier de partie"),
    "file.id": ("the match file's \"id\" must be 8 characters 0-9 and a-f (got {value})",
                "le \"id\" du fichier de partie doit compter 8 caractères 0-9 et a-f "
                "(reçu {value})"),
    "file.two_targets": ("the match file gives two targets: \"target\" {target} and "
                         "\"rules\".\"target\" {rules}",
                         "le fichier de partie donne deux objectifs\u00a0: \"target\" {target} "
                         "et \"rules\".\"target\" {rules}"),
    "file.long_number": ("the file holds a number far too long to be a score or a count",
                         "le fichier contient un nombre bien trop long pour être un score ou "
                         "un compte"),
    "file.too_big": ("the file is larger than {limit} MB; a match file is much smaller",
                     "le fichier dépasse {limit} Mo ; un fichier de partie est bien plus petit"),
    "file.encoding": ("the file is not UTF-8 text", "le fichier n'est pas du texte UTF-8"),
    "file.json": ("the file is not valid JSON (line {line})",
                  "le fichier n'est pas du JSON valide (ligne {line})"),
    "file.not_found": ("no such file", "fichier introuvable"),
    "file.is_dir": ("this is a folder, not a file", "c'est un dossier, pas un fichier"),
    "file.permission": ("permission denied", "accès refusé"),
    "file.os": ("cannot read the file: {reason}", "impossible de lire le fichier : {reason}"),
}
