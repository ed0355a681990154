"""Toasts a family can read: an export's path whole (broken only after a folder separator),
and no toast over the chart shown full screen."""

from __future__ import annotations

import pytest

from scorekeeper.tui.history.chart import PointsChart
from scorekeeper.tui.history.review import ReviewScreen
from scorekeeper.tui.toasts import whole_words
from tests.support import until
from tests.tui.conftest import make_app, settle, stored_match
from tests.tui.test_narrow import visible

pytestmark = pytest.mark.usefixtures("frozen_store")  # (the file's name holds the date)
DEALS = [(4, 3, 3), (10, 0, 0)]


def toast_lines(app) -> list[str]:
    """The words each toast on the screen shows, line by line."""
    lines = visible(app).splitlines()
    shown = []
    for toast in app.screen.query("Toast"):
        region = toast.content_region
        shown.extend(line[region.x:region.right].strip()
                     for line in lines[region.y:region.bottom])
    return shown


async def open_review(pilot) -> None:
    await settle(pilot)
    await pilot.press("h")
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ReviewScreen)


async def test_an_exports_path_shows_whole_at_80x24(folder, history, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    stored = stored_match(history, deals=DEALS)
    path = folder / "exports" / f"vicaire-2026-03-14-{stored.id}.json"
    app = make_app(folder)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_review(pilot)
        await pilot.press("e")
        await settle(pilot)
        shown = toast_lines(app)
    assert path.is_file() and len(str(path)) > 40  # longer than a toast's line at 80×24
    start = next(i for i, line in enumerate(shown) if line.startswith(str(path)[:10]))
    end = next(i for i, line in enumerate(shown) if line.endswith(".json"))
    pieces = shown[start:end + 1]
    assert "".join(pieces) == str(path), shown
    assert all(piece.endswith("/") for piece in pieces[:-1]), shown  # never cut mid-name
    assert pieces[-1] == path.name


async def test_no_toast_over_the_full_screen_chart(folder, history, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    stored_match(history, deals=DEALS)
    app = make_app(folder)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_review(pilot)
        chart = app.screen.query_one(PointsChart)
        await pilot.press("e")  # a toast: the file written
        await settle(pilot)
        assert toast_lines(app)
        await pilot.press("g")  # the chart full screen: the toast goes
        await settle(pilot)
        assert app.screen.maximized is chart
        assert not toast_lines(app)
        await pilot.press("c")  # exported from the full-screen chart: the chart steps back
        await settle(pilot)
        assert any(line.endswith(".csv") for line in toast_lines(app))
        assert app.screen.maximized is None


def test_only_words_longer_than_a_line_are_broken() -> None:
    assert whole_words("Match deleted.", 37) == "Match deleted."
    message = "Match file written to /home/marie-christine/.local/share/vicaire/exports/v.json"
    assert whole_words(message, 37).split("\n") == [
        "Match file written to", "/home/marie-christine/.local/share/", "vicaire/exports/v.json"]


@pytest.mark.parametrize("lang, word, cancel", [
    ("en", "No match in progress.", "Cancel (Esc)"),
    ("fr", "Aucune partie en cours.", "Annuler (Échap)"),
])
async def test_no_word_from_home_covers_the_new_match_forms_buttons(folder, lang, word, cancel):
    """At 80×24, `r` with no match in progress, then `n`: home's word stayed over the form's
    Cancel button ("Annuler (Échap" cut) for its few seconds; it said nothing of the form."""
    from scorekeeper.tui.screens.new_match import NewMatchScreen

    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await until(pilot, lambda: word in toast_lines(app))
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewMatchScreen)
        assert toast_lines(app) == [] and word not in visible(app)
        assert cancel in visible(app)
