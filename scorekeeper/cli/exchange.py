"""`vicaire export` and `vicaire import`: match files and CSV score sheets."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.common import lang_of, saved, say
from scorekeeper.cli.history_access import with_history
from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr, trc
from scorekeeper.i18n.errors import error_text

if TYPE_CHECKING:
    from scorekeeper.store import History
    from scorekeeper.store.merge import Imported


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    file = trc(lang, "metavar", "FILE")
    p = sub.add_parser("export", help=tr(lang, "write a stored match as a file"),
                       description=tr(lang, "Write a stored match as a match file (JSON), a "
                                            "CSV score sheet or a page to share (HTML), to "
                                            "standard output or a file."))
    p.add_argument("id", metavar=trc(lang, "metavar", "ID"), nargs="?",
                   help=tr(lang, "the match"))
    p.add_argument("--all", action="store_true",
                   help=tr(lang, "every match of the history, in one file (JSON) that "
                                 "vicaire import takes back"))
    p.add_argument("--format", choices=("json", "csv", "html"), default="json",
                   help=tr(lang, "a match file (json, the default), a score sheet (csv) or "
                                 "a page to share or print (html)"))
    p.add_argument("--sep", choices=(",", ";", "tab"), metavar="',' | ';' | tab",
                   help=tr(lang, "between the cells of a CSV sheet (default: ; in French, "
                                 "else ,)"))
    p.add_argument("-o", "--output", metavar=file,
                   help=tr(lang, "write to {file} (- for standard output, the default): a file "
                                 "is replaced whole, through a symbolic link; a pipe or a "
                                 "device is written to", file=file))
    p.set_defaults(handler=with_history(run_export))

    p = sub.add_parser("import", help=tr(lang, "store match files in the history"),
                       description=tr(lang, "Check each match file (or history file, from "
                                            "vicaire export --all) by replaying it and store "
                                            "its matches; prints the id of each. A match "
                                            "already in the history is not stored twice; "
                                            "one that went on elsewhere is brought up to "
                                            "date; one played on both sides is kept twice."))
    p.add_argument("files", metavar=file, nargs="+",
                   help=tr(lang, "match file (JSON); - reads standard input"))
    p.add_argument("--as-new", action="store_true",
                   help=tr(lang, "store each file as a new match, even one already in the "
                                 "history"))
    p.set_defaults(handler=with_history(run_import))


def _write_output(path: str, data: bytes) -> None:
    from scorekeeper.formats.files import write_output

    try:
        write_output(path, data)
    except OSError as exc:
        raise VicaireError("store.write", path=path or "''",
                           reason=exc.strerror or str(exc), errno=exc.errno) from None


def run_export(args: argparse.Namespace, history: History) -> int:
    """The same text as the app's export (scorekeeper.formats.export); a file gets the same bytes as
    the app's file, standard output the text alone (UTF-8, no byte-order mark)."""
    from scorekeeper.formats.export import export_text, file_bytes

    if args.all == (args.id is not None):
        raise VicaireError("export.what")
    if args.all:
        from scorekeeper.formats.historyfile import history_text

        if args.format != "json":
            raise VicaireError("export.all_json")
        listing = history.summaries()  # (a match that cannot be read is named on stderr)
        text, kind = history_text(history.matches([s.id for s in listing])), "json"
    else:
        stored = history.get(args.id)
        sep = "\t" if args.sep == "tab" else args.sep
        text, kind = export_text(stored, args.format, lang_of(args), sep), args.format
    if args.output is not None and args.output != "-":
        _write_output(args.output, file_bytes(text, kind))
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))  # bytes: CRLF line ends stay CRLF
        sys.stdout.buffer.flush()
    return 0


def _report(label: str, results: list[Imported], whole: bool, lang: str) -> None:
    """One line per match brought up to date, left as newer, or kept as a copy; for a
    history file, one line saying what became of its matches."""
    from scorekeeper.store.merge import COPY, OLDER, SAME, UPDATED

    def said(code: str, **params: object) -> None:
        say(f"{label}: " + error_text(VicaireError(code, **params), lang))

    for result in results:
        stored, before = result.stored, result.before
        if result.kind == UPDATED and before is not None:
            said("import.updated", id=stored.id, count=len(stored.match.deals),
                 stored=len(before.match.deals))
        elif result.kind == OLDER:
            said("import.older", id=stored.id, count=len(stored.match.deals))
        elif result.kind == COPY and before is not None:
            said("import.copy", id=before.id, copy=stored.id, name=stored.name)
        elif result.kind == SAME and not whole:
            said("import.already", id=stored.id)
    if whole:
        from scorekeeper.formats.historyfile import import_summary

        say(f"{label}: " + import_summary(results, lang))


def run_import(args: argparse.Namespace, history: History) -> int:
    """Print, for each file, the id of each of its matches in the history (new or there)."""
    from scorekeeper.formats.historyfile import copy_namer, incoming_from
    from scorekeeper.formats.matchfile import decode, read_bytes
    from scorekeeper.store.merge import COPY, NEW, UPDATED

    lang = lang_of(args)
    failed = False
    imported: list[str] = []
    ids: list[str] = []  # printed once every file is done: a lost output stops no import
    for path in args.files:
        label = "<stdin>" if path == "-" else path
        try:
            data = decode(read_bytes(path))
            items = incoming_from(data)
            results = history.import_matches(
                items, copy_namer(lang, os.path.basename(label)), args.as_new)
        except VicaireError as exc:
            if exc.code.startswith("store.") and exc.code not in ("store.name",):
                raise
            say(f"{label}: {error_text(exc, lang)}")
            failed = True
            continue
        whole = isinstance(data, dict) and data.get("format") == "vicaire-history"
        _report(label, results, whole, lang)
        imported += [r.stored.id for r in results if r.kind in (NEW, UPDATED, COPY)]
        ids += [r.stored.id for r in results]
    status = 2 if failed else 0
    if imported:
        saved(args, "cli.saved.import", status=status, ids=", ".join(imported))
    for match_id in ids:
        print(match_id)
    return status
