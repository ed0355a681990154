"""Reading the ISO 8601 stamps Vicaire writes (UTC, `2026-12-04T20:15:00.000Z`): one reading for
the history, the statistics and the dates shown to people. Nothing here imports another part of
Vicaire."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any


def parse_stamp(stamp: Any) -> datetime | None:
    """The moment of an ISO 8601 stamp (UTC when it names no zone); None if it is not one."""
    if not isinstance(stamp, str):
        return None
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)
