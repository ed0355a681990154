"""The rules' tables and bullet lists, each drawn whole by one widget (its block, in
scorekeeper/tui/rulebook/screen.py).

Textual's Markdown makes a widget of every cell of a table, and four of every item of a list
(a row, its bullet, a column, its paragraph): 126 of the Rules screen's 178 widgets, and
most of the 250 ms of processor time the screen took to open and close. Here a table or a
list is a Rich renderable of its words, read from its Markdown (with markdown-it, the parser
Textual's Markdown uses), drawn as Textual draws its own: a table's header in the theme's
primary colour, thin lines around every cell and its columns fitted as Textual fits them
(`column_widths`); a list's bullets in the primary colour of text, each item's lines after
the first under its first word.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.table import Table
from rich.text import Text

# The inline marks a cell may hold, and the style each gives its text.
MARKS = {"strong": "bold", "em": "italic", "s": "strike"}


def inline_text(inline: Token) -> Text:
    """A cell's or an item's words, with their bold, italics and strike-through."""
    text = Text()
    styles: list[str] = []
    for part in inline.children or ():
        kind = part.type.rsplit("_", 1)
        if kind[0] in MARKS and kind[-1] == "open":
            styles.append(MARKS[kind[0]])
        elif kind[0] in MARKS and kind[-1] == "close":
            styles.remove(MARKS[kind[0]])
        elif part.type in ("softbreak", "hardbreak"):
            text.append(" ", " ".join(styles))
        elif part.content:  # (text, inline code, an entity)
            text.append(part.content, " ".join(styles))
    return text


def table_cells(markdown: str) -> tuple[list[Text], list[list[Text]]]:
    """The header's cells and each row's, of the first table in `markdown`."""
    header: list[Text] = []
    rows: list[list[Text]] = []
    in_head = False
    for token in MarkdownIt("gfm-like").parse(markdown):
        if token.type in ("thead_open", "thead_close"):
            in_head = token.type == "thead_open"
        elif token.type == "tr_open" and not in_head:
            rows.append([])
        elif token.type == "inline":
            (header if in_head else rows[-1]).append(inline_text(token))
        elif token.type == "table_close":
            break
    return header, rows


def column_widths(least: list[int], most: list[int], room: int) -> list[int]:
    """Each column's width (its words, without the padding), in `room` cells for them all.

    Every column gets its widest cell if they fit, and the room left over is shared out in
    proportion to those widths. If they do not fit, the columns before the last give up cells
    first, down to their longest word each (a term wraps before its meaning, and a count stays
    whole), then the last one."""
    widths = list(most)
    over = sum(widths) - room
    if over <= 0:
        spare = -over
        widths = [width + spare * width // sum(most) for width in most]
        widths[-1] += room - sum(widths)
        return widths
    for index in range(len(widths) - 1):
        given = min(over, widths[index] - least[index])
        widths[index] -= given
        over -= given
    widths[-1] = max(least[-1], widths[-1] - over)
    return widths


class FittedTable:
    """A Rich table of `header` and `rows`, its columns fitted to the width it is drawn in."""

    def __init__(self, header: list[Text], rows: list[list[Text]], lines: Style,
                 header_style: Style) -> None:
        self.header, self.rows, self.lines, self.header_style = header, rows, lines, header_style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        columns = list(zip(self.header, *self.rows, strict=True))  # (GFM evens the rows)
        sizes = [[Measurement.get(console, options, cell) for cell in column]
                 for column in columns]
        # (each column has a cell of padding on either side, and a line between columns and
        # at either edge)
        room = options.max_width - 3 * len(columns) - 1
        widths = column_widths([max(size.minimum for size in column) for column in sizes],
                               [max(size.maximum for size in column) for column in sizes],
                               room)
        table = Table(box=box.SQUARE, show_lines=True, padding=(0, 1), border_style=self.lines,
                      header_style=self.header_style)
        for title, width in zip(self.header, widths, strict=True):
            table.add_column(title, width=width)
        for row in self.rows:
            table.add_row(*row)
        yield table


def list_items(markdown: str) -> list[Text]:
    """The words of each item of the first bullet list in `markdown` (an item's paragraphs
    joined by a space; the items of a list within it follow as items of their own)."""
    items: list[Text] = []
    depth = 0  # (of lists within lists)
    for token in MarkdownIt("gfm-like").parse(markdown):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
            if not depth:
                break
        elif token.type == "list_item_open":
            items.append(Text())
        elif token.type == "inline" and items:
            items[-1].append_text(Text(" ") if items[-1] else Text())
            items[-1].append_text(inline_text(token))
    return items


# Textual's bullet for a list at the first level.
BULLET = "• "


def bullet_list(items: list[Text], bullet: Style) -> Table:
    """The items, each under its bullet, an item's lines after the first under its first
    word."""
    grid = Table.grid(expand=True)
    grid.add_column(width=len(BULLET), style=bullet)
    grid.add_column(ratio=1)
    for item in items:
        grid.add_row(BULLET, item)
    return grid
