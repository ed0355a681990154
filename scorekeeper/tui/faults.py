"""Running the app so that a fault of its own ends in a few words, not a traceback.

Textual ends an app whose code raised by printing the traceback, with the values of its
variables, on the terminal (its `error_console`). Here that console writes into a fault
report instead (scorekeeper/formats/fault.py), and the terminal says, in the app's language,
that every deal recorded is saved and where the details are.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from scorekeeper.formats.fault import report_fault


def run_reporting_faults(app: Any) -> int:
    """Run `app`; its exit status: 0, or the fault status once the fault is reported."""
    details = io.StringIO()
    app.error_console = Console(file=details, width=100, color_system=None, markup=False,
                                highlight=False)
    app.run()
    if app.return_code and details.getvalue():
        return report_fault(details.getvalue(), lambda: app.folder, app.lang)
    return app.return_code or 0
