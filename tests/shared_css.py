"""One reading of each piece of the app's CSS per test process, not one per app.

Each app Textual starts parses its own copy of every widget's and screen's CSS: the same text,
with the same theme, hundreds of times over in a test process that runs hundreds of apps
(about a tenth of the app tests' processor time). Here a test process keeps what it parsed
and hands the same rules to the next app that asks for the same text with the same theme's
variables. The first app of each process still parses everything (a CSS error still fails
the tests), and the apps run exactly as they would without it: Textual keeps the rules it
parsed the same way within one app, and never changes them once parsed. The app itself, and
every Vicaire started in a subprocess, are left as they are."""

from __future__ import annotations

from typing import Any

_PARSED: dict[tuple, Any] = {}


def share_parsed_css() -> None:
    """Make every `Stylesheet` of this process share what was parsed (called once)."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    if getattr(parse_rules, "shared", False):
        return

    def shared(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        try:
            return _PARSED[key]
        except KeyError:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            _PARSED[key] = rules
            return rules

    shared.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = shared  # type: ignore[method-assign]
