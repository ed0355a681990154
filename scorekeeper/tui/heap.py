"""The app's process and Python's garbage collector.

Start-up makes most of the objects the app will ever hold (Textual, Rich, Vicaire's modules,
the stylesheet) and they live until it quits; the bounded caches of Textual and Rich then fill
up as screens are drawn. Python's collector walks all of that at each full sweep, and with its
default setting it sweeps fully every few dozen deals, each sweep a pause of a tenth of a
second on a slow laptop, landing on whatever key was just pressed. Once started, the app sets
what start-up made aside for good (`gc.freeze`) and sweeps its young objects every 10,000
allocations instead of 700: cycles are still collected, in fewer and shorter pauses
(benchmarks/bench_sheet.py measures a deal with and without). Until then, from the moment
`vicaire` knows it opens the app (`hold`), the collector does not run at all: sweeping objects
that are being made to live for good was a twentieth of the start-up (benchmarks/bench_app.py).
"""

from __future__ import annotations

import gc

YOUNG = 10_000  # allocations between sweeps of the young objects (Python's default: 700)


def hold() -> None:
    """No sweeps while the app starts, until `settle` (which the app runs a second after its
    start): the objects start-up makes live until the app quits."""
    gc.disable()


def settle() -> None:
    """Set what exists now aside from the collector, and sweep young objects less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 20, 100)
    gc.enable()
