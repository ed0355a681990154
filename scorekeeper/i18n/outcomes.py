"""Words for the rules engine: its refusals and the sentence that explains each deal."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.i18n import N_, Nn_, join_words, tr, tr_n
from scorekeeper.rules.scoring import DealOutcome, MatchState, RoundResult, is_winning_total

ERRORS: dict[str, str | tuple[str, str]] = {
    "deal.shape": N_("a deal is three numbers of tricks, one per player (got {value})"),
    "deal.length": N_("a deal needs 3 numbers, one per player, not {count}"),
    "deal.whole": N_("{value} is not a whole number of tricks"),
    "deal.range": N_("{value} tricks is impossible: each player takes 0 to 10"),
    "deal.negative": N_("{value} is not a number of tricks: each player takes 0 to 10"),
    "deal.sum": N_("the tricks add up to {total}; a deal has exactly 10"),
    "deal.after_win": N_("the match is already won by {winner}; no deal can follow"),
    "players.count": N_("a match needs exactly 3 players, not {count}"),
    "players.text": N_("the name of player {player} must be text"),
    "players.empty": N_("player {player} needs a name"),
    "players.long": Nn_("the name of player {player} is longer than {limit} character",
                        "the name of player {player} is longer than {limit} characters"),
    "players.control": N_("the name of player {player} contains a control character"),
    "players.same": N_("two players are called {name}; the three names must differ"),
    "match.first_dealer": N_("the first dealer must be player 0, 1 or 2 (got {value})"),
    "match.deals": N_("the deals must be a list of deals"),
    "match.deal_number": Nn_("there is no deal {number}: the match has {count} deal",
                             "there is no deal {number}: the match has {count} deals"),
    "rules.object": N_("the rules must be an object of rule variants"),
    "rules.unknown": N_("unknown rule variant: {name}"),
    "rules.sweep": N_('the sweep rule must be "wins" or "counts", not {value}'),
    "rules.number": N_("{name} must be a whole number from {low} to {high} (got {value})"),
}


def names(players: Sequence[str], indexes: Sequence[int], lang: str) -> str:
    """'A', 'A and B', 'A, B and C' (French: 'et')."""
    return join_words(lang, [players[i] for i in indexes])


def _points(n: int, lang: str) -> str:
    return tr_n(lang, "{count} point", "{count} points", n)


def explain(outcome: DealOutcome, players: Sequence[str], lang: str = "en") -> str:
    """The sentence that settles a dispute about this deal."""
    parts: list[str] = []
    if outcome.sweep is not None:
        who = players[outcome.sweep]
        parts.append(tr(lang, "{who} takes all 10 tricks: a sweep wins the round at once, "
                              "{points}.", who=who, points=_points(outcome.points, lang)))
    elif outcome.tie is not None:
        tie = outcome.tie
        who = names(players, tie.players, lang)
        parts.append(tr(lang, "Tie: {who} arrive together at {total}, so nobody wins; the round "
                              "goes on.", who=who, total=tie.total))
        late = outcome.late_arrivals
        if late:
            parts.append(" ".join(tr(lang, "{name} also arrives at {total}, but a lower total is "
                                           "tied.", name=players[p], total=t) for p, t in late))
        spent = ", ".join(
            tr(lang, "{name} must now reach {number}", name=players[p], number=t + 5)
            for p, t in outcome.spent)
        parts.append(tr(lang, "Those totals are spent: {spent}.", spent=spent))
    elif outcome.winner is not None:
        who = players[outcome.winner]
        parts.append(tr(lang, "{who} arrives at {winning_total} and wins the round: {points}.",
                              who=who, winning_total=outcome.winning_total,
                              points=_points(outcome.points, lang)))
        late = outcome.late_arrivals
        if late:  # one sentence for both: "Amélie and Zoé also arrive, at 15, but…"
            totals = [str(t) for _p, t in late]
            parts.append(tr_n(lang, "{names} also arrives, at {total}, but the lowest total wins.",
                              "{names} also arrive, at {total}, but the lowest total wins.",
                              len(late), names=names(players, [p for p, _t in late], lang),
                              total=totals[0] if len(set(totals)) == 1
                              else join_words(lang, totals)))
    else:
        parts.append(tr(lang, "Nobody arrives; the round goes on."))
    if outcome.match_winner is not None:
        who = players[outcome.match_winner]
        total = outcome.points_after[outcome.match_winner]
        parts.append(tr_n(lang, "{who} wins the match with {total} point!",
                          "{who} wins the match with {total} points!", total, who=who,
                          total=total))
    return " ".join(parts)


def short(outcome: DealOutcome, players: Sequence[str], lang: str = "en") -> str:
    """A few words for a score sheet row."""
    if outcome.match_winner is not None:
        return tr(lang, "{winner} wins the match", winner=players[outcome.match_winner])
    if outcome.sweep is not None and outcome.winner == outcome.sweep:  # (as round_won says)
        return tr(lang, "{who} wins by a sweep: +{points}", who=players[outcome.sweep],
                  points=outcome.points)
    if outcome.sweep is not None:
        return tr(lang, "sweep by {name}: +{points}", name=players[outcome.sweep],
                  points=outcome.points)
    if outcome.tie is not None:
        who = names(players, outcome.tie.players, lang)
        return tr(lang, "tie at {total} ({who})", total=outcome.tie.total, who=who)
    if outcome.winner is not None:
        return tr(lang, "{winner} wins at {winning_total}: +{points}",
                  winner=players[outcome.winner], winning_total=outcome.winning_total,
                  points=outcome.points)
    return ""


def round_won(result: RoundResult, players: Sequence[str], lang: str = "en") -> str:
    """Who won a round, at what, for how much: "Amélie wins at 10: +50"; a sweep is said one
    way, whatever total it lands on: "Amélie wins by a sweep: +50"."""
    who = players[result.winner]
    if result.sweep:
        return tr(lang, "{who} wins by a sweep: +{points}", who=who, points=result.points)
    return tr(lang, "{who} wins at {total}: +{points}", who=who, total=result.total,
              points=result.points)


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
            items.append(f"{t} ({tr(lang, 'sweep')})")
    if len(items) == 1:
        return items[0]
    return tr(lang, "{items} or {last}", items=", ".join(items[:-1]), last=items[-1])


def standings(state: MatchState, lang: str = "en", glue: str = " ") -> str:
    """'Amélie 70 · Bruno 50 · Chloé 20'; `glue` between a name and its points (a no-break
    space where the line wraps: a name never ends a line without its points)."""
    order = sorted(range(3), key=lambda p: (-state.points[p], p))
    return " · ".join(f"{state.players[p]}{glue}{state.points[p]}" for p in order)
