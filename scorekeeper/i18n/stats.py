"""Words for the statistics: the records' names and values, seasons, a player's form.

Shared by `vicaire stats`, the statistics screens and the HTML score sheet's edges; the
figures themselves come from `scorekeeper.stats` and are passed here as plain values.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from scorekeeper.i18n import N_, number, tr, tr_n, trc

RECORD_NAMES: dict[str, str] = {
    "quickest_round": N_("Quickest round"),
    "longest_round": N_("Longest round"),
    "most_sweeps_in_match": N_("Most sweeps in a match"),
    "biggest_comeback": N_("Biggest comeback"),
    "shortest_match": N_("Shortest match won"),
    "longest_win_streak": N_("Longest winning streak"),
    "longest_match_time": N_("Longest match"),
    "quickest_match_time": N_("Quickest match"),
}


def record_name(kind: str, lang: str) -> str:
    return tr(lang, RECORD_NAMES[kind]) if kind in RECORD_NAMES else kind


def record_value(record: Any, lang: str) -> str:
    """A record's value in words: "1 deal", "120 points behind", "4 matches in a row"…"""
    from scorekeeper.i18n.dates import duration_text

    kind, value = record.record, record.value
    if kind in ("quickest_round", "longest_round"):
        return tr_n(lang, "{count} deal", "{count} deals", value)
    if kind == "shortest_match":
        return tr_n(lang, "{count} deal to {target}", "{count} deals to {target}", value,
                    target=record.target)
    if kind == "most_sweeps_in_match":
        return tr_n(lang, "{count} sweep", "{count} sweeps", value)
    if kind == "biggest_comeback":
        return tr_n(lang, "from {count} point behind", "from {count} points behind", value)
    if kind == "longest_win_streak":
        return tr_n(lang, "{count} match in a row", "{count} matches in a row", value)
    return duration_text(value, lang)


def record_place(record: Any, lang: str) -> str:
    """Where a record was set: "match 9a5792a0, round 3" (the match's name too, if any)."""
    where = tr(lang, "match {id}", id=record.match)
    if record.name:
        where = tr(lang, "{name} ({id})", name=record.name, id=where)
    if record.round is not None:
        where = tr(lang, "{match}, round {round}", match=where, round=record.round)
    return where


def record_line(record: Any, lang: str) -> str:
    """"Quickest round: 1 deal — Amélie (match 9a5792a0, round 3)"."""
    return tr(lang, "{record}: {value} — {player} ({where})",
              record=record_name(record.record, lang), value=record_value(record, lang),
              player=record.player, where=record_place(record, lang))


def season_text(year: int | None, since: date | None, lang: str) -> str:
    """The season shown: "all matches", "2026", "since 1 Sept 2026", "2026, since …"."""
    if year is None and since is None:
        return tr(lang, "all matches")
    from babel.dates import format_date

    from scorekeeper.i18n.dates import LOCALES

    parts = []
    if year is not None:
        parts.append(tr(lang, "in {year}", year=str(year)))
    if since is not None:
        day = format_date(since, "medium", locale=LOCALES.get(lang, LOCALES["en"]))
        parts.append(tr(lang, "since {day}", day=day))
    return ", ".join(parts)


def nothing_counted(lang: str, bots_left_out: int, season: bool, bots_key: str,
                    needle: str = "") -> str:
    """Why the statistics count no match, and what would count some: the bots' matches left
    out (`bots_key` counts them: "b" in the app, "--with-bots" on the command line), none
    found by the search (`needle`) or played in the season chosen, or none played yet."""
    if bots_left_out:
        return tr_n(lang, "{count} match played by the bots is left out: {key} counts it.",
                    "{count} matches played by the bots are left out: {key} counts them.",
                    bots_left_out, key=bots_key)
    if needle:
        return tr(lang, "No match with “{needle}”.", needle=needle)
    if season:
        return tr(lang, "No match was played in this season.")
    return tr(lang, "No match yet: the statistics come with the first match played.")


def none_shown(lang: str, records: bool, bots_left_out: int, season: bool, bots_key: str,
               needle: str = "") -> str:
    """Why the records (`records`), or the head-to-head table, show nothing, and what would
    show some: as `nothing_counted`, with the statistics' screen named for the bots' key (the
    records' own screen has none)."""
    if bots_left_out:
        first = tr(lang, "No record among the matches counted.") if records \
            else tr(lang, "No finished match among the matches counted.")
        where = tr(lang, "{key} on the Statistics screen", key=bots_key)
        return first + " " + nothing_counted(lang, bots_left_out, season, where)
    if needle:
        return tr(lang, "No record among the matches with “{needle}”.", needle=needle) \
            if records else tr(lang, "No finished match with “{needle}”.", needle=needle)
    if season:
        return tr(lang, "No record was set in this season.") if records \
            else tr(lang, "No match was finished in this season.")
    return tr(lang, "No record yet: the records come with the first round won.") if records \
        else tr(lang, "No finished match yet.")


def form_text(form: tuple[bool, ...] | list[bool], lang: str) -> str:
    """A player's last matches, oldest first: "W W L W" ("G G P G" in French); a dash when
    there is none."""
    if not form:
        return "—"
    won, lost = trc(lang, "form", "W"), trc(lang, "form", "L")
    return " ".join(won if result else lost for result in form)


def share_text(share: float | None, lang: str) -> str:
    """A share (0 to 1) as a whole percentage: "44%" ("44 %" in French); a dash for none."""
    if share is None:
        return "—"
    return tr(lang, "{percent}%", percent=round(100 * share))


def per_deal_text(value: float | None, lang: str) -> str:
    """Tricks per deal, two decimals as the language writes them ("3.50", "3,50")."""
    return "—" if value is None else number(lang, value, 2)
