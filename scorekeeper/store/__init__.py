"""The match history in TinyDB: crash-safe, shared between windows, self-repairing.

The names below are loaded on first use, so that `scorekeeper.store.paths` (where the history
lives) can be imported without TinyDB and the rest of the store.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.store.history import History
    from scorekeeper.store.notices import Notice
    from scorekeeper.store.paths import default_folder
    from scorekeeper.store.records import Correction, MatchSummary, StoredMatch

_HOMES = {
    "History": "history", "Notice": "notices", "default_folder": "paths",
    "Correction": "records", "MatchSummary": "records", "StoredMatch": "records",
}

__all__ = ["Correction", "History", "MatchSummary", "Notice", "StoredMatch", "default_folder"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(f"scorekeeper.store.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
