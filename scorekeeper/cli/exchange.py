"""`vicaire export` and `vicaire import`: match files and CSV score sheets."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.common import lang_of
from scorekeeper.cli.history_access import with_history
from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text

if TYPE_CHECKING:
    from scorekeeper.store import History


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("export", parents=[common], help="write a stored match as a file",
                       description="Write a stored match as a match file (JSON) "
                       "or a CSV score sheet, to standard output or a file.")
    p.add_argument("id", metavar="ID")
    p.add_argument("--format", choices=("json", "csv"), default="json")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.set_defaults(handler=with_history(run_export))

    p = sub.add_parser("import", parents=[common], help="store match files in the history",
                       description="Check each match file by replaying it and store it; "
                       "prints the new ids.")
    p.add_argument("files", metavar="FILE", nargs="+")
    p.set_defaults(handler=with_history(run_import))


def _write_output(path: str, data: bytes) -> None:
    from scorekeeper.formats.files import write_file_atomically

    try:
        write_file_atomically(path, data)
    except OSError as exc:
        raise VicaireError("store.write", path=path, reason=exc.strerror or str(exc)) from None


def run_export(args: argparse.Namespace, history: History) -> int:
    """The same text as the app's export (scorekeeper.formats.export); a file gets the same bytes as
    the app's file, standard output the text alone (UTF-8, no byte-order mark)."""
    from scorekeeper.formats.export import export_text, file_bytes

    stored = history.get(args.id)
    text = export_text(stored, args.format, lang_of(args))
    if args.output and args.output != "-":
        _write_output(args.output, file_bytes(text, args.format))
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))  # bytes: CRLF line ends stay CRLF
        sys.stdout.buffer.flush()
    return 0


def run_import(args: argparse.Namespace, history: History) -> int:
    from scorekeeper.formats.matchfile import load

    lang = lang_of(args)
    failed = False
    for path in args.files:
        label = "<stdin>" if path == "-" else path
        try:
            match, data = load(path)
            name = data.get("name", "")
            stored = history.import_match(match, name=name if isinstance(name, str) else "")
        except VicaireError as exc:
            if exc.code.startswith("store.") and exc.code not in ("store.name",):
                raise
            print(f"vicaire: {label}: {error_text(exc, lang)}", file=sys.stderr)
            failed = True
            continue
        print(stored.id)
    return 2 if failed else 0
