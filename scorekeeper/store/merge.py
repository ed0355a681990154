"""Bringing matches from another history into this one (`History.import_matches`).

A match read from a file (`Incoming`) says what the file says about it: its deals always, its
id, name, status, times and corrections when the file carries them (an export does; a file
written by hand or by an older Vicaire may not). Against the match of the same id already
here, it is one of:

- the same (everything the file says is what the history holds): left alone;
- a later version (the history's match went on elsewhere: more deals, corrections made after
  the ones here, a later change): the history's match is brought up to date;
- an earlier version (the history's match went on here since): left alone;
- diverged (played on both sides since they parted): both kept, the file's as a copy under a
  new id and a name saying where it came from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from scorekeeper.stamps import parse_stamp
from scorekeeper.store.records import Correction, StoredMatch, status_of

if TYPE_CHECKING:
    from scorekeeper.rules import Match, MatchState


@dataclass(frozen=True)
class Incoming:
    """A match read from a file; None where the file does not say."""

    match: Match
    state: MatchState[Match]
    id: str | None = None
    name: str | None = None
    status: str | None = None
    simulated: bool | None = None
    created: str | None = None
    updated: str | None = None
    deal_times: tuple[str | None, ...] | None = None
    corrections: tuple[Correction, ...] | None = None


# What became of one imported match (Imported.kind).
NEW, SAME, UPDATED, OLDER, COPY = "new", "same", "updated", "older", "copy"


@dataclass(frozen=True)
class Imported:
    """One match of a file, once imported: what was done, the match the history now holds
    for it (for COPY, the copy) and, for UPDATED and COPY, the match it was compared with."""

    kind: str
    stored: StoredMatch
    before: StoredMatch | None = None


def complete(incoming: Incoming, base: StoredMatch | None, match_id: str,
             stamp: str) -> StoredMatch:
    """The stored match a file gives: what it says, the rest from `base` (the history's match
    of the same id) where there is one, else the defaults of a match stored now."""
    match, state = incoming.match, incoming.state
    deals = len(match.deals)
    if incoming.deal_times is not None:
        times = incoming.deal_times
    elif base is not None:
        kept = 0
        while kept < min(deals, len(base.match.deals)) and (
                base.match.deals[kept] == match.deals[kept]):
            kept += 1
        times = base.times[:kept] + (None,) * (deals - kept)
    else:
        times = (None,) * deals
    status = incoming.status
    if status is None:
        abandoned = base is not None and base.status == "abandoned" and base.match == match
        status = status_of(state, abandoned)
    old_name, old_created, old_corrections, old_simulated = (
        (base.name, base.created, base.corrections, base.simulated) if base is not None
        else (None, None, None, None))
    stored = StoredMatch(
        id=match_id,
        name=_pick(incoming.name, old_name, ""),
        match=match, status=status,
        created=_pick(incoming.created, old_created, stamp),
        updated=stamp, revision=1,
        corrections=_pick(incoming.corrections, old_corrections, ()),
        simulated=bool(_pick(incoming.simulated, old_simulated, False)),
        deal_times=tuple(times),
    )
    if incoming.updated is not None:
        return replace(stored, updated=incoming.updated)
    if base is not None and _same(stored, replace(base, updated=stamp)):
        return replace(stored, updated=base.updated)  # the file says nothing new
    return stored


T = TypeVar("T")


def _pick(given: T | None, kept: T | None, default: T) -> T:
    if given is not None:
        return given
    return kept if kept is not None else default


def _key(stored: StoredMatch) -> tuple[object, ...]:
    return (stored.match, stored.name, stored.status, stored.simulated, stored.created,
            stored.updated, stored.times, stored.corrections)


def _same(a: StoredMatch, b: StoredMatch) -> bool:
    return _key(a) == _key(b)


def _moment(stamp: str) -> float:
    when = parse_stamp(stamp)
    return when.timestamp() if when is not None else 0.0


def continues(later: StoredMatch, earlier: StoredMatch, timed: bool = True) -> bool:
    """True when `later` is `earlier` with changes made after it, nothing taken back: the
    same match (players, rules, first dealer, start), its corrections followed by more, its
    deals kept except where those corrections changed them, and (`timed`) not changed before
    it. An abandoned match is not taken up again."""
    lm, em = later.match, earlier.match
    if (lm.players, lm.rules, lm.first_dealer, later.created) != (
            em.players, em.rules, em.first_dealer, earlier.created):
        return False
    if later.corrections[:len(earlier.corrections)] != earlier.corrections:
        return False
    if timed and _moment(later.updated) < _moment(earlier.updated):
        return False
    if earlier.status == "abandoned" and later.status != "abandoned":
        return False
    new = later.corrections[len(earlier.corrections):]
    undone = min((c.deal for c in new if c.kind == "undo"), default=None)
    edited = {c.deal for c in new if c.kind == "edit"}
    if undone is None and len(lm.deals) < len(em.deals):
        return False
    for number, deal in enumerate(em.deals, start=1):
        if undone is not None and number >= undone:
            break
        if number in edited:
            continue
        if number > len(lm.deals) or lm.deals[number - 1] != deal:
            return False
    return True


def relate(incoming: Incoming, file_match: StoredMatch, here: StoredMatch) -> str:
    """SAME, UPDATED (the file's is later), OLDER (the history's is later) or COPY
    (diverged) for the file's match against the history's match of the same id."""
    if _same(file_match, here):
        return SAME
    timed = incoming.updated is not None
    if continues(file_match, here, timed) and not continues(here, file_match, timed):
        return UPDATED
    if continues(here, file_match, timed):
        return OLDER
    return COPY


class Planner:
    """Decides, for each match of an import, what is stored: `load(id)` reads the history's
    match of an id (None: there is none), `twins(players, deals)` the ids of the history's
    matches with these players and this many deals, `fresh_id()` a new id."""

    def __init__(self, load: Callable[[str], StoredMatch | None],
                 twins: Callable[[tuple[str, ...], int], list[str]],
                 fresh_id: Callable[[], str], stamp: str,
                 copy_name: Callable[[str], str], as_new: bool = False) -> None:
        self.load, self.twins, self.fresh_id = load, twins, fresh_id
        self.stamp, self.copy_name, self.as_new = stamp, copy_name, as_new
        self.planned: dict[str, StoredMatch] = {}  # what this import stores, by id
        self.shapes: dict[tuple[tuple[str, ...], int], list[str]] = {}  # (players, deals)
        self.writes: list[StoredMatch] = []

    def current(self, match_id: str) -> StoredMatch | None:
        if match_id in self.planned:
            return self.planned[match_id]
        return self.load(match_id)

    def _store(self, stored: StoredMatch) -> None:
        self.planned[stored.id] = stored
        shape = (stored.match.players, len(stored.match.deals))
        self.shapes.setdefault(shape, []).append(stored.id)
        self.writes.append(stored)

    def _twin(self, stored: StoredMatch, timed: bool) -> StoredMatch | None:
        """A match already here that is this one (a copy imported before, a file without an
        id imported before): the same deals, and the same start when the file gives it."""
        if not stored.match.deals:
            return None
        shape = (stored.match.players, len(stored.match.deals))
        found = [*self.twins(*shape), *self.shapes.get(shape, ())]
        for match_id in found:
            there = self.current(match_id)
            if there is not None and there.match == stored.match and (
                    not timed or there.created == stored.created):
                return there
        return None

    def _new(self, incoming: Incoming, name: str | None = None) -> Imported:
        stored = complete(incoming, None, "", self.stamp)
        if name is not None:
            stored = replace(stored, name=name)
        twin = None if self.as_new else self._twin(stored, incoming.created is not None)
        if twin is not None:
            return Imported(SAME, twin)
        match_id = self.fresh_id()
        while match_id in self.planned:
            match_id = self.fresh_id()
        stored = replace(stored, id=match_id)
        self._store(stored)
        return Imported(NEW, stored)

    def add(self, incoming: Incoming) -> Imported:
        """Plan one match of the file."""
        if self.as_new or incoming.id is None:
            return self._new(incoming)
        here = self.current(incoming.id)
        if here is None:
            stored = complete(incoming, None, incoming.id, self.stamp)
            self._store(stored)
            return Imported(NEW, stored)
        file_match = complete(incoming, here, here.id, self.stamp)
        kind = relate(incoming, file_match, here)
        if kind == UPDATED:
            stored = replace(file_match, revision=here.revision + 1)
            self._store(stored)
            return Imported(UPDATED, stored, here)
        if kind in (SAME, OLDER):
            return Imported(kind, here)
        copy = self._new(incoming, self.copy_name(file_match.name))
        if copy.kind == SAME:
            return Imported(SAME, copy.stored, here)  # the copy made by an import before
        return Imported(COPY, copy.stored, here)
