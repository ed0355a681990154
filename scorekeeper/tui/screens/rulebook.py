"""The rules of Le vicaire, in English or French, as Vicaire plays them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer

from scorekeeper.i18n import pick
from scorekeeper.tui.app import translate_bindings
from scorekeeper.tui.rulebook import rules_markdown
from scorekeeper.tui.widgets.keybar import KeyBar

# Binding descriptions; the language binding names the other language.
WORDS: dict[str, tuple[str, str]] = {
    "back": ("Back", "Retour"),
    "contents": ("Contents", "Sommaire"),
    "other_lang": ("Français", "English"),
}


class RulesScreen(Screen):
    """The rules text (Markdown beside the code), with a table of contents."""

    CSS_PATH = "rulebook.tcss"

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("t", "contents", "Contents"),
        Binding("f2", "other_lang", "Français"),
    ]

    def __init__(self, lang: str | None = None) -> None:
        super().__init__(id="rules")
        self.lang = lang

    def compose(self) -> ComposeResult:
        if self.lang is None:
            self.lang = self.app.lang
        translate_bindings(self, self.lang, WORDS)
        yield MarkdownViewer(rules_markdown(self.lang), show_table_of_contents=False,
                             id="rules-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#rules-text", MarkdownViewer).focus()

    async def redraw(self) -> None:
        """The app's language changed: show the rules in it."""
        self.lang = None
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
        self.lang = "fr" if self.lang == "en" else "en"
        translate_bindings(self, self.lang, WORDS)
        viewer = self.query_one("#rules-text", MarkdownViewer)
        await viewer.document.update(rules_markdown(self.lang))
        viewer.scroll_home(animate=False)
        self.refresh_bindings()
        self.notify(pick(self.lang, "Rules in English.", "Règles en français."), timeout=2)
