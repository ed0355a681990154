"""Starting the Textual app (the only place the command line imports Textual)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.cli.common import fail, lang_of

if TYPE_CHECKING:
    from scorekeeper.cli.common import Arguments


def run_app(args: Arguments) -> int:
    from scorekeeper.store.paths import checked_folder

    # A folder that cannot be, or cannot be found: refused before the app.
    checked_folder(getattr(args, "db", None), creating=True)
    if not _on_a_terminal():
        from scorekeeper.i18n import tr

        return fail(tr(lang_of(args), "the score sheet app needs a terminal (its keys in, its "
                                      "screen out); for a script, use a command such as "
                                      "vicaire history (vicaire --help lists them)"))
    from scorekeeper.tui.running import hold

    hold()  # no garbage collection while the app starts (scorekeeper/tui/running.py)
    try:
        from scorekeeper.tui.app import main as app_main
    except ModuleNotFoundError:
        from scorekeeper.i18n import tr

        return fail(tr(lang_of(args), "the score sheet app is not installed; try vicaire "
                                      "replay FILE"))
    return app_main(args)


def _on_a_terminal() -> bool:
    """Whether the app has a terminal to read keys from and draw on: else (`vicaire
    </dev/null >out`) it would write its screens into a file for ever. A tab of `vicaire
    serve` has a driver of its own instead (TEXTUAL_DRIVER, set by textual-serve)."""
    import os
    import sys

    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):  # (a stream closed, or none)
        return False
