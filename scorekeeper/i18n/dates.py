"""Dates as Vicaire shows them (screens, listings, CSV, notices): local time, written as each
language writes a date (Babel's locale data: `4 déc. 2026, 20:15`, `4 Dec 2026, 20:15`).

Machine outputs (`--json`, match files) keep the ISO 8601 UTC stamps; these are for people.
Babel is imported on first use, not when the app starts.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING

from scorekeeper.stamps import parse_stamp

if TYPE_CHECKING:
    from babel import Locale

# The locale whose way of writing dates each language takes: English as written in Britain
# and most of the world (day, month, year; a 24-hour clock), French as in France.
LOCALES = {"en": "en_GB", "fr": "fr_FR"}


@cache
def _locale(lang: str) -> Locale:
    from babel import Locale

    return Locale.parse(LOCALES.get(lang, LOCALES["en"]))


def moment(stamp: str) -> datetime | None:
    """The moment of an ISO 8601 stamp (UTC when it names no zone), in local time; None if the
    stamp is not one."""
    when = parse_stamp(stamp)
    return None if when is None else when.astimezone()


def when_text(stamp: str, lang: str = "en") -> str:
    """The day and time, in local time (`4 Dec 2026, 20:15`, `4 déc. 2026, 20:15`); the
    stamp as is if it is not one."""
    when = moment(stamp)
    if when is None:
        return str(stamp)[:16]
    from babel.dates import format_date, format_time

    locale = _locale(lang)
    pattern = locale.datetime_formats["medium"]
    return str(pattern).format(format_time(when, "short", locale=locale),
                               format_date(when, "medium", locale=locale))


# The medium date of each language's locale (`d MMM y` in both), as Babel's locale data writes
# it, with its months' abbreviations: home dates its last matches in its first frame, and
# loading Babel and that data is a tenth of the app's start-up. tests/i18n/test_dates.py checks
# these against Babel's data for every month.
DAY_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"),
    "fr": ("janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
           "nov.", "déc."),
}


def day_text(stamp: str, lang: str = "en") -> str:
    """The local day (`4 Dec 2026`, `4 déc. 2026`): a match played at 00:30 in Paris is dated
    that day, not the day before as its UTC stamp reads."""
    when = moment(stamp)
    if when is None:
        return str(stamp)[:10]
    months = DAY_MONTHS.get(lang)
    if months is not None:  # (Babel's medium date, `d MMM y`: see DAY_MONTHS)
        return f"{when.day} {months[when.month - 1]} {when.year}"
    from babel.dates import format_date

    return format_date(when, "medium", locale=_locale(lang))


def clock_text(stamp: str, lang: str = "en") -> str:
    """The local time of day (`20:15`)."""
    when = moment(stamp)
    if when is None:
        return str(stamp)[11:16]
    from babel.dates import format_time

    return format_time(when, "short", locale=_locale(lang))


def duration_text(seconds: int, lang: str = "en") -> str:
    """A time played, to the minute: `1 h 25 min` in French, `1 hr 25 mins` in English;
    under a minute, "less than a minute" (never "0 min")."""
    from babel.units import format_unit

    from scorekeeper.i18n import tr

    if seconds < 60:
        return tr(lang, "less than a minute")
    locale = _locale(lang)
    minutes = round(seconds / 60)
    hours, minutes = divmod(minutes, 60)
    parts = []
    if hours:
        parts.append(format_unit(hours, "duration-hour", length="short", locale=locale))
    if minutes or not hours:
        parts.append(format_unit(minutes, "duration-minute", length="short", locale=locale))
    return " ".join(parts)

