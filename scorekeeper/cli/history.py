"""`vicaire new/add/undo/edit/abandon/delete/show/history`: keep score without the app."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.common import DIGITS, json_text, lang_of, saved, typed
from scorekeeper.cli.history_access import (
    parse_deal,
    pick_match,
    standing_line,
    with_history,
)
from scorekeeper.cli.parsing import count_type
from scorekeeper.errors import VicaireError, shown
from scorekeeper.i18n import tr, tr_n, trc
from scorekeeper.i18n.dates import day_text
from scorekeeper.i18n.outcomes import explain
from scorekeeper.i18n.store import played_text, status_text

if TYPE_CHECKING:
    from scorekeeper.store import History, StoredMatch

def _deal_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    """A B C: the tricks of each player in order of play."""
    parser.add_argument("a", metavar="A", help=tr(lang, "tricks of the first player: 0 to 10, "
                                                        "in digits 0-9; the three add up to 10"))
    parser.add_argument("b", metavar="B", help=tr(lang, "tricks of the second player"))
    parser.add_argument("c", metavar="C", help=tr(lang, "tricks of the third player"))


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    count = count_type(lang)
    match_id = trc(lang, "metavar", "ID")
    p = sub.add_parser("new", help=tr(lang, "start a match in the history"),
                       description=tr(lang, "Start a match; prints its id on the last line."),
                       hint=tr(lang, "give the names of the three players, in order of play "
                                     "(e.g. vicaire new Amélie Bruno Chloé)"))
    p.add_argument("players", metavar=trc(lang, "metavar", "NAME"), nargs=3,
                   help=tr(lang, "the three players, in order of play"))
    p.add_argument("--target", type=count, default=500, metavar=trc(lang, "metavar", "POINTS"),
                   help=tr(lang, "points to win the match (500)"))
    p.add_argument("--first-dealer", type=count, default=0, choices=(0, 1, 2),
                   help=tr(lang, "who deals first: 0, 1 or 2 (0: the first player)"))
    p.add_argument("--sweep", choices=("wins", "counts"), default="wins",
                   help=tr(lang, "a sweep wins the round (wins) or just counts 10 tricks "
                                 "(counts)"))
    p.add_argument("--points-ten", type=count, default=50,
                   metavar=trc(lang, "metavar", "POINTS"),
                   help=tr(lang, "points for a round won at 10"))
    p.add_argument("--points-higher", type=count, default=20,
                   metavar=trc(lang, "metavar", "POINTS"),
                   help=tr(lang, "points for a round won at 15 or more"))
    p.add_argument("--name", default="", metavar=trc(lang, "metavar", "NAME"),
                   help=tr(lang, "a name for the match"))
    p.set_defaults(handler=with_history(run_new))

    p = sub.add_parser("add", help=tr(lang, "record a deal"),
                       description=tr(lang, "Record a deal in match ID (any 4 or more first "
                                            "characters of its id; default: the most recent "
                                            "unfinished match)."),
                       hint=tr(lang, "give the deal as three numbers of tricks, in seat order, "
                                     "each 0 to 10, adding up to 10: e.g. vicaire add 4 3 3 "
                                     "(vicaire add 9a57 4 3 3 records it in match 9a57)"))
    p.add_argument("id", metavar=match_id, nargs="?",
                   help=tr(lang, "the match (default: the most recent unfinished one)"))
    _deal_arguments(p, lang)
    p.add_argument("--expect-deals", type=count, metavar="N",
                   help=tr(lang, "record only if the match has N deals now (makes a retry "
                                 "safe)"))
    p.set_defaults(handler=with_history(run_add))

    p = sub.add_parser("undo", help=tr(lang, "remove the last deal of a match"))
    p.add_argument("id", metavar=match_id, nargs="?",
                   help=tr(lang, "the match (default: the most recent unfinished one)"))
    p.add_argument("--expect-deals", type=count, metavar="N",
                   help=tr(lang, "undo only if the match has N deals now (makes a retry safe)"))
    p.set_defaults(handler=with_history(run_undo))

    number = trc(lang, "metavar", "DEAL_NUMBER")
    p = sub.add_parser("edit", help=tr(lang, "correct a recorded deal"),
                       description=tr(lang, "Replace deal {number} and show what it changed.",
                                      number=number),
                       hint=tr(lang, "give the match id, the number of the deal to correct, "
                                     "then its three numbers of tricks, in seat order, each 0 "
                                     "to 10, adding up to 10: e.g. vicaire edit 9a57 2 5 3 2"))
    p.add_argument("id", metavar=match_id)
    p.add_argument("number", metavar=number,
                   help=tr(lang, "the deal to correct: 1 is the first"))
    _deal_arguments(p, lang)
    p.set_defaults(handler=with_history(run_edit))

    p = sub.add_parser("abandon", help=tr(lang, "close a match without a winner"))
    p.add_argument("id", metavar=match_id)
    p.set_defaults(handler=with_history(run_abandon))

    p = sub.add_parser("delete", help=tr(lang, "delete a match from the history"))
    p.add_argument("id", metavar=match_id)
    p.add_argument("--yes", action="store_true", help=tr(lang, "do not ask for confirmation"))
    p.set_defaults(handler=with_history(run_delete))

    p = sub.add_parser("show", help=tr(lang, "print a stored match's score sheet"))
    p.add_argument("id", metavar=match_id, nargs="?",
                   help=tr(lang, "the match (default: the most recent one)"))
    p.add_argument("--json", action="store_true", help=tr(lang, "print the result as JSON"))
    p.set_defaults(handler=with_history(run_show))

    p = sub.add_parser("history", help=tr(lang, "list the stored matches"))
    p.add_argument("--json", action="store_true", help=tr(lang, "print a JSON array"))
    p.set_defaults(handler=with_history(run_history))


def run_new(args: argparse.Namespace, history: History) -> int:
    from scorekeeper.rules import Match, RuleSet

    rules = RuleSet(target=args.target, sweep=args.sweep, points_ten=args.points_ten,
                    points_higher=args.points_higher)
    match = Match(players=tuple(args.players), rules=rules, first_dealer=args.first_dealer)
    stored = history.create(match, name=args.name)
    saved(args, "cli.saved.new", id=stored.id)
    lang = lang_of(args)
    state = stored.state
    cur = state.current
    print(tr_n(lang, "New match: {players}, to {target} point. {dealer} deals first.",
               "New match: {players}, to {target} points. {dealer} deals first.", rules.target,
               players=" · ".join(match.players), target=rules.target,
               dealer=match.players[cur.dealer]))
    print(stored.id)
    return 0


def _expected(args: argparse.Namespace, target: StoredMatch) -> int | None:
    """With --expect-deals N, the revision the change must find (refused if not N deals)."""
    if args.expect_deals is None:
        return None
    count = len(target.match.deals)
    if count != args.expect_deals:
        raise VicaireError("cli.expect_deals", id=target.id, count=count,
                           expected=args.expect_deals)
    return target.revision


def _changed_meanwhile(args: argparse.Namespace, target: StoredMatch,
                       exc: VicaireError) -> VicaireError:
    """A stale revision under --expect-deals, said in its words."""
    if exc.code == "store.stale" and args.expect_deals is not None:
        return VicaireError("cli.expect_deals", id=target.id,
                            count=exc.params.get("deals", "?"), expected=args.expect_deals)
    return exc


def run_add(args: argparse.Namespace, history: History) -> int:
    lang = lang_of(args)
    deal = parse_deal([args.a, args.b, args.c])
    target = pick_match(history, args.id, lang)
    try:
        stored = history.add_deal(target.id, deal, expected_revision=_expected(args, target))
    except VicaireError as exc:
        raise _changed_meanwhile(args, target, exc) from None
    state = stored.state
    outcome = state.outcomes[-1]
    saved(args, "cli.saved.add", id=stored.id, number=outcome.number)
    print(tr(lang, "Deal {number}: {what}", number=outcome.number,
             what=explain(outcome, state.players, lang)))
    print(standing_line(stored, lang))
    return 0


def run_undo(args: argparse.Namespace, history: History) -> int:
    lang = lang_of(args)
    target = pick_match(history, args.id, lang)
    try:
        stored = history.undo(target.id, expected_revision=_expected(args, target))
    except VicaireError as exc:
        raise _changed_meanwhile(args, target, exc) from None
    fix = stored.corrections[-1]
    saved(args, "cli.saved.undo", id=stored.id, number=fix.deal)
    removed = " ".join(map(str, fix.before or ()))
    print(tr(lang, "Deal {deal} ({removed}) removed.", deal=fix.deal, removed=removed))
    print(standing_line(stored, lang))
    return 0


def _deal_number(text: str, count: int) -> int:
    digits = typed(text)
    number = int(digits) if DIGITS.fullmatch(digits) and len(digits) <= 9 else 0
    if not 1 <= number <= count:
        raise VicaireError("match.deal_number", number=shown(text), count=count)
    return number


def run_edit(args: argparse.Namespace, history: History) -> int:
    from scorekeeper.cli.changes import describe_change
    from scorekeeper.rules.compare import compare

    lang = lang_of(args)
    deal = parse_deal([args.a, args.b, args.c])
    before = history.get(args.id)
    number = _deal_number(args.number, len(before.match.deals))
    after = history.edit_deal(before.id, number, deal, expected_revision=before.revision)
    saved(args, "cli.saved.edit", id=after.id, number=number)
    old = before.match.deals[number - 1]
    print(tr(lang, "Deal {number}: {before} → {after}.", number=number,
             before=" ".join(map(str, old)), after=" ".join(map(str, deal))))
    for line in describe_change(compare(before.state, after.state), after.state.players, lang):
        print(line)
    print(standing_line(after, lang))
    return 0


def run_abandon(args: argparse.Namespace, history: History) -> int:
    stored = history.abandon(args.id)
    saved(args, "cli.saved.abandon", id=stored.id)
    lang = lang_of(args)
    print(tr(lang, "Match {id} abandoned.", id=stored.id))
    return 0


def run_delete(args: argparse.Namespace, history: History) -> int:
    lang = lang_of(args)
    stored = history.get(args.id)
    if not args.yes:
        if not sys.stdin.isatty():
            raise VicaireError("store.confirm")
        question = tr_n(lang, "Delete match {id} ({players}, {count} deal)? [y/N] ",
                        "Delete match {id} ({players}, {count} deals)? [y/N] ",
                        len(stored.match.deals), id=stored.id,
                        players=" · ".join(stored.match.players))
        try:
            answer = input(question).strip().lower()
        except EOFError:
            answer = ""
        if answer not in ("y", "yes", "o", "oui"):
            raise VicaireError("store.kept")
    history.delete(stored.id)
    saved(args, "cli.saved.delete", id=stored.id)
    print(tr(lang, "Match {id} deleted.", id=stored.id))
    return 0


def run_show(args: argparse.Namespace, history: History) -> int:
    from scorekeeper.cli.replay import print_state
    from scorekeeper.store.records import played_seconds

    lang = lang_of(args)
    stored = pick_match(history, args.id, lang, unfinished=False)
    print_state(stored.state, args, title=stored.name or None)
    if not args.json:
        said = played_text(stored.first_played, played_seconds(stored.times), stored.created,
                           lang)
        print(said[:1].upper() + said[1:] + ".")
    return 0


def run_history(args: argparse.Namespace, history: History) -> int:
    lang = lang_of(args)
    listing = history.summaries()
    if args.json:
        print(json_text([
            {"id": s.id, "name": s.name, "players": list(s.players), "status": s.status,
             "points": list(s.points), "winner": s.winner, "deals": s.deals,
             "created": s.created, "updated": s.updated, "simulated": s.simulated}
            for s in listing]))
        return 0
    if not listing:
        print(tr(lang, "No match in the history yet."))
        return 0
    days = [day_text(s.played, lang) for s in listing]  # the local day of the last deal
    wide = max(map(len, days))
    for s, day in zip(listing, days, strict=True):
        winner = s.players[s.winner] if s.winner is not None else "—"
        points = " · ".join(f"{name} {pts}" for name, pts in zip(s.players, s.points, strict=True))
        label = "  " + tr(lang, "“{name}”", name=s.name) if s.name else ""
        print(f"{s.id}  {day:<{wide}}  {status_text(s.status, lang):<11}  {points}  "
              + tr(lang, "winner: {winner}", winner=winner) + "  "
              + tr_n(lang, "({count} deal)", "({count} deals)", s.deals) + label)
    return 0
