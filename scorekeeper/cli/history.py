"""`vicaire new/add/undo/edit/abandon/delete/show/history`: keep score without the app."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.common import DIGITS, count_arg, lang_of, saved
from scorekeeper.cli.history_access import (
    parse_deal,
    pick_match,
    standing_line,
    with_history,
)
from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr, tr_n
from scorekeeper.i18n.outcomes import explain
from scorekeeper.i18n.store import status_text

if TYPE_CHECKING:
    from scorekeeper.store import History, StoredMatch

def _deal_arguments(parser: argparse.ArgumentParser) -> None:
    """A B C: the tricks of each player in order of play."""
    parser.add_argument("a", metavar="A", help="tricks of the first player: 0 to 10, in "
                        "digits 0-9; the three add up to 10")
    parser.add_argument("b", metavar="B", help="tricks of the second player")
    parser.add_argument("c", metavar="C", help="tricks of the third player")


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("new", parents=[common], help="start a match in the history",
                       description="Start a match; prints its id on the last line.")
    p.add_argument("players", metavar="NAME", nargs=3, help="the three players, in order of play")
    p.add_argument("--target", type=count_arg, default=500, help="points to win the match (500)")
    p.add_argument("--first-dealer", type=count_arg, default=0, choices=(0, 1, 2),
                   help="who deals first: 0, 1 or 2 (0: the first player)")
    p.add_argument("--sweep", choices=("wins", "counts"), default="wins",
                   help="a sweep wins the round (wins) or just counts 10 tricks (counts)")
    p.add_argument("--points-ten", type=count_arg, default=50, help="points for a round won at 10")
    p.add_argument("--points-higher", type=count_arg, default=20,
                   help="points for a round won at 15 or more")
    p.add_argument("--name", default="", help="a name for the match")
    p.set_defaults(handler=with_history(run_new))

    p = sub.add_parser("add", parents=[common], help="record a deal",
                       description="Record a deal in match ID (any 4 or more first characters "
                       "of its id; default: the most recent unfinished match).")
    p.add_argument("id", metavar="ID", nargs="?", help="the match (default: the most recent "
                   "unfinished one)")
    _deal_arguments(p)
    p.add_argument("--expect-deals", type=count_arg, metavar="N",
                   help="record only if the match has N deals now (makes a retry safe)")
    p.set_defaults(handler=with_history(run_add))

    p = sub.add_parser("undo", parents=[common], help="remove the last deal of a match")
    p.add_argument("id", metavar="ID", nargs="?")
    p.add_argument("--expect-deals", type=count_arg, metavar="N",
                   help="undo only if the match has N deals now (makes a retry safe)")
    p.set_defaults(handler=with_history(run_undo))

    p = sub.add_parser("edit", parents=[common], help="correct a recorded deal",
                       description="Replace deal DEAL_NUMBER and show what it changed.")
    p.add_argument("id", metavar="ID")
    p.add_argument("number", metavar="DEAL_NUMBER", help="the deal to correct: 1 is the first")
    _deal_arguments(p)
    p.set_defaults(handler=with_history(run_edit))

    p = sub.add_parser("abandon", parents=[common], help="close a match without a winner")
    p.add_argument("id", metavar="ID")
    p.set_defaults(handler=with_history(run_abandon))

    p = sub.add_parser("delete", parents=[common], help="delete a match from the history")
    p.add_argument("id", metavar="ID")
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    p.set_defaults(handler=with_history(run_delete))

    p = sub.add_parser("show", parents=[common], help="print a stored match's score sheet")
    p.add_argument("id", metavar="ID", nargs="?")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(handler=with_history(run_show))

    p = sub.add_parser("history", parents=[common], help="list the stored matches")
    p.add_argument("--json", action="store_true", help="print a JSON array")
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
    print(tr(lang, "New match: {players}, to {target} points. {dealer} deals first.",
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
    digits = text.strip()
    number = int(digits) if DIGITS.fullmatch(digits) and len(digits) <= 9 else 0
    if not 1 <= number <= count:
        raise VicaireError("match.deal_number", number=repr(text)[:20], count=count)
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

    stored = pick_match(history, args.id, lang_of(args), unfinished=False)
    print_state(stored.state, args, title=stored.name or None)
    return 0


def run_history(args: argparse.Namespace, history: History) -> int:
    lang = lang_of(args)
    listing = history.summaries()
    if args.json:
        print(json.dumps([
            {"id": s.id, "name": s.name, "players": list(s.players), "status": s.status,
             "points": list(s.points), "winner": s.winner, "deals": s.deals,
             "created": s.created, "updated": s.updated, "simulated": s.simulated}
            for s in listing], ensure_ascii=False))
        return 0
    if not listing:
        print(tr(lang, "No match in the history yet."))
        return 0
    for s in listing:
        winner = s.players[s.winner] if s.winner is not None else "—"
        points = " · ".join(f"{name} {pts}" for name, pts in zip(s.players, s.points, strict=True))
        label = "  " + tr(lang, "“{name}”", name=s.name) if s.name else ""
        print(f"{s.id}  {s.created[:10]}  {status_text(s.status, lang):<11}  {points}  "
              + tr(lang, "winner: {winner}", winner=winner) + "  "
              + tr_n(lang, "({count} deal)", "({count} deals)", s.deals) + label)
    return 0
