"""One player's corner of the score sheet: round total, what they need, points toward target."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Resize
from textual.geometry import Size
from textual.renderables.bar import Bar
from textual.widget import Widget
from textual.widgets import Digits, Label

from scorekeeper.i18n import tr, tr_n, trc
from scorekeeper.i18n.outcomes import needs_text
from scorekeeper.rules.scoring import MatchState
from scorekeeper.tui.layout import shorten
from scorekeeper.tui.widgets import restyle_only


def fit_name(head: Text, name: str, tail: Text, width: int) -> Text:
    """`head`, the player's `name` (bold, literally) and `tail` on one line of `width` cells:
    the name is shortened with "…" when the three do not fit, so that the tail (the player's
    role: deals, leads, winner) always shows whole."""
    name = shorten(name, max(width - head.cell_len - tail.cell_len, 1))
    line = head.copy()
    line.append(name, style="bold")
    line.append_text(tail)
    line.truncate(max(width, 0), overflow="ellipsis")
    return line


# Digits five rows high, each pixel two cells wide ("██"): the spectators' board on a phone
# (BoardScreen's CSS shows them there), readable from across the table, where Textual's
# Digits are three rows of thin lines.
BIG_FONT = {
    "0": ("###", "# #", "# #", "# #", "###"), "1": (" # ", "## ", " # ", " # ", "###"),
    "2": ("###", "  #", "###", "#  ", "###"), "3": ("###", "  #", " ##", "  #", "###"),
    "4": ("# #", "# #", "###", "  #", "  #"), "5": ("###", "#  ", "###", "  #", "###"),
    "6": ("###", "#  ", "###", "# #", "###"), "7": ("###", "  #", "  #", "  #", "  #"),
    "8": ("###", "# #", "###", "# #", "###"), "9": ("###", "# #", "###", "  #", "###"),
}


def big_digits(number: str) -> str:
    """`number` in BIG_FONT: five lines, a cell between two digits."""
    return "\n".join(" ".join(BIG_FONT[d][row].replace("#", "██").replace(" ", "  ")
                               for d in number if d in BIG_FONT) for row in range(5))


class NameLine(Label):
    """One line that names the player: shortened with "…" to the panel's width, never
    wrapped (a long name would make this panel taller than the others); the role after it
    shows whole. The full name shows in the sheet's status line and its table's header."""

    DEFAULT_CSS = "NameLine { width: 100%; height: 1; }"

    def __init__(self, classes: str) -> None:
        super().__init__("", classes=classes)
        self.parts: tuple[Text, str, Text] = (Text(), "", Text())

    def show(self, head: Text, name: str, tail: Text) -> None:
        """Show `head`, `name` and `tail`; only this line is drawn again (one line high,
        whatever the name: no new layout)."""
        self.parts = (head, name, tail)
        self.refresh()

    def render(self) -> Text:
        return fit_name(*self.parts, self.content_size.width or 1000)


class PointsLine(Widget, can_focus=False):
    """The panel's last line: the match points toward the target ("120/500"), then a bar
    of them filling the rest of the line, drawn as Textual's ProgressBar draws its bar (the
    same characters and colours). One widget: a label, a bar and the row that holds them
    were four, which the sheet mounted and styled three times at each opening."""

    LABEL = 9  # cells for the points, "999/10000" (more for a longer target)
    COMPONENT_CLASSES = {"points-line--bar", "points-line--complete"}
    DEFAULT_CSS = """
    PointsLine {
        height: 1; width: 100%; dock: bottom;
        & > .points-line--bar { color: $primary; background: $surface; }
        & > .points-line--complete { color: $success; background: $surface; }
    }
    """

    def __init__(self, classes: str) -> None:
        super().__init__(classes=classes)
        self.points, self.target = 0, 500

    def show(self, points: int, target: int) -> None:
        if (points, target) != (self.points, self.target):
            self.points, self.target = points, target
            self.refresh()

    @property
    def label(self) -> Text:
        """The points toward the target, as the line shows them."""
        return Text(f"{self.points:>3}/{self.target}", end="")

    def render(self) -> _PointsRow:
        label = self.label
        room = max(self.LABEL, label.cell_len + 1)
        width = max(self.content_size.width - room, 0)
        shown = min(self.points, self.target) / self.target if self.target > 0 else 0.0
        style = self.get_component_rich_style(
            "points-line--bar" if shown < 1 else "points-line--complete")
        bar = Bar(highlight_range=(0, width * shown), highlight_style=Style.from_color(style.color),
                  background_style=Style.from_color(style.bgcolor))
        return _PointsRow(label, bar, room)


class _PointsRow:
    """`label` in a column of `room` cells, then `bar` in the rest of the line."""

    def __init__(self, label: Text, bar: Bar, room: int) -> None:
        self.label, self.bar, self.room = label, bar, room

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        label = self.label.copy()
        label.truncate(options.max_width)
        yield label
        if label.cell_len < self.room:  # (blank as Textual pads a line: `reverse` off)
            yield Segment(" " * (self.room - label.cell_len), Style(reverse=False))
        rest = options.max_width - self.room
        if rest > 0:
            yield from self.bar.__rich_console__(console, options.update_width(rest))


class PlayerPanel(Vertical):
    """Name and role, the round total in large digits, needs, spent totals, match points."""

    DEFAULT_CSS = """
    PlayerPanel {
        width: 1fr; height: auto; border: round $panel-lighten-2; padding: 0 1;
        &.-dealer { border: round $accent; }
        &.-winner { border: heavy $success; }
        .player-total { width: 100%; text-align: center; text-style: bold; }
        .player-needs { width: 100%; color: $text; }
        .player-spent { width: 100%; color: $warning; height: auto; }
        .player-spent.-none { display: none; }
        .player-brief { display: none; }
        .player-big { display: none; width: 100%; height: 5; text-align: center; }
    }
    """

    def __init__(self, index: int, compact: bool = False) -> None:
        """`compact`: drawn as a small block on a narrow screen (the sheet on a phone)."""
        super().__init__(id=f"player-{index}",
                         classes="player-panel -compact" if compact else "player-panel")
        self.index = index
        self.compact = compact
        self._shown: dict[str, object] = {}  # what each part shows (to update only changes)
        self._width = 0  # the width the labels' kept heights are for
        self._held: set[Label] = set()  # the labels that keep a height (see `_put`)

    def compose(self) -> ComposeResult:
        # Each way of showing a panel only where it can show: the short name line in a
        # compact panel (the sheet's, on a short or narrow screen), the big digits in a
        # panel that is not (the board's, on a phone). A widget hidden for good costs its
        # mounting and styling all the same.
        yield NameLine(classes="player-name")
        if self.compact:
            yield NameLine(classes="player-brief")
        yield Digits("0", classes="player-total")
        if not self.compact:
            yield Label(big_digits("0"), classes="player-big")
        yield Label("", classes="player-needs")
        yield Label("", classes="player-spent")
        yield PointsLine(classes="player-points-row")

    def on_mount(self) -> None:
        # The row is leveled after each layout of the screen: whatever changed a panel's
        # parts (a label grown, a spent total shown, a short screen's parts, a new width), it
        # is seen there. The first panel levels the whole row (once, not once per panel).
        if self.index == 0:
            self.screen.screen_layout_refresh_signal.subscribe(self, lambda _: self._level())

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:  # the labels find their heights again
            self._width = event.size.width
            for label in self._held:
                label.styles.min_height = None
            self._held.clear()

    def _level(self) -> None:
        """Side by side, the three panels keep one height: the tallest one's (a "needs" line
        that wraps in one panel only, or a spent total, would otherwise leave them uneven).
        That height is held as both least and most: Textual finds an `auto` height of a
        `1fr` panel at a width one column narrower than the one it then draws it at, so a
        line that exactly fills that panel would be measured as two and leave an empty line in
        it alone. Laid out again only when that height changes."""
        row = [p for p in self.parent.children if isinstance(p, PlayerPanel)] \
            if self.parent is not None else []
        side_by_side = len({p.region.y for p in row}) == 1 and len(row) > 1
        tallest = max((p._natural() for p in row), default=0) if side_by_side else None
        for panel in row:
            # A panel whose height is not `auto` (the board's stacked panels on a phone,
            # `1fr`) holds none: the height held side by side (before the window narrowed)
            # would cut its needs line off.
            height = panel.styles.height
            auto = height is not None and height.is_auto
            wanted = tallest if tallest and auto else None
            inline = panel.styles.inline
            held = inline.min_height if inline.has_rule("min_height") else None
            if (held.value if held is not None else None) != wanted:
                panel.styles.min_height = wanted
                panel.styles.max_height = wanted

    def lines_with_big_digits(self) -> int:
        """This panel's height with its total in digits five rows high (BIG_FONT), its other
        parts as they are shown."""
        totals = [*self.query(".player-total"), *self.query(".player-big")]
        return self._natural() + len(BIG_FONT["0"]) \
            - sum(total.outer_size.height for total in totals if total.display)

    def _natural(self) -> int:
        """This panel's height without the others': its parts shown, and its frame."""
        return sum(child.outer_size.height for child in self.children if child.display) \
            + self.styles.gutter.height

    def update_node_styles(self, animate: bool = True) -> None:
        """Restyle this panel alone when its classes change (-dealer, -winner): no rule of
        its parts depends on them, and restyling its dozen parts at every deal (the dealer
        moves on) cost more than the rest of the deal's update."""
        restyle_only([self], animate)

    def show(self, state: MatchState, lang: str) -> None:
        """Show this player in `state`."""
        p, cur = self.index, state.current
        role = Text(style="not bold")
        if not state.finished:
            if cur.dealer == p:
                role.append("  ● " + trc(lang, "player", "deals"))
            elif cur.leader == p:
                role.append("  ▶ " + trc(lang, "player", "leads"))
        elif state.winner == p:
            role.append("  ★ " + trc(lang, "player", "winner"))
        name = state.players[p]
        if self._changed("name", (name, role)):
            self.query_one(".player-name", NameLine).show(Text(), name, role)
        if self.compact:
            brief = Text(f"{cur.totals[p]:>3} ", style="bold reverse")
            brief.append(" ")
            if self._changed("brief", (brief, name, role)):
                self.query_one(".player-brief", NameLine).show(brief, name, role)
        if self._changed("total", str(cur.totals[p])):
            self.query_one(".player-total", Digits).update(str(cur.totals[p]))
            if not self.compact:
                self.query_one(".player-big", Label).update(big_digits(str(cur.totals[p])))
        if state.finished:
            needs = ""
        else:
            needs = tr(lang, "needs {needs}", needs=needs_text(cur.needs[p], cur.totals[p], lang))
        self._put(".player-needs", needs)
        spent = ", ".join(str(t) for t in cur.spent[p])
        self._put(".player-spent",
                  tr_n(lang, "spent: {spent}", "spent: {spent}", len(cur.spent[p]), spent=spent)
                  if spent else "")
        self.query_one(".player-spent", Label).set_class(not spent, "-none")
        self.query_one(PointsLine).show(state.points[p], state.match.rules.target)
        self.set_class(state.winner == p, "-winner")
        self.set_class(not state.finished and cur.dealer == p, "-dealer")

    def _changed(self, part: str, value: object) -> bool:
        """Whether `part` is to show `value` now (and remember that it does)."""
        if part in self._shown and self._shown[part] == value:
            return False
        self._shown[part] = value
        return True

    def _put(self, part: str, value: str) -> None:
        """Show `value` in the label `part` unless it shows it already. The sheet is laid out
        again only when the label grows (the needs going from one line to two), and the label
        keeps that height until the panel's width changes: a deal redraws a few labels, not
        the screen."""
        if not self._changed(part, value):
            return
        label = self.query_one(part, Label)
        before = label.size.height
        label.update(value, layout=False)
        width = label.content_size.width
        if not width:
            label.refresh(layout=True)
            return
        height = label.get_content_height(Size(width, 1000), self.app.size, width)
        if height > before:
            # Grown (the needs going from one line to two): the label keeps that height at
            # this width, so that the needs going back and forth from deal to deal neither
            # move the table nor lay the screen out at each deal.
            label.styles.min_height = height
            self._held.add(label)
