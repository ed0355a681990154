"""`vicaire serve`: the app in a web browser (textual-serve), one app process per tab.

One run prints two links, each with its own random key: the scorer's (the whole app) and the
spectators' (the read-only board); `--board` serves the board alone. A QR code per link.

Only the parser is built when this module is imported (every command's parser is): the web
server's modules, sockets and the history are imported when `vicaire serve` runs, so that
the other commands do not pay for them.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.common import lang_of
from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, quoted, tr, trc

if TYPE_CHECKING:
    from scorekeeper.web.guard import Guard


def _bounded_type(lang: str, low: int, high: int, not_number: str, out_of_bounds: str):
    """An argparse type: a whole number from `low` to `high`, refused in `lang`'s words
    (`not_number` and `out_of_bounds`, messages of the catalog, take {value})."""
    def bounded(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(tr(lang, not_number, value=quoted(
                lang, repr(text[:20])[1:-1]))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(tr(lang, out_of_bounds, value=value))
        return value

    return bounded


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    p = sub.add_parser(
        "serve", help=tr(lang, "open the app in a web browser (phone, tablet)"),
        description=tr(lang, "Serve the app to web browsers. Each browser tab runs its own app "
                             "on the same history. Prints a scorer's link and a spectators' "
                             "link (read-only board), each with its own key. Listens on this "
                             "computer only unless --host says otherwise."))
    p.add_argument("--host", default="127.0.0.1", metavar=trc(lang, "metavar", "HOST"),
                   help=tr(lang, "address to listen on (default 127.0.0.1: this computer only; "
                                 "0.0.0.0: every device on the local network over IPv4; ::, "
                                 "IPv6 and IPv4)"))
    port = _bounded_type(lang, 1, 65535, N_("{value} is not a port number"),
                         N_("a port is 1 to 65535, not {value}"))
    tabs = _bounded_type(lang, 1, 200, N_("{value} is not a number"),
                         N_("between 1 and 200 tabs, not {value}"))
    p.add_argument("--port", type=port, default=8000,
                   metavar=trc(lang, "metavar", "PORT"), help=tr(lang, "port (default 8000)"))
    p.add_argument("--board", action="store_true",
                   help=tr(lang, "serve only the read-only scoreboard of the match in progress"))
    p.add_argument("--max-sessions", type=tabs, default=12, metavar="N",
                   help=tr(lang, "browser tabs open at once (default 12; each runs an app); one "
                                 "of them is always kept for the scorer's link"))
    p.add_argument("--new-keys", action="store_true",
                   help=tr(lang, "draw new keys for the links: every link given before stops "
                                 "working"))
    p.set_defaults(handler=run)


def check_can_listen(host: str, port: int) -> None:
    """Refuse, in words, a host that does not resolve here or a port already in use."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise VicaireError("serve.host", host=host) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except PermissionError:
            raise VicaireError("serve.permission", port=port) from None
        except OSError as exc:
            if exc.errno == 98 or "in use" in str(exc).lower():
                raise VicaireError("serve.port_in_use", port=port) from None
            raise VicaireError("serve.host", host=host) from None


def app_argv(args: argparse.Namespace, role: str, lang: str) -> list[str]:
    """What one browser tab runs (no shell): this Python, this history, the tab's language;
    the spectators' board for a spectators' link."""
    from scorekeeper.store.paths import history_folder
    from scorekeeper.web.guard import BOARD

    parts = [sys.executable, "-m", "scorekeeper", "--lang", lang]
    db = getattr(args, "db", None)
    if db:  # expanded (~) and made absolute here: the tabs' app starts in another folder
        parts += ["--db", str(history_folder(db).absolute())]
    if role == BOARD:
        parts.append("--board")
    return parts


def app_command(args: argparse.Namespace) -> str:
    """The command of this server's main link, as one line (for people reading it)."""
    import shlex

    from scorekeeper.web.guard import BOARD, SCORER

    role = BOARD if args.board else SCORER
    return shlex.join(app_argv(args, role, lang_of(args)))


def qr_lines(link: str) -> str:
    """The link as a QR code drawn with block characters, for a phone to scan."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="l").terminal(out=out, compact=True)
    return out.getvalue()


def links_text(lang: str, roles: list[str], hosts: list[str], port: int, guard: Guard,
               qr: bool) -> str:
    """What `vicaire serve` prints: each link (per address), then its QR code."""
    from scorekeeper.web.addresses import url
    from scorekeeper.web.guard import BOARD, SCORER

    titles = {
        SCORER: tr(lang, "Scorer (records the deals):"),
        BOARD: tr(lang, "Spectators (the board, read-only):"),
    }
    lines: list[str] = []
    for role in roles:
        lines.append(titles[role])
        links = [url(host, port, guard.keys[role]) for host in hosts]
        lines += [f"  {link}" for link in links]
        if qr:
            lines.append(qr_lines(links[0]).rstrip("\n"))
    return "\n".join(lines)


def start_text(lang: str, roles: list[str], hosts: list[str], args: argparse.Namespace,
               guard: Guard, local: bool) -> str:
    """What `vicaire serve` says once it can be stopped: where to open it, the links, whom
    to give them to, and how to stop it."""
    if local:
        lines = [tr(lang, "Open a link in a browser on this computer:")]
    else:
        lines = [tr(lang, "Open a link on a phone or tablet on the same network (or scan its QR "
                          "code):")]
    lines.append(links_text(lang, roles, hosts, args.port, guard, qr=not local))
    if not local:
        lines.append(tr(lang, "Anyone with the scorer's link can change the match: give it only "
                              "to the scorer."))
    lines.append(tr(lang, "The links stay the same from one start to the next, so that open "
                          "tabs reconnect; --new-keys draws new ones (every link given before "
                          "then stops working)."))
    if args.host == "0.0.0.0":
        lines.append(tr(lang, "(IPv4 only; --host :: listens on IPv6 too.)"))
    lines.append(tr(lang, "Press Ctrl+C to stop."))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from scorekeeper.store.paths import checked_folder, history_folder
    from scorekeeper.web.addresses import (
        is_loopback,
        lan_addresses,
        listen_hosts,
        printed_hosts,
        resolve,
    )
    from scorekeeper.web.guard import BOARD, SCORER, Guard
    from scorekeeper.web.keys import link_keys

    checked_folder(getattr(args, "db", None), creating=True)  # (a link to nowhere: refused)
    lang = lang_of(args)
    binds = listen_hosts(args.host)
    for host in binds:
        check_can_listen(host, args.port)
    from scorekeeper.web.server import VicaireServer

    local = is_loopback(args.host)
    lan = [] if local else lan_addresses()
    roles = [BOARD] if args.board else [SCORER, BOARD]
    bound = [a for host in binds for a in resolve(host)]
    guard = Guard.for_addresses(args.port, bound, lan, roles)
    place = f"{history_folder(getattr(args, 'db', None)).absolute()} {args.port}"
    guard.keys = link_keys(place, [SCORER, BOARD], fresh=args.new_keys)
    if args.board:
        del guard.keys[SCORER]
    hosts = printed_hosts(args.host, lan)
    server = VicaireServer(lambda role, tab_lang: app_argv(args, role, tab_lang), hosts=binds,
                           port=args.port, guard=guard, lang=lang,
                           lang_given=getattr(args, "lang", None) is not None,
                           max_sessions=args.max_sessions)
    text = start_text(lang, roles, hosts, args, guard, local)
    server.serve(announce=lambda: print(text, flush=True))
    return 0
