"""How often each trick split happens, by what the players aim at: a table from bot deals.

A key is the three players' aims (0: no aim short of a sweep) in play order from the leader;
its row counts the 66 splits (tricks in the same order) over simulated deals of
target-seeking bots. Rebuild the shipped table with `python -m scorekeeper.sim.split_table`.
"""

from __future__ import annotations

import json
import random
import sys
from array import array
from collections.abc import Sequence
from functools import cache
from pathlib import Path

TABLE_PATH = Path(__file__).with_name("splits.json")
SPLITS = tuple((a, b, 10 - a - b) for a in range(11) for b in range(11 - a))
SPLIT_INDEX = {s: i for i, s in enumerate(SPLITS)}
AIMS = range(10)  # 0 = no aim short of a sweep; else 1..9
SEED = 20_251_129
DEALS_PER_KEY = 600

Key = tuple[int, int, int]


def key_of(aims: tuple[int | None, int | None, int | None], leader: int) -> Key:
    """The table key for players' aims (by player index) when `leader` leads."""
    return tuple((aims[(leader + i) % 3] or 0) for i in range(3))  # type: ignore[return-value]


def build_rows(keys: list[Key], seed: int = SEED,
               deals: int = DEALS_PER_KEY) -> dict[str, list[int]]:
    """Play `deals` deals for each key with target-seeking bots; count the splits."""
    from scorekeeper.sim.deals import simulate_deal

    rows: dict[str, list[int]] = {}
    for key in keys:
        rng = random.Random(f"{seed}-{key}")
        counts = [0] * len(SPLITS)
        # Dealer 2: player 0 leads, so the key's order is the players' order.
        needs = [(k, 10) if k else (10,) for k in key]
        for _ in range(deals):
            record = simulate_deal(rng, 2, "target", needs)
            counts[SPLIT_INDEX[record.counts]] += 1
        rows["".join(map(str, key))] = counts
    return rows


@cache
def load() -> dict[Key, Sequence[float]]:
    """The shipped table as probabilities per key."""
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    table: dict[Key, Sequence[float]] = {}
    for name, counts in data["counts"].items():
        total = sum(counts)
        # Plain doubles: a tuple of float objects took three times the memory (a served
        # tab keeps the table for good).
        table[(int(name[0]), int(name[1]), int(name[2]))] = array("d", (c / total
                                                                        for c in counts))
    return table


def main(argv: list[str]) -> int:
    """Write the table (optionally only a share of the keys: `PART PARTS OUT`)."""
    keys = [(a, b, c) for a in AIMS for b in AIMS for c in AIMS]
    if len(argv) == 3:
        part, parts, out = int(argv[0]), int(argv[1]), Path(argv[2])
        keys = keys[part::parts]
    else:
        out = TABLE_PATH
    data = {"seed": SEED, "deals_per_key": DEALS_PER_KEY, "splits": [list(s) for s in SPLITS],
            "counts": build_rows(keys)}
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
