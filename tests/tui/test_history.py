"""The History screen through the real app: list, sort, filter, review, export, delete, stats."""

from __future__ import annotations

import csv
import html
import re
import time
from pathlib import Path

import pytest
from textual.widgets import DataTable

from scorekeeper.formats.matchfile import load
from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History
from scorekeeper.tui.history.chart import PointsChart
from scorekeeper.tui.history.review import ReviewScreen
from scorekeeper.tui.history.screen import HistoryScreen
from scorekeeper.tui.screens.dialogs import ConfirmDialog
from scorekeeper.tui.sheet.deal_table import DealTable
from scorekeeper.tui.stats.screen import StatsScreen
from tests.support import above_key_bar, key_bar_region, notified, screen_lines, until
from tests.tui.conftest import make_app, settle, type_text
from tests.tui.history_samples import WON, fill_history

SIZE = (110, 34)


pytestmark = pytest.mark.usefixtures("utc")  # dates as stored


@pytest.fixture
def samples(tmp_path: Path) -> dict:
    return fill_history(tmp_path / "history")


def seen(app) -> str:
    """The text on the terminal, as drawn."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def open_stats(pilot) -> DataTable:
    """From home, the History, then its statistics (t): their table."""
    await open_history(pilot)
    await pilot.press("t")
    await settle(pilot)
    return pilot.app.screen.query_one("#stats-table", DataTable)


def players_column(app) -> list[str]:
    table = app.screen.query_one("#history-table", DataTable)
    return [str(table.get_row_at(r)[1]) for r in range(table.row_count)]


async def open_history(pilot) -> None:
    """Home, then `h`: the history screen once its rows are in (read on a worker, which a
    busy machine can start after the first wait)."""
    await settle(pilot)
    await pilot.press("h")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    await until(pilot, lambda: screen.table.row_count > 0)
    await settle(pilot)


async def test_lists_sorts_and_filters_by_player(tmp_path: Path, samples: dict) -> None:
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        newest_first = ["Bot 1 · Bot 2 · Bot 3", "Bruno · Denis · Émile",
                        "[b]Bob[/b] · Denis · Chloé", "Amélie · Bruno · Chloé"]
        assert players_column(app) == newest_first
        shown = seen(app)
        assert "History — 4 matches" in shown
        assert "2 Mar 2026, 19:00" in shown and "abandoned" in shown
        assert "[b]Bob[/b] · Denis · Chloé" in shown  # markup shown, not applied
        assert "120·0·50" in shown and "Amélie" in shown

        await pilot.press("1")  # the date again: oldest first
        await settle(pilot)
        assert players_column(app) == newest_first[::-1]
        await pilot.press("2")  # players, A to Z ("[" sorts before letters)
        await settle(pilot)
        assert players_column(app)[:2] == ["[b]Bob[/b] · Denis · Chloé",
                                           "Amélie · Bruno · Chloé"]
        await pilot.press("5")  # most points first
        await settle(pilot)
        assert players_column(app)[0] == "Amélie · Bruno · Chloé"

        await pilot.press("slash")
        await settle(pilot)
        await type_text(pilot, "DEN")
        await settle(pilot)
        assert sorted(players_column(app)) == ["Bruno · Denis · Émile",
                                               "[b]Bob[/b] · Denis · Chloé"]
        assert "4 matches, 2 shown" in seen(app)
        await type_text(pilot, "xyz")
        await settle(pilot)
        assert players_column(app) == []
        assert "No match with this player." in seen(app)


async def test_open_shows_the_full_sheet_and_the_chart_read_only(
        tmp_path: Path, samples: dict) -> None:
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        await pilot.press("down", "down", "down", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        sheet = screen.query_one(DealTable)
        keys = [row.key.value for row in sheet.ordered_rows]
        assert keys == ["round-1", "deal-1", "deal-2", "round-2", "deal-3", "deal-4", "deal-5",
                        "deal-6", "round-3", "deal-7", "deal-8", "round-4", "deal-9", "deal-10"]
        chart = screen.query_one(PointsChart)
        assert chart.state.points == (120, 0, 50)
        shown = seen(app)
        assert "Amélie · Bruno · Chloé" in shown and "won" in shown
        assert "Match points (target 100)" in shown
        assert "Deal 10: Amélie arrives at 10 and wins the round" in shown
        assert "Chloé wins by a sweep: +50" in shown
        await pilot.press("up", "up", "up")  # deal 9, the round 4 line, deal 8
        await settle(pilot)
        assert "Deal 8: Chloé takes all 10 tricks" in seen(app)
        await pilot.press("4", "3", "3", "enter")  # nothing can be entered here
        await settle(pilot)
        assert len(History(tmp_path / "history").get(samples["won"].id).match.deals) == 10
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)


async def test_markup_in_a_name_never_styles_the_review(tmp_path: Path, samples: dict) -> None:
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        assert "[b]Bob[/b] · Denis · Chloé" in seen(app)


async def test_export_json_and_csv(tmp_path: Path, samples: dict,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # where the app was started does not matter
    out = tmp_path / "history" / "exports"
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_history(pilot)
        await pilot.press("down", "down", "down")  # the oldest: the won match
        await pilot.press("e")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        messages = notified(app)
    won = samples["won"]
    json_path = out / f"vicaire-2026-03-02-{won.id}.json"
    csv_path = out / f"vicaire-2026-03-02-{won.id}.csv"
    assert f"Match file written to {json_path}" in messages
    assert f"CSV score sheet written to {csv_path}" in messages
    match, _raw = load(str(json_path))
    assert match == WON
    assert csv_path.read_bytes().startswith(b"\xef\xbb\xbf")  # for Excel's sake
    rows = list(csv.reader(csv_path.open(encoding="utf-8-sig")))
    assert rows[0][:4] == ["Deal", "Round", "Dealer", "Amélie tricks"]
    assert len(rows) == 12
    assert rows[8][3:6] == ["0", "0", "10"] and rows[8][-1] == "Chloé wins by a sweep: +50"
    assert rows[10][-1] == "Amélie wins the match"
    assert rows[11][0] == "Match points" and rows[11][-1] == "Amélie wins the match"
    assert not list(elsewhere.iterdir())


async def test_delete_asks_and_removes_only_after_yes(tmp_path: Path, samples: dict) -> None:
    folder = tmp_path / "history"
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        await pilot.press("down", "down")  # the [b]Bob[/b] match
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Delete the match [b]Bob[/b] · Denis · Chloé of 5 Mar 2026, 19:00?" in seen(app)
        await pilot.press("n")
        await settle(pilot)
        assert len(History(folder).summaries()) == 4
        assert len(players_column(app)) == 4
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        left = [s.players for s in History(folder).summaries()]
        assert ("[b]Bob[/b]", "Denis", "Chloé") not in left and len(left) == 3
        assert "[b]Bob[/b] · Denis · Chloé" not in players_column(app)
        assert "History — 3 matches" in seen(app)


async def test_a_deleted_match_stays_gone_when_a_slower_reading_of_the_list_ends_after(
        tmp_path: Path, samples: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    # Closing the question reads the list again (on a thread) while the match is deleted (on
    # another): a reading that began before the deletion must not bring the match back.
    read, delete = History.summaries, History.delete

    def slow_summaries(self):
        listing = read(self)
        time.sleep(0.6)  # (read, then late: as on a busy machine)
        return listing

    def later_delete(self, match_id):
        time.sleep(0.2)  # (after the reading has begun)
        return delete(self, match_id)

    app = make_app(tmp_path / "history")
    async with app.run_test(size=SIZE) as pilot:
        await open_history(pilot)
        monkeypatch.setattr(History, "summaries", slow_summaries)
        monkeypatch.setattr(History, "delete", later_delete)
        await pilot.press("down", "down")  # the [b]Bob[/b] match
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        await pilot.pause(1.5)  # every reading begun so far has ended
        await settle(pilot)
        assert "[b]Bob[/b] · Denis · Chloé" not in players_column(app)
        assert len(players_column(app)) == 3 and "History — 3 matches" in seen(app)


async def test_statistics_of_the_known_matches(tmp_path: Path, samples: dict) -> None:
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_stats(pilot)
        assert isinstance(app.screen, StatsScreen)
        rows = {str(r[0]): [str(c).strip() for c in r[1:]]
                for r in (table.get_row_at(i) for i in range(table.row_count))}
        # matches, won, rounds won / played, tricks per deal, sweeps, ties, points
        assert rows["Amélie"] == ["1", "1", "3 / 4", "3.70", "0", "1", "120"]
        assert rows["Bruno"] == ["2", "0", "0 / 4", "3.00", "0", "2", "0"]
        assert rows["Chloé"] == ["2", "0", "1 / 5", "3.46", "1", "0", "50"]
        assert rows["Denis"] == ["2", "0", "1 / 1", "3.33", "0", "1", "50"]
        assert rows["[b]Bob[/b]"][0] == "1"
        assert not [name for name in rows if name.startswith("Bot ")]  # bots' match left out
        assert str(table.get_row_at(0)[0]) == "Amélie"
        assert "Statistics — all matches (3 matches)" in seen(app)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("slash")
        await type_text(pilot, "émile")
        await pilot.press("enter", "t")
        await settle(pilot)
        table = app.screen.query_one("#stats-table", DataTable)
        names = sorted(str(table.get_row_at(i)[0]) for i in range(table.row_count))
        assert names == ["Bruno", "Denis", "Émile"]
        await pilot.press("escape")  # a filter that shows no match: the screen says so
        await settle(pilot)
        await pilot.press("slash")
        await type_text(pilot, "xyz")
        await pilot.press("enter", "t")
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert "No match with “xyz”." in shown, shown
        assert not app.screen.query_one("#stats-table").display
        await pilot.press("r")  # and its records, none
        await settle(pilot)
        assert "No record among the matches with “xyz”." in "\n".join(screen_lines(app))


async def test_statistics_table_takes_the_arrows_once_loaded(tmp_path: Path, samples: dict) -> None:
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_stats(pilot)
        assert table.row_count and app.focused is table
        await pilot.press("down")
        assert table.cursor_row == 1


async def test_statistics_show_every_column_whole_at_80x24_in_french(
        tmp_path: Path, samples: dict) -> None:
    app = make_app(tmp_path / "history", lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_stats(pilot)
        assert table.row_count
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= table.scrollable_content_region.width
        assert "120" in seen(app)  # Amélie's points, not cut to "12"
        assert table.header_height == 2
        # Wider, the headings take one line again; narrower again, two.
        for size, lines in (((120, 30), 1), ((80, 24), 2)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            table = app.screen.query_one("#stats-table", DataTable)
            await until(pilot, lambda table=table: table.row_count > 0)
            assert table.header_height == lines
            widths = sum(column.get_render_width(table) for column in table.columns.values())
            assert widths <= table.scrollable_content_region.width


async def test_matches_that_cannot_be_read_are_named_every_time(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    history = History(folder)
    from scorekeeper.rules import Match

    kept = history.create(Match(players=("Amélie", "Bruno", "Chloé")))
    lost = [history.create(Match(players=("Denis", "Émile", "Fanny"))) for _ in range(2)]
    for stored in lost:
        path = folder / "matches" / stored.id[:2] / f"{stored.id}.json"
        path.write_bytes(b"\x00 not a match")  # new matches: no backup to restore
    History(folder).summaries()  # the first look sets them aside, with a notice
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):  # shown again when the list is read again
            await open_history(pilot)
            line = app.screen.query_one("#history-unreadable")
            text = str(line.render())
            assert line.display and text.startswith("2 matches cannot be read: ")
            assert all(s.id in text for s in lost) and "2 matches cannot be read" in seen(app)
            assert len(players_column(app)) == 1 and kept.id not in text
            await pilot.press("escape")
            await settle(pilot)


async def test_statistics_name_the_matches_they_cannot_read(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    history = History(folder)
    history.create(Match(players=("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),)))
    lost = history.create(Match(players=("Denis", "Émile", "Fanny"), deals=((5, 5, 0),)))
    path = folder / "matches" / lost.id[:2] / f"{lost.id}.json"
    path.write_bytes(b"\x00 not a match")  # a new match: no backup to restore
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_stats(pilot)
        await until(pilot, lambda: table.row_count == 3)
        line = app.screen.query_one("#stats-unreadable")
        text = str(line.render())
        assert line.display and text.startswith("1 match cannot be read: ") and lost.id in text
        assert "(1 match)" in str(app.screen.query_one("#stats-title").render())
        names = {str(table.get_row_at(row)[0]) for row in range(table.row_count)}
        assert names == {"Amélie", "Bruno", "Chloé"}


async def test_statistics_of_a_history_that_reads_whole_have_no_such_line(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    History(folder).create(Match(players=("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),)))
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_stats(pilot)
        await until(pilot, lambda: table.row_count == 3)
        assert not app.screen.query_one("#stats-unreadable").display


async def test_statistics_show_a_long_name_on_two_lines_so_that_every_column_shows(
        tmp_path: Path) -> None:
    """At 80×24 a long name was cut ("Marie-Christ…") with lines to spare below: it takes
    two, broken at a space or after a hyphen, and every column still shows."""
    folder = tmp_path / "history"
    long = "Marie-Christine de La Tour d'Auvergne"
    History(folder).create(Match((long, "Zoé", "Bruno"), deals=((4, 3, 3), (5, 5, 0))))
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_stats(pilot)
        await until(pilot, lambda: table.row_count == 3)
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= table.scrollable_content_region.width
        names = [str(table.get_row_at(r)[0]) for r in range(3)]
        assert "Marie-Christine de\nLa Tour d'Auvergne" in names
        shown = seen(app)
        assert "Marie-Christine de" in shown and "La Tour d'Auvergne" in shown
        assert "Points" in shown and "…" not in shown
        await pilot.resize_terminal(160, 30)  # wide: the whole name
        await settle(pilot)
        table = app.screen.query_one("#stats-table", DataTable)
        await until(pilot, lambda: long in [str(table.get_row_at(r)[0])
                                            for r in range(table.row_count)])


async def test_on_a_phone_each_match_shows_whole_on_two_lines(
        tmp_path: Path, samples: dict) -> None:
    """48 columns (a phone): the six columns were cut after the status, the points, the
    winner and most of the players' names out of view. Two columns of two lines there: the
    date over the status, the players over the points and the winner."""
    app = make_app(tmp_path / "history", lang="fr")
    async with app.run_test(size=(48, 40)) as pilot:
        await open_history(pilot)
        table = app.screen.table

        def fits() -> bool:
            widths = sum(column.get_render_width(table) for column in table.columns.values())
            return widths <= table.scrollable_content_region.width

        assert fits()
        shown = seen(app)
        for line in (r"2 mars 2026 +Amélie · Bruno · Chloé", r"gagnée +120·0·50 · Amélie",
                     r"9 mars 2026 +Bruno · Denis · Émile", r"abandonnée +0·0·0",
                     r"en cours \(sim\.\) +50·0·0"):
            assert re.search(line, shown), line
        await pilot.press("2")  # sorted by players
        await settle(pilot)
        assert [row.split("\n")[0] for row in players_column(app)] == [
            "[b]Bob[/b] · Denis · Chloé", "Amélie · Bruno · Chloé", "Bot 1 · Bot 2 · Bot 3",
            "Bruno · Denis · Émile"]
        await pilot.resize_terminal(110, 34)  # a computer: the six columns again
        await settle(pilot)
        assert len(table.columns) == 6 and fits()
        assert re.search(r"2 mars 2026, \d\d:\d\d +Amélie · Bruno · Chloé +gagnée", seen(app))
        await pilot.resize_terminal(48, 40)
        await settle(pilot)
        assert len(table.columns) == 2 and fits()
        await pilot.press("down", "enter")  # the match under the cursor: reviewed
        await settle(pilot)
        assert screen_lines(app)[0].startswith(" Amélie · Bruno · Chloé  gagnée")


async def test_statistics_on_a_phone_show_the_points_and_say_the_rest_below(
        tmp_path: Path, samples: dict) -> None:
    """48 columns (a phone): the sweeps, the ties and the points were cut off the edge. The
    table keeps the matches, the rounds and the points; the rest is said below it for the
    player under the cursor."""
    app = make_app(tmp_path / "history", lang="fr")
    async with app.run_test(size=(48, 40)) as pilot:
        table = await open_stats(pilot)
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= table.scrollable_content_region.width
        assert re.search(r"Amélie +1 +1 +3 / 4 +120", seen(app))

        def below() -> str:
            line = app.screen.query_one("#stats-below")
            assert line.region.height and app.screen.region.contains_region(line.region)
            return str(line.render()).replace("\xa0", " ")

        assert below() == ("Amélie — Plis/donne 3,70 · Capots 0 · Égalités 1 · gagnées à 10 : "
                           "2, à 15 et plus : 1, par capot : 0 · forme : G")
        await pilot.press("down")
        await settle(pilot)
        assert below().startswith("Chloé — Plis/donne 3,46 · Capots 1 · Égalités 0 · ")
        await pilot.resize_terminal(110, 34)  # a computer: every column, nothing below
        await settle(pilot)
        table = app.screen.query_one("#stats-table", DataTable)
        await until(pilot, lambda: table.row_count > 0)
        await settle(pilot)
        assert len(table.columns) == 8
        assert re.search(r"Amélie +1 +1 +3 / 4 +3,70 +0 +1 +120", seen(app))
        assert "Amélie — gagnées à 10 : 2, à 15 et plus : 1, par capot : 0" in seen(app)
        assert "Plis/donne 3,70" not in seen(app)  # (in the table)


def test_below_a_phones_statistics_only_the_name_is_bold() -> None:
    from scorekeeper.stats.players import PlayerStats
    from scorekeeper.tui.stats.screen import below_line

    text = below_line(PlayerStats("[b]Bob[/b]", deals=10, tricks=37, ties=1), "en")
    assert text.plain.replace("\xa0", " ").startswith(
        "[b]Bob[/b] — Tricks/deal 3.70 · Sweeps 0 · Ties 1 · ")
    assert not text.style
    assert [text.plain[span.start:span.end] for span in text.spans] == ["[b]Bob[/b]"]


async def test_on_a_phone_the_review_says_who_won_the_round_under_the_cursor(
        tmp_path: Path, samples: dict) -> None:
    """A phone's review has no outcome column: nothing said who won a round. The line below
    the table says it, as it says the deal under the cursor."""
    app = make_app(tmp_path / "history", lang="fr")
    async with app.run_test(size=(48, 40)) as pilot:
        await open_history(pilot)
        await pilot.press("home", "enter")  # the newest: the bots' match, a sweep at once
        await settle(pilot)
        table = app.screen.query_one("#review-sheet", DataTable)
        assert "outcome" not in table.columns
        await pilot.press("up", "up")  # from the round in progress to round 1's line
        await settle(pilot)
        said = above_key_bar(app).replace("\xa0", " ").strip()
        assert said == "Manche 1 — Bot 1 gagne par un capot : +50"
        await pilot.press("down")  # its deal
        await settle(pilot)
        bar = key_bar_region(app).y
        assert any(line.replace("\xa0", " ").startswith(" Donne 1 — ")
                   for line in screen_lines(app)[bar - 4:bar])


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_at_80_columns_three_usual_names_show_whole(tmp_path: Path, lang: str) -> None:
    """At 80×24 the players' column was "Amélie · Bruno · C…" in French: two columns were kept
    for a scroll bar the few rows never needed. With more rows than the table shows, the bar
    has its room and every column still fits (nothing to scroll sideways), the winner's
    title included ("Vainqueur", the word of the whole French catalog)."""
    from tests.tui.conftest import stored_match

    history = History(tmp_path / "db")
    stored_match(history, players=("Mamie", "Papi", "Juliette"))
    stored_match(history, deals=[(4, 3, 3)])  # Amélie, Bruno, Chloé
    app = make_app(tmp_path / "db", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and app.screen.table.row_count == 2)
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert "Amélie · Bruno · Chloé" in shown and "Mamie · Papi · Juliette" in shown
        assert {"en": "6 Winner", "fr": "6 Vainqueur"}[lang] in shown
        for _ in range(30):
            stored_match(history, players=("Amélie", "Bruno", "Chloé"))
        app.screen.load()
        await until(pilot, lambda: app.screen.table.row_count == 32)
        await settle(pilot)
        table = app.screen.table
        assert table.max_scroll_y > 0 and table.max_scroll_x == 0
        assert {"en": "6 Winner", "fr": "6 Vainqueur"}[lang] in "\n".join(screen_lines(app))


async def test_the_columns_are_fitted_again_as_the_table_grows_and_shrinks(tmp_path: Path) -> None:
    """The table first lays out shorter than it grows once the list shows: fitted then, 20
    matches seemed more than it shows and the names lost a column to a scroll bar never
    drawn ("Amélie · Bruno · Chl…" at 80×40) until the window changed."""
    from tests.tui.conftest import stored_match

    history = History(tmp_path / "db")
    for _ in range(20):
        stored_match(history)  # Amélie, Bruno, Chloé
    app = make_app(tmp_path / "db", lang="fr")
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and app.screen.table.row_count == 20)
        await settle(pilot)
        table = app.screen.table
        assert table.max_scroll_y == 0
        assert "Amélie · Bruno · Chloé" in "\n".join(screen_lines(app))
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert table.max_scroll_y > 0 and table.max_scroll_x == 0
        assert "6 Vainqueur" in "\n".join(screen_lines(app))
        await pilot.resize_terminal(80, 40)
        await settle(pilot)
        assert "Amélie · Bruno · Chloé" in "\n".join(screen_lines(app))


async def test_between_a_phone_and_80_columns_the_names_stay_whole(tmp_path: Path) -> None:
    """At 69 columns (a browser 640 pixels wide) the six columns ran past the table's edge
    ("6 Gagn") and the names were cut to "Amélie · …"; at 79, "Jean-Baptiste · Marie-Chr…".
    The deals' column goes first where that keeps the names whole; where even that leaves the
    names too little room, each match takes two lines, as on a phone. A click on a title
    still sorts by the column it names."""
    from tests.tui.conftest import stored_match

    history = History(tmp_path / "db")
    stored_match(history, deals=[(4, 3, 3), (6, 2, 2)])  # Amélie wins at 10: 50·0·0
    stored_match(history, players=("Mamie", "Papi", "Juliette"), deals=[(4, 3, 3)] * 3)
    app = make_app(tmp_path / "db", lang="fr")

    def whole() -> bool:
        widths = sum(c.get_render_width(table) for c in table.columns.values())
        return widths <= table.scrollable_content_region.width and table.max_scroll_x == 0

    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        table = app.screen.table
        shown = "\n".join(screen_lines(app))
        assert "Amélie · Bruno · Chloé" in shown and "Mamie · Papi · Juliette" in shown
        assert "4 Donnes" not in shown and "6 Vainqueur" in shown and whole()
        header = screen_lines(app)[4]
        await pilot.click(table, offset=(header.index("5 Points") + 1, 0))
        await settle(pilot)
        assert "5 Points ▼" in screen_lines(app)[4]  # by the points, highest first (not by
        assert players_column(app) == ["Amélie · Bruno · Chloé",  # the deals, hidden)
                                       "Mamie · Papi · Juliette"]

        await pilot.resize_terminal(66, 24)
        await settle(pilot)
        lines = screen_lines(app)
        assert len(table.columns) == 2 and whole()
        assert re.search(r"Amélie · Bruno · Chloé", "\n".join(lines))
        assert re.search(r"en cours +50·0·0", "\n".join(lines))

        stored_match(history, players=("Jean-Baptiste", "Marie-Christine", "Élisabeth"))
        await pilot.resize_terminal(79, 24)
        app.screen.load()
        await until(pilot, lambda: table.row_count == 3)
        await settle(pilot)
        # The long names would be cut even without the deals: never cut on one line, each
        # match takes two, every name whole (issue 32: "Jean-Baptiste · Marie-Chr…").
        shown = "\n".join(screen_lines(app))
        assert len(table.columns) == 2 and whole()
        assert "Jean-Baptiste · Marie-Christine · Élisabeth" in shown
        assert "Amélie · Bruno · Chloé" in shown
        await pilot.resize_terminal(70, 24)  # one line would cut most matches' names too
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert len(table.columns) == 2 and whole()
        assert "Amélie · Bruno · Chloé" in shown and "Mamie · Papi · Juliette" in shown

        await pilot.resize_terminal(120, 30)  # wide: the six columns, the time of day
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert len(table.columns) == 6 and whole()
        assert "Jean-Baptiste · Marie-Christine · Élisabeth" in shown and "4 Donnes" in shown


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (80, 24)),
                                            ("fr", (120, 40)), ("en", (120, 40))])
async def test_long_names_show_whole_in_the_history(tmp_path: Path, lang, size) -> None:
    """At 80×24 "Marie-Christine · Anaïs · …" and "Jean-Baptis…"; at 120×40 in French the
    winner "Marie-Ch…" with columns to spare: every name whole, on one line or two."""
    from tests.tui.conftest import stored_match

    history = History(tmp_path / "db")
    stored_match(history, players=("Marie-Christine", "Anaïs", "Éric"),
                 deals=[(10, 0, 0)], target=50)  # Marie-Christine wins the match
    stored_match(history, players=("Jean-Baptiste-Édouard", "Marie-Christine-Anaïs", "Bob"),
                 deals=[(4, 3, 3)])
    app = make_app(tmp_path / "db", lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_history(pilot)
        table = app.screen.table
        shown = " ".join(" ".join(screen_lines(app)).split())
        for name in ("Marie-Christine · Anaïs · Éric",
                     "Jean-Baptiste-Édouard · Marie-Christine-Anaïs · Bob"):
            assert name in shown, name
        assert table.max_scroll_x == 0
        if size[0] == 120:  # one line a match, the winner whole
            assert not table.two_lines
            assert "Marie-Ch…" not in shown


@pytest.mark.parametrize(("lang", "size"), [("en", (120, 40)), ("fr", (120, 40)),
                                            ("en", (80, 24)), ("fr", (80, 24))])
async def test_three_long_names_leave_the_date_its_time_on_a_wide_screen(
        tmp_path: Path, lang, size) -> None:
    """At 120×40 three names of 15 to 25 letters made the History drop the date's time (and
    the deals, and cut the winner: "Jean-Bap…", the names "…Jean-Baptiste-Édou…" at 60
    columns with room to spare) rather than take two lines a match. A wide screen keeps the
    time, on two lines if need be; at 80×24 the day alone, every name whole."""
    from scorekeeper.i18n.dates import day_text, when_text
    from tests.tui.history_samples import fixed_clock

    names = ("Jean-Baptiste-Édouard", "Marie-Christine", "Anne-Charlotte-Lucie")
    history = History(tmp_path / "db")
    with fixed_clock(3):
        won = history.create(Match(names, RuleSet(target=50), deals=((10, 0, 0),)))
        going = history.create(Match(names[::-1], deals=((4, 3, 3),)))
    app = make_app(tmp_path / "db", lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_history(pilot)
        table = app.screen.table
        rows = screen_lines(app)[4:-1]  # (the title, the filter, the key bar left out)
        shown = " ".join(" ".join(rows).split())
        assert table.max_scroll_x == 0 and "…" not in shown
        for name in (" · ".join(names), " · ".join(names[::-1])):
            assert name in shown, name
        assert "Jean-Baptiste-Édouard" in shown.split(" · ".join(names), 1)[1]  # the winner
        for stored in (won, going):
            played = app.screen.summaries[[s.id for s in app.screen.summaries]
                                          .index(stored.id)].played
            if size[0] == 120:
                assert when_text(played, lang) in shown  # "3 Mar 2026, 19:05"
            else:
                assert day_text(played, lang) in shown
