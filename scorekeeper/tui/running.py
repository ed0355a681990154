"""Running the app's process: a fault of its own ends in a few words, and the garbage
collector does not pause the keys.

Textual ends an app whose code raised by printing the traceback, with the values of its
variables, on the terminal (its `error_console`). Here that console writes into a fault
report instead (scorekeeper/formats/fault.py), and the terminal says, in the app's language,
that every deal recorded is saved and where the details are.

Start-up makes most of the objects the app will ever hold (Textual, Rich, Vicaire's modules,
the stylesheet) and they live until it quits; the bounded caches of Textual and Rich then fill
up as screens are drawn. Python's collector walks all of that at each full sweep, and with its
default setting it sweeps fully every few dozen deals, each sweep a pause of a tenth of a
second on a slow laptop, landing on whatever key was just pressed. Once started, the app sets
what start-up made aside for good (`gc.freeze`) and sweeps its young objects every 10,000
allocations instead of 700: cycles are still collected, in fewer and shorter pauses
(benchmarks/bench_sheet.py measures a deal with and without).
"""

from __future__ import annotations

import gc
import io
from typing import Any

from rich.console import Console

from scorekeeper.formats.fault import report_fault

YOUNG = 10_000  # allocations between sweeps of the young objects (Python's default: 700)


def settle() -> None:
    """Set what exists now aside from the collector, and sweep young objects less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 20, 100)


def run_reporting_faults(app: Any) -> int:
    """Run `app`; its exit status: 0, or the fault status once the fault is reported."""
    details = io.StringIO()
    app.error_console = Console(file=details, width=100, color_system=None, markup=False,
                                highlight=False)
    app.run()
    if app.return_code and details.getvalue():
        return report_fault(details.getvalue(), lambda: app.folder, app.lang)
    return app.return_code or 0
