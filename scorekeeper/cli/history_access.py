"""What the history commands share: opening the history, notices, reading deals."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from scorekeeper.errors import VicaireError, shown
from scorekeeper.i18n import tr
from scorekeeper.i18n.errors import notice_text
from scorekeeper.i18n.outcomes import standings

if TYPE_CHECKING:
    from scorekeeper.store import History, StoredMatch

Handler = Callable[[argparse.Namespace, "History"], int]
CREATING = ("new", "import")  # the commands that may make the history folder


def with_history(handler: Handler) -> Callable[[argparse.Namespace], int]:
    """Run `handler` with the history of --db; show the history's notices on stderr."""
    def run(args: argparse.Namespace) -> int:
        from scorekeeper.cli.common import lang_of, say
        from scorekeeper.cli.interrupts import around_commit
        from scorekeeper.store import History

        match_id = getattr(args, "id", None)
        if match_id is not None and not str(match_id).strip():
            raise VicaireError("cli.empty_id")
        from scorekeeper.store.paths import checked_folder

        folder = checked_folder(getattr(args, "db", None),
                                creating=getattr(args, "command", None) in CREATING)
        history = History(folder, around_commit=around_commit)
        error: VicaireError | None = None
        try:
            return handler(args, history)
        except VicaireError as exc:
            error = exc
            raise
        finally:
            for notice in history.notices:
                if error is not None and error.code == "store.lost" and (
                        notice.code == "store.notice.lost"):
                    continue  # the refusal already says it
                say(notice_text(notice, lang_of(args)))
    return run


def parse_deal(values: Sequence[str]) -> list[int]:
    """Three trick counts typed on the command line: ASCII digits only ("4_0" and full-width
    digits, which int() takes, are refused, and so are control characters around them)."""
    if len(values) != 3:
        raise VicaireError("deal.length", count=len(values))
    from scorekeeper.cli.common import DIGITS, typed

    deal = []
    for value in values:
        digits = typed(value)
        if digits.startswith("-") and DIGITS.fullmatch(digits[1:]):
            raise VicaireError("deal.negative", value="\u2212" + digits[1:12])
        if not DIGITS.fullmatch(digits):
            raise VicaireError("deal.whole", value=shown(value, 40))
        if len(digits) > 4:  # far out of range, and too long for int() past 4,300 digits
            raise VicaireError("deal.range", value=digits[:12] + "…")
        deal.append(int(digits))
    return deal


def pick_match(history: History, match_id: str | None, lang: str,
               unfinished: bool = True) -> StoredMatch:
    """The match named, or the most recent unfinished one (or the most recent at all)."""
    if match_id:
        return history.get(match_id)
    latest = history.latest_unfinished()
    if latest is not None:
        return latest
    if not unfinished:
        listing = history.summaries()
        if listing:
            return history.get(listing[0].id)
        raise VicaireError("store.no_history")
    raise VicaireError("store.no_match")


def standing_line(stored: StoredMatch, lang: str) -> str:
    """'Amélie 50 · Bruno 0 · Chloé 0 (match 9a57…)'."""
    match = tr(lang, "match")
    return f"{standings(stored.state, lang)}  ({match} {stored.id})"
