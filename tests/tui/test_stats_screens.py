"""The statistics in the app: seasons, the bots' switch, a player's form, the records (Enter
opens the match at the record's round), the head-to-head table, and the same numbers as
`vicaire stats --json`; the review's page to share."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from textual.widgets import DataTable

from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History
from scorekeeper.tui.history.review import ReviewScreen
from scorekeeper.tui.stats.more import RecordsScreen, RivalriesScreen
from scorekeeper.tui.stats.screen import StatsScreen
from tests.cli.runner import Vicaire
from tests.stats.hand_built import COMEBACK, won_quickly
from tests.support import key_bar_line, notified, screen_lines, until
from tests.tui.conftest import make_app, settle

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def paris(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()


def minutes(day: str, count: int, start: str = "20:00") -> tuple[str, ...]:
    hour, minute = int(start[:2]), int(start[3:])
    return tuple(f"{day}T{hour + (minute + i) // 60:02d}:{(minute + i) % 60:02d}:00.000Z"
                 for i in range(count))


def family(folder: Path) -> dict[str, str]:
    """Four matches over a new year (in Paris), one of the bots."""
    history = History(folder)
    ids = {}
    ids["comeback"] = history.create(COMEBACK, deal_times=minutes("2025-12-30", 15)).id
    ids["new_year"] = history.create(  # 00:30 on 1 January 2026 in Paris
        won_quickly(1), deal_times=minutes("2025-12-31", 2, "23:30")).id
    ids["later"] = history.create(won_quickly(0), deal_times=minutes("2026-02-01", 2)).id
    ids["open"] = history.create(Match(("Amélie", "Bruno", "Chloé"), RuleSet(),
                                       deals=((4, 3, 3),))).id
    history.create(won_quickly(0, ("Bot A", "Bot B", "Bot C")), simulated=True)
    return ids


def rows(app, selector: str) -> list[list[str]]:
    table = app.screen.query_one(selector, DataTable)
    return [[str(cell).strip() for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def open_stats(pilot) -> None:
    await settle(pilot)
    await pilot.press("h")
    await settle(pilot)
    await pilot.press("t")
    await settle(pilot)
    assert isinstance(pilot.app.screen, StatsScreen)


async def test_seasons_and_the_bots_switch(tmp_path: Path) -> None:
    family(tmp_path / "db")
    app = make_app(tmp_path / "db")
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        lines = "\n".join(screen_lines(app))
        assert "Statistics — all matches (4 matches)" in lines
        got = {row[0]: row[1:3] for row in rows(app, "#stats-table")}
        assert got == {"Amélie": ["4", "2"], "Bruno": ["4", "1"], "Chloé": ["4", "0"]}
        await pilot.press("y")  # the newest year: 2026 in Paris
        await settle(pilot)
        assert "Statistics — in 2026 (3 matches)" in "\n".join(screen_lines(app))
        assert {r[0]: r[2] for r in rows(app, "#stats-table")}["Bruno"] == "1"
        await pilot.press("y")  # 2025: the comeback alone
        await settle(pilot)
        assert "Statistics — in 2025 (1 match)" in "\n".join(screen_lines(app))
        await pilot.press("y")  # all time again
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        lines = "\n".join(screen_lines(app))
        assert "(5 matches) · with the bots' matches" in lines
        assert "Bot A" in [r[0] for r in rows(app, "#stats-table")]


NONE_COUNTED = {
    "en": {"bots": "4 matches played by the bots are left out: b counts them.",
           "records": "No record among the matches counted. 4 matches played by the bots are "
                      "left out: b on the Statistics screen counts them.",
           "rivals": "No finished match among the matches counted. 4 matches played by the "
                     "bots are left out: b on the Statistics screen counts them.",
           "new": "No match yet: the statistics come with the first match played.",
           "new records": "No record yet: the records come with the first round won.",
           "new rivals": "No finished match yet."},
    "fr": {"bots": "4 parties jouées par les robots sont laissées de côté : Commandes › "
                   "Robots les compte.",
           "records": "Aucun record parmi les parties comptées. 4 parties jouées par les "
                      "robots sont laissées de côté : Commandes › Robots sur l'écran "
                      "Statistiques les compte.",
           "rivals": "Aucune partie terminée parmi les parties comptées. 4 parties jouées "
                     "par les robots sont laissées de côté : Commandes › Robots sur l'écran "
                     "Statistiques les compte.",
           "new": "Aucune partie pour l'instant : les statistiques viennent avec la première "
                  "partie jouée.",
           "new records": "Pas encore de record : les records viennent avec la première "
                          "manche gagnée.",
           "new rivals": "Aucune partie terminée pour l'instant."}}


@pytest.mark.parametrize(("lang", "size"), [("en", SIZE), ("fr", (44, 30))],
                         ids=["en", "fr-phone"])
async def test_with_no_match_counted_the_screens_say_why(tmp_path: Path, lang, size) -> None:
    """No empty table: where only the bots have played, what counts their matches (a key on
    a computer, the words to tap on a phone), on the statistics and on their records and
    head-to-head (which have no such key: the statistics' is named); on a new history, that
    the statistics come with the first match, and the records with the first round won."""
    history = History(tmp_path / "db")
    for seat in (0, 1, 2, 0):
        history.create(won_quickly(seat, ("Bot A", "Bot B", "Bot C")), simulated=True)
    said = NONE_COUNTED[lang]

    def shown(app) -> str:
        return " ".join(" ".join(screen_lines(app)).replace("\xa0", " ").split())

    async def on_records_and_rivals(pilot, records: str, rivals: str) -> None:
        for key, kind, words in (("r", RecordsScreen, records), ("v", RivalriesScreen, rivals)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(pilot.app.screen, kind) and words in shown(pilot.app)
            assert not pilot.app.screen.query_one(DataTable).region  # (no empty table)
            await pilot.press("escape")
            await settle(pilot)

    app = make_app(tmp_path / "db", lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_stats(pilot)
        assert said["bots"] in shown(app)
        table = app.screen.query_one("#stats-table", DataTable)
        assert not table.display and not table.region
        await on_records_and_rivals(pilot, said["records"], said["rivals"])
        await pilot.press("b")  # the bots counted: their table, and no more words
        await settle(pilot)
        assert [row[0] for row in rows(app, "#stats-table")] == ["Bot A", "Bot B", "Bot C"]
        assert table.region and said["bots"] not in shown(app)
        await pilot.press("r")  # and their records
        await settle(pilot)
        assert rows(app, "#records-table") and said["records"] not in shown(app)
    app = make_app(tmp_path / "new", lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_stats(pilot)
        assert said["new"] in shown(app)
        await on_records_and_rivals(pilot, said["new records"], said["new rivals"])


async def test_a_players_form_and_figures_show_under_the_table(tmp_path: Path) -> None:
    family(tmp_path / "db")
    app = make_app(tmp_path / "db")
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        below = "\n".join(screen_lines(app))
        # Amélie first (2 wins): comeback W, new year L (Bruno), later W; the open match
        # has no result.
        assert "Amélie — won on 10: 5, on 15+: 0, by a sweep: 0" in below
        assert "form: W L W" in below and "played 16 mins" in below


async def test_records_open_their_match_at_their_round(tmp_path: Path) -> None:
    ids = family(tmp_path / "db")
    app = make_app(tmp_path / "db")
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RecordsScreen)
        got = rows(app, "#records-table")
        # The comeback: Bruno wins rounds 1 and 2 in 2 deals, round 3 in 3 deals.
        assert got[:3] == [["Quickest round\n2 deals", "Bruno\n30 Dec 2025"],
                           ["Longest round\n3 deals", "Bruno\n30 Dec 2025"],
                           ["Biggest comeback\nfrom 120 points behind", "Amélie\n30 Dec 2025"]]
        assert [r[0].split("\n")[0] for r in got[3:]] == [
            "Shortest match won", "Longest winning streak", "Longest match", "Quickest match"]
        await pilot.press("down", "down")
        await settle(pilot)
        assert "Round 3 of the match of 30 Dec 2025: Enter opens it." in "\n".join(
            screen_lines(app))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.review_id == ids["comeback"]
        table = app.screen.query_one("#review-sheet", DataTable)
        key = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value
        assert key == "round-3"
        assert "Round 3: Bruno wins at 15: +20" in "\n".join(screen_lines(app))


async def test_the_head_to_head_table(tmp_path: Path) -> None:
    family(tmp_path / "db")
    app = make_app(tmp_path / "db")
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, RivalriesScreen)
        # Finished: comeback (A 200, B 120, C 0), new year (B 50), later (A 50).
        assert rows(app, "#rivals-table") == [
            ["Amélie\nBruno", "2\n1", "3"], ["Amélie\nChloé", "2\n0", "3"],
            ["Bruno\nChloé", "2\n0", "3"]]


async def test_the_json_says_what_the_screen_shows(tmp_path: Path) -> None:
    family(tmp_path / "db")
    vicaire = Vicaire(tmp_path / "db")
    printed = json.loads(vicaire("stats", "--json", env={"TZ": "Europe/Paris"}).stdout)
    app = make_app(tmp_path / "db")
    async with app.run_test(size=(110, 34)) as pilot:
        await open_stats(pilot)
        shown = rows(app, "#stats-table")
    assert len(shown) == len(printed["players"])
    for row, player in zip(shown, sorted(printed["players"], key=lambda p: -p["won"]),
                           strict=True):
        assert row[0] == player["name"]
        assert row[1:4] == [str(player["matches"]), str(player["won"]),
                            f"{player['rounds_won']} / {player['rounds']}"]
        assert row[5:] == [str(player["sweeps"]), str(player["ties"]), str(player["points"])]
        assert row[4] == f"{player['tricks'] / player['deals']:.2f}"


async def test_the_review_writes_the_page_to_share(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    ids = family(tmp_path / "db")
    app = make_app(tmp_path / "db")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(ReviewScreen(ids["comeback"]))
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        created = History(tmp_path / "db").get(ids["comeback"]).created
        path = tmp_path / "db" / "exports" / f"vicaire-{created[:10]}-{ids['comeback']}.html"
        assert path.is_file() and "Amélie wins the match" in path.read_text(encoding="utf-8")
        assert f"Page to share written to {path}" in notified(app)

        delivered = []
        monkeypatch.setattr(type(app), "is_web", property(lambda self: True))
        monkeypatch.setattr(app, "deliver_text", lambda file, **kw: delivered.append(
            (file.read(), kw)))
        await pilot.press("p")
        await settle(pilot)
    (text, options), = delivered
    assert text.startswith("<!DOCTYPE html>") and options["save_filename"] == path.name
    assert options["mime_type"] == "text/html"
    assert f"Your browser downloads the page: {path.name}" in notified(app)


async def test_f2_speaks_french_on_the_records_and_back_goes_back(tmp_path: Path) -> None:
    family(tmp_path / "db")
    app = make_app(tmp_path / "db")
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        lines = "\n".join(screen_lines(app))
        assert "Records — toutes les parties (4 parties)" in lines
        assert rows(app, "#records-table")[2] == [
            "Plus belle remontée\naprès 120\xa0points de retard", "Amélie\n30 déc. 2025"]
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert "Statistiques — toutes les parties (4 parties)" in "\n".join(screen_lines(app))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(80, 24), (46, 30)])
async def test_long_names_show_whole_in_the_statistics(tmp_path: Path, lang, size) -> None:
    """At 80×24 in French the table cut "Marie-Christ…" and "Jean-Baptist…" with lines to
    spare below it: a name takes two lines (or three on a phone) rather than lose its end,
    and every column still shows whole."""
    names = ("Jean-Baptiste-Édouard", "Marie-Christine", "Anne-Charlotte")
    history = History(tmp_path / "db")
    history.create(Match(names, RuleSet(target=50), deals=((10, 0, 0),)))
    history.create(Match(names[::-1], RuleSet(), deals=((4, 3, 3),)))
    app = make_app(tmp_path / "db", lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_stats(pilot)
        table = app.screen.query_one("#stats-table", DataTable)
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= table.scrollable_content_region.width
        shown = [line.strip() for line in screen_lines(app)]
        assert not any("…" in line for line in shown[:-3])  # (the key bar and below aside)
        for name in names:
            cell = next(row[0] for row in rows(app, "#stats-table") if row[0].startswith(
                name[:4]))
            assert cell.replace("-\n", "-").replace("\n", " ") == name
            assert all(line in "\n".join(shown) for line in cell.split("\n"))
        headings = " ".join(shown[:4])
        assert "Points" in headings
        assert size[0] < 80 or {"en": "Ties", "fr": "Égalités"}[lang] in headings


@pytest.mark.parametrize("size", [(80, 24), (46, 30)])
async def test_in_french_the_key_and_the_screen_of_duels_have_one_name(tmp_path: Path,
                                                                         size) -> None:
    """The key said « v Duels » and opened « Face-à-face »: one name, the key bar's (it fits
    a phone's bar)."""
    family(tmp_path / "db")
    app = make_app(tmp_path / "db", lang="fr")
    async with app.run_test(size=size) as pilot:
        await open_stats(pilot)
        assert "Duels" in key_bar_line(app)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, RivalriesScreen)
        assert screen_lines(app)[0].startswith(" Duels — ")
        assert not any("ace-à-face" in line for line in screen_lines(app))


@pytest.mark.parametrize(("lang", "said"), [("en", "played less than a minute"),
                                            ("fr", "temps de jeu\u00a0: moins d'une minute")])
async def test_a_match_of_nine_seconds_lasted_less_than_a_minute(tmp_path: Path, lang,
                                                                 said) -> None:
    """A match of 9 seconds (a sweep, then another) was said to have lasted "0 min"."""
    history = History(tmp_path / "db")
    history.create(Match(("Jean-Baptiste-Édouard", "Marie-Christine", "Anaïs"),
                         RuleSet(target=100), deals=((10, 0, 0), (10, 0, 0))),
                   deal_times=("2026-03-01T20:00:00.000Z", "2026-03-01T20:00:09.000Z"))
    app = make_app(tmp_path / "db", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        shown = " ".join(line.strip() for line in screen_lines(app))  # (the line below wraps)
        assert said in shown, shown
        assert "0 min" not in shown


@pytest.mark.parametrize("size", [(80, 24), (46, 24)])
@pytest.mark.parametrize(("lang", "name"), [("en", "Head to head"), ("fr", "Duels")])
async def test_the_head_to_head_has_one_name_in_the_key_bar_palette_and_title(
        tmp_path: Path, lang: str, name: str, size: tuple[int, int]) -> None:
    from tests.tui.test_french_words import palette_shows

    family(tmp_path / "db")
    app = make_app(tmp_path / "db", lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_stats(pilot)
        bar = key_bar_line(app)
        assert name in bar and "Rivals" not in bar  # a tap target on a phone too
        await pilot.press("ctrl+p")
        await until(pilot, lambda: palette_shows(app, name))
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, RivalriesScreen)
        assert screen_lines(app)[0].strip().startswith(f"{name} — ")
