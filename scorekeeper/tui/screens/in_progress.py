"""Starting a match while one is in progress: say so, and offer to resume it, to leave it in
progress (and start the new one), or to abandon it (and start the new one)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.tui.actions import Action
from scorekeeper.tui.dialog_keys import answer_by_key
from scorekeeper.tui.screens.base import VicaireModal
from scorekeeper.tui.screens.dialogs import FittedDialog

if TYPE_CHECKING:
    from scorekeeper.store import StoredMatch

CHOICES = ("resume", "keep", "abandon")


class InProgressDialog(FittedDialog, VicaireModal[str | None]):
    """Dismissed with "resume", "keep" (leave it in progress, start a new match), "abandon"
    (abandon it, start a new match), or None (Esc: nothing)."""

    CSS_PATH = "dialogs.tcss"
    DEFAULT_CSS = """
    InProgressDialog .in-progress-choices { height: auto; width: 100%; }
    InProgressDialog .in-progress-choices Button { width: 100%; margin: 0; }
    """
    ACTIONS = (
        Action("r", "choose('resume')", "Resume", show=False),
        Action("n", "choose('keep')", "New match", show=False),
        Action("a", "choose('abandon')", "Abandon", show=False),
        Action("escape", "choose('')", "Back", show=False),
    )

    def __init__(self, stored: StoredMatch) -> None:
        super().__init__(classes="dialog-screen")
        self.stored = stored

    def compose(self) -> ComposeResult:
        lang, stored = self.lang, self.stored
        state = stored.state
        who = stored.name or " · ".join(state.players)
        with Vertical(classes="dialog"):
            yield Label(Text(tr(lang, "A match is in progress")), classes="dialog-title")
            yield Static(Text(tr(lang, "{match}: round {round}, deal {number}.", match=who,
                                 round=state.current.number,
                                 number=len(state.outcomes) + 1)), classes="dialog-body")
            with Vertical(classes="in-progress-choices"):
                yield Button(tr(lang, "Resume it (r)"), variant="primary", id="resume")
                yield Button(tr(lang, "New match, keep this one (n)"), id="keep")
                yield Button(tr(lang, "Abandon it, then a new match (a)"), id="abandon")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#resume", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "")

    def action_choose(self, choice: str) -> None:
        if not self.is_current:  # (answered already)
            return
        if choice:  # a screen opens next: the keys typed from now on are its own
            self.app.hold_keys()
        self.dismiss(choice or None)

    def take_key(self, event: events.Key) -> bool:
        """Offered each key by the app, in the order typed (scorekeeper/tui/dialog_keys.py):
        an answer's key answers at once, so that the keys typed after it wait for the screen
        it opens (a name, after `n`) instead of reaching this dialog or the one below."""
        return self.is_current and answer_by_key(self, event.key)


async def new_match(app: Any, players: tuple[str, ...]) -> None:
    """The New match form; with a match in progress, asked first (`InProgressDialog`). The
    keys typed meanwhile, which the app holds, go to the one shown (dialog_keys.py)."""
    try:
        await _new_match(app, players)
    finally:
        app.release_keys()


async def _new_match(app: Any, players: tuple[str, ...]) -> None:
    from scorekeeper.tui.screens.new_match import NewMatchScreen

    lang = app.lang
    try:
        history = await app.history_ready()
        stored = await asyncio.to_thread(history.latest_unfinished)
    except VicaireError:
        stored = None  # (the form says what is wrong with the history, if anything, itself)
    if stored is None:
        await app.push_screen(NewMatchScreen(players))  # (mounted, its first field focused)
        return

    async def chosen(choice: str | None) -> None:
        if choice == "resume":
            app.open_match(stored.id)  # (the keys held go to the sheet)
            return
        try:
            if choice == "abandon":
                try:
                    await asyncio.to_thread(history.abandon, stored.id, stored.revision)
                except VicaireError as exc:
                    app.notify(error_text(exc, lang), severity="error", markup=False)
                    return
                app.notify(tr(lang, "The match in progress was abandoned."), markup=False)
            if choice in ("keep", "abandon"):
                await app.push_screen(NewMatchScreen(players))
        finally:
            app.release_keys()

    await app.push_screen(InProgressDialog(stored), chosen)
