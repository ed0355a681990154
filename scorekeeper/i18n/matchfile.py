"""Words for refusals of a match file."""

from scorekeeper.i18n import N_

ERRORS: dict[str, str] = {
    "file.object": N_("this is not a match file: expected a JSON object"),
    "file.format": N_('this is not a match file (format {value}, expected "vicaire-match")'),
    "file.version": N_("match file version {value} is not supported (this Vicaire reads version "
                       "1)"),
    "file.missing": N_('the match file has no "{key}"'),
    "file.list": N_('"{key}" in the match file must be a list'),
    "file.id": N_('the match file\'s "id" must be 8 characters 0-9 and a-f (got {value})'),
    "file.two_targets": N_('the match file gives two targets: "target" {target} and '
                           '"rules"."target" {rules}'),
    "file.long_number": N_("the file holds a number far too long to be a score or a count"),
    "file.too_big": N_("the file is larger than {limit} MB, far too big for a match file or "
                       "a deal record"),
    "file.encoding": N_("the file is not UTF-8 text"),
    "file.json": N_("the file is not valid JSON (line {line})"),
    "file.deep": N_("the file's JSON is nested too deeply (lists or objects within each other "
                    "hundreds of times over): neither a match file nor a deal record is"),
    "file.not_found": N_("no such file"),
    "file.is_dir": N_("this is a folder, not a file"),
    "file.permission": N_("permission denied"),
    "file.os": N_("cannot read the file: {reason}"),
    # What the history knows about a match (scorekeeper/formats/matchmeta.py).
    "file.time": N_('"{key}" in the match file must be a date and time in ISO 8601 with its '
                    'time zone, e.g. "2026-12-04T20:15:00.000Z" (got {value})'),
    "file.flag": N_('"{key}" in the match file must be true or false (got {value})'),
    "file.deal_times": N_('"deal_times" in the match file must give one time (or null) per '
                          'deal (deals: {count}, times: {times})'),
    "file.correction": N_('correction {number} in the match file is not one: it needs "kind" '
                          '("edit", "undo" or "abandon"), "deal" (a deal number), "before" '
                          'and "after" (a deal or null) and "at" (a date and time)'),
    "file.status": N_('"status" in the match file must be "in_progress", "won" or '
                      '"abandoned" (got {value})'),
    "file.status_won": N_('the match file says the match is {value}, but its deals give it '
                          'a winner: its "status" must be "won"'),
    "file.status_not_won": N_('the match file says the match is won, but its deals give it '
                              'no winner'),
    # The whole history in one file (vicaire export --all).
    "file.history_version": N_("history file version {value} is not supported (this Vicaire "
                               "reads version 1)"),
    "file.matches": N_('"matches" in the history file must be a list of match files'),
}
