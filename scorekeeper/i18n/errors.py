"""Refusals and notices in plain words. Each area of the app keeps its own table of texts
(`ERRORS` in `scorekeeper.i18n.<area>`); this module finds the one for a code.

Errors and notices carry a code and values only (`scorekeeper.errors`,
`scorekeeper.store.notices`); the edges (command line, app) call `error_text` and
`notice_text` to say them. A code without a text in both languages fails
`tests/i18n/test_error_texts.py`; a user still sees the code rather than a crash.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any, Protocol


class Coded(Protocol):
    """A refusal (`scorekeeper.errors.VicaireError`) or a notice (`store.notices.Notice`)."""

    code: str
    params: dict[str, Any]

# Areas whose module in this package holds an ERRORS table: {code: (english, french)}.
AREAS = ("outcomes", "matchfile", "store", "cards", "serve", "cli")


@cache
def table() -> dict[str, tuple[str, str]]:
    """Every code's (english, french) text, from the tables of `AREAS`."""
    merged: dict[str, tuple[str, str]] = {}
    for area in AREAS:
        module = importlib.import_module(f"scorekeeper.i18n.{area}")
        merged.update(module.ERRORS)
    return merged


def _deal_prefix(params: dict[str, Any], lang: str) -> str:
    number = params.get("deal")
    if number is None:
        return ""
    return f"donne {number} : " if lang == "fr" else f"deal {number}: "


def render_error(code: str, params: dict[str, Any], lang: str = "en") -> str:
    """The message for `code` in `lang`; a deal number, when given, leads the sentence."""
    en, fr = table().get(code, ("{code}", "{code}"))
    template = fr if lang == "fr" else en
    try:
        text = template.format(code=code, **params)
    except (KeyError, IndexError, ValueError):
        text = template
    return _deal_prefix(params, lang) + text


def error_text(err: Coded, lang: str = "en") -> str:
    """A refusal in plain words, in English (`en`) or French (`fr`)."""
    return render_error(err.code, err.params, lang)


def notice_text(notice: Coded, lang: str = "en") -> str:
    """A notice in plain words; its `reason` (a code of damage) is put in words too."""
    if notice.code == "store.notice.unreadable":
        from scorekeeper.i18n.store import unreadable_text

        return unreadable_text(notice.params.get("matches", []), lang)
    params = dict(notice.params)
    reason = params.get("reason")
    if isinstance(reason, str):
        params["reason"] = render_error(f"store.reason.{reason}", {}, lang)
    return render_error(notice.code, params, lang)
