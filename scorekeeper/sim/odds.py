"""Each player's chance to win the round in progress, by an exact Markov chain over deals.

The chain's state is the three round totals, seen from the next dealer. Totals only matter
through what is needed and who is lowest, so all three drop by 5 while the lowest is 10 or
more, and a player far above the next one down is held at GAP above. Each deal draws a trick
split from a table by what the players aim at (built from target-seeking bots,
`split_table`), optionally blended with the match's own recorded deals, and is scored as the
rules engine scores it (docs/guide.md): a sweep, a lowest lone arrival, or the round goes on.
"""

from __future__ import annotations

from array import array
from collections import ChainMap, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from itertools import islice
from typing import cast

from scorekeeper.rules.model import RuleSet
from scorekeeper.rules.scoring import DealLog, DealOutcome, MatchState, is_winning_total
from scorekeeper.sim.split_table import SPLIT_INDEX, SPLITS, Key, key_of, load

Splits = Mapping[Key, Sequence[float]]
# One deal from a state: the next states (packed, see `_pack`) and, in step, their chances
# after each seat's chance to win (the first three).
Moves = tuple["array[int]", "array[float]"]

GAP = 25  # a player this far above the next one down is behind whatever happens next deal
PRUNE = 1e-6  # drop states with less probability than this
DONE = 1e-5  # stop once this little probability is still undecided
MAX_DEALS = 200
MIN_RECORDED = 5  # recorded deals of one kind before they count
PRIOR = 30  # the table weighs as much as this many recorded deals

# A state of the chain is kept as one int, the three totals packed (8 bits each): normal
# totals stay below 10 + 2 * (GAP + 5), and the totals after a deal 10 more. (A served tab
# keeps the chain's states for good: a tuple of three per state took megabytes.)
BITS = 8
MASK = (1 << BITS) - 1


def _pack(t0: int, t1: int, t2: int) -> int:
    return t0 | t1 << BITS | t2 << 2 * BITS


def aim_of(total: int) -> int | None:
    """The smallest trick count short of a sweep that makes a player on `total` arrive."""
    if total < 10:
        return None if total == 0 else 10 - total
    return 5 - total % 5 if total % 5 else 5


def _normal(t0: int, t1: int, t2: int) -> int:
    """Equivalent totals, packed (`_pack`): the lowest below 10, and each gap between
    neighbours capped. Quick where only the drop by 5 is at stake, as nearly always (a cache
    of them took more memory than it saved time)."""
    low = min(t0, t1, t2)
    if low >= 10:
        drop = 5 * ((low - 5) // 5)
        t0, t1, t2 = t0 - drop, t1 - drop, t2 - drop
        low -= drop
    if max(t0, t1, t2) - low < GAP + 5:
        return t0 | t1 << BITS | t2 << 2 * BITS
    t = [t0, t1, t2]
    order = sorted(range(3), key=t.__getitem__)
    for i in (1, 2):
        gap = t[order[i]] - t[order[i - 1]]
        if gap >= GAP + 5:
            drop = 5 * ((gap - GAP) // 5)
            for j in order[i:]:
                t[j] -= drop
    return _pack(t[0], t[1], t[2])


class _Rows:
    """A split table's rows by leader, tricks by player index (built lazily, row by row), and
    the chain's moves met so far, per sweep rule; all in arrays, not Python objects."""

    def __init__(self, splits: Splits) -> None:
        self.splits = splits
        # (leader, key) -> the row's chances, and its splits (three tricks each) in step
        self.rows: dict[tuple[int, Key], tuple[array[float], bytes]] = {}
        # per sweep rule: packed totals -> where one deal leads
        self.moves: dict[bool, dict[int, Moves]] = {}

    def get(self, leader: int, key: Key) -> tuple[array[float], bytes]:
        row = self.rows.get((leader, key))
        if row is None:
            at = [(leader + i) % 3 for i in range(3)]
            probs, tricks = array("d"), bytearray()
            for i, p in enumerate(self.splits[key]):
                if p > 0:
                    split = [0, 0, 0]
                    split[at[0]], split[at[1]], split[at[2]] = SPLITS[i]
                    probs.append(p)
                    tricks += bytes(split)
            row = self.rows[(leader, key)] = (probs, bytes(tricks))
        return row


@cache
def _default_rows() -> _Rows:
    return _Rows(load())


def chances(totals: Sequence[int], dealer: int, rules: RuleSet,
            splits: Splits | None = None) -> tuple[float, float, float]:
    """Each player's chance to win the round from `totals` with `dealer` dealing next.

    From the shipped table alone (no `splits`), the chances of the last totals asked are
    remembered: a match opened again, a deal undone and redone, ask them again.
    """
    if splits is None:
        return _table_chances(tuple(totals), dealer % 3, rules.sweep_wins)
    return _chances(totals, dealer, _Rows(splits), rules.sweep_wins)


@lru_cache(maxsize=256)
def _table_chances(totals: tuple[int, ...], dealer: int,
                   sweep_wins: bool) -> tuple[float, float, float]:
    return _chances(totals, dealer, _default_rows(), sweep_wins)


def _chances(totals: Sequence[int], dealer: int, rows: _Rows,
             sweep_wins: bool) -> tuple[float, float, float]:
    """`chances`, from `rows`.

    States are seen from the dealer (index 0 deals, 1 leads): the dealer changes every
    deal, so each layer of the chain is one deal and all its states share the dealer.
    """
    moves = rows.moves.setdefault(sweep_wins, {})
    win = [0.0, 0.0, 0.0]
    d = dealer % 3
    layer: dict[int, float] = {
        _normal(totals[d], totals[(d + 1) % 3], totals[(d + 2) % 3]): 1.0}
    for _ in range(MAX_DEALS):
        w0 = w1 = w2 = 0.0
        following: dict[int, float] = defaultdict(float)
        for state, mass in layer.items():
            options = moves.get(state)
            if options is None:
                options = moves[state] = _moves(state, rows, sweep_wins)
            nexts, probs = options
            w0 += mass * probs[0]
            w1 += mass * probs[1]
            w2 += mass * probs[2]
            for nxt, prob in zip(nexts, islice(probs, 3, None), strict=True):
                following[nxt] += mass * prob
        win[d] += w0
        win[(d + 1) % 3] += w1
        win[(d + 2) % 3] += w2
        d = (d + 1) % 3
        layer = {s: m for s, m in following.items() if m > PRUNE}
        if sum(layer.values()) < DONE:
            break
    decided = sum(win)
    if decided <= 0:
        return (1 / 3, 1 / 3, 1 / 3)
    return (win[0] / decided, win[1] / decided, win[2] / decided)


@cache
def _arrive(total: int, sweep_wins: bool) -> frozenset[int]:
    """The trick counts that make a player on `total` arrive (a sweep that wins aside)."""
    last = 9 if sweep_wins else 10
    return frozenset(t for t in range(1, last + 1) if is_winning_total(total + t))


def _moves(state: int, rows: _Rows, sweep_wins: bool) -> Moves:
    """One deal from (packed) totals seen from the dealer: the next states (seen from the
    next dealer, packed) and, in step after the chances each wins, their probabilities."""
    t0, t1, t2 = state & MASK, state >> BITS & MASK, state >> 2 * BITS
    a0, a1, a2 = _arrive(t0, sweep_wins), _arrive(t1, sweep_wins), _arrive(t2, sweep_wins)
    key = (aim_of(t1) or 0, aim_of(t2) or 0, aim_of(t0) or 0)
    out: dict[int, float] = defaultdict(float)
    wins = [0.0, 0.0, 0.0]
    probs, tricks = rows.get(1, key)
    for prob, s0, s1, s2 in zip(probs, tricks[0::3], tricks[1::3], tricks[2::3], strict=True):
        if sweep_wins and (s0 == 10 or s1 == 10 or s2 == 10):
            wins[0 if s0 == 10 else 1 if s1 == 10 else 2] += prob
            continue
        winner = -1
        low = 1 << 30
        tied = False
        if s0 in a0:
            winner, low = 0, t0 + s0
        if s1 in a1:
            n = t1 + s1
            if n < low:
                winner, low, tied = 1, n, False
            elif n == low:
                tied = True
        if s2 in a2:
            n = t2 + s2
            if n < low:
                winner, low, tied = 2, n, False
            elif n == low:
                tied = True
        if winner >= 0 and not tied:
            wins[winner] += prob
        else:
            out[_normal(t1 + s1, t2 + s2, t0 + s0)] += prob
    return array("i", out), array("d", [*wins, *out.values()])


def recorded_splits(outcomes: Iterable[DealOutcome]) -> dict[Key, list[int]]:
    """Counts of the recorded trick splits, keyed as the table is (aims from the leader)."""
    counts: dict[Key, list[int]] = {}
    for o in outcomes:
        aims = (aim_of(o.before[0]), aim_of(o.before[1]), aim_of(o.before[2]))
        key = key_of(aims, o.leader)
        rel = (o.tricks[o.leader], o.tricks[(o.leader + 1) % 3], o.tricks[(o.leader + 2) % 3])
        counts.setdefault(key, [0] * len(SPLITS))[SPLIT_INDEX[rel]] += 1
    return counts


def blend(recorded: Mapping[Key, Sequence[int]], table: Splits | None = None,
          min_deals: int = MIN_RECORDED, prior: float = PRIOR) -> Splits:
    """The table, mixed with recorded counts for each kind of deal recorded often enough
    (those rows only are made: the others are the table's)."""
    base = table if table is not None else load()
    mixed: dict[Key, Sequence[float]] = {}
    for key, counts in recorded.items():
        n = sum(counts)
        if n < min_deals or key not in base:
            continue
        mixed[key] = tuple((prior * p + c) / (prior + n) for p, c in zip(base[key], counts,
                                                                           strict=True))
    # (ChainMap only reads the maps after the first: the table is never written to)
    return ChainMap(mixed, cast("dict[Key, Sequence[float]]", base))


def round_odds(state: MatchState[DealLog],
               splits: Splits | None = None) -> tuple[float, float, float]:
    """Each player's chance to win the round in progress (zeros once the match is won).

    Without `splits`, the shipped table is blended with the match's own recorded deals.
    """
    if state.finished:
        return (0.0, 0.0, 0.0)
    if splits is None:
        recorded = {k: c for k, c in recorded_splits(state.outcomes).items()
                    if sum(c) >= MIN_RECORDED}
        splits = blend(recorded) if recorded else None
    cur = state.current
    return chances(cur.totals, cur.dealer, state.match.rules, splits)
