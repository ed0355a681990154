"""The score sheet printed in a terminal (Rich): deals, rounds, standings, what is needed."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from scorekeeper.i18n import tr, tr_n, trc
from scorekeeper.i18n.outcomes import explain, needs_text
from scorekeeper.i18n.styled import styled
from scorekeeper.rules import MatchState

SEAT = ("①", "②", "③")


def _round_title(state: MatchState, number: int, lang: str) -> Text:
    heading = tr(lang, "Round {number}", number=number)
    bold = {"round": "bold", "winner": "bold"}
    if number <= len(state.rounds):
        r = state.rounds[number - 1]
        how = tr(lang, "sweep") if r.sweep else str(r.total)
        return styled(lang, "{round} — won by {winner} ({how}, +{points})", bold,
                      round=heading, winner=state.players[r.winner], how=how, points=r.points)
    return styled(lang, "{round} — in progress", bold, round=heading)


def deals_table(state: MatchState, number: int, lang: str) -> Table:
    """One round: a row per deal with the dealer, tricks, running totals and the outcome."""
    table = Table(title=_round_title(state, number, lang), title_justify="left",
                  expand=False, show_lines=False)
    table.add_column(tr(lang, "Deal"), justify="right")
    table.add_column(tr(lang, "Dealer"))
    for name in state.players:
        table.add_column(Text(name), justify="right")
    table.add_column(tr(lang, "What happened"), ratio=1)
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
    table = Table(title=Text(tr(lang, "Standings"), style="bold"),
                  title_justify="left")
    table.add_column(tr(lang, "Player"))
    table.add_column(tr(lang, "Points"), justify="right")
    table.add_column(tr(lang, "Rounds won"), justify="right")
    live = not state.finished
    if live:
        table.add_column(tr(lang, "Round total"), justify="right")
        table.add_column(tr(lang, "Needs this deal"))
    cur = state.current
    for p, name in enumerate(state.players):
        label = Text(f"{SEAT[p]} ")
        label.append(name, style="bold" if state.winner == p else "")
        if state.winner == p:
            label.append("  " + trc(lang, "standings", "winner"), style="bold")
        won = sum(1 for r in state.rounds if r.winner == p)
        row: list[RenderableType] = [label, str(state.points[p]), str(won)]
        if live:
            total = Text(str(cur.totals[p]))
            if cur.spent[p]:
                spent = ", ".join(map(str, cur.spent[p]))
                total.append(" " + tr_n(lang, "(spent: {spent})", "(spent: {spent})",
                                        len(cur.spent[p]), spent=spent))
            row += [total, needs_text(cur.needs[p], cur.totals[p], lang)]
        table.add_row(*row)
    return table


def score_sheet(state: MatchState, lang: str, title: str | None = None) -> Group:
    """The whole sheet: heading, every round, standings, and who deals next."""
    rules = state.match.rules
    head = Text(title or " · ".join(state.players), style="bold underline")
    sweep = tr(lang, "a sweep wins the round") if rules.sweep_wins \
        else tr(lang, "a sweep just counts 10")
    sub = Text(tr_n(lang, "Match to {target} point · 10 = {points_ten}, 15 and above = "
                          "{points_higher} · {sweep}",
                    "Match to {target} points · 10 = {points_ten}, 15 and above = "
                    "{points_higher} · {sweep}", rules.target, target=rules.target,
                    points_ten=rules.points_ten, points_higher=rules.points_higher, sweep=sweep),
               style="dim")
    parts: list[RenderableType] = [head, sub, Text("")]
    last_round = max((o.round for o in state.outcomes), default=0)
    for number in range(1, last_round + 1):
        parts += [deals_table(state, number, lang), Text("")]
    if not state.outcomes:
        parts.append(Text(tr(lang, "No deal yet.")))
    parts.append(standings_table(state, lang))
    cur = state.current
    if state.finished and state.winner is not None:
        parts.append(Text(tr(lang, "{winner} wins the match.",
                             winner=state.players[state.winner]), style="bold"))
    else:
        parts.append(Text(trc(lang, "sheet", "Next deal: {dealer} deals, {leader} leads.",
                              dealer=state.players[cur.dealer],
                              leader=state.players[cur.leader])))
    return Group(*parts)
