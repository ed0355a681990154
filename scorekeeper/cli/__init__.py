"""The `vicaire` command: the app with no arguments, subcommands for everything else.

Subcommands import only what they need: nothing here imports Textual, so the non-app
commands start fast.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from functools import partial
from types import SimpleNamespace
from typing import TYPE_CHECKING

from scorekeeper import __version__
from scorekeeper.cli.common import chosen_lang, run_handler
from scorekeeper.i18n import LANGS, tr, trc

if TYPE_CHECKING:
    from scorekeeper.cli.parsing import Parser

# Each module registers its subcommands with `register(subparsers, lang)`; they are
# imported only when a subcommand (or --help) is asked for, so the app opens sooner.
COMMAND_MODULES = ["replay", "history", "exchange", "simulate", "verify", "serve",
                   "stats"]

# Which module registers each subcommand: a run of one command builds only its module's
# parsers (--help, and a command nobody has, build them all to list them).
COMMANDS = {"replay": "replay", "new": "history", "add": "history", "undo": "history",
            "edit": "history", "abandon": "history", "delete": "history", "show": "history",
            "history": "history", "export": "exchange", "import": "exchange",
            "simulate": "simulate", "verify": "verify", "serve": "serve", "stats": "stats"}

# The options of the app itself (`vicaire` with no command), and whether each takes a value.
APP_OPTIONS = {"--lang": True, "--db": True, "--board": False}


def build_parser(commands: bool = True, lang: str | None = None,
                 command: str | None = None) -> Parser:
    """The command line in `lang` (default: the locale's); without `commands`, only the
    app's own options (and --version); with `command`, only the subcommands of the module
    that has it."""
    from scorekeeper.cli.parsing import Parser, add_common_options, argparse_as_written

    argparse_as_written()
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
                                    # (argparse calls any callable; typeshed asks for a class)
                                    parser_class=partial(  # type: ignore[call-overload]
                                        Parser, lang=lang, common=True))
        for name in [COMMANDS[command]] if command in COMMANDS else COMMAND_MODULES:
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


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` asks for, when it comes after nothing but the app's options
    (else None: the whole command line is built)."""
    index = 0
    while index < len(argv):
        name, equals, _value = argv[index].partition("=")
        if name not in APP_OPTIONS:
            return argv[index] if argv[index] in COMMANDS else None
        index += 2 if APP_OPTIONS[name] and not equals else 1
    return None


def app_arguments(argv: Sequence[str]) -> SimpleNamespace | None:
    """The app's own options (`vicaire`, `vicaire --lang fr --db FOLDER`, `--board`) when
    each is written whole with a value argparse would take as it is: read here, without
    argparse, so that the app opens sooner. Else None, and argparse reads the command line
    (and refuses what it must, in its words)."""
    values: dict[str, object] = {"command": None, "lang": None, "db": None, "board": False}
    index = 0
    while index < len(argv):
        name, equals, value = argv[index].partition("=")
        if name not in APP_OPTIONS:
            return None
        if not APP_OPTIONS[name]:  # a flag (--board)
            if equals:
                return None
            values[name[2:]] = True
            index += 1
            continue
        if not equals:
            if index + 1 == len(argv):
                return None
            value = argv[index + 1]
        index += 1 if equals else 2
        if value.startswith("-") or not value.strip() or (name == "--lang" and value not in LANGS):
            return None
        values[name[2:]] = value
    return SimpleNamespace(**values)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    plain = app_arguments(argv)
    if plain is not None:  # the app, its options read without argparse
        from scorekeeper.cli.app import run_app

        return run_handler(run_app, plain, guard=False)
    parser = build_parser(commands=not opens_app(argv), lang=chosen_lang(argv),
                          command=command_of(argv))
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
