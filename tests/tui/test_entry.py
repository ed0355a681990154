"""Reading a deal as typed: separators, compact input, 10s, two numbers, refusals."""

import pytest

from scorekeeper.tui.sheet.entry import read_deal


@pytest.mark.parametrize(("text", "deal", "offered"), [
    ("4 3 3", (4, 3, 3), False),
    ("433", (4, 3, 3), False),
    ("10 0 0", (10, 0, 0), False),
    ("1000", (10, 0, 0), False),
    ("0100", (0, 10, 0), False),
    ("0010", (0, 0, 10), False),
    ("4,3,3", (4, 3, 3), False),
    ("4 3", (4, 3, 3), True),
    ("55", (5, 5, 0), True),
    ("100", (10, 0, 0), True),
])
def test_readings(text, deal, offered):
    reading = read_deal(text)
    assert reading.deal == deal
    assert reading.offered is offered
    assert reading.error == ""


@pytest.mark.parametrize(("text", "words"), [
    ("4 4 4", "add up to 12"),
    ("11 0 0", "11 tricks is impossible"),
    ("4 3 3 0", "not 4"),
    ("8 5", "add up to 13"),
    ("-1 6 5", "−1 is not a number of tricks: each player takes 0 to 10"),
    ("4 -3 3", "−3 is not a number of tricks"),
])
def test_refusals_say_what_is_wrong(text, words):
    reading = read_deal(text)
    assert reading.deal is None
    assert words in reading.error


def test_refusal_in_french():
    assert "les plis font 12" in read_deal("444", "fr").error


def test_one_number_is_not_yet_a_deal():
    assert read_deal("10").deal is None
    assert read_deal("").error == ""


def test_a_dash_between_numbers_is_a_separator_not_a_sign():
    assert read_deal("4-3-3").deal == (4, 3, 3)
    assert "n'est pas un nombre de plis" in read_deal("-1 6 5", "fr").error


@pytest.mark.parametrize("text", ["²", "4 3 ²", "٣ 3 4", "４ 3 3", "9" * 5000],
                         ids=["superscript", "superscript-third", "arabic-indic", "full-width",
                              "5000-digits"])
def test_what_is_not_ascii_digits_or_is_too_long_is_refused_with_the_usual_words(text):
    """Not reachable through the entry line (which takes ASCII digits and 14 characters), but
    the reading stands on its own: a refusal, never a crash."""
    reading = read_deal(text)
    assert reading.deal is None
    assert reading.error == "type the tricks as numbers, e.g. 4 3 3"
