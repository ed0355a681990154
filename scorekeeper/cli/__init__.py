"""The `vicaire` command: the app with no arguments, subcommands for everything else.

Subcommands import only what they need: nothing here imports Textual, so the non-app
commands start fast.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from functools import partial

from scorekeeper import __version__
from scorekeeper.cli.common import Parser, add_common_options, chosen_lang, run_handler
from scorekeeper.i18n import tr, trc

# Each module registers its subcommands with `register(subparsers, lang)`; they are
# imported only when a subcommand (or --help) is asked for, so the app opens sooner.
COMMAND_MODULES = ["replay", "history", "exchange", "simulate", "verify", "serve"]

# The options of the app itself (`vicaire` with no command), and whether each takes a value.
APP_OPTIONS = {"--lang": True, "--db": True, "--board": False}


def build_parser(commands: bool = True, lang: str | None = None) -> Parser:
    """The command line in `lang` (default: the locale's); without `commands`, only the
    app's own options (and --version)."""
    lang = lang or chosen_lang([])
    parser = Parser(
        prog="vicaire", lang=lang,
        description=tr(lang, "Score-keeping companion for Le vicaire, the French three-player "
                             "card game. With no command, opens the score sheet app."),
    )
    parser.add_argument("--version", action="version", version=f"vicaire {__version__}",
                        help=tr(lang, "show the version number and exit"))
    add_common_options(parser, suppress=False)
    parser.add_argument("--board", action="store_true",
                        help=tr(lang, "open the read-only scoreboard of the match in progress"))
    parser.set_defaults(command=None)
    if commands:
        parser.command_metavar = trc(lang, "metavar", "COMMAND")
        sub = parser.add_subparsers(dest="command", metavar=parser.command_metavar,
                                    parser_class=partial(Parser, lang=lang, common=True))
        for name in COMMAND_MODULES:
            importlib.import_module(f"scorekeeper.cli.{name}").register(sub, lang)
        parser.subcommands = sub.choices
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
    parser = build_parser(commands=not opens_app(argv), lang=chosen_lang(argv))
    args, extras = parser.parse_known_args(argv)
    if extras:  # refused by the subcommand's parser, with its usage and its hint
        command = parser.subcommands.get(args.command, parser)
        command.unrecognized(extras)
    if args.command is None:
        from scorekeeper.cli.app import run_app

        return run_handler(run_app, args, guard=False)
    return run_handler(args.handler, args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
