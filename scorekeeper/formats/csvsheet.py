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

from scorekeeper.i18n import pick, trc
from scorekeeper.i18n.outcomes import short
from scorekeeper.rules import MatchState

# A cell starting with one of these would be read as a formula by a spreadsheet.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(cell: str) -> str:
    """The cell, quoted with an apostrophe if a spreadsheet would take it for a formula."""
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def header(players: Sequence[str], lang: str = "en") -> list[str]:
    """Deal, Round, Dealer, `<name> tricks`, `<name> total`, `<name> points`, What happened."""
    cells = [pick(lang, "Deal", "Donne"), pick(lang, "Round", "Manche"),
             pick(lang, "Dealer", "Donneur")]
    cells += [pick(lang, f"{name} tricks", f"plis {name}") for name in players]
    cells += [pick(lang, f"{name} total", f"total {name}") for name in players]
    cells += [pick(lang, f"{name} points", f"points {name}") for name in players]
    cells.append(pick(lang, "What happened", "Ce qui s'est passé"))
    return [safe_cell(cell) for cell in cells]


def list_separator(lang: str) -> str:
    """The character between cells that spreadsheets in `lang`'s countries expect: a comma in
    English, a semicolon in French (where the comma is the decimal mark). The catalog says it."""
    return trc(lang, "csv separator", ",")


def csv_sheet(state: MatchState, lang: str = "en", sep: str | None = None) -> str:
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
        won = pick(lang, f"{winner} wins the match", f"{winner} gagne la partie")
    blanks = [""] * (2 + 2 * len(players))  # under Round, Dealer, the tricks and totals
    writer.writerow([pick(lang, "Match points", "Points de la partie"), *blanks,
                     *state.points, safe_cell(won)])
    return out.getvalue()
