"""Moving the whole history from the History screen: export it to one file (in the browser,
a download), import a file the user names (the same merge as `vicaire import`)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.tui.actions import Action
from scorekeeper.tui.history.actions import deliver, exporting
from scorekeeper.tui.screens.base import VicaireModal
from scorekeeper.tui.screens.dialogs import FittedDialog
from scorekeeper.tui.services import AppServices
from scorekeeper.tui.toasts import shown_path

if TYPE_CHECKING:
    from scorekeeper.store import History


def files_folder() -> Path:
    """Where the app writes the history file and first looks for one to import: the user's
    downloads folder, else documents folder (platformdirs), else the home folder."""
    from platformdirs import user_documents_dir, user_downloads_dir

    for folder in (user_downloads_dir(), user_documents_dir()):
        if Path(folder).is_dir():
            return Path(folder)
    return Path.home()


async def export_history(app: AppServices) -> None:
    """Write every match into one history file (formats/historyfile.py): in a terminal into
    the downloads (or documents) folder, in the browser (`vicaire serve`) as a download; the
    message says where."""
    from scorekeeper.formats.export import history_export_name
    from scorekeeper.formats.files import write_file_atomically
    from scorekeeper.formats.historyfile import history_text
    from scorekeeper.store.records import now

    lang = app.lang

    async def written() -> str | None:
        history = await app.history_ready()
        matches = await asyncio.to_thread(history.matches)
        text = await asyncio.to_thread(history_text, matches)
        name = history_export_name(now())
        if app.is_web:
            deliver(app, text, name, "application/json",
                    tr(lang, "The history is downloading as {name}", name=name))
            return None
        path = files_folder() / name
        await asyncio.to_thread(write_file_atomically, path, text.encode("utf-8"))
        return tr(lang, "History written to {path}", path=shown_path(path))

    await exporting(app, written(),
                    lambda reason: tr(lang, "Could not export the history: {reason}",
                                      reason=reason))


def _import(history: History, path: str, lang: str) -> str:
    """Import the file at `path` into `history`; what became of its matches, in words."""
    from scorekeeper.formats.historyfile import copy_namer, import_summary, incoming_from
    from scorekeeper.formats.matchfile import decode, read_bytes

    items = incoming_from(decode(read_bytes(path)))
    results = history.import_matches(items, copy_namer(lang, Path(path).name))
    return import_summary(results, lang)


async def import_file(app: AppServices, path: str) -> bool:
    """Import a match file or a history file; the message says what was done (True) or why
    nothing was (False)."""
    lang = app.lang
    try:
        history = await app.history_ready()
        said = await asyncio.to_thread(_import, history, str(Path(path).expanduser()), lang)
    except VicaireError as exc:
        app.notify(tr(lang, "{file}: {message}", file=path, message=error_text(exc, lang)),
                   severity="error", markup=False, timeout=10)
        return False
    app.notify(said, title=tr(lang, "Imported"), markup=False, timeout=10)
    return True


class ImportDialog(FittedDialog, VicaireModal[str | None]):
    """Ask for the file to import (a match file or a history file); dismiss with its path,
    or None (Escape, Cancel)."""

    CSS_PATH = "../screens/dialogs.tcss"

    ACTIONS = (Action("escape", "cancel", "Cancel", show=False),)

    def __init__(self, start: str) -> None:
        super().__init__(classes="dialog-screen")
        self.start = start

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(classes="dialog"):
            yield Label(tr(lang, "Import matches"), classes="dialog-title")
            yield Static(tr(lang, "A match file or a whole history (vicaire export --all). "
                                  "Matches already here are left as they are; those that "
                                  "went further are brought up to date."),
                         classes="dialog-body")
            yield Input(value=self.start, placeholder=tr(lang, "File to import"),
                        id="import-path", select_on_focus=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr(lang, "Import"), variant="primary", id="import")
                yield Button(tr(lang, "Cancel"), id="cancel")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#import-path", Input).focus()

    def _chosen(self) -> None:
        path = self.query_one("#import-path", Input).value.strip()
        self.dismiss(path or None)

    @on(Input.Submitted, "#import-path")
    def _submitted(self) -> None:
        self._chosen()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "import":
            self._chosen()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
