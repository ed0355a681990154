"""A match as a CSV score sheet: one row per deal, tricks, running totals, points, outcome."""

from __future__ import annotations

import csv
import io

from scorekeeper.csvsheet import safe_cell as _cell
from scorekeeper.i18n import pick
from scorekeeper.i18n.rules import short
from scorekeeper.rules import MatchState


def score_csv(state: MatchState, lang: str) -> str:
    """The CSV text: a header row, a row per deal, a final row with the match points."""
    players = state.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    header = [pick(lang, "Deal", "Donne"), pick(lang, "Round", "Manche"),
              pick(lang, "Dealer", "Donneur")]
    header += [_cell(name) for name in players]
    header += [_cell(pick(lang, f"{name} total", f"total {name}")) for name in players]
    header += [_cell(pick(lang, f"{name} points", f"points {name}")) for name in players]
    header.append(pick(lang, "What happened", "Ce qui s'est passé"))
    writer.writerow(header)
    for o in state.outcomes:
        writer.writerow([o.number, o.round, _cell(players[o.dealer]), *o.tricks, *o.totals,
                         *o.points_after, _cell(short(o, players, lang))])
    winner = players[state.winner] if state.winner is not None else ""
    writer.writerow([pick(lang, "Match points", "Points de la partie"), "", "", "", "", "",
                     "", "", "", *state.points,
                     _cell(pick(lang, f"{winner} wins the match", f"{winner} gagne la partie"))
                     if winner else ""])
    return out.getvalue()
