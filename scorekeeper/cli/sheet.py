"""The score sheet printed in a terminal (Rich): deals, rounds, standings, what is needed."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from scorekeeper.i18n import pick
from scorekeeper.i18n.outcomes import explain, needs_text
from scorekeeper.rules import MatchState

SEAT = ("①", "②", "③")


def _round_title(state: MatchState, number: int, lang: str) -> Text:
    title = Text(pick(lang, f"Round {number}", f"Manche {number}"), style="bold")
    if number <= len(state.rounds):
        r = state.rounds[number - 1]
        how = pick(lang, "sweep", "capot") if r.sweep else str(r.total)
        title.append(pick(lang, " — won by ", " — gagnée par "))
        title.append(state.players[r.winner], style="bold")
        title.append(f" ({how}, +{r.points})")
    else:
        title.append(pick(lang, " — in progress", " — en cours"))
    return title


def deals_table(state: MatchState, number: int, lang: str) -> Table:
    """One round: a row per deal with the dealer, tricks, running totals and the outcome."""
    table = Table(title=_round_title(state, number, lang), title_justify="left",
                  expand=False, show_lines=False)
    table.add_column(pick(lang, "Deal", "Donne"), justify="right")
    table.add_column(pick(lang, "Dealer", "Donneur"))
    for name in state.players:
        table.add_column(Text(name), justify="right")
    table.add_column(pick(lang, "What happened", "Ce qui s'est passé"), ratio=1)
    for o in state.outcomes:
        if o.round != number:
            continue
        cells = [Text(f"{o.tricks[p]} → {o.totals[p]}") for p in range(3)]
        for p, _ in o.arrivals:
            cells[p].stylize("bold")
        table.add_row(str(o.number), Text(state.players[o.dealer]), *cells,
                      Text(explain(o, state.players, lang)))
    return table


def standings_table(state: MatchState, lang: str) -> Table:
    """Match points, rounds won, and for a match in progress: totals and needs."""
    table = Table(title=Text(pick(lang, "Standings", "Classement"), style="bold"),
                  title_justify="left")
    table.add_column(pick(lang, "Player", "Joueur"))
    table.add_column(pick(lang, "Points", "Points"), justify="right")
    table.add_column(pick(lang, "Rounds won", "Manches gagnées"), justify="right")
    live = not state.finished
    if live:
        table.add_column(pick(lang, "Round total", "Total de la manche"), justify="right")
        table.add_column(pick(lang, "Needs this deal", "Doit faire"))
    cur = state.current
    for p, name in enumerate(state.players):
        label = Text(f"{SEAT[p]} ")
        label.append(name, style="bold" if state.winner == p else "")
        if state.winner == p:
            label.append(pick(lang, "  winner", "  vainqueur"), style="bold")
        won = sum(1 for r in state.rounds if r.winner == p)
        row: list[RenderableType] = [label, str(state.points[p]), str(won)]
        if live:
            total = Text(str(cur.totals[p]))
            if cur.spent[p]:
                spent = ", ".join(map(str, cur.spent[p]))
                total.append(pick(lang, f" (spent: {spent})", f" (grillé : {spent})"))
            row += [total, needs_text(cur.needs[p], cur.totals[p], lang)]
        table.add_row(*row)
    return table


def score_sheet(state: MatchState, lang: str, title: str | None = None) -> Group:
    """The whole sheet: heading, every round, standings, and who deals next."""
    rules = state.match.rules
    head = Text(title or " · ".join(state.players), style="bold underline")
    sweep = pick(lang, "a sweep wins the round", "le capot gagne la manche") if rules.sweep_wins \
        else pick(lang, "a sweep just counts 10", "le capot compte simplement 10")
    sub = Text(pick(
        lang,
        f"Match to {rules.target} points · 10 = {rules.points_ten}, "
        f"15 and above = {rules.points_higher} · {sweep}",
        f"Partie en {rules.target} points · 10 = {rules.points_ten}, "
        f"15 et plus = {rules.points_higher} · {sweep}",
    ), style="dim")
    parts: list[RenderableType] = [head, sub, Text("")]
    last_round = max((o.round for o in state.outcomes), default=0)
    for number in range(1, last_round + 1):
        parts += [deals_table(state, number, lang), Text("")]
    if not state.outcomes:
        parts.append(Text(pick(lang, "No deal yet.", "Aucune donne pour l'instant.")))
    parts.append(standings_table(state, lang))
    cur = state.current
    if state.finished and state.winner is not None:
        parts.append(Text(pick(
            lang, f"{state.players[state.winner]} wins the match.",
            f"{state.players[state.winner]} gagne la partie."), style="bold"))
    else:
        parts.append(Text(pick(
            lang,
            f"Next deal: {state.players[cur.dealer]} deals, {state.players[cur.leader]} leads.",
            f"Prochaine donne : {state.players[cur.dealer]} donne, "
            f"{state.players[cur.leader]} entame.",
        )))
    return Group(*parts)
