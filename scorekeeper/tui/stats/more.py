"""The records and the head-to-head table of the statistics shown (`stats.py`).

Each row takes two lines, so that the same table reads whole at 80 columns and on a phone:
a record's name over its value, beside its holder over the day of its match (and round);
a pair's two names over each other, beside how often each finished ahead. `Enter` on a
record opens its match's review, at the record's round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import DataTable, Label

from scorekeeper.i18n import N_, Nc_, tr, trc
from scorekeeper.stats import Record, Rivalry, Statistics
from scorekeeper.tui.actions import Action
from scorekeeper.tui.layout import SHORTEST, shorten
from scorekeeper.tui.screens.base import VicaireScreen
from scorekeeper.tui.widgets.keybar import KeyBar
from scorekeeper.tui.widgets.measured_table import MeasuredTable


def _name(name: str, style: str = "") -> Text:
    return Text(name, style=style, overflow="ellipsis", no_wrap=True)


def record_cells(record: Record, lang: str, room: int = 0) -> list[Text]:
    """"Quickest round / 1 deal" and "Amélie / 14 Mar 2026" (the day its match began); the
    name literal, shortened to `room` cells if given."""
    from scorekeeper.i18n.dates import day_text
    from scorekeeper.i18n.stats import record_name, record_value

    what = Text(record_name(record.record, lang), style="bold")
    what.append("\n" + record_value(record, lang))
    holder = _name(shorten(record.player, room) if room else record.player, "bold")
    holder.append("\n" + day_text(record.began, lang), style="")
    return [what, holder]


def record_note(record: Record, lang: str) -> str:
    """Under the records, for the one under the cursor: the match (its name, else its day)
    and round it was set in, and what Enter does."""
    from scorekeeper.i18n.dates import day_text

    match = record.name or tr(lang, "the match of {day}", day=day_text(record.began, lang))
    if record.round is not None:
        return tr(lang, "Round {round} of {match}: Enter opens it.", round=record.round,
                  match=match)
    return tr(lang, "Set in {match}: Enter opens it.", match=match)


def rivalry_cells(rivalry: Rivalry, lang: str) -> list[Text]:
    """The two names over each other; how often each finished ahead; the matches."""
    (a, b), (ahead_a, ahead_b) = rivalry.players, rivalry.ahead
    names = _name(a)
    names.append("\n" + b)
    ahead = Text(f"{ahead_a}\n{ahead_b}", justify="right")
    return [names, ahead, Text(str(rivalry.matches), justify="right")]


class _TwoLineTable(VicaireScreen):
    """A title, a table of two-line rows, a note and the key bar."""

    CSS_PATH = "stats_more.tcss"
    KIND = ""

    def __init__(self, stats: Statistics, season: Callable[[], Text],
                 none: Callable[[bool], str]) -> None:
        super().__init__()
        self.shown = stats
        # Which matches, in the app's language of the moment: "all matches (12 matches)"…
        self.season = season
        # Why the table is empty, in the app's language of the moment (for the records: True).
        self.none = none

    def headings(self) -> list[str]:
        raise NotImplementedError

    def rows(self) -> list[list[Text]]:
        raise NotImplementedError

    def note(self) -> str:
        return ""

    def compose(self) -> ComposeResult:
        kind = self.KIND
        title = Text(tr(self.lang, "Records") if kind == "records"
                     else tr(self.lang, "Head to head"), style="bold")
        title.append(" — ")
        title.append_text(self.season())
        yield Label(title, id=f"{kind}-title", classes="stats-more-title")
        table = MeasuredTable(id=f"{kind}-table", cursor_type="row", zebra_stripes=True)
        for heading in self.headings():
            table.add_column(heading)
        rows = self.rows()
        for row in rows:
            table.add_row(*row, height=2)
        table.display = bool(rows)  # (none: the note says why, in the table's place)
        yield table
        yield Label(self.note() if rows else self.none(kind == "records"), id=f"{kind}-note",
                    classes="stats-more-note" if rows else "stats-more-note -none")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def action_back(self) -> None:
        self.dismiss()


class RecordsScreen(_TwoLineTable):
    """Every record set in the season shown; Enter opens its match at its round."""

    KIND = "records"
    ACTIONS: ClassVar[tuple[Action, ...]] = (
        Action("escape", "back", N_("Back"), rank=0),
        Action("enter", "open", N_("Open the match"), short=Nc_("key bar", "Open"), rank=1),
    )

    def headings(self) -> list[str]:
        return [trc(self.lang, "statistics", "Record"), tr(self.lang, "Held by")]

    def rows(self) -> list[list[Text]]:
        lang = self.lang
        cells = [record_cells(record, lang) for record in self.shown.records]
        # The holders' names cut to what the screen leaves beside the records' names.
        widest = max((max(len(line) for line in row[0].plain.split("\n")) for row in cells),
                     default=0)
        room = max(SHORTEST, self.app.size.width - widest - 6)
        return [record_cells(record, lang, room) for record in self.shown.records]

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        records = self.shown.records
        if 0 <= event.cursor_row < len(records):
            self.query_one("#records-note", Label).update(
                record_note(records[event.cursor_row], self.lang))

    def note(self) -> str:
        return record_note(self.shown.records[0], self.lang)

    @on(DataTable.RowSelected)
    def _chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_record(event.cursor_row)

    def action_open(self) -> None:
        self.open_record(self.query_one(DataTable).cursor_row)

    def open_record(self, row: int) -> None:
        from scorekeeper.tui.history.review import ReviewScreen

        records = self.shown.records
        if 0 <= row < len(records):
            record = records[row]
            self.app.push_screen(ReviewScreen(record.match, at_round=record.round))


class RivalriesScreen(_TwoLineTable):
    """How each pair of players fared against each other, in finished matches."""

    KIND = "rivals"
    ACTIONS: ClassVar[tuple[Action, ...]] = (Action("escape", "back", N_("Back"), rank=0),)

    def headings(self) -> list[str]:
        return [tr(self.lang, "Players"), tr(self.lang, "Ahead"), tr(self.lang, "Matches")]

    def rows(self) -> list[list[Text]]:
        return [rivalry_cells(rivalry, self.lang) for rivalry in self.shown.head_to_head]

    def note(self) -> str:
        return tr(self.lang, "Ahead: the finished matches each ended with more points than "
                             "the other.")

