"""Refusals in plain words. Each area of the app keeps its own table of error texts
(`ERRORS` in `scorekeeper.i18n.<area>`); this module finds the one for a code."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

# Areas whose module in this package holds an ERRORS table: {code: (english, french)}.
AREAS = ("outcomes", "matchfile", "store", "cards", "app", "serve", "cli")


@cache
def _table() -> dict[str, tuple[str, str]]:
    table: dict[str, tuple[str, str]] = {}
    for area in AREAS:
        try:
            module = importlib.import_module(f"scorekeeper.i18n.{area}")
        except ModuleNotFoundError:
            continue
        table.update(getattr(module, "ERRORS", {}))
    return table


def _deal_prefix(params: dict[str, Any], lang: str) -> str:
    number = params.get("deal")
    if number is None:
        return ""
    return f"donne {number} : " if lang == "fr" else f"deal {number}: "


def render_error(code: str, params: dict[str, Any], lang: str = "en") -> str:
    """The message for `code` in `lang`; a deal number, when given, leads the sentence."""
    en, fr = _table().get(code, ("{code}", "{code}"))
    template = fr if lang == "fr" else en
    try:
        text = template.format(code=code, **params)
    except (KeyError, IndexError, ValueError):
        text = template
    return _deal_prefix(params, lang) + text
