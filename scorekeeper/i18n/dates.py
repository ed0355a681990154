"""Dates as Vicaire shows them (screens, notices): local time, to the minute or to the day."""

from __future__ import annotations

from datetime import datetime, timezone


def local_time(stamp: str) -> str:
    """`2026-03-14 20:15` in local time, from an ISO 8601 stamp (the stamp as is if unreadable)."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp[:16]
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def local_date(stamp: str) -> str:
    """`2026-03-14`, the local day of an ISO 8601 stamp (a match played at 00:30 in Paris is
    dated that day, not the day before as its UTC stamp reads)."""
    return local_time(stamp)[:10]
