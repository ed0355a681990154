"""Notices the history leaves for the app or CLI to show: data, put in words by `i18n`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.errors import describe


@dataclass(frozen=True)
class Notice:
    """Something the history did on its own (e.g. restored a damaged match from its backup).

    `scorekeeper.i18n.errors.notice_text` says it in words; `str()` is its code and values.
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return describe(self.code, self.params)
