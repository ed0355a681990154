"""The `vicaire` command: the app with no arguments, subcommands for everything else.

Subcommands import only what they need: nothing here imports Textual, so the non-app
commands start fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from scorekeeper import __version__
from scorekeeper.cli.common import add_common_options, run_handler

# Each module registers its subcommands with `register(subparsers, common)`; they are
# imported only when a subcommand (or --help) is asked for, so the app opens sooner.
COMMAND_MODULES = ["replay", "history", "exchange", "simulate", "verify", "serve"]

# The options of the app itself (`vicaire` with no command), and whether each takes a value.
APP_OPTIONS = {"--lang": True, "--db": True, "--board": False}


def build_parser(commands: bool = True) -> argparse.ArgumentParser:
    """The command line; without `commands`, only the app's own options (and --version)."""
    parser = argparse.ArgumentParser(
        prog="vicaire",
        description="Score-keeping companion for Le vicaire, the French three-player card game. "
        "With no command, opens the score sheet app.",
    )
    parser.add_argument("--version", action="version", version=f"vicaire {__version__}")
    add_common_options(parser, suppress=False)
    parser.add_argument("--board", action="store_true",
                        help="open the read-only scoreboard of the match in progress")
    parser.set_defaults(command=None)
    if commands:
        common = argparse.ArgumentParser(add_help=False)
        add_common_options(common, suppress=True)
        sub = parser.add_subparsers(dest="command", metavar="COMMAND")
        for name in COMMAND_MODULES:
            importlib.import_module(f"scorekeeper.cli.{name}").register(sub, common)
    return parser


def opens_app(argv: Sequence[str]) -> bool:
    """True when `argv` holds only the app's own options: no command, no --help."""
    index = 0
    while index < len(argv):
        name, equals, _value = argv[index].partition("=")
        if name not in APP_OPTIONS:
            return False
        index += 2 if APP_OPTIONS[name] and not equals else 1
    return True


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(commands=not opens_app(argv)).parse_args(argv)
    if args.command is None:
        from scorekeeper.cli.app import run_app

        return run_handler(run_app, args, guard=False)
    return run_handler(args.handler, args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
