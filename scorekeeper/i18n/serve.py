"""Words for `vicaire serve` refusals."""

from scorekeeper.i18n import N_

ERRORS: dict[str, str] = {
    "serve.host": N_("cannot listen on {host}: no such address on this computer"),
    "serve.port_in_use": N_("port {port} is already in use; choose another with --port"),
    "serve.permission": N_("port {port} needs administrator rights; choose one above 1024"),
}

# Pages and lines of the served app: (english, french).
PAGES: dict[str, str] = {
    "refused.title": N_("This link is not valid"),
    "refused.body": N_("Ask the scorer for the link or the QR code."),
    "full.title": N_("Too many screens are open"),
    "full.body": N_("Close a tab on another device, then reload this page."),
    "host.title": N_("Wrong address"),
    "host.body": N_("Open the address printed by vicaire serve."),
    "lost": N_("Connection lost. Reconnecting…"),
    "ended": N_("Session ended."),
    "fault": N_("Vicaire stopped on a fault of its own, not on anything you typed. Every deal "
                "recorded so far is saved: start again to carry on. The details are in a fault "
                "report on the computer that runs vicaire serve."),
    "restart": N_("Start again"),
    "starting": N_("Starting…"),
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
