"""What screens may ask of the app: a small interface, so that no screen imports the app.

The app (`scorekeeper.tui.app.VicaireApp`) provides these; screens reach them through
`VicaireScreen.services` (`scorekeeper.tui.screens.base`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from scorekeeper.store import History, MatchSummary

UNKNOWN: Any = object()  # a signature not read yet (None is one: no file there)


class AppServices(Protocol):
    """The app's services, as screens and widgets use them."""

    lang: str  # the language spoken ("en" or "fr")
    poll: float  # seconds between two looks at the history for changes made elsewhere
    cursor_blink: bool
    listing_signature: Any  # the journal's signature when the start-up listing was read

    async def history_ready(self) -> History:
        """The history of matches (`scorekeeper.store.History`), once it is open: awaited,
        never blocking the UI thread (it is opened by a worker at start-up). Raises
        VicaireError if it cannot be opened."""

    def open_history(self) -> History | None:
        """The history if it is open already, else None (never waits)."""

    def history_signature(self, match_id: str | None = None) -> Any | None:
        """The journal's signature (or one match file's): None while the history opens."""

    @property
    def folder(self) -> Path:
        """The history folder (exports and settings live there)."""

    def open_match(self, match_id: str, entry_text: str = "") -> Any:
        """Read a stored match off the UI thread and show its score sheet."""

    def show_notices(self) -> None:
        """Tell, once each, what the history repaired on its own."""

    def first_listing(self) -> list[MatchSummary] | None:
        """The listing read at start-up, once (None if not ready, failed or taken)."""

    def tell_shown(self, match_id: str) -> None:
        """Served in a browser: tell the page which match this tab shows ("" for none)."""

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A toast (Textual's App.notify, the app's words kept whole)."""

    def set_lang(self, lang: str) -> None:
        """Speak `lang` from now on and redraw every screen in it."""

    @property
    def is_web(self) -> bool:
        """Whether the app runs in a browser tab (`vicaire serve`): Textual's."""

    def deliver_text(self, path_or_file: Any, **options: Any) -> Any:
        """Served: have the browser download a text (Textual's App.deliver_text)."""
