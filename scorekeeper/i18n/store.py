"""Words for the match history: a match's status, its refusals and its notices after damage."""

from scorekeeper.i18n import N_, Nn_, tr, tr_n

# A stored match's status, as a listing shows it.
STATUS_WORDS: dict[str, str] = {
    "in_progress": N_("in progress"),
    "won": N_("won"),
    "abandoned": N_("abandoned"),
}


def status_text(status: str, lang: str) -> str:
    """in progress / won / abandoned, in words (an unknown status as it is)."""
    return tr(lang, STATUS_WORDS[status]) if status in STATUS_WORDS else status


def played_text(first: str | None, seconds: int | None, created: str, lang: str) -> str:
    """When a match was played and for how long, from its deals' times ("played on 4 Dec
    2026, 20:15 for 1 hr 25 mins"); a match without them, when it began."""
    from scorekeeper.i18n.dates import duration_text, when_text

    if first is None:
        return tr(lang, "started {when}", when=when_text(created, lang))
    if not seconds:
        return tr(lang, "played on {when}", when=when_text(first, lang))
    return tr(lang, "played on {when} for {duration}", when=when_text(first, lang),
              duration=duration_text(seconds, lang))


ERRORS: dict[str, str | tuple[str, str]] = {
    "store.not_found": N_("there is no match {id} in the history"),
    "store.no_match": N_("there is no match in progress; start one with `vicaire new A B C`"),
    "store.no_history": N_("the history is empty"),
    "store.bad_id": N_("{id} is not a match id: use at least 4 of its letters and digits (0-9, "
                       "a-f)"),
    "store.ambiguous": N_("{id} could be several matches ({ids}); type more of the id"),
    "store.finished": N_("the match is already won by {winner}; no deal can follow"),
    "store.abandoned": N_("this match was abandoned; nothing more can be recorded in it"),
    "store.no_deal": N_("the match has no deal yet; there is nothing to undo"),
    "store.stale": N_("this match was changed in another window (now at deal {deals}); nothing "
                      "was recorded — here is the current state"),
    "store.busy": N_("the history is busy in another window; nothing was recorded, try again"),
    "store.name": Nn_("a match name is at most {limit} printable character",
                      "a match name is at most {limit} printable characters"),
    "store.not_folder": N_("the history location {path} is not a folder"),
    "store.missing": N_("the history folder {path} cannot be found (a link to nowhere, or a "
                        "drive that is not there?)"),
    "store.no_home": N_("the history location {path} names a home folder that does not exist"),
    "store.os": N_("cannot use the history folder {path}: {reason}"),
    "store.newer": N_("match {id} was saved by a newer Vicaire (format {schema}); update Vicaire "
                      "to open it"),
    "store.lost": N_("match {id} was damaged and no good backup was left; the damaged file is "
                     "kept at {path}"),
    "store.confirm": N_("deleting needs a confirmation: add --yes to delete without a question"),
    "store.kept": N_("nothing was deleted"),
    "store.won": N_("match {id} is already won by {winner}; there is nothing to abandon"),
    "store.damaged": N_("the history folder {path} is damaged: {name} in it is not a folder; "
                        "nothing was changed"),
    "store.misnamed": N_("the file {path} holds match {inner}, not match {id}"),
    "store.write": N_("cannot write {path}: {reason}"),
    "store.taken": N_("the history already has a match {id}"),
    # Notices (shown once, after the history repaired itself).
    "store.notice.restored": N_("match {id} was damaged (the file was {reason}); it was restored "
                                "from its backup of {when}. The damaged file is kept at {path}"),
    "store.notice.lost": N_("match {id} was damaged (the file was {reason}) and no good backup "
                            "was left; it is left out of the history. The damaged file is kept "
                            "at {path}"),
    "store.notice.index": N_("the list of matches was damaged (the file was {reason}); it was "
                             "rebuilt from the matches themselves, nothing is lost. The damaged "
                             "file is kept at {path}"),
    "store.notice.backup": N_("match {id} had lost its file; it was restored from its backup of "
                              "{when} ({path})"),
    "store.notice.moved": N_("match {id} was stored in the wrong place ({from}); it was moved to "
                             "{to}"),
    "store.notice.duplicate": N_("match {id} was stored twice; it is listed once, and the copy "
                                 "with fewer changes was moved aside to {path}"),
    "store.notice.unreadable": N_("{matches}"),  # said by unreadable_text
    "store.reason.empty": N_("empty"),
    "store.reason.truncated": N_("cut short"),
    "store.reason.garbage": N_("unreadable"),
    "store.reason.invalid": N_("not a Vicaire match"),
}


# Why a match cannot be read, in a "cannot be read" list.
UNREADABLE_WHY: dict[str, str] = {
    "damaged": N_("damaged, no good backup; kept at {where}"),
    "newer": N_("saved by a newer Vicaire: update Vicaire to open it"),
    "unusable": N_("cannot be read or put right here: {where}"),
}


def unreadable_text(items: list[list[str]], lang: str) -> str:
    """"2 matches cannot be read: 9a5792a0 (…), 1b2c3d4e (…)" from [id, why, where] items."""
    parts = []
    for match_id, why, where in items:
        reason = tr(lang, UNREADABLE_WHY.get(why, UNREADABLE_WHY["unusable"]), where=where)
        parts.append(f"{match_id} ({reason})")
    return tr_n(lang, "{count} match cannot be read: {matches}",
                "{count} matches cannot be read: {matches}", len(items), matches=", ".join(parts))
