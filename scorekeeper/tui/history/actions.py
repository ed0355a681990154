"""What the history and review screens both do to a stored match: export it, delete it."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work

from scorekeeper.errors import VicaireError
from scorekeeper.formats.export import export_folder, write_export
from scorekeeper.i18n import tr
from scorekeeper.i18n.dates import when_text
from scorekeeper.i18n.errors import error_text, os_reason
from scorekeeper.i18n.styled import styled
from scorekeeper.tui.services import AppServices

if TYPE_CHECKING:
    from scorekeeper.store import StoredMatch


def delete_question(players: Sequence[str], when: str, lang: str) -> Text:
    """'Delete the match Amélie · Bruno · Chloé of 14 Mar 2026, 20:15? …' (names literal)."""
    return styled(lang, "Delete the match {players} of {when}?\nThis cannot be undone.",
                  {"players": "bold"}, players=" · ".join(players), when=when)


async def export_to_file(app: AppServices, match_id: str, kind: str) -> None:
    """Write the match file (json), the CSV sheet (csv) or the page to share (html) of a
    stored match into the history's exports folder (scorekeeper.formats.export); the message
    names the full path. Served in a browser, the page is downloaded by the browser instead."""
    lang = app.lang
    try:
        history = await app.history_ready()
        stored = await asyncio.to_thread(history.get, match_id)
        if kind == "html" and app.is_web:
            await deliver_page(app, stored)
            return
        path = await asyncio.to_thread(write_export, stored, kind, export_folder(app.folder),
                                       lang)
    except VicaireError as exc:
        app.notify(error_text(exc, lang), severity="error", markup=False)
        return
    except OSError as exc:
        reason = os_reason(exc.errno, lang, exc.strerror or str(exc))
        app.notify(tr(lang, "Could not export the match: {reason}", reason=reason),
                   severity="error", markup=False)
        return
    written = {"json": tr(lang, "Match file written to {path}", path=path),
               "csv": tr(lang, "CSV score sheet written to {path}", path=path),
               "html": tr(lang, "Page to share written to {path}", path=path)}[kind]
    app.notify(written, title=tr(lang, "Exported"), markup=False, timeout=10)


async def deliver_page(app: AppServices, stored: StoredMatch) -> None:
    """Served in a browser: the browser downloads the match's page (Textual's deliver_text)."""
    import io

    from scorekeeper.formats.export import export_name, export_text

    lang = app.lang
    text = await asyncio.to_thread(export_text, stored, "html", lang)
    name = export_name(stored, "html")
    app.deliver_text(io.StringIO(text), save_filename=name, mime_type="text/html")
    app.notify(tr(lang, "Your browser downloads the page: {name}", name=name),
               title=tr(lang, "Exported"), markup=False, timeout=10)


class MatchActions:
    """Export and delete for a screen; `deleted(match_id)` is called once a match is gone."""

    app: Any
    services: AppServices  # (from the screen's base)
    lang: str

    def deleted(self, match_id: str) -> None:
        """Called after `match_id` was deleted."""

    @work(group="match-export")
    async def export_match(self, match_id: str, kind: str) -> None:
        """Write the match file (json) or the CSV sheet (csv); tell the user where."""
        await export_to_file(self.services, match_id, kind)

    def ask_delete(self, match_id: str, players: Sequence[str], when: str) -> None:
        """Ask first; delete only on yes."""
        from scorekeeper.tui.screens.dialogs import ConfirmDialog

        question = delete_question(players, when_text(when, self.lang), self.lang)

        def answered(yes: bool | None) -> None:
            if yes:
                self.delete_match(match_id)

        self.app.push_screen(ConfirmDialog(question), answered)

    @work(group="match-delete")
    async def delete_match(self, match_id: str) -> None:
        """Delete off the UI thread, then tell the screen."""
        app, lang = self.app, self.lang
        try:
            history = await self.services.history_ready()
            await asyncio.to_thread(history.delete, match_id)
        except VicaireError as exc:
            app.notify(error_text(exc, lang), severity="error", markup=False)
            return
        app.notify(tr(lang, "Match deleted."))
        self.deleted(match_id)
