"""Plain-words notices the history leaves for the app or CLI to show once."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Notice:
    """Something the history did on its own (e.g. restored a damaged match from its backup)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        """The notice in English (`en`) or French (`fr`)."""
        from scorekeeper.i18n.errors import render_error

        params = dict(self.params)
        reason = params.get("reason")
        if isinstance(reason, str):
            params["reason"] = render_error(f"store.reason.{reason}", {}, lang)
        return render_error(self.code, params, lang)

    def __str__(self) -> str:
        return self.message("en")
