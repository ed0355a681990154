"""`vicaire serve`: the app in a web browser (textual-serve), one app process per tab."""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import socket
import sys

from scorekeeper.cli.common import lang_of
from scorekeeper.errors import VicaireError
from scorekeeper.i18n import pick
from scorekeeper.store.paths import history_folder


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535, not {value}")
    return value


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "serve", parents=[common], help="open the app in a web browser (phone, tablet)",
        description="Serve the app to web browsers. Each browser tab runs its own app on the "
        "same history. Listens on this computer only unless --host says otherwise.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this computer only; "
                   "0.0.0.0: every device on the local network)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--board", action="store_true",
                   help="serve the read-only scoreboard of the match in progress")
    p.set_defaults(handler=run)


def is_loopback(host: str) -> bool:
    """True when `host` is only reachable from this computer."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_can_listen(host: str, port: int) -> None:
    """Refuse, in words, a host that does not resolve here or a port already in use."""
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


def local_addresses() -> list[str]:
    """This computer's addresses on the local network (IPv4, no loopback), best effort."""
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address).is_loopback and address not in found:
            found.append(address)
    return found


def urls_for(host: str, port: int) -> list[str]:
    """The addresses to type on another device."""
    if host in ("0.0.0.0", "::", ""):
        hosts = local_addresses() or [socket.gethostname()]
    else:
        hosts = [host]
    return [f"http://{h if ':' not in h else f'[{h}]'}:{port}" for h in hosts]


def app_command(args: argparse.Namespace) -> str:
    """The shell command each browser tab runs: this Python, this history, this language."""
    parts = [sys.executable, "-m", "scorekeeper", "--lang", lang_of(args)]
    db = getattr(args, "db", None)
    if db:  # expanded (~) and made absolute here: the tabs' app starts in another folder
        parts += ["--db", str(history_folder(db).absolute())]
    if args.board:
        parts.append("--board")
    return " ".join(shlex.quote(p) for p in parts)


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    check_can_listen(args.host, args.port)
    from scorekeeper.web.server import VicaireServer

    server = VicaireServer(app_command(args), host=args.host, port=args.port,
                           title="Vicaire")
    if is_loopback(args.host):
        print(pick(lang, f"Open http://127.0.0.1:{args.port} in a browser on this computer.",
                   f"Ouvrez http://127.0.0.1:{args.port} dans un navigateur de cet ordinateur."))
    else:
        print(pick(lang, "Open one of these addresses on a phone or tablet on the same network:",
                   "Ouvrez une de ces adresses sur un téléphone ou une tablette du même réseau :"))
        for url in urls_for(args.host, args.port):
            print(f"  {url}")
        print(pick(
            lang,
            "Warning: anyone on this network can open these addresses, see the score sheet "
            "and change the match. Use it on a network you trust (your home Wi-Fi).",
            "Attention : toute personne sur ce réseau peut ouvrir ces adresses, voir la feuille "
            "de score et modifier la partie. À utiliser sur un réseau de confiance "
            "(le Wi-Fi de la maison)."))
    print(pick(lang, "Press Ctrl+C to stop.", "Ctrl+C pour arrêter."), flush=True)
    server.serve()
    return 0
