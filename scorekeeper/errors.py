"""The one error type every part of Vicaire refuses things with.

An error carries a code and its parameters, never a finished sentence, so that each edge
(the command line, the app) can say it in the user's language. The words live in
`scorekeeper.i18n`.
"""

from __future__ import annotations

from typing import Any


class VicaireError(Exception):
    """A refusal: bad input, a broken rule, a damaged file. Nothing was changed."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, lang: str = "en") -> str:
        """The refusal in plain words, in English (`en`) or French (`fr`)."""
        from scorekeeper.i18n.errors import render_error

        return render_error(self.code, self.params, lang)

    def __str__(self) -> str:
        return self.message("en")
