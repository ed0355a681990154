"""What a correction changed, in words: rounds whose winner or points moved, and the points."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.i18n import pick
from scorekeeper.rules.compare import StateChange
from scorekeeper.rules.scoring import RoundResult


def _round(r: RoundResult, players: Sequence[str], lang: str) -> str:
    how = pick(lang, "sweep", "capot") if r.sweep else str(r.total)
    return pick(lang, f"won by {players[r.winner]} ({how}, +{r.points}, deals "
                      f"{r.first_deal}–{r.last_deal})",
                f"gagnée par {players[r.winner]} ({how}, +{r.points}, donnes "
                f"{r.first_deal}–{r.last_deal})")


def describe_change(change: StateChange, players: Sequence[str], lang: str) -> list[str]:
    """One line per moved round, then the points that moved (or that nothing moved)."""
    if not change.changed:
        return [pick(lang, "No round winner or points changed.",
                     "Aucun gagnant de manche ni aucun point n'a changé.")]
    lines = []
    for rc in change.rounds:
        head = pick(lang, f"Round {rc.number}: ", f"Manche {rc.number} : ")
        if rc.before is None and rc.after is not None:
            lines.append(head + pick(lang, "now ", "désormais ") + _round(rc.after, players, lang))
        elif rc.after is None and rc.before is not None:
            lines.append(head + pick(lang, "no longer won (was ", "plus gagnée (était ")
                         + _round(rc.before, players, lang) + ")")
        elif rc.before is not None and rc.after is not None:
            lines.append(head + pick(lang, "was ", "était ") + _round(rc.before, players, lang)
                         + pick(lang, "; now ", " ; désormais ")
                         + _round(rc.after, players, lang))
    moved = [f"{players[p]} {change.points_before[p]} → {change.points_after[p]}"
             for p in range(3) if change.points_before[p] != change.points_after[p]]
    if moved:
        lines.append(pick(lang, "Points: ", "Points : ") + ", ".join(moved))
    if change.winner_before != change.winner_after:
        if change.winner_after is not None:
            lines.append(pick(lang, f"{players[change.winner_after]} now wins the match.",
                              f"{players[change.winner_after]} gagne désormais la partie."))
        else:
            lines.append(pick(lang, "The match is no longer won.",
                              "La partie n'est plus gagnée."))
    return lines
