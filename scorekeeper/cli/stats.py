"""`vicaire stats`: the players' statistics, records and rivalries, for a season."""

from __future__ import annotations

import argparse
import json
import re
from datetime import date
from typing import TYPE_CHECKING

from scorekeeper.cli.common import lang_of, typed, visible
from scorekeeper.cli.history_access import with_history
from scorekeeper.i18n import number, quoted, tr, tr_n, trc

if TYPE_CHECKING:
    from scorekeeper.stats import PlayerStats, Statistics
    from scorekeeper.store import History

YEAR = re.compile(r"[0-9]{4}")
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def year_type(lang: str):
    def year(text: str) -> int:
        text = typed(text)
        if not YEAR.fullmatch(text) or int(text) < 1:
            raise argparse.ArgumentTypeError(tr(
                lang, "{value} is not a year (four digits, e.g. 2026)",
                value=quoted(lang, visible(text[:20]))))
        return int(text)
    return year


def day_type(lang: str):
    def day(text: str) -> date:
        try:
            written = typed(text)
            if not DAY.fullmatch(written):
                raise ValueError
            return date.fromisoformat(written)
        except ValueError:
            raise argparse.ArgumentTypeError(tr(
                lang, "{value} is not a day written YYYY-MM-DD (e.g. 2026-09-01)",
                value=quoted(lang, visible(text[:20])))) from None
    return day


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    p = sub.add_parser(
        "stats", help=tr(lang, "the players' statistics, records and rivalries"),
        description=tr(lang, "Each player's matches, wins, rounds won (on 10, on 15 or more, "
                             "by a sweep), ties, deals, tricks, points and time played; the "
                             "records and who holds them; and every pair's head-to-head. "
                             "Worked out from the deal logs; the bots' matches are left out."))
    p.add_argument("--year", type=year_type(lang), metavar=trc(lang, "metavar", "YEAR"),
                   help=tr(lang, "only the matches begun in this year (local time)"))
    p.add_argument("--since", type=day_type(lang), metavar=trc(lang, "metavar", "YYYY-MM-DD"),
                   help=tr(lang, "only the matches begun on this day or later (local time)"))
    p.add_argument("--with-bots", action="store_true",
                   help=tr(lang, "count the matches the bots played (vicaire simulate) too"))
    p.add_argument("--json", action="store_true",
                   help=tr(lang, "print one JSON object, for programs"))
    p.set_defaults(handler=with_history(run_stats))


def compute(history: History, year: int | None, since: date | None,
            with_bots: bool) -> Statistics:
    """The statistics of the history for the season asked (the same as the app's)."""
    from scorekeeper.stats import Period, statistics
    from scorekeeper.stats.cache import history_facts

    return statistics(history_facts(history), Period(year, since), with_bots)


def run_stats(args: argparse.Namespace, history: History) -> int:
    stats = compute(history, args.year, args.since, args.with_bots)
    if args.json:
        print(json.dumps(stats.to_json(), ensure_ascii=False))
    else:
        print("\n".join(stats_text(stats, args.year, args.since, lang_of(args))))
    return 0


def player_lines(player: PlayerStats, lang: str) -> list[str]:
    """One player's figures, on a few lines under their name."""
    from scorekeeper.i18n.dates import duration_text
    from scorekeeper.i18n.stats import form_text, per_deal_text, share_text

    played = ("—" if player.seconds_played is None
              else duration_text(player.seconds_played, lang))
    return [
        player.name,
        "  " + tr(lang, "Matches: {count} · won: {won} ({share})", count=player.matches,
                  won=player.matches_won, share=share_text(player.win_rate, lang)),
        "  " + tr(lang, "Rounds won: {count} (on 10: {ten} · on 15 or more: {higher} · by a "
                        "sweep: {sweep})", count=player.rounds_won, ten=player.won_on_10,
                  higher=player.won_higher, sweep=player.won_by_sweep),
        "  " + tr(lang, "Ties: {ties} · deals: {deals} · tricks per deal: {average} · match "
                        "points: {points}", ties=player.ties, deals=number(lang, player.deals),
                  average=per_deal_text(player.average_tricks, lang),
                  points=number(lang, player.points)),
        "  " + tr(lang, "Time played: {time} · form: {form}", time=played,
                  form=form_text(player.form, lang)),
    ]


def stats_text(stats: Statistics, year: int | None, since: date | None,
               lang: str) -> list[str]:
    """The statistics for people, in `lang`."""
    from scorekeeper.i18n.stats import nothing_counted, record_line, season_text

    count = len(stats.matches)
    lines = [tr(lang, "Statistics — {season}", season=season_text(year, since, lang)) + " "
             + tr_n(lang, "({count} match)", "({count} matches)", count)]
    if not count:
        lines.append(nothing_counted(lang, stats.bots_left_out,
                                     year is not None or since is not None, "--with-bots"))
        return lines
    for player in stats.players:
        lines += ["", *player_lines(player, lang)]
    if stats.records:
        lines += ["", tr(lang, "Records")]
        lines += ["  " + record_line(record, lang) for record in stats.records]
    if stats.head_to_head:
        lines += ["", tr(lang, "Head to head (finished matches)")]
        for rivalry in stats.head_to_head:
            (a, b), (ahead_a, ahead_b) = rivalry.players, rivalry.ahead
            lines.append("  " + tr_n(lang, "{a} {ahead_a} – {ahead_b} {b} ({count} match)",
                                     "{a} {ahead_a} – {ahead_b} {b} ({count} matches)",
                                     rivalry.matches, a=a, b=b, ahead_a=ahead_a,
                                     ahead_b=ahead_b))
    return lines
