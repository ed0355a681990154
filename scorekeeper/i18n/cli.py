"""Words for the command line's own refusals and warnings: output that cannot be written,
a retry made safe, importing a match that is already in the history.

The French, in the catalog, puts a no-break space (U+00A0) before : ; ! ?
"""

from scorekeeper.i18n import N_, Nn_

ERRORS: dict[str, str | tuple[str, str]] = {
    # Standard output could not be written and nothing was changed (exit 2).
    "cli.output": N_("cannot write the output ({reason}); nothing was changed"),
    # The change is saved but its report could not be printed (exit 0): say what was saved.
    "cli.saved.new": N_("match {id} is created, but its report could not be written ({reason})"),
    "cli.saved.add": N_("deal {number} is recorded in match {id}, but its report could not be "
                        "written ({reason})"),
    "cli.saved.undo": N_("deal {number} is removed from match {id}, but the report could not be "
                         "written ({reason})"),
    "cli.saved.edit": N_("deal {number} of match {id} is corrected, but the report could not be "
                         "written ({reason})"),
    "cli.saved.abandon": N_("match {id} is abandoned, but the report could not be written "
                            "({reason})"),
    "cli.saved.delete": N_("match {id} is deleted, but the report could not be written ({reason})"),
    "cli.saved.import": N_("the history now holds {ids}, but the list of ids could not be "
                           "written ({reason})"),
    "cli.saved.simulate": N_("the simulated match is stored as {id}, but its report could not be "
                             "written ({reason})"),
    # Refusals of the command line (exit 2, nothing changed).
    "cli.expect_deals": Nn_("match {id} has {count} deal, not {expected}; nothing was recorded",
                            "match {id} has {count} deals, not {expected}; nothing was recorded"),
    "cli.empty_id": N_("the match id is empty: give at least 4 of its letters and digits, or "
                       "leave it out"),
    # Importing a match file whose match is already in the history.
    "import.already": N_("already in the history as {id}; nothing imported"),
    # What became of a match of an imported file (one line each).
    "import.updated": N_("match {id} is brought up to date from this file (deals: {stored} "
                         "before, {count} now)"),
    "import.older": N_("match {id} has gone further in the history than in this file; it is "
                       "left as it is"),
    "import.copy": N_("match {id} was played on both here and in this file: both are kept, "
                      "the file's as {copy} “{name}”"),
    # `vicaire export`: what to export.
    "export.what": N_("give the id of the match to export, or --all for the whole history"),
    "export.all_json": N_("the whole history is exported as JSON only (--format json)"),
    "export.too_big": N_("the file would be larger than {limit} MB, more than vicaire import "
                         "takes back; export the matches one by one"),
}
