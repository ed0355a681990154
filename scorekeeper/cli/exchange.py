"""`vicaire export` and `vicaire import`: match files and CSV score sheets."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.common import lang_of, saved, say
from scorekeeper.cli.history_access import with_history
from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr, trc
from scorekeeper.i18n.errors import error_text

if TYPE_CHECKING:
    from scorekeeper.rules import Match
    from scorekeeper.store import History, StoredMatch


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    file = trc(lang, "metavar", "FILE")
    p = sub.add_parser("export", help=tr(lang, "write a stored match as a file"),
                       description=tr(lang, "Write a stored match as a match file (JSON), a "
                                            "CSV score sheet or a page to share (HTML), to "
                                            "standard output or a file."))
    p.add_argument("id", metavar=trc(lang, "metavar", "ID"), help=tr(lang, "the match"))
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
                       description=tr(lang, "Check each match file by replaying it and store "
                                            "it; prints the id of each file's match. A match "
                                            "already in the history (an exported file carries "
                                            "its id) is not stored twice."))
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

    stored = history.get(args.id)
    sep = "\t" if args.sep == "tab" else args.sep
    text = export_text(stored, args.format, lang_of(args), sep)
    if args.output is not None and args.output != "-":
        _write_output(args.output, file_bytes(text, args.format))
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))  # bytes: CRLF line ends stay CRLF
        sys.stdout.buffer.flush()
    return 0


def _twin(history: History, match: Match) -> StoredMatch | None:
    """A stored match with the same players, rules and deals (at least one) as `match`."""
    if not match.deals:
        return None
    for summary in history.summaries():
        if tuple(summary.players) == match.players and summary.deals == len(match.deals):
            stored = history.get(summary.id)
            if stored.match == match:
                return stored
    return None


def _import_one(history: History, match: Match, data: dict,
                as_new: bool) -> tuple[StoredMatch, bool]:
    """Store a match read from a file; (the match, True) when it was already in the history.

    A file with an id (an export) keeps it; the same id already in the history with the
    same match imports nothing, and with another version of it is refused. A file without
    an id is known by its players, rules and deals. `as_new` stores a copy under a new id.
    """
    from scorekeeper.formats.matchfile import match_id_of

    name = data.get("name", "")
    name = name if isinstance(name, str) else ""
    file_id = None if as_new else match_id_of(data)
    if file_id is None:
        twin = None if as_new else _twin(history, match)
        if twin is not None:
            return twin, True
        return history.import_match(match, name=name), False
    try:
        stored = history.get(file_id)
    except VicaireError as exc:
        if exc.code != "store.not_found":
            raise
        return history.create(match, name=name, match_id=file_id), False
    if stored.match == match:
        return stored, True
    kept = stored.match
    if (kept.players, kept.rules, kept.first_dealer) == (
            match.players, match.rules, match.first_dealer) and (
            match.deals[:len(kept.deals)] == kept.deals):
        raise VicaireError("import.longer", id=stored.id, count=len(match.deals),
                           stored=len(kept.deals))
    raise VicaireError("import.differs", id=stored.id, count=len(match.deals),
                       stored=len(kept.deals))


def run_import(args: argparse.Namespace, history: History) -> int:
    """Print, for each file, the id of its match in the history (new or already there)."""
    from scorekeeper.formats.matchfile import load

    lang = lang_of(args)
    failed = False
    imported: list[str] = []
    ids: list[str] = []  # printed once every file is done: a lost output stops no import
    for path in args.files:
        label = "<stdin>" if path == "-" else path
        try:
            match, data = load(path)
            stored, already = _import_one(history, match, data, args.as_new)
        except VicaireError as exc:
            if exc.code.startswith("store.") and exc.code not in ("store.name",):
                raise
            say(f"{label}: {error_text(exc, lang)}")
            failed = True
            continue
        if already:
            say(f"{label}: " + error_text(VicaireError("import.already", id=stored.id), lang))
        else:
            imported.append(stored.id)
        ids.append(stored.id)
    status = 2 if failed else 0
    if imported:
        saved(args, "cli.saved.import", status=status, ids=", ".join(imported))
    for match_id in ids:
        print(match_id)
    return status
