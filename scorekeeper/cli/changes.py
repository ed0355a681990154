"""What a correction changed, in words: rounds whose winner or points moved, and the points."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.i18n import tr
from scorekeeper.rules.compare import StateChange
from scorekeeper.rules.scoring import RoundResult


def _round(r: RoundResult, players: Sequence[str], lang: str) -> str:
    how = tr(lang, "sweep") if r.sweep else str(r.total)
    return tr(lang, "won by {winner} ({how}, +{points}, deals {first_deal}–{last_deal})",
              winner=players[r.winner], how=how, points=r.points, first_deal=r.first_deal,
              last_deal=r.last_deal)


def describe_change(change: StateChange, players: Sequence[str], lang: str) -> list[str]:
    """One line per moved round, then the points that moved (or that nothing moved)."""
    if not change.changed:
        return [tr(lang, "No round winner or points changed.")]
    lines = []
    for rc in change.rounds:
        if rc.before is None and rc.after is not None:
            lines.append(tr(lang, "Round {number}: now {after}", number=rc.number,
                            after=_round(rc.after, players, lang)))
        elif rc.after is None and rc.before is not None:
            lines.append(tr(lang, "Round {number}: no longer won (was {before})",
                            number=rc.number, before=_round(rc.before, players, lang)))
        elif rc.before is not None and rc.after is not None:
            lines.append(tr(lang, "Round {number}: was {before}; now {after}", number=rc.number,
                            before=_round(rc.before, players, lang),
                            after=_round(rc.after, players, lang)))
    moved = [f"{players[p]} {change.points_before[p]} → {change.points_after[p]}"
             for p in range(3) if change.points_before[p] != change.points_after[p]]
    if moved:
        lines.append(tr(lang, "Points: {moved}", moved=", ".join(moved)))
    if change.winner_before != change.winner_after:
        if change.winner_after is not None:
            lines.append(tr(lang, "{winner} now wins the match.",
                            winner=players[change.winner_after]))
        else:
            lines.append(tr(lang, "The match is no longer won."))
    return lines
