"""Putting a history folder right as it is listed, and naming what cannot be put right.

A shard folder may hold what it should not: a match file from another shard or under another
id's name (moved where its id says), a second copy of a match (the highest revision stays, the
other is moved aside), a backup whose match file is gone (restored as the match). A match that
cannot be used (damaged with no good backup, saved by a newer Vicaire, in a folder that cannot
be changed) is left out of the listing and named in `unreadable`, at every listing.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.errors import VicaireError
from scorekeeper.store.folder import Folder, ShardScan
from scorekeeper.store.match_files import MatchFiles


class Tidy:
    """The reconciling done by one listing, and what it could not use."""

    def __init__(self, folder: Folder, files: MatchFiles) -> None:
        self.folder = folder
        self.files = files
        # id -> (why, where): why is "damaged" (the damaged file is kept at where), "newer"
        # (a newer Vicaire's format) or "unusable" (cannot be read or put right here).
        self.unreadable: dict[str, tuple[str, str]] = {}
        self.settled = 0  # files moved where they belong or restored

    def start(self) -> None:
        """A new listing: nothing named yet."""
        self.unreadable = {}
        self.settled = 0

    def note(self, match_id: str, exc: VicaireError) -> None:
        """Name a match that a refusal kept out of the listing."""
        if exc.code == "store.newer":
            self.unreadable[match_id] = ("newer", str(self.folder.match_path(match_id)))
        elif exc.code == "store.lost":
            self.unreadable[match_id] = ("damaged", str(exc.params.get("path", "")))
        elif exc.code != "store.not_found":
            self.unreadable[match_id] = ("unusable", str(self.folder.match_path(match_id)))

    def settle(self, path: Path, match_id: str) -> None:
        """Move a stray match file where its id says; a folder that cannot be changed leaves
        it where it is, named as unreadable."""
        try:
            moved = self.files.settle(path, match_id)
        except VicaireError:
            moved = False
        if moved:
            self.settled += 1
        else:
            self.unreadable[path.name[:len(match_id)]] = ("unusable", str(path))

    def shard(self, scan: ShardScan) -> None:
        """Reconcile a shard folder with what it should hold: strays from another shard are
        moved where they belong, a lone backup becomes its match again; what cannot be
        recovered is named in `unreadable` (every listing, until it is removed)."""
        folder = self.folder.matches / scan.shard
        for match_id in sorted(scan.strays):
            self.settle(folder / f"{match_id}.json", match_id)
        for match_id in sorted(scan.lone_backups()):
            try:
                if self.files.restore_backup(match_id) is not None:
                    self.settled += 1  # (read again: the index may list a later version)
            except VicaireError as exc:
                self.note(match_id, exc)
        for match_id, kept in scan.lost().items():
            self.unreadable.setdefault(match_id, ("damaged", str(kept)))
