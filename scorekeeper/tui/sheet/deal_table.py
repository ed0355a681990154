"""The score sheet table: the current round deal by deal, earlier rounds folded above.

The rows are worked out from the match state each time, but only those that changed reach
the table: the rows before the first difference stay as they are, the rest are replaced (a
new deal adds one row; a round won folds its deals into one line). So a deal on a long
match costs a few rows, not the whole table.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import DataTable

from scorekeeper.i18n import tr, tr_n
from scorekeeper.i18n.outcomes import explain, round_won, short
from scorekeeper.rules.scoring import DealOutcome, MatchState, RoundResult
from scorekeeper.tui.layout import NARROW, FittedWords
from scorekeeper.tui.widgets.measured_table import MeasuredTable
from scorekeeper.upstream import update_scrollbars

DEALER_MARK = "●"
CELL_WIDTH = 9  # a player's cell: the dealer's mark, the tricks and the total
OUTCOME = 32  # the room kept for the outcome's words when a long name shares the width


def deal_key(number: int) -> str:
    """Row key of deal `number` (1-based)."""
    return f"deal-{number}"


def round_key(number: int) -> str:
    """Row key of the folded line of round `number` (1-based)."""
    return f"round-{number}"


def row_named(key: str | None) -> tuple[str, int] | None:
    """What a row key names: ("deal", number) or ("round", number); None for the line of
    the round in progress."""
    kind, _, number = (key or "").partition("-")
    return (kind, int(number)) if kind in ("deal", "round") and number.isdigit() else None


def _same_cells(cells: tuple[Text, ...], others: tuple[Text, ...]) -> bool:
    """Whether two rows' cells show the same: words, style and styled spans."""
    return len(cells) == len(others) and all(
        a.plain == b.plain and a.style == b.style and a.spans == b.spans
        and a.justify == b.justify for a, b in zip(cells, others, strict=True))


class DealTable(MeasuredTable):
    """One row per deal of the current round; one line per earlier round, opened with Enter."""

    DEFAULT_CSS = """
    DealTable { height: 1fr; }
    """

    # The rows' extent: a row more or less changes this table's scrollbars, not the size of
    # any widget (the table's own size is set by the sheet), so it asks for no new layout of
    # the screen, which a deal otherwise caused (see `watch_virtual_size`).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class DealChosen(Message):
        """The user chose deal `number` (Enter on its row)."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, state: MatchState, lang: str, show_all_rounds: bool = False,
                 **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.state = state
        self.lang = lang
        self.show_all_rounds = show_all_rounds
        self.opened: set[int] = set()
        self._shown: list[tuple[str, tuple[Text, ...]]] = []  # the table's rows: key, cells
        self._wanted: list[tuple[str, tuple[Text, ...]]] = []  # the rows being worked out
        self._added = 0  # rows added so far: each row added gets the next number (its version)
        self._shared = 0  # the share of the width the players' columns were given
        self._version: dict[str, int] = {}  # row key -> the version the table shows
        self._lines: dict[tuple, Strip] = {}  # drawn lines that still hold (see render_line)
        self._layout = 0  # the columns' version: one more each time they are made
        self._made: dict[tuple, tuple[Text, ...]] = {}  # the cells of a round or deal row
        self._frame: tuple | None = None  # what every line of the frame being drawn shares

    def on_mount(self) -> None:
        self._columns()
        self._rows()

    def _columns(self) -> None:
        self._layout += 1
        self.clear(columns=True)
        self._shown = []
        # (Text labels: a str would be read as markup, which imports Rich's table of emoji
        # codes, 1.4 MB that a served tab would keep for nothing)
        self.add_column(Text("#"), key="number")
        # A long name would push the other players' columns (and on a wide screen the
        # outcome) out of sight: a player's column then takes its share of the width, the
        # name shortened with "…" (whole in the status line and on the panels).
        share = self._shared = self._share()
        for index, name in enumerate(self.state.players):
            if self.narrow:
                width: int | None = min(share, max(len(name), CELL_WIDTH))
            else:
                width = share if len(name) > share else None
            self.add_column(Text(name, overflow="ellipsis", no_wrap=True), key=f"p{index}",
                            width=width)
        if not self.narrow:
            self.add_column(Text(tr(self.lang, "Outcome")), key="outcome")

    def _share(self) -> int:
        """The widest a player's column may be: a third of the width the first column (its
        widest round's line, "▸ Round 12") leaves, less the outcome's room (OUTCOME cells)
        unless the screen is a phone's."""
        label = "▸ " + tr(self.lang, "Round {number}", number=len(self.state.rounds) + 1)
        first = max(8, cell_len(label)) + 2
        room = self.size.width - first - (0 if self.narrow else OUTCOME)
        return max(CELL_WIDTH, room // 3 - 2)

    @property
    def narrow(self) -> bool:
        """A phone's width (see screens/base.py): the columns that fit, without the outcome
        (each deal's sentence is one tap away, and the panels say who needs what)."""
        return bool(self.size.width) and self.size.width <= NARROW

    def on_resize(self) -> None:
        long_names = any(len(name) > CELL_WIDTH for name in self.state.players)
        if self.narrow != ("outcome" not in self.columns) or (
                long_names and self._share() != self._shared):
            self._columns()
            self._rows()
        self._fit_outcome()
        if self.row_count:  # fewer lines (a shorter window): the row under the cursor shows
            self.move_cursor(row=self.cursor_row, animate=False, scroll=True)

    def _fit_outcome(self) -> bool:
        """Give the outcome column the room left of the width, its words cut with "…"
        rather than pushed out of sight (the whole sentence of the row under the cursor is
        under the entry: `row_sentence`); True if it changed (the table's extent then
        follows)."""
        column = self.columns.get("outcome")  # type: ignore[call-overload]
        if column is None or not self.size.width:
            return False
        others = sum(c.get_render_width(self) for c in self.ordered_columns
                     if c is not column)
        width = max(self.size.width - self.styles.scrollbar_size_vertical - others
                    - 2 * self.cell_padding, 8)
        if not column.auto_width and column.width == width:
            return False
        column.auto_width, column.width = False, width
        self._lines.clear()
        self.virtual_size = Size(sum(c.get_render_width(self) for c in self.ordered_columns),
                                 self.virtual_size.height)
        self.refresh()
        return True

    def row_sentence(self) -> str:
        """The whole sentence of the row under the cursor: a deal's, or a round's result;
        "" for the line of the round in progress."""
        match row_named(self._selected_key()):
            case ("deal", number) if number <= len(self.state.outcomes):
                return explain(self.state.outcomes[number - 1], self.state.players, self.lang)
            case ("round", number) if number <= len(self.state.rounds):
                return round_won(self.state.rounds[number - 1], self.state.players, self.lang)
        return ""

    def watch_virtual_size(self, old: Size, size: Size) -> None:
        """The columns measured again (rows added: Textual sets the extent then): the outcome
        takes the width the others leave. The scrollbars follow the rows (shown or hidden:
        that is a layout, as before)."""
        super().watch_virtual_size(old, size)
        if self.is_mounted and not self._fit_outcome():
            update_scrollbars(self, size)
            self.refresh()

    def add_row(self, *cells: Any, **kwargs: Any) -> Any:
        """A row of the columns shown (the outcome is left out on a narrow screen)."""
        self._added += 1
        self._version[kwargs.get("key") or ""] = self._added
        return super().add_row(*cells[:len(self.columns)], **kwargs)

    def frame_state(self) -> tuple:
        """What every line of a frame shares (worked out once per frame, not once a line):
        the style, width and scroll, the cursor's and the mouse's rows, the focus and the
        columns' widths."""
        return (self.rich_style, self.size.width, self.scroll_offset, self.show_cursor,
                self.cursor_coordinate.row, self.hover_coordinate.row,
                self.get_pseudo_class_state(),
                tuple(column.get_render_width(self) for column in self.ordered_columns))

    def render_lines(self, crop: Any) -> list[Strip]:
        self._frame = self.frame_state()
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def render_line(self, y: int) -> Strip:
        """Line `y` of the table, kept as drawn while its row, place, the columns' widths and
        its look (under the cursor or not) stay the same.

        DataTable draws every visible line again when the cursor moves or a row is added,
        which a deal does; a row's cells never change under its key and version (a changed
        row is removed and added again), so the lines of the rows that did not change are
        taken as drawn. Every row is one line (rows are added at their default height) and
        this table has no fixed rows. The row under the mouse is drawn by DataTable (its hover
        look comes and goes with the keyboard)."""
        frame = self._frame
        if frame is None or self.fixed_rows or self.cursor_type != "row":
            return super().render_line(y)
        style, width, (scroll_x, scroll_y), show_cursor, cursor, hover, pseudo, widths = frame
        header = self.header_height if self.show_header else 0
        key: str | None
        version: int | None
        if y < header:
            index, key, version = -1, None, self._layout
        else:
            index = y - header + scroll_y
            if index >= self.row_count:
                return super().render_line(y)
            key = self.ordered_rows[index].key.value
            version = self._version.get(key or "")
        if index == hover:
            return super().render_line(y)
        cache_key = (key, version, index, y if index < 0 else 0, scroll_x, width, style,
                     show_cursor and cursor == index, pseudo, widths)
        drawn = self._lines.get(cache_key)
        if drawn is None:
            if len(self._lines) > 2000:
                self._lines.clear()
            drawn = self._lines[cache_key] = super().render_line(y)
        return drawn

    def notify_style_update(self) -> None:
        self._lines.clear()
        super().notify_style_update()

    def update_state(self, state: MatchState) -> None:
        """Show `state`, keeping the cursor on the same row where it still exists."""
        players_changed = state.players != self.state.players
        self.state = state
        if players_changed:
            self._made.clear()
            self._columns()
        self._rows()

    def toggle_all(self) -> None:
        """Open or fold every earlier round."""
        self.show_all_rounds = not self.show_all_rounds
        self.opened.clear()
        self._rows()

    def _cell(self, outcome: DealOutcome, player: int) -> Text:
        mark = DEALER_MARK if outcome.dealer == player else "\u00a0"
        text = Text(f"{mark}{outcome.tricks[player]:>3}")
        text.append(f"  {outcome.totals[player]:>3}", style="bold")
        if outcome.winner == player:
            text.stylize("reverse")
        return text

    def _deal_row(self, outcome: DealOutcome) -> None:
        made = self._made.get(("deal", self.lang, outcome))
        if made is not None:
            self._want(*made, key=deal_key(outcome.number))
            return
        lang = self.lang
        phrase = FittedWords(lambda names: short(outcome, names, lang), self.state.players,
                             style="italic" if outcome.tie is not None else "")
        self._want(Text(str(outcome.number), justify="right"),
                   *(self._cell(outcome, p) for p in range(3)), phrase,
                   key=deal_key(outcome.number), made=("deal", self.lang, outcome))

    def _want(self, *cells: Text, key: str, made: tuple | None = None) -> None:
        """Row `key` belongs in the table, with these cells (in the columns' order); `made`:
        what they were made from, to take them as made the next time."""
        self._wanted.append((key, cells))
        if made is not None:
            if len(self._made) > 2000:
                self._made.clear()
            self._made[made] = cells

    def rebuild(self) -> None:
        """Clear the table and add every row again (what each update did before)."""
        selected = self._selected_key()
        self.clear()
        self._shown = []
        self._rows(selected)

    def _rows(self, selected: str | None = None) -> None:
        """Work out every row from the state; the table takes only those that changed."""
        if selected is None:
            selected = self._selected_key()
        self._wanted = []
        state, lang = self.state, self.lang
        by_round: dict[int, list[DealOutcome]] = {}
        for outcome in state.outcomes:
            by_round.setdefault(outcome.round, []).append(outcome)
        for result in state.rounds:
            opened = self.show_all_rounds or result.number in self.opened
            if state.finished and result.number == len(state.rounds):
                opened = True
            made = self._made.get(("round", self.lang, result, opened))
            if made is not None:
                self._want(*made, key=round_key(result.number))
            else:
                self._round_row(result, opened)
            if opened:
                for outcome in by_round.get(result.number, []):
                    self._deal_row(outcome)
        if not state.finished:
            current = state.current
            self._want(
                Text(tr(lang, "Round {number}", number=current.number),
                     style="bold"),
                Text(""), Text(""), Text(""),
                Text(tr(lang, "in progress"), style="italic"),
                key="current")
            for outcome in by_round.get(current.number, []):
                self._deal_row(outcome)
        self._take(self._wanted)
        self._wanted = []
        self._restore(selected)

    def _round_row(self, result: RoundResult, opened: bool) -> None:
        """The line of a round won: opened or folded, who won, at what, in how many deals."""
        state, lang = self.state, self.lang
        sign = "▾" if opened else "▸"
        title = Text(f"{sign} " + tr(lang, "Round {number}", number=result.number),
                     style="bold")
        won = FittedWords(lambda names: round_won(result, names, lang), state.players)
        deals = Text(tr_n(lang, "{count} deal", "{count} deals", result.deals), style="dim")
        self._want(title, deals, Text(""), Text(""),
                   won, key=round_key(result.number), made=("round", self.lang, result, opened))

    def _take(self, wanted: list[tuple[str, tuple[Text, ...]]]) -> None:
        """Make the table's rows `wanted`: keep the rows up to the first one that differs,
        remove the rest (last first), add the wanted ones after them."""
        shown = self._shown
        same = 0
        for (key, cells), (old_key, old_cells) in zip(wanted, shown, strict=False):
            if key != old_key or (cells is not old_cells and not _same_cells(cells, old_cells)):
                break
            same += 1
        if same == 0 and shown:
            self.clear()
        else:
            for key, _cells in reversed(shown[same:]):
                self.remove_row(key)
        for key, cells in wanted[same:]:
            self.add_row(*cells, key=key)
        self._shown = list(wanted)

    def _selected_key(self) -> str | None:
        if not self.row_count:
            return None
        try:
            return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        except Exception:  # noqa: BLE001 - no row under the cursor
            return None

    def _restore(self, key: str | None) -> None:
        if not self.row_count:
            return
        index = self.row_count - 1
        if key is not None and key.startswith("round-") and key in self.rows:
            index = self.get_row_index(key)
        self.move_cursor(row=index, animate=False, scroll=True)

    def select_deal(self, number: int) -> bool:
        """Put the cursor on deal `number`, opening its round; False if there is no such deal."""
        if not 1 <= number <= len(self.state.outcomes):
            return False
        outcome = self.state.outcomes[number - 1]
        if outcome.round <= len(self.state.rounds) and outcome.round not in self.opened:
            self.opened.add(outcome.round)
            self._rows()
        self.move_cursor(row=self.get_row_index(deal_key(number)), animate=False)
        self.call_after_refresh(self._show_after_cursor)
        return True

    def _show_after_cursor(self) -> None:
        """Scroll so that the row under the cursor shows with as many rows after it as fit
        (after a correction: the deal corrected, and the deals played since), once the rows
        just replaced have their place."""
        if not self.row_count:
            return
        room = max(self.scrollable_content_region.height - self.header_height, 1)
        top = min(self.cursor_row, max(self.row_count - room, 0))
        self.scroll_to(y=top, animate=False, immediate=True)

    def chosen_deal(self) -> int | None:
        """The deal under the cursor, if the cursor is on a deal row."""
        match row_named(self._selected_key()):
            case ("deal", number):
                return number
        return None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        match row_named(event.row_key.value):
            case ("round", number):
                event.stop()
                self.opened ^= {number}
                self._rows()
                self.move_cursor(row=self.get_row_index(round_key(number)), animate=False)
            case ("deal", number):
                event.stop()
                self.post_message(self.DealChosen(number))
