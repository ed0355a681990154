"""One player's corner of the score sheet: round total, what they need, points toward target."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits, Label, ProgressBar

from scorekeeper.i18n import tr, tr_n, trc
from scorekeeper.i18n.outcomes import needs_text
from scorekeeper.rules.scoring import MatchState


class PlayerPanel(Vertical):
    """Name and role, the round total in large digits, needs, spent totals, match points."""

    DEFAULT_CSS = """
    PlayerPanel {
        width: 1fr; height: auto; border: round $panel-lighten-2; padding: 0 1;
        &.-dealer { border: round $accent; }
        &.-winner { border: heavy $success; }
        .player-name { width: 100%; }
        .player-total { width: 100%; text-align: center; text-style: bold; }
        .player-needs { width: 100%; color: $text; }
        .player-spent { width: 100%; color: $warning; height: auto; }
        .player-points-row { height: 1; }
        .player-points { width: 9; }
        .player-progress { width: 1fr; }
        .player-progress Bar { width: 1fr; }
        .player-brief { display: none; width: 100%; }
    }
    """

    def __init__(self, index: int, compact: bool = False) -> None:
        """`compact`: drawn as a small block on a narrow screen (the sheet on a phone)."""
        super().__init__(id=f"player-{index}",
                         classes="player-panel -compact" if compact else "player-panel")
        self.index = index
        self._shown: dict[str, object] = {}  # what each part shows (to update only changes)

    def compose(self) -> ComposeResult:
        yield Label("", classes="player-name")
        yield Label("", classes="player-brief")
        yield Digits("0", classes="player-total")
        yield Label("", classes="player-needs")
        yield Label("", classes="player-spent")
        with Horizontal(classes="player-points-row"):
            yield Label("", classes="player-points")
            yield ProgressBar(total=500, show_eta=False, show_percentage=False,
                              classes="player-progress")

    def show(self, state: MatchState, lang: str) -> None:
        """Show this player in `state`."""
        p, cur = self.index, state.current
        name = Text(state.players[p], style="bold", overflow="ellipsis", no_wrap=True)
        if not state.finished:
            if cur.dealer == p:
                name.append("  ● " + trc(lang, "player", "deals"), style="not bold")
            elif cur.leader == p:
                name.append("  ▶ " + trc(lang, "player", "leads"), style="not bold")
        elif state.winner == p:
            name.append("  ★ " + trc(lang, "player", "winner"), style="not bold")
        self._put(".player-name", name)
        brief = Text(f"{cur.totals[p]:>3} ", style="bold reverse")
        brief.append(" ")
        self._put(".player-brief", brief.append_text(name))
        self._put(".player-total", str(cur.totals[p]))
        if state.finished:
            needs = ""
        else:
            needs = tr(lang, "needs {needs}", needs=needs_text(cur.needs[p], cur.totals[p], lang))
        self._put(".player-needs", needs)
        spent = ", ".join(str(t) for t in cur.spent[p])
        self._put(".player-spent",
                  tr_n(lang, "spent: {spent}", "spent: {spent}", len(cur.spent[p]), spent=spent)
                  if spent else "")
        self.query_one(".player-spent", Label).set_class(not spent, "-none")
        target = state.match.rules.target
        self._put(".player-points", f"{state.points[p]:>3}/{target}")
        bar = self.query_one(ProgressBar)
        bar.update(total=target, progress=min(state.points[p], target))
        self.set_class(state.winner == p, "-winner")
        self.set_class(not state.finished and cur.dealer == p, "-dealer")

    def _put(self, part: str, value: str | Text) -> None:
        """Show `value` in `part` unless it shows it already: an unchanged label costs no
        new layout of the sheet at each deal."""
        if part in self._shown and self._shown[part] == value:
            return
        self._shown[part] = value
        self.query_one(part, Digits if part == ".player-total" else Label).update(value)
