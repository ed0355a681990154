"""Whatever JSON `verify` is given, it answers with a result or a refusal, never a crash."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules.audit import audit
from scorekeeper.sim.deals import simulate_deal

RECORD = simulate_deal(random.Random(4), 0, "random").to_json()
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=4)
    | st.sampled_from(["AH", "10S", "7C", "ZZ"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12)
PATHS = [("dealer",), ("hands",), ("hands", 0), ("hands", 1, 3), ("ecart",), ("tricks",),
         ("tricks", 0), ("tricks", 2, "leader"), ("tricks", 4, "cards"),
         ("tricks", 5, "cards", 1), ("tricks", 9, "winner"), ("counts",), ("counts", 1)]


def _check(data) -> None:
    try:
        result = audit(data)
    except VicaireError as exc:
        assert error_text(exc, "en") and error_text(exc, "fr")
        return
    for problem in result.problems:
        assert problem.code.startswith("cards.")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), JUNK)
def test_any_replaced_value_is_a_result_or_a_refusal(path, value):
    import copy

    data = copy.deepcopy(RECORD)
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    _check(data)


@settings(max_examples=200, deadline=None)
@given(JUNK)
def test_any_json_is_a_result_or_a_refusal(value):
    _check(value)
