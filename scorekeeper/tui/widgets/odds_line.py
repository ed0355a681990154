"""One line with each player's chance to win the round in progress (the sheet, the board).

The chances come from simulated deals (`scorekeeper.sim.odds`), worked out on a thread; the
line is hidden once the match is over or closed, and where the simulation is not installed.
"""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.widgets import Static

from scorekeeper.i18n import pick
from scorekeeper.rules.scoring import MatchState
from scorekeeper.tui.app import sim_available


class OddsLine(Static):
    """'Chance to win the round: Amélie 38% · Bruno 24% · Chloé 38%', names shown literally."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self._state: MatchState | None = None
        self._lang = "en"
        self.odds: tuple[float, float, float] | None = None

    def show(self, state: MatchState, lang: str, closed: bool = False) -> None:
        """Work out and show the chances in `state` (the line hides while there are none)."""
        self._state = state
        if state.finished or closed or not sim_available():
            self.display = False
            return
        self.run_worker(self._work_out(state, lang), group="odds", exclusive=True)

    async def _work_out(self, state: MatchState, lang: str) -> None:
        from scorekeeper.sim.odds import round_odds

        odds = await asyncio.to_thread(round_odds, state)
        if state is not self._state:
            return  # the match moved on meanwhile: the next worker shows it
        self.odds, self._lang = odds, lang
        self.update(self._text())
        self.display = True

    def _text(self) -> Text:
        """The line; on a narrow screen (a phone) with a short label, to keep to one line."""
        state, odds, lang = self._state, self.odds, self._lang
        assert state is not None and odds is not None
        text = Text()
        for seat, name in enumerate(state.players):
            if seat:
                text.append(" · ", style="dim")
            text.append(name, style="bold")
            text.append(f" {round(100 * odds[seat])}%")
        label = pick(lang, "Chance to win the round: ", "Chance de gagner la manche : ")
        if self.size.width and len(label) + text.cell_len > self.size.width:
            label = pick(lang, "Chances: ", "Chances : ")
        line = Text(label, end="")
        line.stylize("dim")
        return line.append_text(text)

    def on_resize(self) -> None:
        if self.odds is not None and self._state is not None:
            self.update(self._text())
