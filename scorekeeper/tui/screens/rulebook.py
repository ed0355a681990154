"""The rules of Le vicaire, in English or French, as Vicaire plays them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import MarkdownViewer

from scorekeeper.i18n import N_, tr
from scorekeeper.tui.actions import Action
from scorekeeper.tui.rulebook import rules_markdown
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.widgets.keybar import KeyBar

# The language key names the other language.
ACTIONS: tuple[Action, ...] = (
    Action("escape", "back", N_("Back")),
    Action("t", "contents", N_("Contents")),
    Action("f2", "other_lang", N_("Français")),
)


class RulesScreen(VicaireScreen):
    """The rules text (Markdown beside the code), with a table of contents."""

    CSS_PATH = "rulebook.tcss"

    ACTIONS = ACTIONS

    def __init__(self, lang: str | None = None) -> None:
        super().__init__(id="rules")
        self._rules_lang = lang

    @property
    def lang(self) -> str:
        """The rules' own language (f2 here changes it, not the app's)."""
        if self._rules_lang is None:
            self._rules_lang = self.services.lang
        return self._rules_lang

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_markdown(self.lang), show_table_of_contents=False,
                             id="rules-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#rules-text", MarkdownViewer).focus()

    async def redraw(self) -> None:
        """The app's language changed: show the rules in it."""
        self._rules_lang = None
        await self.recompose()
        self.on_mount()

    def action_back(self) -> None:
        self.dismiss()

    def action_contents(self) -> None:
        """Show or hide the table of contents."""
        viewer = self.query_one("#rules-text", MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    async def action_other_lang(self) -> None:
        """Show the rules in the other language (the app's language stays as it is)."""
        self._rules_lang = "fr" if self.lang == "en" else "en"
        viewer = self.query_one("#rules-text", MarkdownViewer)
        await viewer.document.update(rules_markdown(self.lang))
        viewer.scroll_home(animate=False)
        self.refresh_bindings()
        self.notify(tr(self.lang, "Rules in English."), timeout=2)
