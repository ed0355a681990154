"""Round odds by the exact chain agree with brute-force simulation through the rules engine."""

import random

import pytest

from scorekeeper.rules import Match, RuleSet, needs, replay
from scorekeeper.sim.bots import aim
from scorekeeper.sim.odds import aim_of, blend, recorded_splits, round_odds
from scorekeeper.sim.split_table import SPLITS, load

ROUNDS = 3000
TOLERANCE = 0.035  # about 4 standard errors of a 3000-round estimate


def brute_force(match: Match, rounds: int, seed: int) -> tuple[float, float, float]:
    """Play the round out `rounds` times, drawing splits from the table, scored by replay."""
    table = load()
    rng = random.Random(seed)
    start = replay(match)
    wins = [0, 0, 0]
    for _ in range(rounds):
        m, state = match, start
        while len(state.rounds) == len(start.rounds):
            cur = state.current
            aims = [aim(needs(t, m.rules)) or 0 for t in cur.totals]
            key = tuple(aims[(cur.leader + i) % 3] for i in range(3))
            rel = rng.choices(SPLITS, weights=table[key])[0]
            deal = [0, 0, 0]
            for i in range(3):
                deal[(cur.leader + i) % 3] = rel[i]
            m = m.add_deal(deal)
            state = replay(m)
        wins[state.rounds[-1].winner] += 1
    return (wins[0] / rounds, wins[1] / rounds, wins[2] / rounds)


@pytest.mark.parametrize("deals,sweep", [
    ((), "wins"),
    (((4, 3, 3),), "wins"),
    (((6, 1, 3), (3, 2, 5)), "counts"),
    (((5, 3, 2), (5, 2, 3)), "wins"),  # a tie at 10: both totals spent
])
def test_odds_agree_with_brute_force(deals, sweep):
    match = Match(players=("A", "B", "C"), rules=RuleSet(sweep=sweep), deals=deals)
    exact = round_odds(replay(match), splits=load())
    assert abs(sum(exact) - 1) < 1e-6
    rough = brute_force(match, ROUNDS, seed=len(deals))
    for p in range(3):
        assert abs(exact[p] - rough[p]) < TOLERANCE, (exact, rough)


def test_aim_matches_the_rules_engine():
    for total in range(60):
        assert aim_of(total) == aim(needs(total, RuleSet()))


def test_recorded_deals_blend_in_when_there_are_enough():
    match = Match(players=("A", "B", "C"), rules=RuleSet(target=100000),
                  deals=[(10, 0, 0)] * 1)
    recorded = recorded_splits(replay(match).outcomes)
    assert sum(sum(c) for c in recorded.values()) == 1
    table = load()
    key = next(iter(recorded))
    assert blend(recorded)[key] == table[key]  # one deal is not enough
    mixed = blend({key: [0] * 65 + [40]})
    assert mixed[key][-1] > table[key][-1]


def test_finished_match_has_no_round_odds():
    state = replay(Match(players=("A", "B", "C"), rules=RuleSet(target=50),
                         deals=[(4, 3, 3), (6, 2, 2)]))
    assert round_odds(state) == (0.0, 0.0, 0.0)


def test_shipped_table_is_whole_and_rebuilds_the_same():
    import json

    from scorekeeper.sim.split_table import TABLE_PATH, build_rows

    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    assert len(data["counts"]) == 1000
    assert all(sum(row) == data["deals_per_key"] for row in data["counts"].values())
    first = build_rows([(3, 0, 5)], data["seed"], 40)["305"]
    assert first == build_rows([(3, 0, 5)], data["seed"], 40)["305"]
    # The same bots from the same seed: the shipped row starts with these deals.
    assert all(a <= b for a, b in zip(first, data["counts"]["305"], strict=True))


def test_odds_line_in_both_languages():
    from scorekeeper.i18n.cards import odds_line

    assert odds_line(["A", "B", "C"], (0.5, 0.25, 0.25)) == (
        "Chance to win the round: A 50% · B 25% · C 25%")
    assert odds_line(["A", "B", "C"], (0.5, 0.25, 0.25), "fr").startswith("Chances de gagner")


def test_the_compact_table_gives_the_numbers_the_json_table_gave():
    """splits.bin holds splits.json's counts: each key's probabilities are the very numbers
    read from the JSON before (each count over its row's total), and the odds with them."""
    import json

    from scorekeeper.sim.split_table import TABLE_PATH, binary

    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    table = load()
    assert len(table) == len(data["counts"]) == 1000
    for name, counts in data["counts"].items():
        key = (int(name[0]), int(name[1]), int(name[2]))
        assert list(table[key]) == [c / sum(counts) for c in counts], name
    from scorekeeper.sim.split_table import BINARY_PATH

    assert BINARY_PATH.read_bytes() == binary(data["counts"])  # (rebuilt, the same bytes)
    with pytest.raises(KeyError):
        table[(10, 0, 0)]
    as_read = {(int(n[0]), int(n[1]), int(n[2])): [c / sum(row) for c in row]
               for n, row in data["counts"].items()}
    state = replay(Match(players=("A", "B", "C"), deals=[(4, 3, 3), (3, 3, 4), (5, 2, 3)]))
    assert round_odds(state, splits=as_read) == round_odds(state)


# Odds as the chain gave them before its states were packed into ints and its table read from
# splits.bin (exact floats: the same sums, in the same order, give the same numbers).
BEFORE = [
    ((0, 5, 40), 0, "wins", (0.20612387316032366, 0.43308871195231696, 0.3607874148873595)),
    ((3, 38, 71), 1, "counts", (0.3067736693514601, 0.4154538777570095, 0.27777245289153046)),
    ((12, 47, 49), 2, "wins", (0.4834093637308343, 0.2864310726804054, 0.23015956358876039)),
    ((0, 0, 0), 0, "counts", (0.3335166810708297, 0.3350155976837509, 0.3314677212454194)),
    ((140, 175, 215), 1, "wins",
     (0.39482959361159375, 0.31868144768536266, 0.28648895870304353)),
]


@pytest.mark.parametrize(("totals", "dealer", "sweep", "odds"), BEFORE)
def test_the_odds_are_the_very_numbers_they_were(totals, dealer, sweep, odds):
    from scorekeeper.sim.odds import chances

    assert chances(totals, dealer, RuleSet(sweep=sweep)) == odds


def test_blended_odds_are_the_very_numbers_they_were():
    """A match whose own deals count (five of a kind or more): the table blended with them."""
    deals = [(0, 4, 6), (1, 4, 5), (4, 4, 2), (3, 3, 4), (0, 6, 4), (3, 4, 3), (6, 4, 0),
             (3, 3, 4), (3, 7, 0), (2, 6, 2), (0, 10, 0), (9, 1, 0), (0, 1, 9), (2, 0, 8)]
    state = replay(Match(players=("A", "B", "C"), deals=deals))
    assert any(sum(c) >= 5 for c in recorded_splits(state.outcomes).values())
    assert round_odds(state) == (0.39344299747350736, 0.2598727027552112, 0.3466842997712814)


def test_chances_asked_again_are_remembered_and_are_the_numbers_worked_out_anew():
    """A match opened again, or a deal undone and redone, asks the same totals again: the
    chances are remembered, not worked out again (several milliseconds each), and they are
    the very numbers the chain gives from the table itself."""
    from scorekeeper.sim import odds
    from scorekeeper.sim.split_table import load

    rules = RuleSet(sweep="wins")
    odds._table_chances.cache_clear()
    first = odds.chances((7, 12, 3), 2, rules)
    again = odds.chances([7, 12, 3], 5, rules)  # (the same seat deals: 5 is 2 again)
    assert odds._table_chances.cache_info().hits == 1
    assert again == first == odds.chances((7, 12, 3), 2, rules, splits=load())
    assert odds.chances((7, 12, 3), 2, RuleSet(sweep="counts")) != first
