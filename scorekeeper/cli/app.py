"""Starting the Textual app (the only place the command line imports Textual)."""

from __future__ import annotations

import argparse

from scorekeeper.cli.common import fail


def run_app(args: argparse.Namespace) -> int:
    from scorekeeper.store.paths import history_folder

    history_folder(getattr(args, "db", None))  # a folder that cannot be: refused before the app
    try:
        from scorekeeper.tui.app import main as app_main
    except ModuleNotFoundError:
        return fail("the score sheet app is not built yet; try `vicaire replay FILE`")
    return app_main(args)
