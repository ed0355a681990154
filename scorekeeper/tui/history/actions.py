"""What the history and review screens both do to a stored match: export it, delete it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from rich.text import Text
from textual import work

from scorekeeper.errors import VicaireError
from scorekeeper.formats.export import export_folder, write_export
from scorekeeper.i18n import tr
from scorekeeper.i18n.dates import when_text
from scorekeeper.i18n.errors import error_text, os_reason
from scorekeeper.i18n.styled import styled
from scorekeeper.tui.services import AppServices
from scorekeeper.tui.toasts import shown_path


def delete_question(players: Sequence[str], when: str, lang: str) -> Text:
    """'Delete the match Amélie · Bruno · Chloé of 14 Mar 2026, 20:15? …' (names literal)."""
    return styled(lang, "Delete the match {players} of {when}?\nThis cannot be undone.",
                  {"players": "bold"}, players=" · ".join(players), when=when)


async def export_to_file(app: AppServices, match_id: str, kind: str) -> None:
    """Write the match file (json), the CSV sheet (csv) or the page to share (html) of a
    stored match into the history's exports folder (scorekeeper.formats.export); the message
    names the full path. Served in a browser, the page is downloaded by the browser instead."""
    from scorekeeper.formats.export import export_name, export_text

    lang = app.lang

    async def written() -> str | None:
        history = await app.history_ready()
        stored = await asyncio.to_thread(history.get, match_id)
        if kind == "html" and app.is_web:
            text = await asyncio.to_thread(export_text, stored, "html", lang)
            name = export_name(stored, "html")
            deliver(app, text, name, "text/html",
                    tr(lang, "Your browser downloads the page: {name}", name=name))
            return None
        path = await asyncio.to_thread(write_export, stored, kind, export_folder(app.folder),
                                       lang)
        shown = shown_path(path)
        return {"json": tr(lang, "Match file written to {path}", path=shown),
                "csv": tr(lang, "CSV score sheet written to {path}", path=shown),
                "html": tr(lang, "Page to share written to {path}", path=shown)}[kind]

    await exporting(app, written(),
                    lambda reason: tr(lang, "Could not export the match: {reason}",
                                      reason=reason))


async def exporting(app: AppServices, export: Awaitable[str | None],
                    failed: Callable[[str], str]) -> None:
    """Run an export and tell how it went: `export` gives the message of a file written (None
    once it has told of a download itself); a history error is said as such, a system error
    through `failed(reason)`. What the match's and the whole history's exports share."""
    lang = app.lang
    try:
        said = await export
    except VicaireError as exc:
        app.notify(error_text(exc, lang), severity="error", markup=False)
        return
    except OSError as exc:
        reason = os_reason(exc.errno, lang, exc.strerror or str(exc))
        app.notify(failed(reason), severity="error", markup=False)
        return
    if said is not None:
        app.notify(said, title=tr(lang, "Exported"), markup=False, timeout=10)


def deliver(app: AppServices, text: str, name: str, mime_type: str, said: str) -> None:
    """Served in a browser: the browser downloads `text` as `name` (Textual's deliver_text),
    and the user is told so."""
    import io

    app.deliver_text(io.StringIO(text), save_filename=name, mime_type=mime_type)
    app.notify(said, title=tr(app.lang, "Exported"), markup=False, timeout=10)


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
