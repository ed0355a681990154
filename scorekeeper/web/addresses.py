"""Where `vicaire serve` listens, and the addresses it prints for a phone to open.

A phone needs an address it can reach: the machine's LAN addresses (never a name that resolves
to this machine's loopback), IPv6 literals in brackets. Standard library only.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path

from scorekeeper.web.guard import url_host

WILDCARDS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    """True when `host` is only reachable from this computer."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen_hosts(host: str) -> list[str]:
    """The addresses to bind: `::` (or nothing) means both families, IPv6 and IPv4."""
    if host in ("::", ""):
        return ["::", "0.0.0.0"]
    return [host.strip("[]")]


def reachable(address: str) -> bool:
    """An address another device on the LAN can use in a URL (no loopback, no link-local
    IPv6, which needs a zone a phone cannot type)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast or ip.is_link_local)


def lan_addresses() -> list[str]:
    """This machine's LAN addresses, IPv4 first, best effort and without any connection."""
    found: list[str] = []
    for family in (socket.AF_INET, socket.AF_INET6):
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, family)
        except (OSError, UnicodeError):
            infos = []
        found += [str(info[4][0]) for info in infos]
    found += _interface_addresses()
    unique: list[str] = []
    for address in found:
        address = address.split("%")[0]
        if reachable(address) and address not in unique:
            unique.append(address)
    return sorted(unique, key=lambda a: ":" in a)


def _interface_addresses() -> list[str]:
    """The addresses of the network interfaces, read from Linux (elsewhere: none)."""
    if not sys.platform.startswith("linux"):
        return []
    found: list[str] = []
    try:
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _index, name in socket.if_nameindex():
                request = struct.pack("256s", name.encode()[:15])
                try:
                    answer = fcntl.ioctl(probe.fileno(), 0x8915, request)  # SIOCGIFADDR
                except OSError:
                    continue
                found.append(socket.inet_ntoa(answer[20:24]))
    except (OSError, ImportError):
        pass
    try:
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            raw = line.split()[0]
            found.append(str(ipaddress.ip_address(bytes.fromhex(raw))))
    except (OSError, ValueError, IndexError):
        pass
    return found


def resolve(host: str) -> list[str]:
    """The IP addresses a host name stands for here (an IP stays itself)."""
    try:
        return [str(ipaddress.ip_address(host.strip("[]")))]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    found: list[str] = []
    for info in infos:
        address = str(info[4][0]).split("%")[0]
        if address not in found:
            found.append(address)
    return found


def printed_hosts(host: str, lan: list[str]) -> list[str]:
    """The hosts to print for `--host host`, given the machine's LAN addresses `lan`.

    A wildcard prints the LAN addresses it covers (0.0.0.0: IPv4 only; ::, both); a loopback
    address prints itself (`::1` as `[::1]`); a name prints the addresses it resolves to.
    """
    if host in WILDCARDS:
        usable = [a for a in lan if host != "0.0.0.0" or ":" not in a]
        return [url_host(a) for a in usable] or ["127.0.0.1"]
    if host.lower() == "localhost":
        return ["127.0.0.1"]
    return [url_host(a) for a in resolve(host)] or [url_host(host)]


def url(host: str, port: int, key: str) -> str:
    """A link to print: http://HOST:PORT/?key=KEY (HOST already bracketed if IPv6)."""
    return f"http://{host}:{port}/?key={key}"
