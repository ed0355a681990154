"""Whatever JSON `verify` is given, it answers with a result or a refusal, never a crash."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli.verify import _code, _problem_json, render
from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules.audit import audit
from scorekeeper.sim.deals import simulate_deal

RECORD = simulate_deal(random.Random(4), 0, "random").to_json()
# Lone surrogates ("\ud800", which JSON may hold) and control characters, as cards or anywhere.
ODD_TEXT = st.text(st.characters(categories=["Cs", "Cc"]), min_size=1, max_size=3)
# Huge integers: the largest a JSON file can hold (Python reads 4,300 digits) and, in-process,
# one too long for Python to write.
HUGE = st.sampled_from([4000, 4299, 5000]).map(lambda digits: 10**digits - 1) | st.just(2**64)
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=4)
    | st.sampled_from(["AH", "10S", "7C", "ZZ", ""]) | ODD_TEXT | HUGE | st.floats(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12)
PATHS = [("dealer",), ("hands",), ("hands", 0), ("hands", 1, 3), ("ecart",), ("tricks",),
         ("tricks", 0), ("tricks", 2, "leader"), ("tricks", 4, "cards"),
         ("tricks", 5, "cards", 1), ("tricks", 9, "winner"), ("counts",), ("counts", 1)]


def _printable(text: str) -> None:
    """What verify prints can be written as UTF-8 and holds no control character."""
    text.encode("utf-8")
    assert all(ch.isprintable() or ch == "\u00a0"  # French's no-break space is no control
               for line in text.splitlines() for ch in line)


def _check(data) -> None:
    try:
        result = audit(data)
    except VicaireError as exc:
        for lang in ("en", "fr"):
            assert error_text(exc, lang)
            _printable(error_text(exc, lang))
        return
    for problem in result.problems:
        assert problem.code.startswith("cards.")
    for lang in ("en", "fr"):
        _printable(render(result, lang))
        out = json.dumps({"tricks": [[_code(c, s) for c, s in zip(t.cards, t.codes, strict=True)]
                                     for t in result.tricks],
                          "problems": [_problem_json(p, lang) for p in result.problems]},
                         ensure_ascii=False)
        out.encode("utf-8")
        for p in result.problems:  # one type per field: a stated winner is a player index
            if p.code == "cards.wrong_winner":
                assert type(p.values["stated"]) is int


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
