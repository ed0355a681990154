"""Words for the command line's own refusals and warnings: output that cannot be written,
a retry made safe, importing a match that is already in the history.

The French, in the catalog, puts a no-break space (U+00A0) before : ; ! ?
"""

from scorekeeper.i18n import N_, Nn_

ERRORS: dict[str, str] = {
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
    "import.longer": N_("this file is a longer version of match {id} (deals: {count} here, "
                        "{stored} in the history); it is not merged: nothing imported (--as-new "
                        "imports it as another match)"),
    "import.differs": N_("match {id} in the history differs from this file (deals: {stored} "
                         "there, {count} here); nothing imported (--as-new imports it as another "
                         "match)"),
}
