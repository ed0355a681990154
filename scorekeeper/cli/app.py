"""Starting the Textual app (the only place the command line imports Textual)."""

from __future__ import annotations

import argparse

from scorekeeper.cli.common import fail


def run_app(args: argparse.Namespace) -> int:
    try:
        from scorekeeper.tui.app import main as app_main
    except ModuleNotFoundError:
        return fail("the score sheet app is not built yet; try `vicaire replay FILE`")
    return app_main(args)
