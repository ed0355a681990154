"""English and French words for everything Vicaire says. `rules/` returns data; this names it."""

from __future__ import annotations

import locale
import os

LANGS = ("en", "fr")


def detect_lang(explicit: str | None = None, saved: str | None = None) -> str:
    """The language to speak: an explicit choice, then a saved setting, then the locale."""
    for choice in (explicit, saved):
        if choice in LANGS:
            return choice
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "fr" if code.lower().startswith("fr") else "en"


def pick(lang: str, en: str, fr: str) -> str:
    """The English or French form."""
    return fr if lang == "fr" else en
