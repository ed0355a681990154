"""The spectator board: a read-only, large-print view of the match in progress that follows it
live (for a phone held across the table)."""

from __future__ import annotations

import contextlib
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.widgets import Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, NBSP, tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.outcomes import explain
from scorekeeper.i18n.styled import styled
from scorekeeper.tui.actions import Action
from scorekeeper.tui.layout import SHORTEST_BESIDE, fit_names
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.sheet.odds_line import OddsLine
from scorekeeper.tui.sheet.player_panel import PlayerPanel
from scorekeeper.tui.widgets.keybar import KeyBar


class BoardScreen(VicaireScreen):
    """Totals, needs, dealer and match points of the latest unfinished match, refreshed live."""

    # In the class, not in a .tcss file: a screen's CSS_PATH is not read when it is the app's
    # default screen, as the spectators' board (`vicaire --board`) is.
    DEFAULT_CSS = """
    BoardScreen { padding: 0 1; }
    #board-title { height: auto; padding: 0 1; text-style: bold; }
    #board-odds { height: auto; padding: 0 1; }
    #board-panels { height: 1fr; }
    #board-panels .player-panel { width: 100%; height: 1fr; min-height: 7; }
    #board-last { height: auto; padding: 0 1; color: $text-muted; }
    /* On a phone every cell of the width goes to the lines: the title and the odds keep to
       one line there, in French too. */
    BoardScreen.-narrow { padding: 0; }
    BoardScreen.-narrow #board-title, BoardScreen.-narrow #board-odds,
    BoardScreen.-narrow #board-last { padding: 0; }
    /* There, each total in digits five rows high where they fit (a panel restyles itself
       alone as its classes change, not its parts: the screen's classes, whose changes
       restyle them all). */
    BoardScreen.-narrow.-big-digits .player-big { display: block; }
    BoardScreen.-narrow.-big-digits .player-total { display: none; }
    /* From 60 columns the three panels stand side by side: all show on 80×24. */
    #board-panels.-wide { layout: horizontal; height: auto; }
    #board-panels.-wide .player-panel { width: 1fr; height: auto; min-height: 0; }
    """
    ACTIONS = (Action("escape,q", "back", N_("Back"), rank=0, key_display="esc/q"),)

    def __init__(self) -> None:
        super().__init__()
        self.stored: Any = None
        self.add_class("-big-digits", update=False)  # (until a layout finds them too tall)

    def compose(self) -> ComposeResult:
        yield Static("", id="board-title")
        yield OddsLine(id="board-odds")
        with Vertical(id="board-panels"):
            for index in range(3):
                yield PlayerPanel(index)
        yield Static("", id="board-last")
        yield KeyBar()

    async def redraw(self) -> None:
        """Compose again in the app's language, then show the match shown before, once the
        new parts are mounted (shown from `compose`, it could reach panels still empty: a
        fault that ended the app, found by random keys)."""
        await self.recompose()
        self._place_panels()  # (the new panels' row knows nothing of the width yet)
        if self.stored is not None:
            self.show()

    def on_resize(self) -> None:
        self._place_panels()
        if self.stored is not None:  # the title's names, to the new width
            self.call_after_refresh(self._fit_title)

    def _place_panels(self) -> None:
        """Side by side from 60 columns (every total, need and points on 80×24); stacked
        below (on a phone, with large digits that use its height: the CSS above)."""
        self.query_one("#board-panels").set_class(self.size.width >= 60, "-wide")

    def _fit_digits(self) -> None:
        """On a phone, the totals in digits five rows high where the three panels stacked hold
        them with every other line; Textual's Digits on a small phone, where they would be cut
        (a 5 drawn as its top three rows) and hide the needs. Worked out after each layout,
        from the lines the other parts take as laid out, which the digits do not change."""
        if not self.has_class("-narrow"):
            return
        around = [self.query_one("#board-title"), self.query_one("#board-odds"),
                  self.query_one("#board-last"), self.query_one(KeyBar)]
        wanted = self.styles.gutter.height + sum(part.outer_size.height for part in around) \
            + sum(panel.lines_with_big_digits() for panel in self.query(PlayerPanel))
        self.set_class(wanted <= self.size.height, "-big-digits")

    def _fit_title(self) -> None:
        """The title of the match shown, to the title's width."""
        with contextlib.suppress(NoMatches):
            title = self.query_one("#board-title", Static)
            if self.stored is not None:
                title.update(self.title_line(title.size.width))

    def title_line(self, width: int) -> Text:
        """"Amélie · Bruno · Chloé  —  round 2 · deal 4" (or the match's name), long names
        shortened to keep it on one line of `width` cells where they can be."""
        lang, stored = self.lang, self.stored
        state = stored.state

        # A title too long for one line goes on after a "·" of the names or before the
        # "—", whose words stay together: "Marie-Christine · Jean-Baptiste ·" then
        # "Anne-Sophie  — round 3 · deal 7".
        def line(names: list[str], wraps: bool = False) -> Text:
            space = NBSP if wraps else " "
            head = Text(stored.name or (space + "· ").join(names), style="bold")
            if state.finished and state.winner is not None:
                after = styled(lang, "match won by {winner}", {"winner": "bold"},
                               winner=names[state.winner])
            else:
                after = Text(tr(lang, "round {number} · deal {deal}",
                                number=state.current.number, deal=len(state.outcomes) + 1))
            after.plain = after.plain.replace(" ", space)
            head.append("  —" + space * 2)
            return head.append_text(after)

        return fit_names(line, state.players, width, SHORTEST_BESIDE,
                         wrapped=lambda names: line(names, wraps=True))

    def on_mount(self) -> None:
        self.on_resize()
        self.screen_layout_refresh_signal.subscribe(self, lambda _: self._fit_digits())
        self._seen: Any = None
        self.refresh_board()
        self.set_interval(self.services.poll, self.poll_files)

    def poll_files(self) -> None:
        """Look at the journal's and the shown match's signatures (a stat each); read the
        history only when one changed. No journal (an empty history) is a state of its own:
        the first match written makes one."""
        services = self.services
        shown = self.stored.id if self.stored is not None else None
        seen = (services.history_signature(),
                services.history_signature(shown) if shown else None) \
            if services.open_history() is not None else object()  # (not open: tried again)
        if seen != self._seen:
            self._seen = seen
            self.refresh_board()

    @work(group="board", exclusive=True)
    async def refresh_board(self) -> None:
        """Find the match in progress (or the one shown, until another starts) and show it."""
        try:
            history = await self.services.history_ready()
            stored = await self.off_thread(history.latest_unfinished)
            if stored is None and self.stored is not None:
                stored = await self.off_thread(history.get, self.stored.id)
        except VicaireError as exc:
            self.query_one("#board-last", Static).update(Text(error_text(exc, self.lang)))
            return
        if stored is not None and self.stored is not None and (
                stored.id, stored.revision) == (self.stored.id, self.stored.revision):
            return
        self.stored = stored
        # (Being composed again in another language: `redraw` shows it once whole. A board
        # closed meanwhile never gets here: `off_thread` ends the work.)
        with contextlib.suppress(NoMatches):
            self.show()

    def show(self) -> None:
        lang, title = self.lang, self.query_one("#board-title", Static)
        panels = self.query_one("#board-panels")
        last = self.query_one("#board-last", Static)
        odds = self.query_one(OddsLine)
        if self.stored is None:
            panels.display = odds.display = False
            title.update(Text(tr(lang, "No match in progress. This board follows the next one.")))
            last.update("")
            return
        state = self.stored.state
        panels.display = True
        self._fit_title()
        for panel in self.query(PlayerPanel):
            panel.show(state, lang)
        odds.show(state, lang, closed=self.stored.status == "abandoned")
        if state.outcomes:
            o = state.outcomes[-1]
            last.update(Text(tr(lang, "Deal {number}: {what}", number=o.number,
                                what=explain(o, state.players, lang))))
        else:
            last.update(Text(tr(lang, "No deal yet.")))

    @property
    def standalone(self) -> bool:
        """Opened by `vicaire --board`: nothing below it, so Esc and q quit."""
        return len(self.app.screen_stack) <= 1

    def bar_label(self, action: str) -> str | None:
        if action == "back" and self.standalone:
            return tr(self.lang, "Quit")
        return super().bar_label(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A board served to spectators' browsers has nowhere to go back to: quitting would
        only end the tab's session, so Esc and q do nothing there."""
        return not (action == "back" and self.standalone and self.app.is_web)

    def action_back(self) -> None:
        """Back to the app; a spectators' board (`--board`) quits, unless served."""
        if self.standalone and self.app.is_web:
            return
        if self.standalone:
            self.app.exit()
        else:
            self.app.pop_screen()
