"""The rules' tables and bullet lists (scorekeeper/tui/rulebook/blocks.py): each drawn by one
widget, every word shown, a table's columns fitted as Textual fits its own tables, a list's
items under their bullets."""

from __future__ import annotations

import re

import pytest

from scorekeeper.tui.rulebook import rules_markdown
from scorekeeper.tui.rulebook.blocks import column_widths, list_items, table_cells
from scorekeeper.tui.rulebook.screen import ListBlock, TableBlock
from tests.support import screen_lines
from tests.tui.conftest import make_app
from tests.tui.test_rules_screen import open_rules


def tables_of(markdown: str) -> list[str]:
    """Each table of `markdown`, as its lines."""
    return re.findall(r"(?:^\|.*\n)+", markdown, re.M)


def lists_of(markdown: str) -> list[str]:
    """Each bullet list of `markdown`, as its lines (an item's lines after the first are
    indented)."""
    return re.findall(r"(?:^- .*\n(?:^  .*\n)*)+", markdown, re.M)


def test_columns_that_fit_share_what_is_left_in_proportion():
    widths = column_widths([7, 10], [13, 58], 80)
    assert sum(widths) == 80 and widths[0] >= 13 and widths[1] >= 58
    assert widths[1] > widths[0]


def test_columns_too_wide_wrap_the_term_before_its_meaning():
    assert column_widths([7, 10], [13, 58], 62) == [7, 55]  # the term down to its longest word
    assert column_widths([7, 10], [13, 58], 66) == [8, 58]  # no more than it needs
    # The worked example on a phone: every count keeps its longest word (a count is one).
    assert column_widths([4, 7, 7, 9], [5, 12, 8, 70], 30) == [4, 7, 7, 12]
    assert column_widths([4, 7], [5, 12], 3) == [4, 7]  # (too narrow: Rich crops the rest)


def test_a_tables_cells_keep_their_bold_and_their_no_break_spaces():
    header, rows = table_cells("| word | meaning |\n| --- | ---: |\n"
                               "| **deal** | one *shuffle*\u00a0: 10 cards |\n| x | y |\n")
    assert [cell.plain for cell in header] == ["word", "meaning"]
    assert [[cell.plain for cell in row] for row in rows] == [
        ["deal", "one shuffle\u00a0: 10 cards"], ["x", "y"]]
    assert [str(span.style) for span in rows[0][0].spans] == ["bold"]
    assert [str(span.style) for span in rows[0][1].spans] == ["italic"]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_each_table_is_one_widget_and_shows_every_cell(folder, lang):
    markdown = rules_markdown(lang)
    tables = tables_of(markdown)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(120, 400)) as pilot:  # (the whole text at once)
        await open_rules(pilot)
        assert len(app.screen.query(TableBlock)) == len(tables) == 5
        assert not app.screen.query("MarkdownTableCellContents")  # (Textual's, one per cell)
        shown = "\n".join(screen_lines(app)).replace("\u00a0", " ")
        for table in tables:
            header, rows = table_cells(table)
            for cell in [*header, *(cell for row in rows for cell in row)]:
                # (each cell on one line at 120 columns, between the table's lines)
                assert re.search(r"│ " + re.escape(cell.plain.replace("\u00a0", " ")) + r" *│",
                                 shown), cell.plain


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_the_tables_fit_and_wrap_the_terms_first(folder, lang):
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(44, 700)) as pilot:
        await open_rules(pilot)
        lines = screen_lines(app)
        rows = [line for line in lines if line.strip().startswith(("│", "┌", "├", "└"))]
        assert rows and all(line.rstrip().endswith(("│", "┐", "┤", "┘")) for line in rows)
        assert all(len(line) <= 44 for line in lines)
        # "winning total" / "total gagnant" wraps, its meaning keeps the room it needs
        term = "winning" if lang == "en" else "total"
        assert any(re.match(rf"\s*│ {term} +│", line) for line in rows)
        text = "\n".join(lines)
        for count in set(re.findall(r"\d+·\d+·\d+", rules_markdown(lang))):
            assert count in text  # whole on one line


def test_a_lists_items_keep_their_bold_their_italics_and_their_no_break_spaces():
    items = list_items("- the **target** (500);\n- a *sweep* wins\n  at once\u00a0!\n"
                       "  - within\n- last\n\nAfter.\n\n- another list\n")
    assert [item.plain for item in items] == ["the target (500);", "a sweep wins at once\u00a0!",
                                              "within", "last"]
    assert [str(span.style) for span in items[0].spans] == ["bold"]
    assert [str(span.style) for span in items[1].spans] == ["italic"]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_each_list_is_one_widget_its_items_under_their_bullets(folder, lang):
    markdown = rules_markdown(lang)
    lists = lists_of(markdown)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 700)) as pilot:  # (a phone, the whole text at once)
        await open_rules(pilot)
        assert len(app.screen.query(ListBlock)) == len(lists) == 3
        assert not app.screen.query("MarkdownBullet")  # (Textual's, one of four per item)
        lines = [line.rstrip().replace("\u00a0", " ") for line in screen_lines(app)]
        for block in lists:
            for item in list_items(block):
                # the item's first line under its bullet, the next ones under its first word
                words = item.plain.replace("\u00a0", " ").split()
                at = next(i for i, line in enumerate(lines)
                          if line.startswith("  • " + " ".join(words[:2])))
                shown = [lines[at][4:]]
                while " ".join(shown).split() != words:
                    at += 1
                    assert lines[at].startswith("    ") and lines[at][4] != " ", lines[at]
                    shown.append(lines[at][4:])
