"""The one error type every part of Vicaire refuses things with.

An error carries a code and its parameters, never a finished sentence, so that each edge
(the command line, the app) can say it in the user's language through
`scorekeeper.i18n.errors.error_text`. `str()` of an error is its code and parameters, for
logs and tests; it never needs the words.
"""

from __future__ import annotations

from typing import Any


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
