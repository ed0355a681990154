"""A no-break space never ends a line: French "10 :" and "38 %" stay whole when Rich (or
Textual, which wraps with Rich's code) breaks a narrow line."""

from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text

from scorekeeper.i18n import tr
from scorekeeper.i18n.styled import styled
from scorekeeper.upstream import keep_no_break_spaces

FRENCH = ("Égalité à 10\u00a0: personne ne gagne et la manche continue\u00a0; "
          "Amélie a 38\u00a0% de chances, «\u00a0capot\u00a0» dit Éric\u00a0!")
# A line that starts with what a no-break space holds to the word before it.
CUT = re.compile(r"^\s*[:;!?%»]")


def test_rich_never_starts_a_line_with_the_punctuation_a_no_break_space_holds():
    assert keep_no_break_spaces()
    console = Console(width=80)
    for width in range(12, 70):
        lines = [line.plain for line in Text(FRENCH).wrap(console, width)]
        assert not any(CUT.match(line) for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == FRENCH.replace(" ", "")


def test_a_styled_catalog_sentence_keeps_its_no_break_spaces_too():
    keep_no_break_spaces()
    console = Console(width=80)
    text = styled("fr", "{winner} wins at {winning_total}: +{points}", {"winner": "bold"},
                  winner="Amélie", winning_total=10, points=50)
    assert "\u00a0:" in text.plain == tr("fr", "{winner} wins at {winning_total}: +{points}",
                                         winner="Amélie", winning_total=10, points=50)
    for width in range(8, 20):
        assert not any(CUT.match(line.plain) for line in text.wrap(console, width)), width


def test_ordinary_spaces_still_break_lines():
    keep_no_break_spaces()
    lines = Text("un deux trois quatre").wrap(Console(width=80), 10)
    assert [line.plain.strip() for line in lines] == ["un deux", "trois", "quatre"]
