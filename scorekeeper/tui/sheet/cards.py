"""The cards half of the score sheet: simulate this deal (ctrl+d), check a real deal trick by
trick (ctrl+g), and show the deal behind the counts in the entry line (ctrl+o).

The sheet keeps where those counts came from (`scorekeeper.tui.sheet.entry_origin`): a simulated
deal, a checked deal, or typed by hand. Editing the entry line by hand makes them typed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.widgets import Input

from scorekeeper.i18n import tr
from scorekeeper.rules.play import DealRecord
from scorekeeper.tui.sheet.deal_entry import DealEntry
from scorekeeper.tui.sheet.entry_origin import (
    EntryOrigin,
    PlayedDeal,
    follow,
    no_deal_message,
    simulated,
)
from scorekeeper.tui.sheet.texts import refused_hint

if TYPE_CHECKING:
    from rich.text import Text

    from scorekeeper.rules import Match, MatchState


def new_seed() -> int:
    """A fresh seed for a simulated deal (tests fix it)."""
    return random.randrange(1 << 30)


class SheetCards:
    """The cards half of `SheetScreen` (`scorekeeper.tui.sheet.screen`)."""

    app: Any
    lang: str
    origin: EntryOrigin

    if TYPE_CHECKING:  # (and from the screen: Textual's, and SheetScreen's)
        query_one: Callable[..., Any]
        notify: Callable[..., Any]

        @property
        def state(self) -> MatchState[Match]: ...

        def refresh_bindings(self) -> None: ...
        def show_hint(self, value: str) -> None: ...
        def put_hint(self, text: str | Text, kind: str) -> None: ...
        def _entry_open(self) -> bool: ...

    @property
    def simulated(self) -> DealRecord | None:
        """The simulated deal whose counts wait in the entry line, if that is where they
        came from."""
        origin = self.origin
        return origin.record if isinstance(origin, PlayedDeal) and origin.kind == "simulated" \
            else None

    def entry_changed(self, value: str) -> None:
        """The entry line now holds `value`: counts edited by hand are typed counts."""
        before = self.origin
        self.origin = follow(before, value)
        if self.origin is not before:
            self.refresh_bindings()

    def fill_entry(self, deal: PlayedDeal) -> None:
        """Put a played deal's counts in the entry line, remembering the deal."""
        self.origin = deal
        entry = self.query_one("#entry", Input)
        entry.value = deal.text
        entry.cursor_position = len(entry.value)
        entry.focus()
        self.show_hint(entry.value)
        self.refresh_bindings()

    def on_deal_entry_refused(self, event: DealEntry.Refused) -> None:
        """A letter (or a sign) typed in the entry line was dropped: say why."""
        self.put_hint(refused_hint(event.typed, self.lang), "error")

    def action_simulate_deal(self, seed: int | None = None) -> None:
        """Deal 32 real cards with this sheet's dealer; bots play it aiming at what each
        player needs; the counts wait in the entry line (Enter records them)."""
        if not self._entry_open():
            return
        from scorekeeper.sim.deals import simulate_deal

        cur = self.state.current
        rng = random.Random(new_seed() if seed is None else seed)
        deal = simulated(simulate_deal(rng, cur.dealer, "target", cur.needs), cur.needs)
        self.fill_entry(deal)
        players, counts = self.state.players, deal.counts
        self.notify(tr(self.lang, "Bots played a deal: {counts}. Enter records it; ctrl+o shows "
                                  "its tricks.",
                       counts=" · ".join(f"{players[p]} {counts[p]}" for p in range(3))),
                    markup=False)

    def action_show_tricks(self) -> None:
        """The deal behind the entry line (simulated or checked): hands, tricks, counts; or
        why there is none."""
        origin = self.origin
        if not isinstance(origin, PlayedDeal):
            value = self.query_one("#entry", Input).value
            self.notify(no_deal_message(origin, value, self.lang), markup=False)
            return
        from scorekeeper.tui.cards.deal_view import DealViewScreen

        self.app.clear_notifications()  # the toast would cover the tricks
        self.app.push_screen(DealViewScreen(origin, self.state.players, self.lang))

    def check_a_deal(self) -> bool:
        """From the palette or the home's key: this sheet's own check (its counts come back
        to the entry line)."""
        self.action_check_deal()
        return True

    def action_check_deal(self) -> None:
        """Type a real deal of this match trick by trick; its counts come back to the entry."""
        from scorekeeper.tui.cards.check_deal import CheckDealScreen

        state = self.state
        open_entry = not self.query_one("#entry", Input).disabled

        def done(deal: PlayedDeal | None) -> None:
            if deal is None:
                return
            self.fill_entry(deal)
            self.notify(tr(self.lang, "The counts are in the entry line: Enter records them; "
                                      "ctrl+o shows the checked deal."), markup=False)

        self.app.push_screen(CheckDealScreen(state.players, state.current.dealer,
                                             can_send=open_entry), done)
