"""The odds line's percentages add up to 100 (issue 10, point 12)."""

from scorekeeper.i18n.cards import odds_line, percentages


def test_thirds_add_up_to_100_not_99():
    assert percentages((1 / 3, 1 / 3, 1 / 3)) == [34, 33, 33]


def test_halves_plus_rounding_up_do_not_make_101():
    # Plain rounding reads 50 + 1 + 50 = 101 here.
    shares = (0.495, 0.01, 0.495)
    assert sum(round(100 * s) for s in shares) != 100
    assert sum(percentages(shares)) == 100
    assert percentages(shares) == [50, 1, 49]


def test_largest_remainder_gets_the_missing_point():
    assert percentages((0.386, 0.237, 0.377)) == [38, 24, 38]


def test_certain_and_impossible():
    assert percentages((1.0, 0.0, 0.0)) == [100, 0, 0]
    assert percentages((0.0, 0.0, 0.0)) == [0, 0, 0]


def test_the_line_sums_to_100():
    line = odds_line(("Amélie", "Bruno", "Chloé"), (1 / 3, 1 / 3, 1 / 3))
    assert line == "Chance to win the round: Amélie 34% · Bruno 33% · Chloé 33%"
