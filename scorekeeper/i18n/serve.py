"""Words for `vicaire serve` refusals."""

ERRORS: dict[str, tuple[str, str]] = {
    "serve.host": ("cannot listen on {host}: no such address on this computer",
                   "impossible d'écouter sur {host} : "
                   "cette adresse n'existe pas sur cet ordinateur"),
    "serve.port_in_use": ("port {port} is already in use; choose another with --port",
                          "le port {port} est déjà utilisé ; choisissez-en un autre avec --port"),
    "serve.permission": ("port {port} needs administrator rights; choose one above 1024",
                         "le port {port} demande des droits d'administrateur ; "
                         "choisissez-en un au-dessus de 1024"),
}
