"""A whole sentence from the catalog as Rich text, its values styled (a name in bold), so
that no screen cuts a sentence into pieces to style one word. (Lines that never break at a
no-break space: `scorekeeper.upstream.keep_no_break_spaces`.)"""

from __future__ import annotations

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
