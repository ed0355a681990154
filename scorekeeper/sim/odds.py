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
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import cast

from scorekeeper.rules.model import RuleSet
from scorekeeper.rules.scoring import DealLog, DealOutcome, MatchState, is_winning_total
from scorekeeper.sim.split_table import SPLIT_INDEX, SPLITS, Key, key_of, load

Splits = Mapping[Key, Sequence[float]]
Totals = tuple[int, int, int]
# One deal from a state: each seat's chance to win, the next states and their chances.
Moves = tuple[tuple[float, float, float], tuple[Totals, ...], "array[float]"]

GAP = 25  # a player this far above the next one down is behind whatever happens next deal
PRUNE = 1e-6  # drop states with less probability than this
DONE = 1e-5  # stop once this little probability is still undecided
MAX_DEALS = 200
MIN_RECORDED = 5  # recorded deals of one kind before they count
PRIOR = 30  # the table weighs as much as this many recorded deals


def aim_of(total: int) -> int | None:
    """The smallest trick count short of a sweep that makes a player on `total` arrive."""
    if total < 10:
        return None if total == 0 else 10 - total
    return 5 - total % 5 if total % 5 else 5


@cache
def _normal(t0: int, t1: int, t2: int) -> Totals:
    """Equivalent totals: the lowest below 10, and each gap between neighbours capped."""
    low = min(t0, t1, t2)
    if low >= 10:
        drop = 5 * ((low - 5) // 5)
        t0, t1, t2 = t0 - drop, t1 - drop, t2 - drop
        low -= drop
    if max(t0, t1, t2) - low < GAP + 5:
        return (t0, t1, t2)
    t = [t0, t1, t2]
    order = sorted(range(3), key=t.__getitem__)
    for i in (1, 2):
        gap = t[order[i]] - t[order[i - 1]]
        if gap >= GAP + 5:
            drop = 5 * ((gap - GAP) // 5)
            for j in order[i:]:
                t[j] -= drop
    return (t[0], t[1], t[2])


class _Rows:
    """A split table's rows by leader, tricks by player index; built lazily, row by row."""

    def __init__(self, splits: Splits) -> None:
        self.splits = splits
        self.rows: dict[tuple[int, Key], list[tuple[float, Totals]]] = {}
        # per sweep rule: totals -> where one deal leads
        self.moves: dict[bool, dict[Totals, Moves]] = {}

    def get(self, leader: int, key: Key) -> list[tuple[float, Totals]]:
        row = self.rows.get((leader, key))
        if row is None:
            at = [(leader + i) % 3 for i in range(3)]
            row = []
            for i, p in enumerate(self.splits[key]):
                if p > 0:
                    split = [0, 0, 0]
                    split[at[0]], split[at[1]], split[at[2]] = SPLITS[i]
                    row.append((p, (split[0], split[1], split[2])))
            self.rows[(leader, key)] = row
        return row


@cache
def _default_rows() -> _Rows:
    return _Rows(load())


def chances(totals: Sequence[int], dealer: int, rules: RuleSet,
            splits: Splits | None = None) -> tuple[float, float, float]:
    """Each player's chance to win the round from `totals` with `dealer` dealing next.

    States are seen from the dealer (index 0 deals, 1 leads): the dealer changes every
    deal, so each layer of the chain is one deal and all its states share the dealer.
    """
    rows = _default_rows() if splits is None else _Rows(splits)
    sweep_wins = rules.sweep_wins
    moves = rows.moves.setdefault(sweep_wins, {})
    win = [0.0, 0.0, 0.0]
    d = dealer % 3
    layer: dict[Totals, float] = {_normal(totals[d], totals[(d + 1) % 3], totals[(d + 2) % 3]): 1.0}
    for _ in range(MAX_DEALS):
        w0 = w1 = w2 = 0.0
        following: dict[Totals, float] = defaultdict(float)
        for state, mass in layer.items():
            options = moves.get(state)
            if options is None:
                options = moves[state] = _moves(state, rows, sweep_wins)
            wins, nexts, probs = options
            w0 += mass * wins[0]
            w1 += mass * wins[1]
            w2 += mass * wins[2]
            for nxt, prob in zip(nexts, probs, strict=True):
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


def _moves(totals: Totals, rows: _Rows, sweep_wins: bool) -> Moves:
    """One deal from totals seen from the dealer: chances each wins, and the next states
    (seen from the next dealer) with their probabilities (two sequences, in step)."""
    t0, t1, t2 = totals
    a0, a1, a2 = _arrive(t0, sweep_wins), _arrive(t1, sweep_wins), _arrive(t2, sweep_wins)
    key = (aim_of(t1) or 0, aim_of(t2) or 0, aim_of(t0) or 0)
    out: dict[int | Totals, float] = defaultdict(float)
    for prob, (s0, s1, s2) in rows.get(1, key):
        if sweep_wins and (s0 == 10 or s1 == 10 or s2 == 10):
            out[0 if s0 == 10 else 1 if s1 == 10 else 2] += prob
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
            out[winner] += prob
        else:
            out[_normal(t1 + s1, t2 + s2, t0 + s0)] += prob
    wins = (out.pop(0, 0.0), out.pop(1, 0.0), out.pop(2, 0.0))
    # Kept for every state met (`_Rows.moves`): the next states in a tuple and their chances
    # as plain doubles take a fifth of the memory of a list of pairs.
    # (only next states are left in `out` once the three wins are popped)
    return wins, cast("tuple[Totals, ...]", tuple(out)), array("d", out.values())


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
          min_deals: int = MIN_RECORDED, prior: float = PRIOR) -> dict[Key, Sequence[float]]:
    """The table, mixed with recorded counts for each kind of deal recorded often enough."""
    base = dict(table if table is not None else load())
    for key, counts in recorded.items():
        n = sum(counts)
        if n < min_deals or key not in base:
            continue
        base[key] = tuple((prior * p + c) / (prior + n) for p, c in zip(base[key], counts,
                                                                          strict=True))
    return base


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
