"""A whole sentence from the catalog as Rich text, its values styled (a name in bold), so
that no screen cuts a sentence into pieces to style one word; and lines that never break at a
no-break space (`keep_no_break_spaces`)."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from scorekeeper.i18n import tr_n_parts, tr_parts


def _text(parts: list[tuple[str, str | None]], styles: dict[str, str], style: str) -> Text:
    text = Text(style=style)
    for piece, field in parts:
        text.append(piece, styles.get(field, "") if field is not None else "")
    return text


def styled(lang: str, message: str, styles: dict[str, str], style: str = "",
           **values: Any) -> Text:
    """`tr(lang, message, **values)` as Text, each field named in `styles` in its style."""
    return _text(tr_parts(lang, message, **values), styles, style)


def styled_n(lang: str, singular: str, plural: str, count: int, styles: dict[str, str],
             style: str = "", **values: Any) -> Text:
    """`styled` for a message with a plural (see `tr_n`)."""
    return _text(tr_n_parts(lang, singular, plural, count, **values), styles, style)


# The no-break spaces French puts before : ; ! ? % and inside « » (and the figure space):
# part of the word they stand in, never a place to break a line.
NO_BREAK = "\u00a0\u202f\u2007"
_WORD = re.compile(rf"[^\S{NO_BREAK}]*(?:[^\s]|[{NO_BREAK}])+[^\S{NO_BREAK}]*")


def keep_no_break_spaces() -> bool:
    """Make Rich's line breaking (which Textual's Static and Label use too) keep a no-break
    space with the words around it.

    Rich cuts a line at any whitespace, no-break spaces included, so a narrow French line
    could start with ":" or "%". Its words are found by one pattern (`rich._wrap.re_word`,
    "whitespace, non-whitespace, whitespace"); this gives it one where the no-break spaces
    belong to the word. Called by the app and the command line before they show text; False
    if Rich no longer has that pattern (a test then fails: tests/i18n/test_no_break.py)."""
    try:
        from rich import _wrap
    except ImportError:  # pragma: no cover - Rich is a dependency
        return False
    if not isinstance(getattr(_wrap, "re_word", None), re.Pattern):
        return False
    _wrap.re_word = _WORD
    return True
