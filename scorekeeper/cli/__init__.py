"""The `vicaire` command: the app with no arguments, subcommands for everything else.

Subcommands import only what they need: nothing here imports Textual, so the non-app
commands start fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from scorekeeper import __version__
from scorekeeper.cli import exchange, history, replay, serve, simulate, verify
from scorekeeper.cli.common import add_common_options, run_handler

# Each module registers its subcommands with `register(subparsers, common)`.
COMMAND_MODULES = [replay, history, exchange, simulate, verify, serve]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vicaire",
        description="Score-keeping companion for Le vicaire, the French three-player card game. "
        "With no command, opens the score sheet app.",
    )
    parser.add_argument("--version", action="version", version=f"vicaire {__version__}")
    add_common_options(parser, suppress=False)
    parser.add_argument("--board", action="store_true",
                        help="open the read-only scoreboard of the match in progress")
    common = argparse.ArgumentParser(add_help=False)
    add_common_options(common, suppress=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(sub, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from scorekeeper.cli.app import run_app

        return run_handler(run_app, args)
    return run_handler(args.handler, args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
