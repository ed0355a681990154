"""Words for `vicaire serve` refusals."""

from scorekeeper.i18n import N_

ERRORS: dict[str, str] = {
    "serve.host": N_("cannot listen on {host}: no such address on this computer"),
    "serve.port_in_use": N_("port {port} is already in use; choose another with --port"),
    "serve.permission": N_("port {port} needs administrator rights; choose one above 1024"),
}

# Pages and lines of the served app: (english, french).
PAGES: dict[str, tuple[str, str]] = {
    "refused.title": ("This link is not valid", "Ce lien n'est pas valable"),
    "refused.body": ("Ask the scorer for the link or the QR code.",
                     "Demandez le lien ou le QR code à la personne qui tient la feuille."),
    "full.title": ("Too many screens are open", "Trop d'écrans sont ouverts"),
    "full.body": ("Close a tab on another device, then reload this page.",
                  "Fermez un onglet sur un autre appareil, puis rechargez cette page."),
    "host.title": ("Wrong address", "Mauvaise adresse"),
    "host.body": ("Open the address printed by vicaire serve.",
                  "Ouvrez l'adresse affichée par vicaire serve."),
    "lost": ("Connection lost. Reconnecting…", "Connexion perdue. Reconnexion…"),
    "ended": ("Session ended.", "Session terminée."),
    "restart": ("Start again", "Recommencer"),
    "starting": ("Starting…", "Démarrage…"),
}


def accepted_lang(header: str | None, langs: tuple[str, ...]) -> str | None:
    """The first of `langs` an Accept-Language header asks for, by preference (q), or None."""
    best: tuple[float, int, str] | None = None
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in langs and quality > 0 and (best is None or (-quality, position) <
                                                  (best[0], best[1])):
            best = (-quality, position, primary)
    return best[2] if best else None
