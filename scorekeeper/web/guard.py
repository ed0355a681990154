"""Who may use `vicaire serve`: the names it answers to, the page's origin, the keys of the links.

Pure functions and one small class, without the web server, so that each rule is tested alone.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

SCORER = "scorer"
BOARD = "board"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def new_key() -> str:
    """A fresh random key for one link: 128 bits from `secrets`, 22 URL-safe characters."""
    return secrets.token_urlsafe(16)


def normal_name(name: str) -> str:
    """A host name as compared: lower case, without brackets, an IP address in its short form."""
    name = name.strip().lower().strip("[]")
    try:
        return str(ipaddress.ip_address(name))
    except ValueError:
        return name


def url_host(address: str) -> str:
    """An address as written in a URL: an IPv6 literal in brackets."""
    return f"[{address}]" if ":" in address else address


def split_host(header: str | None) -> tuple[str, int | None] | None:
    """The name and port of a Host header ("[::1]:8000" -> ("::1", 8000)); None if malformed."""
    if not header or any(c in header for c in "/?#@ \\"):
        return None
    try:
        parts = urlsplit(f"//{header}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return normal_name(parts.hostname), port


@dataclass
class Guard:
    """The rules of one server: its port, the names it answers to, and each link's key."""

    port: int
    names: set[str]
    keys: dict[str, str] = field(default_factory=dict)  # role -> key

    @classmethod
    def for_addresses(cls, port: int, bound: Iterable[str], lan: Iterable[str],
                      roles: Iterable[str]) -> Guard:
        """Answer to the bound addresses, the loopback names and the LAN addresses; one new
        key per role."""
        names = {normal_name(n) for n in (*LOOPBACK_NAMES, *bound, *lan) if n}
        names -= {"0.0.0.0", "::"}  # a wildcard is no name a browser could have used
        return cls(port, names, {role: new_key() for role in roles})

    def host_ok(self, header: str | None) -> bool:
        """True when the Host header names this machine on this port (no DNS rebinding)."""
        split = split_host(header)
        if split is None:
            return False
        name, port = split
        return name in self.names and (port or 80) == self.port

    def origin_ok(self, origin: str | None, host: str | None) -> bool:
        """True when a websocket comes from a page this server served: same scheme, host, port."""
        if not origin:
            return False
        return self.host_ok(host) and origin.lower() == f"http://{host}".lower()

    def role(self, key: str | None) -> str | None:
        """The role a key gives (scorer or board), compared in constant time; None for no key."""
        found = None
        for role, expected in self.keys.items():
            if key and hmac.compare_digest(key.encode(), expected.encode()):
                found = role
        return found
