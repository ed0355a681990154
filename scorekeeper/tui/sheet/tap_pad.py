"""Tap targets for the score sheet on a phone: each player's tricks (0–10), Record, Undo, Redo,
Correct.

Shown on a narrow screen only (`.-narrow`, see `scorekeeper.tui.screens.base`; the rule is
in sheet.tcss). The pad writes the deal into the sheet's entry line, where the usual checks
and Enter take it, so typing keeps working beside it: its buttons never take the focus from
the entry. One row names the three players (each with the count chosen for them); the player
lit takes the next count tapped, then the pad moves on to a player not chosen yet. With two
players' tricks chosen, the third player's is filled in (what is left of the 10 tricks).

Every button is 3 lines high and at least 7 cells wide, the counts in two centred rows (0–5,
6–10): on a 390-pixel phone (46 columns of about 8.4 pixels, lines of about 19) a target is
about 59×57 pixels, more than the 44×44 a thumb needs, in 12 lines in all.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input

from scorekeeper.i18n import tr
from scorekeeper.tui.layout import shorten
from scorekeeper.tui.sheet.entry import deal_words, read_deal

TRICKS = 10
ROWS = ((0, 1, 2, 3, 4, 5), (6, 7, 8, 9, 10))  # the counts, in two rows
NAME = 9  # characters of a name shown on its button (longer ones end with "…")


class TapButton(Button, can_focus=False):
    """A button that a tap presses without moving the focus (the entry keeps it)."""


class TapPad(Vertical):
    """The players (in seat order), the counts 0–10 and the sheet's three actions."""

    DEFAULT_CSS = """
    TapPad { display: none; height: auto; }
    TapPad Horizontal { height: 3; align-horizontal: center; }
    TapPad Button { height: 3; margin: 0; padding: 0; }
    TapPad .tap-player { width: 1fr; min-width: 7; border: tall $panel; }
    TapPad .tap-player.-selected { border: tall $accent; text-style: bold; }
    TapPad .tap-count {
        width: 7; min-width: 7; border: tall $panel; content-align: center middle;
    }
    TapPad .-chosen { background: $accent; color: $text; text-style: bold; }
    TapPad .-filled { background: $accent-darken-2; color: $text; }
    TapPad #tap-actions Button { width: 1fr; min-width: 7; }
    """

    def __init__(self, players: tuple[str, ...], lang: str, entry: str = "#entry",
                 **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.players, self.lang, self.entry_selector = players, lang, entry
        self.chosen: list[int | None] = [None, None, None]
        self.order: list[int] = []  # the players whose tricks were tapped, last one last
        self.seat = 0  # the player the next count goes to
        self._written = ""  # what the pad last wrote into the entry

    def fit(self, narrow: bool) -> None:
        """The screen's width changed: on a phone the pad's buttons are made, once.

        Until then the pad holds nothing: at the table (a wide screen, where the pad is not
        shown) its two dozen buttons would only slow every restyle of the sheet."""
        if narrow and not self.children:
            self.mount_all(self._parts())
            self.call_after_refresh(self._paint)

    def _parts(self) -> list[Widget]:
        lang = self.lang
        players = Horizontal(*(
            TapButton(self._label(seat), id=f"tap-player-{seat}",
                      classes="tap-player" + (" -selected" if seat == 0 else ""))
            for seat in range(len(self.players))), id="tap-players")
        rows = [Horizontal(*(TapButton(str(count), id=f"tap-{count}", classes="tap-count")
                             for count in row), classes="tap-row") for row in ROWS]
        actions = Horizontal(
            TapButton(tr(lang, "Record"), id="tap-record", variant="primary"),
            TapButton(tr(lang, "Undo"), id="tap-undo"),
            TapButton(tr(lang, "Redo"), id="tap-redo"),
            TapButton(tr(lang, "Correct"), id="tap-edit"),
            id="tap-actions")
        return [players, *rows, actions]

    def _label(self, seat: int) -> Text:
        name = self.players[seat]
        name = shorten(name, NAME)
        label = Text(name, no_wrap=True, overflow="ellipsis")
        count = self.chosen[seat]
        label.append(f" {count}" if count is not None else "", style="bold")
        return label

    # ------------------------------------------------------------------ tapping

    @on(Button.Pressed, ".tap-player")
    def _player(self, event: Button.Pressed) -> None:
        event.stop()
        self.seat = int((event.button.id or "").rsplit("-", 1)[1])
        self._paint()

    @on(Button.Pressed, ".tap-count")
    def _count(self, event: Button.Pressed) -> None:
        event.stop()
        self.choose(self.seat, int((event.button.id or "").rsplit("-", 1)[1]))

    def choose(self, seat: int, count: int) -> None:
        """Player `seat` took `count` tricks; with two players known the third is filled."""
        entry = self._entry()
        if entry is None or entry.disabled:
            self.app.bell()
            return
        if seat in self.order:
            self.order.remove(seat)
        self.order.append(seat)
        self.order = self.order[-2:]
        self.chosen[seat] = count
        if len(self.order) == 2:
            third = ({0, 1, 2} - set(self.order)).pop()
            rest = TRICKS - sum(self.chosen[p] or 0 for p in self.order)
            self.chosen[third] = rest if rest >= 0 else None
        for other in range(3):
            if other not in self.order and len(self.order) < 2:
                self.chosen[other] = None
        self.seat = next(s for s in ((seat + 1) % 3, (seat + 2) % 3) if s not in self.order)
        self._write(entry)
        self._paint()

    def _write(self, entry: Input) -> None:
        """The deal, once all three are known, goes to the entry line (checked there)."""
        known = [c for c in self.chosen if c is not None]
        if len(known) == len(self.chosen):
            value = deal_words(known)
        elif len(self.order) == 2:  # too many tricks for a third: the entry line says so
            value = deal_words([c or 0 for c in self.chosen])
        else:
            value = ""
        self._written = value
        entry.value = value
        entry.cursor_position = len(value)

    @on(Button.Pressed, "#tap-record")
    async def _record(self, event: Button.Pressed) -> None:
        """As Enter in the entry line: recorded, or the line says what is wrong."""
        event.stop()
        entry = self._entry()
        if entry is not None and not entry.disabled:
            await entry.action_submit()
        else:
            self.app.bell()

    @on(Button.Pressed, "#tap-undo, #tap-redo, #tap-edit")
    async def _act(self, event: Button.Pressed) -> None:
        """Undo, Redo, Correct: the screen's own actions (as ctrl+z, ctrl+y, ctrl+e)."""
        event.stop()
        await self.screen.run_action((event.button.id or "").removeprefix("tap-"))

    # ------------------------------------------------------------------ following the entry

    def follow(self, value: str) -> None:
        """The entry line changed: show what it holds (typed, or cleared once recorded)."""
        if value == self._written:
            return
        self._written = ""
        reading = read_deal(value, self.lang) if value.strip() else None
        if reading is not None and reading.deal is not None and not reading.offered:
            self.chosen = list(reading.deal)
            self.order = [0, 1]
        else:
            self.chosen, self.order, self.seat = [None, None, None], [], 0
        self._paint()

    def _paint(self) -> None:
        """Each player's button says their count (tapped, or filled in) and which is lit;
        the counts show the lit player's."""
        if not self.children or not self.query(f"#tap-{TRICKS}"):
            return  # (not made yet, not on a phone; or its screen closed as they were made)
        for seat in range(3):
            button = self.query_one(f"#tap-player-{seat}", Button)
            button.label = self._label(seat)
            known = self.chosen[seat] is not None
            button.set_class(seat == self.seat, "-selected")
            button.set_class(known and seat in self.order, "-chosen")
            button.set_class(known and seat not in self.order, "-filled")
        lit = self.chosen[self.seat]
        for count in range(TRICKS + 1):
            button = self.query_one(f"#tap-{count}", Button)
            button.set_class(lit == count and self.seat in self.order, "-chosen")
            button.set_class(lit == count and self.seat not in self.order, "-filled")

    def _entry(self) -> Input | None:
        found = self.screen.query(self.entry_selector)
        return found.first(Input) if found else None
