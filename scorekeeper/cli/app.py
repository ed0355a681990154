"""Starting the Textual app (the only place the command line imports Textual)."""

from __future__ import annotations

import argparse

from scorekeeper.cli.common import fail, lang_of


def run_app(args: argparse.Namespace) -> int:
    from scorekeeper.store.paths import checked_folder

    # A folder that cannot be, or cannot be found: refused before the app.
    checked_folder(getattr(args, "db", None), creating=True)
    try:
        from scorekeeper.tui.app import main as app_main
    except ModuleNotFoundError:
        from scorekeeper.i18n import tr

        return fail(tr(lang_of(args), "the score sheet app is not installed; try vicaire "
                                      "replay FILE"))
    return app_main(args)
