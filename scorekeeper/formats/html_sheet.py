"""A match as one HTML page to share: printed for the fridge, sent to the family chat.

One self-contained file: its styles inline, its chart inline SVG, no script, nothing
loaded from anywhere (no font, image or style sheet from another host). Every name and
word is escaped, so a player called `<b>Bob</b>` shows as those characters. It reads on a
phone (the viewport set, one column, tables the width of the screen) and prints a usual
match on one A4 page (print styles: smaller type, the chart's height bounded, nothing
split across a page where it can be helped). In the language asked for; dates in local
time as the language writes them.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from scorekeeper.formats.svg_chart import COLORS, MARKS, points_svg
from scorekeeper.i18n import tr
from scorekeeper.i18n.store import status_text

if TYPE_CHECKING:
    from scorekeeper.store.records import StoredMatch

SPLIT = 10  # more rounds than this: two tables side by side

STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 46rem; padding: 1rem; color: #1a1a1a; background: #fff;
       font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .4rem; }
p { margin: .2rem 0; }
.meta { color: #555; }
.winner { font-size: 1.15rem; font-weight: 600; margin-top: .6rem; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: .3rem .45rem; border-bottom: 1px solid #ddd; text-align: left;
         vertical-align: top; overflow-wrap: break-word; }
.rounds td:nth-child(3) { white-space: nowrap; }
th { font-weight: 600; background: #f3f3f3; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.won td { font-weight: 600; }
.mark { display: inline-block; width: 1.2em; }
figure { margin: .5rem 0 0; }
svg { width: 100%; height: auto; display: block; }
svg text { font: 15px system-ui, sans-serif; fill: #444; }
svg .grid { stroke: #e2e2e2; stroke-width: 1; }
svg .target { stroke: #888; stroke-width: 1; stroke-dasharray: 4 4; }
.key { margin: .3rem 0 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap;
       gap: .2rem 1.2rem; }
.rounds { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(19rem, 100%), 1fr));
          gap: 0 1.2rem; align-items: start; }
footer { margin-top: 1.25rem; color: #777; font-size: .85rem; }
@media (max-width: 30rem) { body { padding: .5rem; font-size: 14px; }
  th, td { padding: .25rem .2rem; } }
@page { size: A4; margin: 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 9pt; line-height: 1.25; }
  h1 { font-size: 16pt; } h2 { font-size: 12pt; margin: .6rem 0 .25rem; }
  th, td { padding: .1rem .35rem; }
  th { background: none; }
  .rounds { grid-template-columns: 1fr 1fr; }
  figure { break-inside: avoid; }
  svg { max-height: 6.5cm; }
  tr { break-inside: avoid; }
}
""".strip()


def _how(result: Any, lang: str) -> str:
    """How a round was won: "on 10", "at 15", "by a sweep"."""
    if result.sweep:
        return tr(lang, "by a sweep")
    if result.total == 10:
        return tr(lang, "on 10")
    return tr(lang, "at {total}", total=result.total)


def _row(cells: list[str], numeric: set[int], header: bool = False, cls: str = "") -> str:
    tag = "th" if header else "td"
    numbers = ' class="n"'
    out = "".join(f"<{tag}{numbers if i in numeric else ''}>{c}</{tag}>"
                  for i, c in enumerate(cells))
    row_class = f' class="{cls}"' if cls else ""
    return f"<tr{row_class}>{out}</tr>"


def html_sheet(stored: StoredMatch, lang: str = "en") -> str:
    """The page of a stored match (`scorekeeper.store.StoredMatch`), in `lang`."""
    from scorekeeper.i18n.dates import duration_text, when_text
    from scorekeeper.store.records import played_seconds

    state = stored.state
    players = state.players
    esc = [escape(name) for name in players]
    title = stored.name or tr(lang, "{a}, {b} and {c}", a=players[0], b=players[1],
                              c=players[2])
    began = stored.first_played or stored.created
    seconds = played_seconds(stored.times)
    meta = [escape(when_text(began, lang))]
    if seconds is not None:
        meta.append(escape(tr(lang, "played for {time}", time=duration_text(seconds, lang))))
    meta.append(escape(tr(lang, "target: {target}", target=state.match.rules.target)))
    if state.winner is not None:
        said = escape(tr(lang, "{winner} wins the match", winner=players[state.winner]))
    else:
        said = escape(tr(lang, "Match {status}", status=status_text(stored.status, lang)))

    body = [f"<h1>{escape(title)}</h1>",
            f'<p class="meta">{" · ".join(meta)}</p>',
            f'<p class="meta">{escape(" · ".join(players))}</p>',
            f'<p class="winner">{said}</p>']

    # (a match still in progress has no final points yet; an abandoned one ended there)
    points_title = (tr(lang, "Points so far") if stored.status == "in_progress"
                    else tr(lang, "Final points"))
    body.append(f"<h2>{escape(points_title)}</h2><table>")
    body.append(_row([escape(tr(lang, "Player")), escape(tr(lang, "Rounds won")),
                      escape(tr(lang, "Points"))], {1, 2}, header=True))
    for seat in sorted(range(3), key=lambda p: (-state.points[p], p)):
        won = sum(1 for r in state.rounds if r.winner == seat)
        mark = f'<span class="mark" style="color:{COLORS[seat]}">{MARKS[seat]}</span>'
        body.append(_row([mark + esc[seat], str(won), str(state.points[seat])], {1, 2},
                         cls="won" if seat == state.winner else ""))
    body.append("</table>")

    rounds_title = tr(lang, "Rounds")
    body.append(f"<h2>{escape(rounds_title)}</h2>")
    if state.rounds:
        # A long match's rounds in two tables side by side (on paper and wide screens), so
        # that a usual match prints on one page; one under the other on a phone.
        rounds = list(state.rounds)
        half = (len(rounds) + 1) // 2 if len(rounds) > SPLIT else len(rounds)
        body.append('<div class="rounds">')
        for part in (rounds[:half], rounds[half:]):
            if not part:
                continue
            body.append("<table>")
            body.append(_row([escape(tr(lang, "Round")), escape(tr(lang, "Winner")),
                              escape(tr(lang, "How")), escape(tr(lang, "Deals")),
                              escape(tr(lang, "Points"))], {0, 3, 4}, header=True))
            for result in part:
                body.append(_row([str(result.number), esc[result.winner],
                                  escape(_how(result, lang)), str(result.deals),
                                  f"+{result.points}"], {0, 3, 4}))
            body.append("</table>")
        body.append("</div>")
    else:
        none_yet = tr(lang, "No round won yet.")
        body.append(f"<p>{escape(none_yet)}</p>")

    label = tr(lang, "Match points after each deal")
    body.append(f"<h2>{escape(label)}</h2><figure>")
    body.append(points_svg(state, label, tr(lang, "Deal")))
    key = "".join(f'<li><span class="mark" style="color:{COLORS[s]}">{MARKS[s]}</span>'
                  f"{esc[s]} {state.points[s]}</li>" for s in range(3))
    body.append(f'<ul class="key">{key}</ul></figure>')
    footer = tr(lang, "Score kept with Vicaire · match {id}", id=stored.id)
    body.append(f"<footer>{escape(footer)}</footer>")

    return ("<!DOCTYPE html>\n"
            f'<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")
