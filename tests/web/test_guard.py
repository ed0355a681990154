"""The rules of `vicaire serve` alone: names answered to, origins, keys, printed addresses."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import LANGS
from scorekeeper.i18n.serve import accepted_lang
from scorekeeper.web.addresses import listen_hosts, printed_hosts, reachable, url
from scorekeeper.web.guard import BOARD, SCORER, Guard, new_key, split_host

LAN = ["192.168.1.20", "2a01:e0a:1:2::20"]


def guard(bound=("0.0.0.0",)) -> Guard:
    return Guard.for_addresses(8000, bound, LAN, [SCORER, BOARD])


def test_keys_are_random_long_and_distinct_per_role():
    keys = {new_key() for _ in range(200)}
    assert len(keys) == 200 and all(len(k) >= 22 for k in keys)  # 16 bytes: 128 bits
    rules = guard()
    assert rules.keys[SCORER] != rules.keys[BOARD]
    assert rules.role(rules.keys[SCORER]) == SCORER
    assert rules.role(rules.keys[BOARD]) == BOARD
    for wrong in (None, "", rules.keys[SCORER][:-1], rules.keys[SCORER] + "x", "é"):
        assert rules.role(wrong) is None


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000",
                                  "192.168.1.20:8000", "[2a01:e0a:1:2::20]:8000",
                                  "LOCALHOST:8000"])
def test_this_machines_names_are_answered(host):
    assert guard().host_ok(host)


@pytest.mark.parametrize("host", [None, "", "evil.example:8000", "evil.example",
                                  "127.0.0.1:8001", "192.168.1.21:8000", "0.0.0.0:8000",
                                  "127.0.0.1:8000@evil.example", "localhost.:8000",
                                  "127.0.0.1:notaport", "[::1:8000"])
def test_other_names_are_refused(host):
    assert not guard().host_ok(host)


def test_a_websocket_must_come_from_the_page_served_here():
    rules = guard()
    assert rules.origin_ok("http://192.168.1.20:8000", "192.168.1.20:8000")
    assert not rules.origin_ok("http://evil.example", "192.168.1.20:8000")
    assert not rules.origin_ok("http://127.0.0.1:8000", "192.168.1.20:8000")
    assert not rules.origin_ok("https://192.168.1.20:8000", "192.168.1.20:8000")
    assert not rules.origin_ok(None, "127.0.0.1:8000")
    assert not rules.origin_ok("null", "127.0.0.1:8000")
    assert not rules.origin_ok("http://evil.example:8000", "evil.example:8000")


def test_split_host():
    assert split_host("[::1]:8000") == ("::1", 8000)
    assert split_host("Example.ORG") == ("example.org", None)
    assert split_host("a/b") is None


def test_printed_addresses_ipv4_lan():
    assert printed_hosts("0.0.0.0", LAN) == ["192.168.1.20"]  # IPv4 only: no IPv6 printed
    assert url("192.168.1.20", 8000, "K") == "http://192.168.1.20:8000/?key=K"


def test_printed_addresses_both_families_bracket_ipv6():
    assert printed_hosts("::", LAN) == ["192.168.1.20", "[2a01:e0a:1:2::20]"]
    assert url("[2a01:e0a:1:2::20]", 8000, "K") == "http://[2a01:e0a:1:2::20]:8000/?key=K"
    assert listen_hosts("::") == ["::", "0.0.0.0"]  # asyncio binds :: to IPv6 alone


def test_printed_addresses_loopback():
    assert printed_hosts("::1", LAN) == ["[::1]"]
    assert printed_hosts("127.0.0.1", LAN) == ["127.0.0.1"]
    assert printed_hosts("localhost", LAN) == ["127.0.0.1"]
    assert listen_hosts("[::1]") == ["::1"]


def test_no_lan_address_never_prints_a_name():
    assert printed_hosts("0.0.0.0", []) == ["127.0.0.1"]


def test_only_reachable_addresses_are_printed():
    assert reachable("192.168.1.20") and reachable("2a01:e0a:1:2::20")
    for address in ("127.0.1.1", "::1", "fe80::1", "0.0.0.0", "vm"):
        assert not reachable(address)


def test_browser_language():
    assert accepted_lang("fr-FR,fr;q=0.9,en;q=0.8", LANGS) == "fr"
    assert accepted_lang("de-DE,en;q=0.5,fr;q=0.7", LANGS) == "fr"
    assert accepted_lang("en-GB", LANGS) == "en"
    assert accepted_lang("fr;q=0, de", LANGS) is None
    assert accepted_lang(None, LANGS) is None
    assert accepted_lang("fr;q=abc,en", LANGS) == "en"
