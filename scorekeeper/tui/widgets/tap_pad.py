"""Tap targets for the score sheet on a phone: each player's tricks (0–10), Record, Undo,
Correct.

Shown on a narrow screen only (`.-narrow`, see `scorekeeper.tui.screens.base`; the rule is
in sheet.tcss). The pad
writes the deal into the sheet's entry line, where the usual checks and Enter take it, so
typing keeps working beside it: its buttons never take the focus from the entry. With two
players' tricks chosen, the third player's is filled in (what is left of the 10 tricks).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label

from scorekeeper.i18n import tr
from scorekeeper.tui.entry import deal_words, read_deal

TRICKS = 10


class TapButton(Button, can_focus=False):
    """A button that a tap presses without moving the focus (the entry keeps it)."""

    def on_mount(self) -> None:
        self.styles.line_pad = 0  # ("10" in a 4-cell button; the CSS parser takes no 0 here)


class TapPad(Vertical):
    """Three rows of 0–10 (one per player, in seat order) and the sheet's three actions."""

    DEFAULT_CSS = """
    TapPad { display: none; height: auto; }
    TapPad .tap-name { height: 1; width: 100%; color: $text-muted; }
    TapPad .tap-row { height: 3; }
    TapPad .tap-count {
        width: 1fr; min-width: 3; height: 3; padding: 0; margin: 0;
        border: tall $panel;
    }
    TapPad .tap-count.-chosen { background: $accent; color: $text; text-style: bold; }
    TapPad .tap-count.-filled { background: $accent-darken-2; color: $text; }
    TapPad #tap-actions { height: 3; }
    TapPad #tap-actions Button { width: 1fr; min-width: 6; height: 3; margin: 0; }
    """

    def __init__(self, players: tuple[str, ...], lang: str, entry: str = "#entry",
                 **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.players, self.lang, self.entry_selector = players, lang, entry
        self.chosen: list[int | None] = [None, None, None]
        self.order: list[int] = []  # the players whose tricks were tapped, last one last
        self._written = ""  # what the pad last wrote into the entry

    def compose(self) -> ComposeResult:
        lang = self.lang
        for seat, name in enumerate(self.players):
            yield Label(Text(name, style="bold", overflow="ellipsis", no_wrap=True),
                        classes="tap-name", id=f"tap-name-{seat}")
            with Horizontal(classes="tap-row"):
                for count in range(TRICKS + 1):
                    yield TapButton(str(count), id=f"tap-{seat}-{count}", classes="tap-count")
        with Horizontal(id="tap-actions"):
            yield TapButton(tr(lang, "Record"), id="tap-record", variant="primary")
            yield TapButton(tr(lang, "Undo"), id="tap-undo")
            yield TapButton(tr(lang, "Correct"), id="tap-edit")

    # ------------------------------------------------------------------ tapping

    @on(Button.Pressed, ".tap-count")
    def _count(self, event: Button.Pressed) -> None:
        event.stop()
        _tap, seat, count = (event.button.id or "").split("-")
        self.choose(int(seat), int(count))

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
        self._write(entry)
        self._paint()

    def _write(self, entry: Input) -> None:
        """The deal, once all three are known, goes to the entry line (checked there)."""
        if all(c is not None for c in self.chosen):
            value = deal_words(tuple(self.chosen))  # type: ignore[arg-type]
        elif len(self.order) == 2:  # too many tricks for a third: the entry line says so
            value = deal_words(tuple(c or 0 for c in self.chosen))  # type: ignore[arg-type]
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

    @on(Button.Pressed, "#tap-undo, #tap-edit")
    async def _act(self, event: Button.Pressed) -> None:
        """Undo, Correct: the screen's own actions (as ctrl+z, ctrl+e)."""
        event.stop()
        await self.screen.run_action("undo" if event.button.id == "tap-undo" else "edit")

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
            self.chosen, self.order = [None, None, None], []
        self._paint()

    def _paint(self) -> None:
        for seat in range(3):
            for count in range(TRICKS + 1):
                button = self.query_one(f"#tap-{seat}-{count}", Button)
                picked = self.chosen[seat] == count
                button.set_class(picked and seat in self.order, "-chosen")
                button.set_class(picked and seat not in self.order, "-filled")

    def _entry(self) -> Input | None:
        found = self.screen.query(self.entry_selector)
        return found.first(Input) if found else None
