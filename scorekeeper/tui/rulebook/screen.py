"""The rules of Le vicaire, in English or French, as Vicaire plays them."""

from __future__ import annotations

from functools import cache, cached_property
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.content import Content
from textual.dom import DOMNode
from textual.widgets import Markdown, MarkdownViewer, Tree
from textual.widgets.markdown import MarkdownBlock, MarkdownTableOfContents

from scorekeeper.i18n import N_, NBSP, tr
from scorekeeper.tui.actions import Action
from scorekeeper.tui.rulebook import rules_markdown
from scorekeeper.tui.rulebook.blocks import FittedTable, bullet_list, list_items, table_cells
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.widgets import restyle_only
from scorekeeper.tui.widgets.keybar import KeyBar

# Columns from which the contents show beside the text; in fewer, they cover it.
CONTENTS_BESIDE = 100

# The language key names the other language.
ACTIONS: tuple[Action, ...] = (
    Action("escape", "back", N_("Back")),
    Action("t", "contents", N_("Contents")),
    Action("f2", "other_lang", N_("Français")),
)


# Textual's Markdown turns every whitespace of a text into a plain space (a place to break
# the line), no-break spaces included: the French "choix :" could end a line before its
# colon. The text is given with this stand-in for them, and each block gets them back.
HELD = "\ue000"


@cache
def _keeping_no_break_spaces(block: type[MarkdownBlock]) -> type[MarkdownBlock]:
    """`block`, whose text gets its no-break spaces back from the stand-in."""

    def set_content(self: MarkdownBlock, content: Content) -> None:
        block.set_content(self, Content(content.plain.replace(HELD, NBSP), list(content.spans)))

    return type(block.__name__, (block,), {"set_content": set_content})


class DrawnBlock(MarkdownBlock):
    """A block of the text drawn whole by its own widget (scorekeeper/tui/rulebook/blocks.py)
    rather than by Textual's blocks of its parts, one widget for every table cell or four for
    every list item; its words are read from the block's own Markdown."""

    DEFAULT_CSS = """
    DrawnBlock {
        margin-bottom: 1;
    }
    """

    def compose(self) -> ComposeResult:
        return ()  # (drawn whole by `render`)

    def markdown(self) -> str:
        """The block's Markdown, its no-break spaces given back (`HELD`)."""
        return (self.source or "").replace(HELD, NBSP)


class TableBlock(DrawnBlock):
    """A table, drawn whole."""

    COMPONENT_CLASSES = {"rules-table--header", "rules-table--line"}

    DEFAULT_CSS = """
    TableBlock > .rules-table--header { color: $primary; }
    TableBlock > .rules-table--line { color: $foreground 20%; }
    """

    @cached_property
    def cells(self) -> tuple[list[Text], list[list[Text]]]:
        return table_cells(self.markdown())

    def render(self) -> FittedTable:
        return FittedTable(*self.cells, self.get_component_rich_style("rules-table--line"),
                           self.get_component_rich_style("rules-table--header"))


class ListBlock(DrawnBlock):
    """A bullet list, drawn whole."""

    COMPONENT_CLASSES = {"rules-list--bullet"}

    DEFAULT_CSS = """
    ListBlock > .rules-list--bullet { color: $text-primary; }
    ListBlock:light > .rules-list--bullet { color: $text-secondary; }
    """

    @cached_property
    def items(self) -> list[Text]:
        return list_items(self.markdown())

    def render(self) -> Table:
        return bullet_list(self.items, self.get_component_rich_style("rules-list--bullet"))


# The blocks drawn by one widget each, by the name Textual's Markdown gives their kind.
DRAWN: dict[str, type[MarkdownBlock]] = {"table_open": TableBlock,
                                          "bullet_list_open": ListBlock}


class RulesMarkdown(Markdown):
    """Textual's Markdown, keeping the no-break spaces of the text."""

    def update_node_styles(self, animate: bool = True) -> None:
        """Restyle the text alone when it gains or loses the focus (or a class): no rule of
        its blocks depends on that, and Textual would restyle every block each time (the
        text is most of the screen's widgets; it loses the focus as the screen closes)."""
        restyle_only([self], animate)

    def update(self, markdown: str) -> AwaitComplete:
        return super().update(markdown.replace(NBSP, HELD))

    def get_block_class(self, block_name: str) -> type[MarkdownBlock]:
        if block_name in DRAWN:
            return DRAWN[block_name]
        return _keeping_no_break_spaces(super().get_block_class(block_name))


class RulesContents(MarkdownTableOfContents):
    """Textual's contents, each heading as the text shows it: Textual marks each line with
    its heading's level ("Ⅱ" before every section), which the text does not number."""

    _built: Any = None  # the contents the tree shows

    def rebuild_table_of_contents(self, table_of_contents: Any) -> None:
        """The tree of headings; not built again for the same headings (Textual's Markdown
        tells them again as it lays out the text: keys already moving in the tree would be
        lost), and where it is, its cursor stays on the same line."""
        if table_of_contents == self._built:
            return
        self._built = list(table_of_contents)
        tree = self.query_one(Tree)
        line = tree.cursor_line
        tree.clear()
        parents = [tree.root]  # the last heading of each level above the one being added
        for level, name, block_id in table_of_contents:
            del parents[level:]
            while len(parents) < level:
                parents.append(parents[-1])
            node = parents[-1]
            node.allow_expand = True
            node.expand()
            parents.append(node.add_leaf(name, {"block_id": block_id}))
        if line > 0:
            tree.cursor_line = line


class RulesViewer(MarkdownViewer):
    """A MarkdownViewer of `RulesMarkdown`.

    Below `CONTENTS_BESIDE` columns (a phone, 80 columns) the contents take the whole width
    while they show (beside them the text would be a strip a word wide), and a heading chosen
    there shows the text at that heading.
    """

    def on_resize(self) -> None:
        self.set_class(self.size.width < CONTENTS_BESIDE, "-contents-cover")

    def update_node_styles(self, animate: bool = True) -> None:
        """Restyle the viewer, its contents and the text, not the text's blocks, as its
        classes change (-contents-cover, and Textual's -show-table-of-contents at each
        `t`): their rules name the viewer's children alone."""
        nodes: list[DOMNode] = [self]
        for child in self.children:
            nodes.extend([child] if isinstance(child, Markdown) else
                         child.walk_children(with_self=True))
        restyle_only(nodes, animate)

    def compose(self) -> ComposeResult:
        markdown = RulesMarkdown()
        markdown.can_focus = True
        yield markdown
        yield RulesContents(markdown)

    _place = 0.0  # where the text was read, while the contents cover it

    def show_contents(self, show: bool) -> None:
        """Show the contents, the keys in them, or hide them, the keys back in the text (on
        a phone, at the place it was read)."""
        covers = self.has_class("-contents-cover")
        if show and covers:
            self._place = self.scroll_y
        self.show_table_of_contents = show
        if show:
            tree = self.table_of_contents.query_one(Tree)
            tree.cursor_line = max(tree.cursor_line, 0)
            tree.focus()
        else:
            self.document.focus()
            if covers:
                self.call_after_refresh(self.scroll_to, y=self._place, animate=False)

    def on_markdown_table_of_contents_selected(
            self, message: Markdown.TableOfContentsSelected) -> None:
        if not self.has_class("-contents-cover"):
            return  # (Textual's viewer scrolls to the heading, the contents beside the text)
        message.prevent_default()
        message.stop()
        self.show_table_of_contents = False
        self.document.focus()
        heading = self.document.query_one(f"#{message.block_id}", MarkdownBlock)
        self.call_after_refresh(self._show_from, heading, 20)

    def _show_from(self, heading: MarkdownBlock, tries: int) -> None:
        """The text from `heading`, once the text is back in the layout (where the heading is
        is known then; keys typed fast can bring a refresh or two before it)."""
        if self.max_scroll_y == 0 and tries:
            self.call_after_refresh(self._show_from, heading, tries - 1)
            return
        self.scroll_to_widget(heading, top=True, animate=False)


class RulesScreen(VicaireScreen):
    """The rules text (Markdown beside the code), with a table of contents."""

    CSS_PATH = "rulebook.tcss"

    ACTIONS = ACTIONS

    def __init__(self, lang: str | None = None) -> None:
        super().__init__()
        self._rules_lang = lang

    @property
    def lang(self) -> str:
        """The rules' own language (f2 here changes it, not the app's)."""
        if self._rules_lang is None:
            self._rules_lang = self.services.lang
        return self._rules_lang

    def compose(self) -> ComposeResult:
        # The text comes once the screen is shown and focused: Textual styles a screen's
        # widgets again when it is shown and a focused widget's again when it gets the focus,
        # and the text is most of the screen's widgets (styled once instead of three times).
        yield RulesViewer(show_table_of_contents=False, id="rules-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#rules-text", MarkdownViewer).focus()
        self.call_after_refresh(self._show_text)

    def _show_text(self) -> None:
        viewer = self.query_one("#rules-text", MarkdownViewer)
        self.run_worker(viewer.document.update(rules_markdown(self.lang)), group="text",
                        exclusive=True)

    async def redraw(self) -> None:
        """The app's language changed: show the rules in it."""
        self._rules_lang = None
        await self.recompose()
        self.on_mount()

    def action_contents(self) -> None:
        """Show or hide the table of contents."""
        viewer = self.query_one("#rules-text", RulesViewer)
        viewer.show_contents(not viewer.show_table_of_contents)

    def action_back(self) -> None:
        """Back to the text from contents that cover it, else out of the rules."""
        viewer = self.query_one("#rules-text", RulesViewer)
        if viewer.show_table_of_contents and viewer.has_class("-contents-cover"):
            viewer.show_contents(False)
        else:
            self.dismiss()

    async def action_other_lang(self) -> None:
        """Show the rules in the other language (the app's language stays as it is)."""
        self._rules_lang = "fr" if self.lang == "en" else "en"
        viewer = self.query_one("#rules-text", MarkdownViewer)
        await viewer.document.update(rules_markdown(self.lang))
        viewer.scroll_home(animate=False)
        self.refresh_bindings()
        self.notify(tr(self.lang, "Rules in English."), timeout=2)
