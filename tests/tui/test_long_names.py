"""Real names at the table: a long name is shortened with "…" on one line, so that the three
panels stay the same height, and the full name still shows where there is room."""

from __future__ import annotations

import pytest

from scorekeeper.tui.app import VicaireApp
from scorekeeper.tui.sheet.deal_table import DealTable
from scorekeeper.tui.sheet.player_panel import PlayerPanel
from tests.support import until
from tests.tui.conftest import MID_ROUND, make_app, open_sheet, settle, stored_match
from tests.tui.test_narrow import visible

LONG = "Marie-Christine de La Tour"
LONGER = "Marie-Christine de La Tour d'Auvergne"  # too long for a panel even at 120 columns
DEALS = [(4, 3, 3), (3, 4, 3), (2, 2, 6)]  # Marie-Christine deals the fourth


def panel_lines(panel: PlayerPanel) -> list[str]:
    """What a panel shows on the screen, line by line."""
    lines = visible(panel.app).splitlines()
    region = panel.region
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]


def check_panels(app, name: str, wide: bool) -> None:
    panels = list(app.screen.query(PlayerPanel))
    assert len({p.region.height for p in panels}) == 1, [p.region for p in panels]
    if wide:
        assert len({p.region.y for p in panels}) == 1, [p.region for p in panels]
    first = panel_lines(panels[0])
    name_line = next(line for line in first if "Marie" in line)
    assert "…" in name_line and "deals" in name_line, first  # shortened, the role whole
    assert name not in "\n".join(first)
    assert sum("Marie" in line or "Tour" in line for line in first) == 1, first
    assert name in visible(app)  # the full name shows elsewhere (status, table, title)


SIZES = [((80, 24), LONG), ((120, 40), LONGER)]


@pytest.mark.parametrize(("size", "name"), SIZES)
async def test_a_long_name_keeps_the_sheet_panels_aligned(folder, history, size, name):
    stored_match(history, players=(name, "Bruno", "Chloé"), deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot)
        check_panels(app, name, wide=True)


@pytest.mark.parametrize(("size", "name"), SIZES)
async def test_a_long_name_keeps_the_board_panels_aligned(folder, history, size, name):
    stored_match(history, players=(name, "Bruno", "Chloé"), deals=DEALS)
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        check_panels(app, name, wide=True)


async def test_a_long_name_on_a_phone_sheet_stays_on_one_line(folder, history):
    stored_match(history, players=(LONGER, "Bruno", "Chloé"), deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(48, 40)) as pilot:  # (a phone, as in test_narrow)
        await open_sheet(pilot)
        panels = list(app.screen.query(PlayerPanel))
        assert len({p.region.height for p in panels}) == 1, [p.region for p in panels]
        first = panel_lines(panels[0])
        assert "…" in first[0] and "deals" in first[0], first
        table = app.screen.query_one(DealTable)  # every player's column in view
        widths = [column.get_render_width(table) for column in table.columns.values()]
        assert sum(widths) <= table.scrollable_content_region.width, widths


async def test_a_long_name_leaves_the_outcome_in_sight_at_80_columns(folder, history):
    stored_match(history, players=("Amélie", "Bruno", LONG), deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        header = next(line for line in visible(app).splitlines()
                      if line.lstrip().startswith("#") and "Bruno" in line)
        assert "Outcome" in header, header  # not pushed out of sight by the long name
        assert "Marie-" in header and "…" in header and LONG not in header, header
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        header = next(line for line in visible(app).splitlines()
                      if line.lstrip().startswith("#") and "Bruno" in line)
        assert "Outcome" in header and len(header.split("…")[0]) > 30, header  # more room


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_the_panels_stay_level_when_one_needs_line_wraps(folder, history, lang):
    # In French at 110 columns Amélie's needs fit one line, Bruno's and Chloé's take two.
    stored_match(history, deals=MID_ROUND)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_sheet(pilot)
        await settle(pilot)
        panels = list(app.screen.query(PlayerPanel))
        assert len({p.region.height for p in panels}) == 1, [p.region for p in panels]
        tall = panels[0].region.height
        await pilot.resize_terminal(200, 34)  # every needs line fits: all panels shorter
        await settle(pilot)
        heights = {p.region.height for p in panels}
        assert heights == {tall - 1}, (tall, heights)


async def test_at_80_columns_the_status_keeps_the_name_whole_and_the_hint_its_end(
        folder, history):
    stored_match(history, players=(LONG, "Zoé", "Bruno"), deals=DEALS)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        lines = visible(app).splitlines()
        status = lines[app.screen.query_one("#sheet-status").region.y]
        assert LONG in status  # whole: the target gives way (it is on the panels)
        hint = lines[app.screen.query_one("#entry-hint").region.y]
        assert "10 en tout." in hint
        await pilot.resize_terminal(120, 30)  # wider: the whole name again
        await settle(pilot)
        assert LONG in str(app.screen.query_one("#sheet-status").render())
        assert LONG in str(app.screen.query_one("#entry-hint").render())


def line_at(app, widget) -> str:
    """The screen's line where `widget` starts."""
    return visible(app).splitlines()[widget.region.y]


async def test_a_long_name_keeps_the_odds_on_one_line_on_a_phone(folder, history):
    stored_match(history, players=(LONGER, "Bruno", "Chloé"), deals=DEALS)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(48, 40)) as pilot:
        await open_sheet(pilot)
        odds = app.screen.query_one("#odds")
        await until(pilot, lambda: odds.display and "%" in str(odds.render()))
        line = line_at(app, odds)
        assert odds.region.height == 1 and line.count("%") == 3, line
        assert "Marie-" in line and "…" in line and "Chloé" in line, line
        await pilot.resize_terminal(80, 24)  # room for the whole name again
        await until(pilot, lambda: LONGER in str(odds.render()))
        assert odds.region.height == 1 and line_at(app, odds).count("%") == 3


async def test_a_long_name_keeps_the_board_title_and_odds_on_one_line_on_a_phone(
        folder, history):
    stored_match(history, players=(LONGER, "Bruno", "Chloé"), deals=DEALS)
    app = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(48, 40)) as pilot:
        title, odds = app.screen.query_one("#board-title"), app.screen.query_one("#board-odds")
        await until(pilot, lambda: odds.display and "%" in str(odds.render()))
        await settle(pilot)
        assert title.region.height == 1 and odds.region.height == 1, title.render()
        head = line_at(app, title)
        assert "Marie-" in head and "…" in head and "round 1 · deal 4" in head, head
        assert line_at(app, odds).count("%") == 3
        await pilot.resize_terminal(120, 40)  # wider: the whole name in the title
        await until(pilot, lambda: LONGER in str(title.render()))


@pytest.mark.parametrize("players", [("Amélie", "Bruno", "Chloé"), (LONGER, "Bruno", "Chloé")])
async def test_the_french_board_on_a_phone_keeps_its_title_and_odds_on_one_line(
        folder, history, players):
    stored_match(history, players=players, deals=DEALS)
    app = VicaireApp(folder=folder, lang="fr", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(48, 40)) as pilot:
        title, odds = app.screen.query_one("#board-title"), app.screen.query_one("#board-odds")
        await until(pilot, lambda: odds.display and "%" in str(odds.render()))
        await settle(pilot)
        assert title.region.height == 1 and odds.region.height == 1, (title.render(),
                                                                      odds.render())
        assert "manche 1 · donne 4" in line_at(app, title)
        assert line_at(app, odds).count("%") == 3


def lines_of(app, widget) -> list[str]:
    """The screen's lines `widget` covers, as drawn (no-break spaces as spaces)."""
    shown = visible(app).replace("\xa0", " ").splitlines()
    return [line.strip() for line in shown[widget.region.y:widget.region.bottom]]


async def test_a_board_too_narrow_for_one_line_goes_on_between_whole_names(folder, history):
    # Three long names at 40 columns (a small phone): shortened to the least they keep, the
    # title and the odds still take two lines; so the names stay whole and each line goes on
    # after a "·", never inside "round 1 · deal 4" or between a name and its share.
    players = ("Marie-Christine", "Jean-Baptiste", "Anne-Sophie")
    stored_match(history, players=players, deals=DEALS)
    app = VicaireApp(folder=folder, lang="fr", cursor_blink=False, poll=60, board=True)
    async with app.run_test(size=(40, 40)) as pilot:
        title, odds = app.screen.query_one("#board-title"), app.screen.query_one("#board-odds")
        await until(pilot, lambda: odds.display and "%" in str(odds.render()))
        await settle(pilot)
        head, chances = lines_of(app, title), lines_of(app, odds)
        assert head == ["Marie-Christine · Jean-Baptiste ·", "Anne-Sophie  —  manche 1 · donne 4"]
        assert len(chances) == 2 and chances[0].endswith("·"), chances
        assert all(f"{name} " in " ".join(chances) for name in players)
        assert " ".join(chances).count(" %") == 3


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (80, 24)),
                                            ("fr", (120, 40))])
async def test_the_top_line_names_dealer_and_leader_whole(folder, history, lang, size):
    """"Marie-Christ… donne, Jean-Baptist… entame" at 80×24: who deals and who leads are on
    the top line by their whole names, on two lines if need be."""
    players = ("Jean-Baptiste-Édouard-Léo", "Marie-Christine-Anaïs-Zoé", "Éric")
    stored_match(history, players=players, deals=[(4, 3, 3), (3, 4, 3)])  # Éric deals
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        sheet = await open_sheet(pilot)
        await settle(pilot)
        status = sheet.query_one("#sheet-status")
        lines = visible(app).splitlines()[status.region.y:status.region.bottom]
        shown = " ".join(" ".join(lines).split())
        assert players[0] in shown and "Éric" in shown
        assert sheet.query_one("#entry").region.bottom <= app.size.height  # still in view


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_round_won_dialog_never_ends_a_line_with_a_name_without_its_points(
        folder, history, lang):
    """At 80×24 in French "Points de la partie : Jean-Baptiste-Édouard 50 · Marie-Christine 0
    · Anaïs" ended a line, its "0" alone on the next one."""
    from scorekeeper.tui.screens.dialogs import MessageDialog
    from tests.tui.conftest import type_text

    stored_match(history, players=("Jean-Baptiste-Édouard", "Marie-Christine", "Anaïs"),
                 deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        await type_text(pilot, "6 2 2")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        lines = [line.strip(" █▌▐▎▊").strip() for line in visible(app).splitlines()]
        said = next(i for i, line in enumerate(lines) if "Jean-Baptiste-Édouard 50" in
                    line.replace("\xa0", " "))
        assert "Anaïs 0" in " ".join(lines[said:said + 2]).replace("\xa0", " ")
        assert not any(line.split()[:1] == ["0"] for line in lines if line), lines


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_three_long_names_leave_the_deals_table_whole(folder, history, lang):
    """At 46 columns the third player's column ran off the screen ("Anne-Char", its totals
    cut, no "…"): the players' columns share what the rounds' column ("▸ Manche 1") leaves."""
    names = ("Jean-Baptiste-Édouard", "Marie-Christine", "Anne-Charlotte-Élisabeth")
    stored_match(history, players=names, deals=[(10, 0, 0), (4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 44)) as pilot:
        sheet = await open_sheet(pilot)
        table = sheet.query_one(DealTable)
        assert table.max_scroll_x == 0  # nothing out of sight sideways
        lines = visible(app).splitlines()
        header = next(line for line in lines if line.lstrip().startswith("#"))
        assert header.rstrip().endswith("…") and header.count("…") == 3, header
        row = next(line for line in lines if line.split()[:1] == ["2"])
        assert row.split()[-2:] == ["3", "3"], row  # the third player's tricks and total
