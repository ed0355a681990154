"""Whatever a match file or a typed deal holds, Vicaire answers with a match or a one-line
refusal: huge integers, lone surrogates, booleans and objects where numbers or lists belong."""

from __future__ import annotations

import json
import os
import tempfile

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.history_access import parse_deal
from scorekeeper.errors import VicaireError
from scorekeeper.formats.matchfile import decode, match_from_dict
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules import Match
from tests.cli.runner import ROOT, run_vicaire

GOOD = {"format": "vicaire-match", "version": 1, "players": ["Amélie", "Bruno", "Chloé"],
        "target": 500, "first_dealer": 0,
        "rules": {"sweep": "wins", "points_ten": 50, "points_higher": 20},
        "deals": [[4, 3, 3], [6, 2, 2]]}
HUGE_LITERAL = "9" * 5000  # written into the JSON text: Python refuses to read it as an int
ODD = (st.none() | st.booleans() | st.integers(-3, 12) | st.floats()
       | st.sampled_from([10**4000, "\ud800", "", "1", "4_0", "４", {"A": 1}, [], [4, 3, 3]])
       | st.text(max_size=3))
SLOTS = [("players",), ("players", 0), ("deals",), ("deals", 0), ("deals", 1, 2), ("target",),
         ("version",), ("format",), ("first_dealer",), ("rules",), ("rules", "target"),
         ("rules", "sweep"), ("rules", "points_ten"), ("id",), ("name",)]


def _answer(text: str) -> None:
    """decode + match_from_dict, as replay and import read a file: a match or a refusal whose
    words can be printed."""
    try:
        match = match_from_dict(decode(text.encode("utf-8", "surrogatepass")))
    except VicaireError as exc:
        for lang in ("en", "fr"):
            message = error_text(exc, lang)
            assert message and "\n" not in message
            message.encode("utf-8")
        return
    assert isinstance(match, Match)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SLOTS), ODD, st.booleans(), st.booleans())
def test_any_value_in_any_slot_is_a_match_or_a_refusal(slot, value, huge, ascii):
    import copy

    data = copy.deepcopy(GOOD)
    target = data
    for step in slot[:-1]:
        target = target[step]
    target[slot[-1]] = "HUGE" if huge else value
    text = json.dumps(data, ensure_ascii=ascii)  # "\\ud800" escaped, or raw
    if huge:
        text = text.replace('"HUGE"', HUGE_LITERAL)
    _answer(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=6) | st.sampled_from(["4_0", "４", "٣", "10", "+3", " 4 ",
                                                       "0" * 30 + "4", "9" * 5000]),
                min_size=3, max_size=3))
@example(["0", "0", "0\x1f"])  # a control character str.strip() takes but int() does not
def test_a_typed_deal_is_ascii_digits_or_refused(values):
    try:
        deal = parse_deal(values)
    except VicaireError as exc:
        assert error_text(exc, "en") and error_text(exc, "fr")
        return
    assert all(v.strip().isascii() and v.strip().isdigit() for v in values)
    assert deal == [int(v) for v in values]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["4", "3", "3", "4_0", "４", "", "-1", "9" * 5000, "\t",
                                 "abcd", "10", "0"]), min_size=1, max_size=5))
def test_add_through_the_command_line_records_or_refuses_in_one_line(values):
    """The real `vicaire add` on a real history: exit 0 with a deal recorded, or exit 2, one
    line on stderr, nothing recorded."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "VICAIRE_DB": folder, "LANG": "en_US.UTF-8", "PYTHONPATH": ROOT}
        run_vicaire(["new", "A", "B", "C"], env=env, check=True, capture_output=True)
        proc = run_vicaire(["add", *values], env=env, capture_output=True, text=True,
                           timeout=60)
        assert "Traceback" not in proc.stderr
        listing = json.loads(run_vicaire(["history", "--json"], env=env,
                                         capture_output=True, text=True).stdout)
        if proc.returncode == 0:
            assert listing[0]["deals"] == 1
            assert all(v.isascii() and v.isdigit() for v in values[-3:])
        else:
            assert proc.returncode == 2 and listing[0]["deals"] == 0
            # argparse's own refusals (a wrong number of values) print their usage first
            assert proc.stderr.count("\n") == 1 or "usage:" in proc.stderr
