"""A replayed match as `replay --json` and `show --json` print it (docs/command-line.md)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import Match, MatchState


def state_to_json(state: MatchState[Match]) -> dict[str, Any]:
    """The keys docs/command-line.md lists under "Match files", plus target, ties, deal-by-deal
    outcomes and spent totals."""
    current = state.current
    return {
        "players": list(state.players),
        "target": state.match.rules.target,
        "rules": state.match.rules.variants(),
        "first_dealer": state.match.first_dealer,
        "rounds": [
            {"winner": r.winner, "total": r.total, "points": r.points, "sweep": r.sweep,
             "deals": r.deals, "first_deal": r.first_deal, "last_deal": r.last_deal}
            for r in state.rounds
        ],
        "ties": [{"deal": t.deal, "players": list(t.players), "total": t.total}
                 for t in state.ties],
        "points": list(state.points),
        "winner": state.winner,
        "current": {
            "round": current.number,
            "deals": current.deals,
            "totals": list(current.totals),
            "spent": [list(s) for s in current.spent],
            "dealer": current.dealer,
            "leader": current.leader,
            "needs": [list(n) for n in current.needs],
        },
        "deals": [
            {"number": o.number, "round": o.round, "dealer": o.dealer, "leader": o.leader,
             "tricks": list(o.tricks), "totals": list(o.totals),
             "arrivals": [{"player": p, "total": t} for p, t in o.arrivals],
             "sweep": o.sweep,
             "tie": None if o.tie is None else {"players": list(o.tie.players),
                                                 "total": o.tie.total},
             "spent": [{"player": p, "total": t} for p, t in o.spent],
             "winner": o.winner, "points": o.points, "match_winner": o.match_winner}
            for o in state.outcomes
        ],
    }
