"""The command line's parsers: argparse speaking the user's language (help, usage, refusals
from the catalog), the options every command takes, the types of their values.

Imported only when a command line is parsed by argparse: the app's own options, plainly
given, are read without it (`scorekeeper.cli.app_arguments`), and the app opens sooner.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NoReturn

from scorekeeper.cli.common import DIGITS, typed, visible
from scorekeeper.i18n import LANGS, SOURCE_LANG, quoted, tr, trc


def argparse_as_written() -> None:
    """Let argparse's own words (section titles, refusals) be its English as written.

    argparse asks gettext for them each time it makes a parser (fifteen a run), and each
    ask searched the system's locale folders for an argparse catalog: 11 ms of every run.
    There is none to find (Python ships none), and i18n/argparse_words.py reads argparse's
    English to say it in the user's language, so the answer is always the English.
    """
    argparse._ = str  # type: ignore[attr-defined]
    argparse.ngettext = lambda singular, plural, count: singular if count == 1 else plural  # type: ignore[attr-defined]


class Formatter(argparse.HelpFormatter):
    """argparse's help in the parser's language: its usage prefix and section titles from
    the catalog (the rest of the help is the catalog's words given to the parser)."""

    def __init__(self, prog: str, lang: str = SOURCE_LANG, **kwargs: Any) -> None:
        super().__init__(prog, **kwargs)
        self.lang = lang

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        if prefix is None:
            prefix = tr(self.lang, "usage: ")
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        from scorekeeper.i18n.argparse_words import heading as said

        super().start_section(said(heading, self.lang) if heading else heading)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that speaks `lang`: its help, usage and refusals from the catalog.

    `hint` (a subcommand's) says what its positional arguments must be; it replaces
    argparse's "the following arguments are required" and follows "unrecognized arguments".
    A subcommand's parser (`common`) takes --lang and --db as well.
    """

    def __init__(self, *args: Any, lang: str = SOURCE_LANG, hint: str | None = None,
                 common: bool = False, **kwargs: Any) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs.setdefault("formatter_class", partial(Formatter, lang=lang))
        kwargs["add_help"] = False  # (ours, below: its help line from the catalog)
        super().__init__(*args, **kwargs)
        self.lang = lang
        self.hint = hint
        self.command_metavar: str | None = None  # with subcommands: their metavar, and
        self.subcommands: dict[str, Parser] = {}  # their parsers by name
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=tr(lang, "show this help message and exit"))
        if common:
            add_common_options(self, suppress=True)

    def refuse(self, message: str) -> NoReturn:
        """The usage line, then `message` (in the parser's language) as an error; exit 2."""
        self.print_usage(sys.stderr)
        self.exit(2, tr(self.lang, "{prog}: error: {message}", prog=self.prog,
                        message=visible(message)) + "\n")

    def error(self, message: str) -> NoReturn:
        from scorekeeper.i18n.argparse_words import is_missing, refusal_text

        if self.hint and is_missing(message):
            self.refuse(self.hint)
        self.refuse(refusal_text(message, self.lang, self.command_metavar))

    def unrecognized(self, extras: Sequence[str]) -> NoReturn:
        """Refuse what no argument took, with the hint when it is more values."""
        said = tr(self.lang, "unrecognized arguments: {values}", values=" ".join(extras))
        if self.hint and not any(extra.startswith("-") for extra in extras):
            said = tr(self.lang, "{problem}; {hint}", problem=said, hint=self.hint)
        self.refuse(said)


def add_common_options(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """--lang and --db, accepted before or after the subcommand."""
    lang = getattr(parser, "lang", SOURCE_LANG)
    default: Any = argparse.SUPPRESS if suppress else None
    parser.add_argument("--lang", choices=LANGS, default=default,
                        help=tr(lang, "language of the output: en or fr (default: from the "
                                      "locale)"))
    parser.add_argument("--db", metavar=trc(lang, "metavar", "PATH"), default=default,
                        type=partial(_folder_given, lang),
                        help=tr(lang, "history folder (default: $VICAIRE_DB or the user data "
                                      "folder)"))


def _folder_given(lang: str, text: str) -> str:
    """--db's value: a path, never an empty one (which would mean the default folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(tr(lang, "an empty path names no folder; leave --db "
                                                  "out to use the default history"))
    return text


def count_type(lang: str) -> Callable[[str], int]:
    """An argparse type: a whole number written with the digits 0-9 (no sign, no "_");
    refused in `lang`'s words."""

    def count(text: str) -> int:
        text = typed(text)
        if not DIGITS.fullmatch(text) or len(text) > 9:
            raise argparse.ArgumentTypeError(tr(
                lang, "{value} is not a whole number (digits 0-9)",
                value=quoted(lang, repr(text[:20])[1:-1])))
        return int(text)

    return count
