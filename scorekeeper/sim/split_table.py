"""How often each trick split happens, by what the players aim at: a table from bot deals.

A key is the three players' aims (0: no aim short of a sweep) in play order from the leader;
its row counts the 66 splits (tricks in the same order) over simulated deals of
target-seeking bots. Rebuild the shipped table with `python -m scorekeeper.sim.split_table`.

The table is shipped twice: `splits.json` to read, and `splits.bin`, the same counts as
16-bit numbers (little-endian, the keys in order, 66 counts each), which the odds read. The
binary one is read as it is (132 kB, no Python object per count) and a key's probabilities are
worked out when the odds ask for them: a served tab keeps the table for good, and parsing the
JSON left megabytes of the tab's memory taken.
"""

from __future__ import annotations

import json
import random
import sys
from array import array
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path

TABLE_PATH = Path(__file__).with_name("splits.json")
BINARY_PATH = Path(__file__).with_name("splits.bin")
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


def keys() -> Iterator[Key]:
    """The table's keys, in its order (the binary table's rows)."""
    return ((a, b, c) for a in AIMS for b in AIMS for c in AIMS)


class SplitTable(Mapping[Key, Sequence[float]]):
    """The shipped table as probabilities per key, from its counts (one array of 16-bit
    numbers, in the order of `keys()`); each row's probabilities are worked out when asked
    for, as they always were (each count over the row's total)."""

    def __init__(self, counts: array[int]) -> None:
        if len(counts) != len(AIMS) ** 3 * len(SPLITS):
            raise ValueError("the split table is not whole")
        self.counts = counts

    def __getitem__(self, key: Key) -> Sequence[float]:
        a, b, c = key
        if not (a in AIMS and b in AIMS and c in AIMS):
            raise KeyError(key)
        start = ((a * len(AIMS) + b) * len(AIMS) + c) * len(SPLITS)
        counts = self.counts[start:start + len(SPLITS)]
        total = sum(counts)
        return array("d", (n / total for n in counts))

    def __iter__(self) -> Iterator[Key]:
        return keys()

    def __len__(self) -> int:
        return len(AIMS) ** 3


@cache
def load() -> SplitTable:
    """The shipped table (splits.bin) as probabilities per key."""
    counts = array("H")
    with BINARY_PATH.open("rb") as table:
        counts.fromfile(table, len(AIMS) ** 3 * len(SPLITS))
    if sys.byteorder == "big":
        counts.byteswap()  # (stored little-endian)
    return SplitTable(counts)


def binary(rows: Mapping[str, Sequence[int]]) -> bytes:
    """The counts of `rows` (keyed "abc", as in splits.json) as splits.bin holds them."""
    counts = array("H", (n for key in keys() for n in rows["".join(map(str, key))]))
    if sys.byteorder == "big":
        counts.byteswap()
    return counts.tobytes()


def main(argv: list[str]) -> int:
    """Write the table (optionally only a share of the keys: `PART PARTS OUT`)."""
    wanted = list(keys())
    if len(argv) == 3:
        part, parts, out = int(argv[0]), int(argv[1]), Path(argv[2])
        wanted = wanted[part::parts]
    else:
        out = TABLE_PATH
    rows = build_rows(wanted)
    data = {"seed": SEED, "deals_per_key": DEALS_PER_KEY, "splits": [list(s) for s in SPLITS],
            "counts": rows}
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    if out == TABLE_PATH:  # (the whole table: its binary form beside it)
        BINARY_PATH.write_bytes(binary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
