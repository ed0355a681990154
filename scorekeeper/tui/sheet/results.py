"""The score sheet's results: the dialog a round won, a tie or the match won opens, and the
keys typed while it is up (they start the next deal: scorekeeper/tui/dialog_keys.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import Input

from scorekeeper.tui.screens.dialogs import match_won_dialog, round_won_dialog, tie_dialog

if TYPE_CHECKING:
    from scorekeeper.rules import Match, MatchState


class SheetResults:
    """The results half of `SheetScreen` (`scorekeeper.tui.sheet.screen`)."""

    app: Any
    lang: str
    query_one: Any  # (Textual's, as set_focus)
    set_focus: Any
    if TYPE_CHECKING:  # (SheetScreen's)
        @property
        def state(self) -> MatchState[Match]: ...

    def announce(self) -> None:
        """After a new deal: a dialog when the round or the match ended, or on a tie."""
        state = self.state
        if not state.outcomes:
            return
        outcome = state.outcomes[-1]
        for ended, dialog in ((outcome.match_winner is not None, match_won_dialog),
                              (outcome.winner is not None, round_won_dialog),
                              (outcome.tie is not None, tie_dialog)):
            if ended:
                self.app.push_screen(dialog(outcome, state, self.lang))
                return

    @property
    def open(self) -> bool:
        """Whether a deal can be typed (the match is not over)."""
        return not self.query_one("#entry", Input).disabled

    @property
    def typing(self) -> bool:
        """Whether the next deal is begun in the entry line."""
        return bool(self.query_one("#entry", Input).value)

    def typed_under_dialog(self, typed: str) -> None:
        """A digit typed while a result dialog was up closed it: it starts the next deal, or
        goes on with it; the keys typed after it follow it there."""
        entry = self.query_one("#entry", Input)
        self.set_focus(entry)  # (at once: the next key goes where the focus is)
        entry.insert_text_at_cursor(typed)
