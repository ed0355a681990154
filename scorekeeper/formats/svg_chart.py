"""The points chart of a match as inline SVG, for the HTML score sheet: each player's match
points deal by deal, as a step line (points change at a deal and hold until the next).

Colour is not the only clue, as on the app's chart: each player's line has its own dash
pattern and ends on its own mark (● ▲ ■), shown before the name in the sheet's key, so the
chart reads in black and white on paper too. Text in it is escaped; nothing is loaded.
"""

from __future__ import annotations

from html import escape

from scorekeeper.rules import Match, MatchState

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 12, 30  # the margins, for the axes' labels
COLORS = ("#00799e", "#c05a00", "#a3208c")  # one per seat (on white, contrast ≥ 4.5:1)
DASHES = ("", "8 4", "2 3")
MARKS = ("●", "▲", "■")


def nice_step(top: int, lines: int = 5) -> int:
    """A round tick spacing (1, 2, 5, 10, 20, 50…) giving at most `lines` ticks up to `top`."""
    step = 1
    while top / step > lines:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if top / step <= lines:
                break
    return step


def _mark(seat: int, x: float, y: float) -> str:
    color = COLORS[seat]
    if seat == 0:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{color}"/>'
    if seat == 1:
        return (f'<polygon points="{x:.1f},{y - 6:.1f} {x - 6:.1f},{y + 5:.1f} '
                f'{x + 6:.1f},{y + 5:.1f}" fill="{color}"/>')
    return f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="{color}"/>'


def points_svg(state: MatchState[Match], label: str, deal_word: str) -> str:
    """The chart of `state` as an <svg> element; `label` says what it shows (for screen
    readers), `deal_word` names the x axis."""
    outcomes = state.outcomes
    deals = max(len(outcomes), 1)
    series = [[0] + [o.points_after[p] for o in outcomes] for p in range(3)]
    target = state.match.rules.target
    top = max(target, *(max(s) for s in series), 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(deal: float) -> float:
        return LEFT + plot_w * deal / deals

    def py(points: float) -> float:
        return TOP + plot_h * (1 - points / top)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>']
    step = nice_step(top)
    for tick in range(0, top + 1, step):
        y = py(tick)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
                     f'class="grid"/><text x="{LEFT - 6}" y="{y + 4:.1f}" '
                     f'text-anchor="end">{tick}</text>')
    y = py(target)
    parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
                 f'class="target"/>')
    xstep = nice_step(deals, 10)
    for deal in range(0, deals + 1, xstep):
        parts.append(f'<text x="{px(deal):.1f}" y="{HEIGHT - BOTTOM + 16}" '
                     f'text-anchor="middle">{deal}</text>')
    parts.append(f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 2}" text-anchor="end">'
                 f'{escape(deal_word)}</text>')
    for seat in range(3):
        points = series[seat]
        corners = [(px(0), py(points[0]))]
        for deal in range(1, len(points)):
            if points[deal] != points[deal - 1]:
                corners.append((px(deal), py(points[deal - 1])))
                corners.append((px(deal), py(points[deal])))
        corners.append((px(len(points) - 1), py(points[-1])))
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
        dash = f' stroke-dasharray="{DASHES[seat]}"' if DASHES[seat] else ""
        parts.append(f'<polyline points="{line}" fill="none" stroke="{COLORS[seat]}" '
                     f'stroke-width="2.5"{dash}/>')
        parts.append(_mark(seat, corners[-1][0] - 8 * (2 - seat), corners[-1][1]))
    parts.append("</svg>")
    return "".join(parts)
