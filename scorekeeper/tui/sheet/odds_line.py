"""One line with each player's chance to win the round in progress (the sheet, the board).

The chances come from simulated deals (`scorekeeper.sim.odds`), worked out on a thread; the
line is hidden once the match is over or closed.
"""

from __future__ import annotations

import asyncio
from functools import partial

from rich.text import Text
from textual.widgets import Static

from scorekeeper.i18n import NBSP
from scorekeeper.i18n.cards import odds_label, percentages
from scorekeeper.i18n.styled import styled
from scorekeeper.rules.scoring import MatchState
from scorekeeper.tui.layout import SHORTEST_BESIDE, fit_names


class OddsLine(Static):
    """'Chance to win the round: Amélie 38% · Bruno 24% · Chloé 38%', names shown literally."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self._asked: MatchState | None = None  # the state whose odds are wanted
        # What the line shows: the players, their chances, in which language.
        self._shown: tuple[tuple[str, str, str], tuple[float, float, float], str] | None = None

    def show(self, state: MatchState, lang: str, closed: bool = False) -> None:
        """Work out and show the chances in `state` (the line hides while there are none)."""
        self._asked = state
        if state.finished or closed:
            self.display = False
            return
        # The work, not a coroutine made now: one replaced before it starts is never made
        # (a coroutine made and dropped warns "never awaited" when Python collects it).
        # (Textual's WorkType union leaves mypy no result type to infer)
        self.run_worker(partial(self._work_out, state, lang),  # type: ignore[arg-type]
                        group="odds", exclusive=True)

    async def _work_out(self, state: MatchState, lang: str) -> None:
        from scorekeeper.sim.odds import round_odds

        odds = await asyncio.to_thread(round_odds, state)
        if state is not self._asked:
            return  # the match moved on meanwhile: the next worker shows it
        self._shown = (state.players, odds, lang)
        text = self._text()
        one_line = 0 < text.cell_len <= self.size.width
        # New chances on a line that is and stays one line high (the line shown before, or
        # the empty line before the first chances) need no new layout of the screen.
        stays = self.display and self.size.height == 1 and one_line
        self.update(text, layout=not stays)
        if not self.display:
            self.display = True

    def _text(self) -> Text:
        """The line, on one line of the widget where it can be: on a narrow screen (a phone)
        with the short label, and long names shortened if it is still too long."""
        assert self._shown is not None
        players, odds, lang = self._shown
        shares = percentages(odds)

        def line(label: str, names: list[str], wraps: bool = False) -> Text:
            """The line; one that `wraps` goes on after a "·", never inside a share."""
            space = NBSP if wraps else " "
            text = Text(label, end="")
            text.stylize("dim")
            for seat, name in enumerate(names):
                if seat:
                    text.append(space + "· ", style="dim")
                share = styled(lang, "{name} {percent}%", {"name": "bold"}, name=name,
                               percent=shares[seat])
                share.plain = share.plain.replace(" ", space)
                text.append_text(share)
            return text

        width = self.size.width
        whole = line(odds_label(lang), list(players))
        if not width or whole.cell_len <= width:
            return whole
        short = odds_label(lang, short=True)
        return fit_names(lambda names: line(short, names), players, width, SHORTEST_BESIDE,
                         wrapped=lambda names: line(short, names, wraps=True))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.update(self._text())
