"""A match's score sheet as CSV, for a spreadsheet: the same file from the app and the CLI.

A header row, one row per deal (its number, round, dealer, each player's tricks, running
totals and match points, and what happened), then a last row with the match points and,
once the match is won, its winner. Numbers are written as numbers, every text cell goes
through `safe_cell`, and lines end with CRLF as RFC 4180 says. Cells are separated by the
list separator of the sheet's language (`;` in French, as French spreadsheets expect).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from scorekeeper.i18n import tr, trc
from scorekeeper.i18n.outcomes import short
from scorekeeper.rules import Match, MatchState

# A cell starting with one of these would be read as a formula by a spreadsheet.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(cell: str) -> str:
    """The cell, quoted with an apostrophe if a spreadsheet would take it for a formula."""
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def header(players: Sequence[str], lang: str = "en") -> list[str]:
    """Deal, Round, Dealer, `<name> tricks`, `<name> total`, `<name> points`, What happened
    (in French "Plis d'Amélie", "Total de Bruno": the name goes through the catalog's elision
    spec, `{name:de}`)."""
    cells = [tr(lang, "Deal"), tr(lang, "Round"),
             tr(lang, "Dealer")]
    cells += [tr(lang, "{name} tricks", name=name) for name in players]
    cells += [tr(lang, "{name} total", name=name) for name in players]
    cells += [tr(lang, "{name} points", name=name) for name in players]
    cells.append(tr(lang, "What happened"))
    return [safe_cell(cell) for cell in cells]


def list_separator(lang: str) -> str:
    """The character between cells that spreadsheets in `lang`'s countries expect: a comma in
    English, a semicolon in French (where the comma is the decimal mark). The catalog says it."""
    return trc(lang, "csv separator", ",")


def csv_sheet(state: MatchState[Match], lang: str = "en", sep: str | None = None) -> str:
    """The CSV text of the match's score sheet (see the module's docstring), its cells
    separated by `sep` (by default, the list separator of `lang`)."""
    players = state.players
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep or list_separator(lang), lineterminator="\r\n")
    writer.writerow(header(players, lang))
    for o in state.outcomes:
        writer.writerow([o.number, o.round, safe_cell(players[o.dealer]), *o.tricks,
                         *o.totals, *o.points_after, safe_cell(short(o, players, lang))])
    won = ""
    if state.winner is not None:
        winner = players[state.winner]
        won = tr(lang, "{winner} wins the match", winner=winner)
    blanks = [""] * (2 + 2 * len(players))  # under Round, Dealer, the tricks and totals
    writer.writerow([tr(lang, "Match points"), *blanks,
                     *state.points, safe_cell(won)])
    return out.getvalue()
