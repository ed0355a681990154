"""Notices the history leaves for the app or CLI to show: data, put in words by `i18n`."""

from __future__ import annotations

from typing import Any, NamedTuple

from scorekeeper.errors import describe


class Notice(NamedTuple):
    """Something the history did on its own (e.g. restored a damaged match from its backup).

    `scorekeeper.i18n.errors.notice_text` says it in words; `str()` is its code and values.
    (A named tuple: the history's modules load as the app starts, and a frozen dataclass
    costs that start a third of a millisecond to make.)
    """

    code: str
    params: dict[str, Any]

    def __str__(self) -> str:
        return describe(self.code, self.params)
