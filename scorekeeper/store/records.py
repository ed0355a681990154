"""The stored values: a match with its history data, its corrections, its summary line."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.errors import VicaireError
from scorekeeper.stamps import parse_stamp

if TYPE_CHECKING:
    from scorekeeper.rules import Deal, DealLog, Match, MatchState

# The rules engine is imported where a match is read or replayed, not here: the listing
# lines (MatchSummary) are read without it.

SCHEMA = 1
MAX_MATCH_NAME = 80
STATUSES = ("in_progress", "won", "abandoned")
PAUSE = 3600  # seconds: a longer gap between two deals is a pause, left out of a duration


def now() -> str:
    """The current time, ISO 8601 UTC with milliseconds."""
    stamp = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
    return stamp.replace("+00:00", "Z")


def new_id() -> str:
    """A short, typeable id: 8 lowercase hex digits."""
    import secrets

    return secrets.token_hex(4)


def played_seconds(times: tuple[str | None, ...] | list[str | None]) -> int | None:
    """How long a match was played, from its deals' times: the gaps between deals recorded one
    after the other, leaving out pauses (gaps over PAUSE seconds), so that a match played over
    two evenings is not a day long. None when fewer than one deal has a time."""
    moments = [parse_stamp(t) for t in times]
    if not any(moments):
        return None
    total = 0.0
    for before, after in zip(moments, moments[1:], strict=False):
        if before is None or after is None:
            continue
        gap = (after - before).total_seconds()
        if 0 <= gap <= PAUSE:
            total += gap
    return round(total)


def check_name(name: Any) -> str:
    """A match name: printable text of at most MAX_MATCH_NAME characters (may be empty),
    cleaned as a player's name is (blanks around it removed; no control character, nor line
    or paragraph separator)."""
    if not isinstance(name, str):
        raise VicaireError("store.name", limit=MAX_MATCH_NAME)
    from scorekeeper.rules.parts import clean_name, is_control  # (the rules: when writing)

    cleaned = clean_name(name)
    if len(cleaned) > MAX_MATCH_NAME or any(is_control(ch) for ch in cleaned):
        raise VicaireError("store.name", limit=MAX_MATCH_NAME)
    return cleaned


class Correction(NamedTuple):
    """One change to an already recorded deal log: an edit, an undo, an abandon. (The
    records read as the app starts are named tuples: a frozen dataclass costs the start a
    third of a millisecond to make, each; StoredMatch keeps its replayed state, which a
    tuple cannot.)"""

    kind: str
    deal: int
    before: Deal | None
    after: Deal | None
    at: str


@dataclass(frozen=True)
class StoredMatch:
    """A match as kept in the history: its deal log plus name, times, status and revision."""

    id: str
    name: str
    match: Match
    status: str
    created: str
    updated: str
    revision: int
    corrections: tuple[Correction, ...] = ()
    simulated: bool = False
    # When each deal was recorded (ISO 8601 UTC), one per deal; None for a deal recorded
    # before Vicaire kept deal times. Shorter than the deals only in hand-made values: read
    # through `times`.
    deal_times: tuple[str | None, ...] = ()

    @property
    def times(self) -> tuple[str | None, ...]:
        """One time (or None) per deal, in order."""
        count = len(self.match.deals)
        times = self.deal_times[:count]
        return times + (None,) * (count - len(times))

    @property
    def first_played(self) -> str | None:
        """When the first deal with a known time was recorded."""
        return next((t for t in self.times if t), None)

    @property
    def last_played(self) -> str | None:
        """When the last deal with a known time was recorded."""
        return next((t for t in reversed(self.times) if t), None)

    @cached_property
    def state(self) -> MatchState[Match]:
        """The replayed match (computed once)."""
        from scorekeeper.rules import replay

        return replay(self.match)

    def scored(self) -> StoredMatch:
        """This match, its state worked out now (e.g. on the thread that read or wrote it,
        so that the app's UI thread only shows it)."""
        self.state  # noqa: B018 - computed once, then kept
        return self


class MatchSummary(NamedTuple):
    """One line of the history listing, kept in the index so listing needs no replay."""

    id: str
    name: str
    players: tuple[str, str, str]
    status: str
    points: tuple[int, int, int]
    winner: int | None
    deals: int
    created: str
    updated: str
    simulated: bool
    round: int = 1  # the round being played (the last one, once the match is over)
    first_played: str | None = None  # the first deal's time, where deal times are known
    last_played: str | None = None  # the last deal's time, where deal times are known
    seconds: int | None = None  # time played (played_seconds), where deal times are known

    @property
    def played(self) -> str:
        """When the match was last played: its last deal's time, else its last change."""
        return self.last_played or self.updated


def status_of(state: MatchState[DealLog], abandoned: bool = False) -> str:
    """won when replay says so, abandoned when asked, else in_progress."""
    if state.finished:
        return "won"
    return "abandoned" if abandoned else "in_progress"


def status_after(match: Match) -> str:
    """The status of a match in progress once replayed: won or in_progress."""
    from scorekeeper.rules import replay

    return status_of(replay(match))


def _deal(value: Any) -> Deal | None:
    return None if value is None else (int(value[0]), int(value[1]), int(value[2]))


def record_to_dict(stored: StoredMatch) -> dict[str, Any]:
    """The JSON document of a stored match (schema SCHEMA)."""
    m = stored.match
    return {
        "schema": SCHEMA, "id": stored.id, "name": stored.name,
        "players": list(m.players), "first_dealer": m.first_dealer,
        "rules": {"target": m.rules.target, **m.rules.variants()},
        "deals": [list(d) for d in m.deals],
        "status": stored.status, "created": stored.created, "updated": stored.updated,
        "revision": stored.revision, "simulated": stored.simulated,
        "deal_times": list(stored.times),
        "corrections": [
            {"kind": c.kind, "deal": c.deal,
             "before": None if c.before is None else list(c.before),
             "after": None if c.after is None else list(c.after), "at": c.at}
            for c in stored.corrections
        ],
    }


def _from_schema_0(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 (early builds): no schema key, no corrections, no simulated flag."""
    doc = dict(doc)
    doc.setdefault("corrections", [])
    doc.setdefault("simulated", False)
    doc.setdefault("revision", 1)
    doc["schema"] = 1
    return doc


# From schema N to N + 1; add a step here when the record changes shape.
MIGRATIONS = {0: _from_schema_0}


def migrate(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring a stored document up to SCHEMA; refuse one written by a newer Vicaire."""
    version = doc.get("schema", 0)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ValueError("bad schema")
    if version > SCHEMA:
        raise VicaireError("store.newer", id=str(doc.get("id", "?"))[:12], schema=version)
    while version < SCHEMA:
        doc = MIGRATIONS[version](doc)
        version = doc["schema"]
    return doc


def _readable_players(names: Any) -> tuple[Any, ...]:
    """The stored names as a match takes them. An older Vicaire took names that draw nothing
    (a Hangul filler) and line separators: such a match stays readable, a blank name shown as
    its seat (#2) and a separator as a space (the match file keeps them until it changes)."""
    from scorekeeper.rules.parts import clean_name

    if not isinstance(names, (list, tuple)):
        return tuple(names)
    readable = []
    for seat, name in enumerate(names, start=1):
        if isinstance(name, str):
            name = name.replace("\u2028", " ").replace("\u2029", " ")
            name = name if clean_name(name) else f"#{seat}"
        readable.append(name)
    return tuple(readable)


def record_from_dict(doc: Any) -> StoredMatch:
    """Read a stored document; ValueError/TypeError/KeyError/VicaireError if it is not one."""
    from scorekeeper.rules import Match, RuleSet

    if not isinstance(doc, dict):
        raise ValueError("not an object")
    doc = migrate(doc)
    rules = RuleSet.from_variants(doc["rules"])
    match = Match(players=_readable_players(doc["players"]), rules=rules,
                  first_dealer=doc["first_dealer"], deals=tuple(doc["deals"]))
    status = doc["status"]
    if status not in STATUSES:
        raise ValueError("bad status")
    corrections = tuple(
        Correction(kind=str(c["kind"]), deal=int(c["deal"]), before=_deal(c.get("before")),
                   after=_deal(c.get("after")), at=str(c["at"]))
        for c in doc["corrections"]
    )
    revision = doc["revision"]
    if not isinstance(revision, int) or isinstance(revision, bool):
        raise ValueError("bad revision")
    times = doc.get("deal_times") or []
    if not isinstance(times, list):
        raise ValueError("bad deal times")
    deal_times = tuple(t if isinstance(t, str) else None for t in times)
    return StoredMatch(
        id=str(doc["id"]), name=str(doc["name"]), match=match, status=status,
        created=str(doc["created"]), updated=str(doc["updated"]), revision=revision,
        corrections=corrections, simulated=bool(doc["simulated"]), deal_times=deal_times,
    )


def summary_of(stored: StoredMatch) -> MatchSummary:
    """The listing line of a stored match (replays it once)."""
    state = stored.state
    return MatchSummary(
        id=stored.id, name=stored.name, players=stored.match.players, status=stored.status,
        points=state.points, winner=state.winner, deals=len(stored.match.deals),
        created=stored.created, updated=stored.updated, simulated=stored.simulated,
        round=state.current.number, first_played=stored.first_played,
        last_played=stored.last_played, seconds=played_seconds(stored.times),
    )


def summary_to_dict(summary: MatchSummary) -> dict[str, Any]:
    """The index document of a summary."""
    return {
        "id": summary.id, "name": summary.name, "players": list(summary.players),
        "status": summary.status, "points": list(summary.points), "winner": summary.winner,
        "deals": summary.deals, "created": summary.created, "updated": summary.updated,
        "simulated": summary.simulated, "round": summary.round,
        "first_played": summary.first_played, "last_played": summary.last_played,
        "seconds": summary.seconds,
    }


def summary_from_dict(doc: dict[str, Any]) -> MatchSummary:
    """Read an index document (KeyError/TypeError/ValueError if it is not one)."""
    players, points = doc["players"], doc["points"]
    if len(players) != 3 or len(points) != 3:
        raise ValueError("not three players")
    return MatchSummary(
        id=doc["id"], name=doc["name"], players=tuple(players), status=doc["status"],
        points=tuple(points), winner=doc["winner"], deals=doc["deals"],
        created=doc["created"], updated=doc["updated"], simulated=doc["simulated"],
        round=doc["round"], first_played=doc.get("first_played"),
        last_played=doc.get("last_played"), seconds=doc.get("seconds"),
    )


def latest_live(summaries: list[MatchSummary]) -> MatchSummary | None:
    """The most recently changed match still in progress (simulated ones left out)."""
    live = [s for s in summaries if s.status == "in_progress" and not s.simulated]
    return max(live, key=lambda s: (s.updated, s.created), default=None)
