"""The one error type every part of Vicaire refuses things with.

An error carries a code and its parameters, never a finished sentence, so that each edge
(the command line, the app) can say it in the user's language through
`scorekeeper.i18n.errors.error_text`. `str()` of an error is its code and parameters, for
logs and tests; it never needs the words.
"""

from __future__ import annotations

import json
from typing import Any


class Given(str):
    """A text value the user gave (a typed word, a string in a file), as a refusal shows it:
    each language quotes it its own way when it is said (“x” in English, « x » in French;
    `scorekeeper.i18n.errors`), where a number or a JSON value (4.5, true, [4, 3]) is shown
    bare. It is a `str`, so logs and comparisons see the text itself."""

    __slots__ = ()


def printable(text: str) -> str:
    """`text` with every character a terminal or an encoder would choke on (a control
    character, a lone surrogate such as "\\ud800") written as its escape."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def shown(value: Any, limit: int = 20) -> str:
    """A value as a refusal shows it, short and printable: a text as `Given` (the message
    quotes it in the user's language), anything else as JSON writes it (4.5, true, null,
    [4, 3]), never with Python's quotes."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (ValueError, TypeError, RecursionError):  # bytes, a number too long to write
            text = f"<{type(value).__name__}>"
    text = printable(text)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return Given(text) if isinstance(value, str) else text


def describe(code: str, params: dict[str, Any]) -> str:
    """`code(name=value, ...)`: a refusal or notice as data, for logs (no words, no language)."""
    inside = ", ".join(f"{key}={value!r}" for key, value in params.items())
    return f"{code}({inside})"


class VicaireError(Exception):
    """A refusal: bad input, a broken rule, a damaged file. Nothing was changed."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return describe(self.code, self.params)
