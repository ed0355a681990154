"""`vicaire replay FILE`: score a match file and print its sheet, or its JSON."""

from __future__ import annotations

import argparse

from scorekeeper.cli.common import console, fail, json_text, lang_of
from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr, trc
from scorekeeper.i18n.errors import error_text


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    p = sub.add_parser("replay", help=tr(lang, "score a match file (- reads stdin)"),
                       description=tr(lang, "Score a match file and print its score sheet."))
    p.add_argument("file", metavar=trc(lang, "metavar", "FILE"),
                   help=tr(lang, "match file (JSON); - reads standard input"))
    p.add_argument("--json", action="store_true", help=tr(lang, "print the result as JSON"))
    p.set_defaults(handler=run)


def state_odds(state) -> tuple[float, float, float] | None:
    """Each player's chance to win the round in progress, or None when the odds are not
    shipped in this build (the simulation package)."""
    try:
        from scorekeeper.sim.odds import round_odds
    except ImportError:
        return None
    return round_odds(state)


def print_state(state, args: argparse.Namespace, title: str | None = None) -> None:
    """Print a replayed match as JSON or as a score sheet, as asked, with the round's odds."""
    odds = state_odds(state)
    if getattr(args, "json", False):
        from scorekeeper.formats.report import state_to_json

        data = state_to_json(state)
        if odds is not None:  # zeros once the match is won
            data["odds"] = [round(p, 4) for p in odds]
        print(json_text(data))
        return
    from rich.text import Text

    from scorekeeper.cli.sheet import score_sheet

    lang = lang_of(args)
    console().print(score_sheet(state, lang, title=title))
    if odds is not None and not state.finished:
        from scorekeeper.i18n.cards import odds_line

        console().print(Text(odds_line(state.players, odds, lang)))


def run(args: argparse.Namespace) -> int:
    from scorekeeper.formats.matchfile import load
    from scorekeeper.rules import replay

    name = "<stdin>" if args.file == "-" else args.file
    try:
        match, data = load(args.file)
    except VicaireError as exc:
        return fail(f"{name}: {error_text(exc, lang_of(args))}")
    title = data.get("name") if isinstance(data.get("name"), str) else None
    print_state(replay(match), args, title=title)
    return 0
