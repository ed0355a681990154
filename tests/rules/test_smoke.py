from scorekeeper.rules import Match, replay


def test_spec_example_round_won_by_first_player():
    state = replay(Match(players=("A", "B", "C"), deals=((4, 3, 3), (6, 2, 2))))
    assert state.points == (50, 0, 0)
    assert state.current.needs == ((10,), (10,), (10,))
