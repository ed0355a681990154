"""Words for the rules engine: its refusals and the sentence that explains each deal."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.i18n import pick
from scorekeeper.rules.scoring import DealOutcome, MatchState, is_winning_total

ERRORS: dict[str, tuple[str, str]] = {
    "deal.shape": ("a deal is three numbers of tricks, one per player (got {value})",
                   "une donne, ce sont trois nombres de plis, un par joueur (reçu {value})"),
    "deal.length": ("a deal needs 3 numbers, one per player, not {count}",
                    "une donne demande 3 nombres, un par joueur, pas {count}"),
    "deal.whole": ("{value} is not a whole number of tricks",
                   "{value} n'est pas un nombre entier de plis"),
    "deal.range": ("{value} tricks is impossible: each player takes 0 to 10",
                   "{value} plis, c'est impossible : chaque joueur en fait de 0 à 10"),
    "deal.sum": ("the tricks add up to {total}; a deal has exactly 10",
                 "les plis font {total} en tout ; une donne en compte exactement 10"),
    "deal.after_win": ("the match is already won by {winner}; no deal can follow",
                       "la partie est déjà gagnée par {winner} ; aucune donne ne peut suivre"),
    "players.count": ("a match needs exactly 3 players, not {count}",
                      "une partie se joue à exactement 3 joueurs, pas {count}"),
    "players.text": ("the name of player {player} must be text",
                     "le nom du joueur {player} doit être du texte"),
    "players.empty": ("player {player} needs a name", "le joueur {player} n'a pas de nom"),
    "players.long": ("the name of player {player} is longer than {limit} characters",
                     "le nom du joueur {player} dépasse {limit} caractères"),
    "players.control": ("the name of player {player} contains a control character",
                        "le nom du joueur {player} contient un caractère de contrôle"),
    "players.same": ("two players are called {name}; the three names must differ",
                     "deux joueurs s'appellent {name} ; les trois noms doivent être différents"),
    "match.first_dealer": ("the first dealer must be player 0, 1 or 2 (got {value})",
                           "le premier donneur doit être le joueur 0, 1 ou 2 (reçu {value})"),
    "match.deals": ("the deals must be a list of deals", "les donnes doivent être une liste"),
    "match.deal_number": ("there is no deal {number}: the match has {count} deal(s)",
                          "il n'y a pas de donne {number} : la partie en compte {count}"),
    "rules.object": ("the rules must be an object of rule variants",
                     "les règles doivent être un objet de variantes"),
    "rules.unknown": ("unknown rule variant: {name}", "variante de règle inconnue : {name}"),
    "rules.sweep": ('the sweep rule must be "wins" or "counts", not {value}',
                    'la règle du capot doit être "wins" ou "counts", pas {value}'),
    "rules.number": ("{name} must be a whole number from {low} to {high} (got {value})",
                     "{name} doit être un nombre entier de {low} à {high} (reçu {value})"),
}


def names(players: Sequence[str], indexes: Sequence[int], lang: str) -> str:
    """'A', 'A and B', 'A, B and C' (French: 'et')."""
    words = [players[i] for i in indexes]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + pick(lang, " and ", " et ") + words[-1]


def _points(n: int, lang: str) -> str:
    return pick(lang, f"{n} point{'s' if n != 1 else ''}", f"{n} point{'s' if n > 1 else ''}")


def explain(outcome: DealOutcome, players: Sequence[str], lang: str = "en") -> str:
    """The sentence that settles a dispute about this deal."""
    parts: list[str] = []
    if outcome.sweep is not None:
        who = players[outcome.sweep]
        parts.append(pick(
            lang,
            f"{who} takes all 10 tricks: a sweep wins the round at once, "
            f"{_points(outcome.points, lang)}.",
            f"{who} fait les 10 plis : le capot gagne la manche d'office, "
            f"{_points(outcome.points, lang)}.",
        ))
    elif outcome.tie is not None:
        tie = outcome.tie
        who = names(players, tie.players, lang)
        parts.append(pick(
            lang,
            f"Tie: {who} arrive together at {tie.total}, so nobody wins; the round goes on.",
            f"Égalité : {who} arrivent ensemble à {tie.total}, personne ne gagne ; "
            f"la manche continue.",
        ))
        late = outcome.late_arrivals
        if late:
            parts.append(" ".join(pick(
                lang,
                f"{players[p]} also arrives at {t}, but a lower total is tied.",
                f"{players[p]} arrive aussi à {t}, mais un total plus bas est à égalité.",
            ) for p, t in late))
        spent = ", ".join(
            pick(lang, f"{players[p]} must now reach {t + 5}", f"{players[p]} doit viser {t + 5}")
            for p, t in outcome.spent)
        parts.append(pick(lang, f"Those totals are spent: {spent}.",
                          f"Ces totaux sont grillés : {spent}."))
    elif outcome.winner is not None:
        who = players[outcome.winner]
        parts.append(pick(
            lang,
            f"{who} arrives at {outcome.winning_total} and wins the round: "
            f"{_points(outcome.points, lang)}.",
            f"{who} arrive à {outcome.winning_total} et gagne la manche : "
            f"{_points(outcome.points, lang)}.",
        ))
        for p, t in outcome.late_arrivals:
            parts.append(pick(
                lang,
                f"{players[p]} also arrives, at {t}, but the lowest total wins.",
                f"{players[p]} arrive aussi, à {t}, mais c'est le total le plus bas qui gagne.",
            ))
    else:
        parts.append(pick(lang, "Nobody arrives; the round goes on.",
                          "Personne n'arrive ; la manche continue."))
    if outcome.match_winner is not None:
        who = players[outcome.match_winner]
        total = outcome.points_after[outcome.match_winner]
        parts.append(pick(lang, f"{who} wins the match with {total} points!",
                          f"{who} gagne la partie avec {total} points !"))
    return " ".join(parts)


def short(outcome: DealOutcome, players: Sequence[str], lang: str = "en") -> str:
    """A few words for a score sheet row."""
    if outcome.match_winner is not None:
        return pick(lang, f"{players[outcome.match_winner]} wins the match",
                    f"{players[outcome.match_winner]} gagne la partie")
    if outcome.sweep is not None:
        return pick(lang, f"sweep by {players[outcome.sweep]}: +{outcome.points}",
                    f"capot de {players[outcome.sweep]} : +{outcome.points}")
    if outcome.tie is not None:
        who = names(players, outcome.tie.players, lang)
        return pick(lang, f"tie at {outcome.tie.total} ({who})",
                    f"égalité à {outcome.tie.total} ({who})")
    if outcome.winner is not None:
        return pick(lang,
                    f"{players[outcome.winner]} wins at {outcome.winning_total}: +{outcome.points}",
                    f"{players[outcome.winner]} gagne à {outcome.winning_total} : "
                    f"+{outcome.points}")
    return ""


def needs_text(counts: Sequence[int], total: int, lang: str = "en") -> str:
    """'3 (→10), 8 (→15) or 10 (sweep)' for a player on `total`."""
    if not counts:
        return "—"
    items = []
    for t in counts:
        reached = total + t
        if is_winning_total(reached):
            items.append(f"{t} (→{reached})")
        else:
            items.append(f"{t} ({pick(lang, 'sweep', 'capot')})")
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + pick(lang, " or ", " ou ") + items[-1]


def standings(state: MatchState, lang: str = "en") -> str:
    """'Amélie 70 · Bruno 50 · Chloé 20'."""
    order = sorted(range(3), key=lambda p: (-state.points[p], p))
    return " · ".join(f"{state.players[p]} {state.points[p]}" for p in order)
