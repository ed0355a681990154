"""The match history: the commands on stored matches, over the match files and the listing.

The rooms below it: `folder.py` (where each file lives, the lock, ids), `match_files.py`
(reading, recovering and writing one match file), `listing.py` (the sharded index and its
journal). Listing the history reads only JSON files: TinyDB, the file lock and the rules
engine are imported by the methods that write or replay, so that the app's home screen opens
fast.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext, suppress
from dataclasses import replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import VicaireError, shown
from scorekeeper.store.folder import MATCH_FILE, Folder, stamp
from scorekeeper.store.journal import Journal
from scorekeeper.store.listing import Listing, line_of
from scorekeeper.store.match_files import MatchFiles
from scorekeeper.store.notices import Notice
from scorekeeper.store.records import (
    Correction,
    MatchSummary,
    StoredMatch,
    check_name,
    latest_live,
    new_id,
    now,
    status_after,
)
from scorekeeper.store.storage import sweep_temporaries

if TYPE_CHECKING:
    from scorekeeper.rules import Match
    from scorekeeper.store.merge import Imported, Incoming

JOURNAL_LIMIT = 256 * 1024  # bytes (about 700 changes): past this, the writer compacts


class History:
    """The stored matches in one folder. Safe to use from several processes at once."""

    journal_limit = JOURNAL_LIMIT

    def __init__(self, folder: str | os.PathLike[str] | None = None,
                 around_commit: Callable[[], AbstractContextManager[Any]] = nullcontext,
                 ) -> None:
        """`around_commit` is entered around each write of a change, lock held (the command
        line holds Ctrl+C back there, so that its exit status says whether it saved)."""
        self._around_commit = around_commit
        self._folder = Folder(folder)
        self.folder = self._folder.path
        self.notices: list[Notice] = []
        journal = Journal(self.folder / "index" / "journal")
        self._files = MatchFiles(self._folder, journal, self.notices)
        self._listing = Listing(self._folder, self._files, journal, self.notices)

    # The lock, the loading of one match and the compaction of the index, for tests that
    # interrupt them.
    def _locked(self) -> Any:
        return self._folder.locked()

    def _load(self, match_id: str) -> StoredMatch:
        return self._files.load(match_id)

    def _compact(self) -> None:
        self._listing.compact()

    # --------------------------------------------------------------- reading

    def get(self, match_id: str) -> StoredMatch:
        """The stored match with this id or unique id prefix."""
        return self._files.load(self._folder.resolve(match_id))

    def matches(self, ids: Iterable[str] | None = None) -> list[StoredMatch]:
        """Many stored matches at once, e.g. for statistics: all of them (newest first, as
        `summaries()`) when `ids` is None, else those with these ids or unique id prefixes,
        in that order.

        Each match file is read once, straight from disk (no index, no lock unless one is
        damaged). A match `get()` would refuse (unknown, lost, from a newer Vicaire) is left
        out; a damaged one is restored from its backup with a notice, as `get()` does.
        """
        with self._folder.guard():
            if ids is None:
                if not self._folder.has_matches():
                    return []
                keys = [k for shard in self._folder.shards()
                        for k in sorted(self._folder.shard_names(shard))]
            else:
                keys = []
                for match_id in ids:
                    with suppress(VicaireError):
                        keys.append(self._folder.resolve(match_id))
            found = self._files.read_many(keys)
        if ids is None:
            found.sort(key=attrgetter("created", "id"), reverse=True)
        return found

    def signature(self, match_id: str | None = None) -> tuple[int, ...] | None:
        """A cheap sign of change, one stat and nothing read: (inode, mtime, size) of the
        match file (a full id), or with no id of the journal, which every change appends to.
        None when the file is not there."""
        path = self._folder.match_path(match_id) if match_id else self._listing.journal.path
        try:
            return tuple(stamp(path.stat()))
        except (OSError, ValueError):
            return None

    def revision(self, match_id: str) -> int:
        """The match's revision: it grows by one with every recorded change."""
        return self.get(match_id).revision

    def summaries(self) -> list[MatchSummary]:
        """Every stored match as a listing line, newest first (read from the index).

        The listing reconciles the folder with what it lists (a lone backup restored, a file
        in the wrong place moved where it belongs, a second copy of a match moved aside, each
        with a notice). The matches it cannot use are left out and named, every time, in
        `unreadable` and in a `store.notice.unreadable` notice.
        """
        result = self._listing.summaries()
        told = {n.params.get("id") for n in self.notices if n.code == "store.notice.lost"}
        items = [[i, why, where] for i, (why, where) in sorted(self.unreadable.items())
                 if i not in told]
        notice = Notice("store.notice.unreadable", {"matches": items})
        if items and notice not in self.notices[-1:]:
            self.notices.append(notice)
        return result

    @property
    def unreadable(self) -> dict[str, tuple[str, str]]:
        """The matches the last listing could not use: id -> (why, where); why is "damaged"
        (the damaged file is kept at where), "newer" (saved by a newer Vicaire) or
        "unusable" (the file cannot be read or put right here, e.g. a read-only folder)."""
        return dict(self._listing.tidy.unreadable)

    def latest_unfinished(self) -> StoredMatch | None:
        """The most recently changed match still in progress (simulated ones left out)."""
        latest = latest_live(self.summaries())
        if latest is None:
            return None
        try:
            return self.get(latest.id)
        except VicaireError:
            return None

    def player_names(self) -> list[str]:
        """Distinct player names, most recently played first (people only: the bots of
        simulated matches are left out)."""
        seen: set[str] = set()
        names: list[str] = []
        for summary in sorted(self.summaries(), key=lambda s: s.updated, reverse=True):
            if summary.simulated:
                continue
            for name in summary.players:
                if name.casefold() not in seen:
                    seen.add(name.casefold())
                    names.append(name)
        return names

    # --------------------------------------------------------------- writing

    def _write(self, stored: StoredMatch) -> None:
        """Store a match (lock held): its new listing line is journaled, then its file replaced.

        The line goes to the journal once the new file is on disk under its temporary name
        and before it replaces the match file, with the stamp the match file will then have.
        """
        shard = self._folder.match_path(stored.id).parent
        shard.mkdir(parents=True, exist_ok=True)
        # The lock is held: any temporary file there is a killed or failed write's.
        sweep_temporaries(shard, older_than=None)
        sweep_temporaries(self.folder / "index", older_than=None)
        self._listing.ensure_journal()  # (its first check lists this shard too)
        size: list[int | None] = []

        def journal(status: os.stat_result) -> None:
            size.append(self._listing.claim(stored.id, line_of(stored, status)))

        with self._around_commit():
            self._files.write(stored, journal)
        if size and (size[-1] or 0) > self.journal_limit:
            # The deal is recorded: if compacting fails, the journal stays longer and the
            # next writer tries again.
            with suppress(OSError, VicaireError):
                self._listing.compact()

    def create(self, match: Match, name: str = "", simulated: bool = False,
               match_id: str | None = None,
               deal_times: tuple[str | None, ...] = ()) -> StoredMatch:
        """Store a new match (it may already hold deals, recorded at `deal_times`, unknown
        where not given); returns it with its new id, or with `match_id` (an imported match
        keeps its id; refused if the history has it)."""
        name = check_name(name)
        status = status_after(match)
        stamp = now()
        if match_id is not None and not MATCH_FILE.match(f"{match_id}.json"):
            raise VicaireError("store.bad_id", id=shown(str(match_id)))
        with self._folder.locked():
            if match_id is not None and self._folder.match_path(match_id).exists():
                raise VicaireError("store.taken", id=match_id)
            while match_id is None or self._folder.match_path(match_id).exists():
                match_id = new_id()
            stored = StoredMatch(
                id=match_id, name=name, match=match, status=status,
                created=stamp, updated=stamp, revision=1, corrections=(),
                simulated=bool(simulated), deal_times=tuple(deal_times))
            with self._folder.guard():
                self._write(stored)
        return stored

    def restore(self, stored: StoredMatch) -> StoredMatch:
        """Store a whole match as it is given (id, name, status, times, corrections): a new
        one, or in place of the match of that id, whole. Its revision is made higher than
        the replaced match's, so that a window showing that match sees it changed."""
        with self._folder.locked(), self._folder.guard():
            try:
                before = self._files.load(stored.id)
            except VicaireError as exc:
                if exc.code != "store.not_found":
                    raise
            else:
                stored = replace(stored, revision=max(stored.revision, before.revision + 1))
            self._write_many([stored])
        return stored

    def import_matches(self, incoming: Sequence[Incoming], copy_name: Callable[[str], str],
                       as_new: bool = False) -> list[Imported]:
        """Bring matches read from files into the history, under one lock, stored together
        (scorekeeper.store.merge says what each becomes; `copy_name` names the copy of a
        match that diverged). Each match is left as it was or stored whole."""
        from scorekeeper.store.merge import Planner

        with self._folder.locked(), self._folder.guard():
            shapes: dict[tuple[tuple[str, ...], int], list[str]] | None = None

            def twins(players: tuple[str, ...], deals: int) -> list[str]:
                nonlocal shapes
                if shapes is None:
                    shapes = {}
                    for line in self.summaries():
                        shapes.setdefault((tuple(line.players), line.deals), []).append(line.id)
                return shapes.get((tuple(players), deals), [])

            def load(match_id: str) -> StoredMatch | None:
                try:
                    return self._files.load(match_id)
                except VicaireError as exc:
                    if exc.code == "store.not_found":
                        return None
                    raise

            def fresh_id() -> str:
                match_id = new_id()
                while self._folder.match_path(match_id).exists():
                    match_id = new_id()
                return match_id

            planner = Planner(load, twins, fresh_id, now(), copy_name, as_new)
            results = [planner.add(item) for item in incoming]
            self._write_many(planner.writes)
        return results

    def _write_many(self, matches: Sequence[StoredMatch], batch: int = 2000) -> None:
        """Store many matches (lock held), a batch at a time, each file whole."""
        self._listing.ensure_journal()
        size: int | None = None

        def journal(written: list[tuple[StoredMatch, os.stat_result]]) -> None:
            nonlocal size
            size = self._listing.journal.append_many([
                {"id": stored.id, "line": line_of(stored, status)}
                for stored, status in written])

        for start in range(0, len(matches), batch):
            with self._around_commit():
                self._files.write_many(matches[start:start + batch], journal)
        if (size or 0) > self.journal_limit:
            with suppress(OSError, VicaireError):
                self._listing.compact()

    def _change(self, match_id: str, expected_revision: int | None,
                change: Callable[[StoredMatch], StoredMatch | None]) -> StoredMatch:
        """Read-modify-write under the lock; a stale revision or a refusal changes nothing."""
        key = self._folder.resolve(match_id)
        with self._folder.locked():
            current = self._files.load(key)
            if expected_revision is not None and expected_revision != current.revision:
                raise VicaireError("store.stale", deals=len(current.match.deals),
                                   revision=current.revision, current=current)
            changed = change(current)
            if changed is None:
                return current
            stored = replace(changed, revision=current.revision + 1, updated=now())
            with self._folder.guard():
                self._write(stored)
        return stored

    @staticmethod
    def _writable(current: StoredMatch) -> None:
        if current.status == "abandoned":
            raise VicaireError("store.abandoned")

    @staticmethod
    def _not_won(current: StoredMatch, code: str = "store.finished") -> None:
        state = current.state
        if state.winner is not None:
            raise VicaireError(code, id=current.id, winner=state.players[state.winner])

    def add_deal(self, match_id: str, deal: Any,
                 expected_revision: int | None = None) -> StoredMatch:
        """Record one more deal; refuses a bad deal, a finished or a changed match."""
        def change(current: StoredMatch) -> StoredMatch:
            self._writable(current)
            self._not_won(current)
            match = current.match.add_deal(deal)
            return replace(current, match=match, status=status_after(match),
                           deal_times=(*current.times, now()))
        return self._change(match_id, expected_revision, change)

    def undo(self, match_id: str, expected_revision: int | None = None) -> StoredMatch:
        """Remove the last deal; the removal is logged as a correction."""
        def change(current: StoredMatch) -> StoredMatch:
            self._writable(current)
            deals = current.match.deals
            if not deals:
                raise VicaireError("store.no_deal")
            match = current.match.remove_deal(len(deals))
            fix = Correction(kind="undo", deal=len(deals), before=deals[-1], after=None,
                             at=now())
            return replace(current, match=match, status=status_after(match),
                           corrections=(*current.corrections, fix),
                           deal_times=current.times[:-1])
        return self._change(match_id, expected_revision, change)

    def edit_deal(self, match_id: str, number: int, deal: Any,
                  expected_revision: int | None = None) -> StoredMatch:
        """Replace deal `number` (1-based) and recompute everything after it; logged."""
        from scorekeeper.rules import validate_deal

        def change(current: StoredMatch) -> StoredMatch | None:
            self._writable(current)
            deals = current.match.deals
            match = current.match.replace_deal(number, deal)
            new = validate_deal(deal, number)
            if new == deals[number - 1]:
                return None
            fix = Correction(kind="edit", deal=number, before=deals[number - 1], after=new,
                             at=now())
            return replace(current, match=match, status=status_after(match),
                           corrections=(*current.corrections, fix))
        return self._change(match_id, expected_revision, change)

    def abandon(self, match_id: str, expected_revision: int | None = None) -> StoredMatch:
        """Mark a match in progress as abandoned: it stays in the history, closed."""
        def change(current: StoredMatch) -> StoredMatch:
            self._writable(current)
            self._not_won(current, "store.won")
            fix = Correction(kind="abandon", deal=len(current.match.deals), before=None,
                             after=None, at=now())
            return replace(current, status="abandoned",
                           corrections=(*current.corrections, fix))
        return self._change(match_id, expected_revision, change)

    def delete(self, match_id: str) -> None:
        """Remove a match and its backup from the history for good."""
        key = self._folder.resolve(match_id)
        with self._folder.locked():
            if not self._folder.match_path(key).exists():
                raise VicaireError("store.not_found", id=key)
            with self._folder.guard():
                self._listing.ensure_journal()
                with self._around_commit():
                    self._listing.claim(key)
                    self._files.delete(key)
