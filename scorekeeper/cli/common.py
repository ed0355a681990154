"""What every subcommand shares: common options, error handling, output."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import LANGS, detect_lang
from scorekeeper.i18n.errors import error_text


def add_common_options(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """--lang and --db, accepted before or after the subcommand."""
    default: Any = argparse.SUPPRESS if suppress else None
    parser.add_argument("--lang", choices=LANGS, default=default,
                        help="language of the output: en or fr (default: from the locale)")
    parser.add_argument("--db", metavar="PATH", default=default,
                        help="history folder (default: $VICAIRE_DB or the user data folder)")


def lang_of(args: argparse.Namespace) -> str:
    return detect_lang(getattr(args, "lang", None))


def fail(message: str) -> int:
    """Print one line on stderr and return the exit status for unusable input."""
    print(f"vicaire: {message}", file=sys.stderr)
    return 2


def run_handler(handler: Callable[[argparse.Namespace], int],
                args: argparse.Namespace) -> int:
    """Run a subcommand; a refusal becomes one line on stderr and exit status 2."""
    try:
        return handler(args)
    except VicaireError as exc:
        return fail(error_text(exc, lang_of(args)))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def console(stderr: bool = False):
    """A Rich console; imported here so that commands needing none pay nothing."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)
