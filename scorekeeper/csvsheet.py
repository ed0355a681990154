"""A match's score sheet as CSV: one row per deal, for a spreadsheet."""

from __future__ import annotations

import csv
import io

from scorekeeper.i18n import pick
from scorekeeper.i18n.rules import short
from scorekeeper.rules import MatchState

# A cell starting with one of these would be read as a formula by a spreadsheet.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(cell: str) -> str:
    """The cell, quoted with an apostrophe if a spreadsheet would take it for a formula."""
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def csv_sheet(state: MatchState, lang: str = "en") -> str:
    """Deal, round, dealer, each player's tricks, totals and match points, and the outcome."""
    players = state.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = [pick(lang, "deal", "donne"), pick(lang, "round", "manche"),
              pick(lang, "dealer", "donneur")]
    header += [pick(lang, f"{name} tricks", f"{name} plis") for name in players]
    header += [pick(lang, f"{name} total", f"{name} total") for name in players]
    header += [pick(lang, f"{name} points", f"{name} points") for name in players]
    header.append(pick(lang, "outcome", "résultat"))
    writer.writerow([safe_cell(cell) for cell in header])
    for o in state.outcomes:
        row = [str(o.number), str(o.round), players[o.dealer]]
        row += [str(t) for t in o.tricks] + [str(t) for t in o.totals]
        row += [str(p) for p in o.points_after]
        row.append(short(o, players, lang))
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
