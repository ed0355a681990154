"""What a match file says about a match besides its deals: the history's knowledge of it.

`vicaire export` writes, after the players, rules and deals of the match file:

    "id"           8 characters 0-9 a-f
    "name"         the match's name (only when it has one)
    "status"       "in_progress", "won" or "abandoned" (won exactly when the deals say so)
    "simulated"    true for a match the bots played
    "created", "updated"   when the match began and last changed (ISO 8601, UTC)
    "deal_times"   when each deal was recorded, one per deal (null: not known)
    "corrections"  the log of changes: {"kind": "edit" | "undo" | "abandon", "deal": number,
                   "before": deal or null, "after": deal or null, "at": time}

Each is optional (a file without them imports as before) and checked strictly: a file that
gives one wrongly is refused whole.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from typing import Any

from scorekeeper.errors import VicaireError
from scorekeeper.formats.matchfile import match_from_dict, match_to_dict
from scorekeeper.rules import replay, validate_deal
from scorekeeper.store.merge import Incoming
from scorekeeper.store.records import STATUSES, Correction, StoredMatch, check_name

STAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})")
KINDS = ("edit", "undo", "abandon")
MAX_DEAL_NUMBER = 10**9


def stored_to_dict(stored: StoredMatch) -> dict[str, Any]:
    """The match file of a stored match, with everything the history knows about it."""
    extra: dict[str, Any] = {"id": stored.id}
    if stored.name:
        extra["name"] = stored.name
    extra.update(status=stored.status, simulated=stored.simulated, created=stored.created,
                 updated=stored.updated)
    data = match_to_dict(stored.match, **extra)
    data["deal_times"] = list(stored.times)
    data["corrections"] = [
        {"kind": c.kind, "deal": c.deal,
         "before": None if c.before is None else list(c.before),
         "after": None if c.after is None else list(c.after), "at": c.at}
        for c in stored.corrections]
    return data


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)[:30]


def stamp_of(value: Any, key: str) -> str:
    """An ISO 8601 time with its zone (or Z), as Vicaire writes it: UTC, to the millisecond."""
    when = None
    if isinstance(value, str) and STAMP.fullmatch(value):
        try:
            when = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            when = None
    if when is None or not 1970 <= when.year <= 9998:
        raise VicaireError("file.time", key=key, value=_value(value))
    stamp = when.astimezone(timezone.utc).isoformat(timespec="milliseconds")
    return stamp.replace("+00:00", "Z")


def _flag(data: dict[str, Any], key: str) -> bool | None:
    value = data.get(key)
    if value is None and key not in data:
        return None
    if not isinstance(value, bool):
        raise VicaireError("file.flag", key=key, value=_value(value))
    return value


def _stamp(data: dict[str, Any], key: str) -> str | None:
    return stamp_of(data[key], key) if key in data else None


def _deal_times(data: dict[str, Any], deals: int) -> tuple[str | None, ...] | None:
    if "deal_times" not in data:
        return None
    times = data["deal_times"]
    if not isinstance(times, list):
        raise VicaireError("file.list", key="deal_times")
    if len(times) != deals:
        raise VicaireError("file.deal_times", count=deals, times=len(times))
    return tuple(None if t is None else stamp_of(t, "deal_times") for t in times)


def _deal_or_none(value: Any) -> Any:
    return None if value is None else validate_deal(value)


def _correction(item: Any, number: int) -> Correction:
    if not isinstance(item, dict) or set(item) - {"kind", "deal", "before", "after", "at"}:
        raise VicaireError("file.correction", number=number)
    kind, deal = item.get("kind"), item.get("deal")
    if kind not in KINDS or isinstance(deal, bool) or not isinstance(deal, int) or not (
            0 <= deal <= MAX_DEAL_NUMBER) or "at" not in item:
        raise VicaireError("file.correction", number=number)
    try:
        before, after = _deal_or_none(item.get("before")), _deal_or_none(item.get("after"))
    except VicaireError:
        raise VicaireError("file.correction", number=number) from None
    return Correction(kind=kind, deal=deal, before=before, after=after,
                      at=stamp_of(item["at"], "corrections"))


def _corrections(data: dict[str, Any]) -> tuple[Correction, ...] | None:
    if "corrections" not in data:
        return None
    items = data["corrections"]
    if not isinstance(items, list):
        raise VicaireError("file.list", key="corrections")
    return tuple(_correction(item, n) for n, item in enumerate(items, start=1))


def _status(data: dict[str, Any], finished: bool) -> str | None:
    if "status" not in data:
        return None
    status = data["status"]
    if not isinstance(status, str) or status not in STATUSES:
        raise VicaireError("file.status", value=_value(status))
    if (status == "won") != finished:
        raise VicaireError("file.status_won" if finished else "file.status_not_won",
                           value=_value(status))
    return status


def _name(data: dict[str, Any]) -> str | None:
    if "name" not in data:
        return None
    return check_name(data["name"])


def incoming_of(data: Any) -> Incoming:
    """A match file object read whole: its match (every deal checked by replaying) and
    what the file says about it."""
    match = match_from_dict(data)
    state = replay(match)
    match_id = data.get("id")  # (checked by match_from_dict)
    return Incoming(
        match=match, state=state, id=match_id, name=_name(data),
        status=_status(data, state.finished), simulated=_flag(data, "simulated"),
        created=_stamp(data, "created"), updated=_stamp(data, "updated"),
        deal_times=_deal_times(data, len(match.deals)), corrections=_corrections(data),
    )
