"""`vicaire replay FILE`: score a match file and print its sheet, or its JSON (SPEC §3)."""

from __future__ import annotations

import argparse
import json

from scorekeeper.cli.common import console, fail, lang_of
from scorekeeper.errors import VicaireError


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("replay", parents=[common], help="score a match file (- reads stdin)",
                       description="Score a match file and print its score sheet.")
    p.add_argument("file", metavar="FILE", help="match file (JSON); - reads standard input")
    p.add_argument("--json", action="store_true", help="print the result as JSON (SPEC §3)")
    p.set_defaults(handler=run)


def print_state(state, args: argparse.Namespace, title: str | None = None) -> None:
    """Print a replayed match as JSON or as a score sheet, as asked."""
    if getattr(args, "json", False):
        from scorekeeper.report import state_to_json

        print(json.dumps(state_to_json(state), ensure_ascii=False))
        return
    from scorekeeper.cli.sheet import score_sheet

    console().print(score_sheet(state, lang_of(args), title=title))


def run(args: argparse.Namespace) -> int:
    from scorekeeper.matchfile import load
    from scorekeeper.rules import replay

    name = "<stdin>" if args.file == "-" else args.file
    try:
        match, data = load(args.file)
    except VicaireError as exc:
        return fail(f"{name}: {exc.message(lang_of(args))}")
    title = data.get("name") if isinstance(data.get("name"), str) else None
    print_state(replay(match), args, title=title)
    return 0
