"""The match history in TinyDB: crash-safe, shared between windows, self-repairing."""

from scorekeeper.store.history import History
from scorekeeper.store.notices import Notice
from scorekeeper.store.paths import default_folder
from scorekeeper.store.records import Correction, MatchSummary, StoredMatch

__all__ = ["Correction", "History", "MatchSummary", "Notice", "StoredMatch", "default_folder"]
