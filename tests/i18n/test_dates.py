"""Dates as each language writes them, in the user's time zone (Babel's locale data)."""

import os
import time

import pytest

from scorekeeper.i18n.dates import (
    DAY_MONTHS,
    LOCALES,
    _locale,
    clock_text,
    day_text,
    duration_text,
    when_text,
)


@pytest.fixture
def zone():
    """Set the process's time zone (TZ) for one test, and put it back after."""
    before = os.environ.get("TZ")

    def set_zone(name):
        os.environ["TZ"] = name
        time.tzset()

    yield set_zone
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_a_deal_at_2330_utc_is_the_next_day_in_paris_and_the_same_day_in_new_york(zone):
    zone("Europe/Paris")
    assert when_text("2026-12-04T23:30:00Z", "fr") == "5 déc. 2026, 00:30"
    assert day_text("2026-12-04T23:30:00.000Z", "en") == "5 Dec 2026"
    zone("America/New_York")
    assert when_text("2026-12-04T23:30:00Z", "en") == "4 Dec 2026, 18:30"
    assert day_text("2026-12-04T23:30:00Z", "fr") == "4 déc. 2026"
    assert clock_text("2026-12-04T23:30:00Z", "fr") == "18:30"


def test_an_unreadable_stamp_is_shown_as_it_is():
    assert when_text("not a date", "fr") == "not a date"


def test_time_played_reads_in_hours_and_minutes_with_no_break_inside_a_figure():
    # (Babel's data: a narrow no-break space in "1 h", a no-break space in "30 min")
    assert duration_text(5400, "fr") == "1\u202fh 30\xa0min"
    assert duration_text(7200, "fr") == "2\u202fh"
    assert duration_text(25 * 60 + 20, "en") == "25 mins"
    assert duration_text(3600 + 60, "en") == "1 hr 1 min"


@pytest.mark.parametrize("seconds", [0, 9, 59])
def test_under_a_minute_is_less_than_a_minute_never_0_min(seconds):
    assert duration_text(seconds, "en") == "less than a minute"
    assert duration_text(seconds, "fr") == "moins d'une minute"
    assert duration_text(60, "en") == "1 min" and duration_text(89, "fr") == "1\xa0min"


def test_a_match_says_when_it_was_played_and_for_how_long(zone):
    from scorekeeper.i18n.store import played_text
    from scorekeeper.store.records import played_seconds

    zone("Europe/Paris")
    times = ["2026-12-04T19:00:00Z", "2026-12-04T19:50:00Z", "2026-12-05T19:00:00Z",
             "2026-12-05T19:40:00Z"]  # two evenings: the night between is a pause
    seconds = played_seconds(times)
    assert seconds == 90 * 60
    assert played_text(times[0], seconds, "2026-12-04T18:00:00Z", "en") == (
        "played on 4 Dec 2026, 20:00 for 1 hr 30 mins")
    assert played_text(times[0], seconds, "2026-12-04T18:00:00Z", "fr") == (
        "jouée le 4 déc. 2026, 20:00 pendant 1\u202fh 30\xa0min")
    assert played_text(times[0], 0, "2026-12-04T18:00:00Z", "en") == (
        "played on 4 Dec 2026, 20:00")
    # Without deal times (recorded before Vicaire kept them): when it began.
    assert played_text(None, None, "2026-12-04T18:00:00Z", "fr") == (
        "commencée le 4 déc. 2026, 19:00")


@pytest.mark.parametrize("lang", sorted(DAY_MONTHS))
def test_a_day_is_written_as_babel_writes_it_in_every_month(lang, zone):
    """day_text writes the day without loading Babel (scorekeeper/i18n/dates.py): as Babel's
    medium date of the language's locale, to the letter, on the first and last of each month."""
    from datetime import datetime, timedelta, timezone

    from babel.dates import format_date

    zone("UTC")
    assert lang in LOCALES
    for month in range(1, 13):
        first = datetime(2026, month, 1, 12, tzinfo=timezone.utc)
        last = (first + timedelta(days=31)).replace(day=1) - timedelta(days=1)
        for day in (first, last, first.replace(year=2031, day=9)):
            stamp = day.isoformat()
            assert day_text(stamp, lang) == format_date(day, "medium", locale=_locale(lang))
