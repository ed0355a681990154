"""The whole history moved from the app: the History screen exports it to one file (x) and
imports a file the user names (i). The real app under run_test on real history folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input

from scorekeeper.store import History
from scorekeeper.tui.history import io as history_io
from scorekeeper.tui.history.io import ImportDialog
from scorekeeper.tui.history.screen import HistoryScreen
from tests.support import notified, until
from tests.tui.conftest import make_app, settle
from tests.tui.history_samples import fill_history
from tests.tui.test_history import open_history, players_column

PHONE = (46, 30)
SMALL = (80, 24)


pytestmark = pytest.mark.usefixtures("utc")  # dates as stored


@pytest.fixture
def downloads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's downloads folder (platformdirs'), here a folder of the test's."""
    folder = tmp_path / "Downloads"
    folder.mkdir()
    monkeypatch.setattr(history_io, "files_folder", lambda: folder)
    return folder


async def test_the_history_exports_to_one_file_and_comes_back_whole(tmp_path, downloads):
    fill_history(tmp_path / "history")
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await open_history(pilot)
        await pilot.press("x")
        await until(pilot, lambda: any(downloads.iterdir()))
        [path] = downloads.iterdir()
        await until(pilot, lambda: any(str(path) in n for n in notified(app)))
    assert path.name.startswith("vicaire-history-") and path.suffix == ".json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "vicaire-history" and len(data["matches"]) == 4

    # Into an empty history, from the app: the same four matches, in the same order.
    empty = make_app(tmp_path / "new")
    async with empty.run_test(size=SMALL, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await until(pilot, lambda: isinstance(empty.screen, HistoryScreen))
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        dialog = empty.screen
        assert isinstance(dialog, ImportDialog)
        field = dialog.query_one("#import-path", Input)
        assert field.value == str(downloads) + "/"  # it starts where the export went
        field.value = str(path)
        await pilot.press("enter")
        await until(pilot, lambda: "4 matches imported" in notified(empty))
        await until(pilot, lambda: len(players_column(empty)) == 4)
    before = [s.id for s in History(tmp_path / "history").summaries()]
    after = History(tmp_path / "new").summaries()
    assert [s.id for s in after] == before
    assert {s.id: s.status for s in after} == {
        s.id: s.status for s in History(tmp_path / "history").summaries()}


async def test_a_bad_file_is_refused_in_words_and_changes_nothing(tmp_path, downloads):
    fill_history(tmp_path / "history")
    bad = downloads / "bad.json"
    bad.write_text('{"players": ["A", "B"], "deals": []}', encoding="utf-8")
    app = make_app(tmp_path / "history", lang="fr")
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await open_history(pilot)
        await pilot.press("i")
        await settle(pilot)
        app.screen.query_one("#import-path", Input).value = str(bad)
        await pilot.press("enter")
        await until(pilot, lambda: any(str(bad) in n for n in notified(app)))
        [said] = [n for n in notified(app) if str(bad) in n]
        assert said.startswith(f"{bad}\u00a0: ") and "joueurs" in said
    assert len(History(tmp_path / "history").summaries()) == 4


async def test_escape_imports_nothing(tmp_path, downloads):
    fill_history(tmp_path / "history")
    app = make_app(tmp_path / "history")
    async with app.run_test(size=SMALL) as pilot:
        await open_history(pilot)
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ImportDialog)
    assert len(History(tmp_path / "history").summaries()) == 4


def _dialog_keys(lang_size):
    async def run(pilot) -> None:
        await open_history(pilot)
        await pilot.press("i")
        await settle(pilot)
    return run


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [SMALL, PHONE], ids=["80x24", "phone"])
def test_import_dialog(snap_compare, tmp_path, monkeypatch, lang, size):
    monkeypatch.setattr(history_io, "files_folder", lambda: Path("/home/amelie/Downloads"))
    fill_history(tmp_path / "history")
    assert snap_compare(make_app(tmp_path / "history", lang=lang), terminal_size=size,
                        run_before=_dialog_keys((lang, size)))


@pytest.mark.parametrize("lang, said", [
    ("en", "played on 4 Dec 2026, 20:00 for 50 mins"),
    ("fr", "jouée le 4 déc. 2026, 20:00 pendant 50 min")])
async def test_the_review_says_when_the_match_was_played_and_for_how_long(tmp_path, lang,
                                                                          said):
    """Three deals over two evenings (the night between is a pause, left out), imported with
    their times; the review's heading, in local time (UTC here) and the app's language."""
    from scorekeeper.rules import Match, replay
    from scorekeeper.store.merge import Incoming
    from tests.tui.test_history import seen

    match = Match(("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3), (3, 4, 3), (3, 3, 4)))
    times = ("2026-12-04T20:00:00.000Z", "2026-12-04T20:50:00.000Z",
             "2026-12-05T20:40:00.000Z")
    History(tmp_path / "history").import_matches([Incoming(
        match=match, state=replay(match), id="0badcafe", created=times[0], updated=times[-1],
        deal_times=times)], lambda name: name)
    app = make_app(tmp_path / "history", lang=lang)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_history(pilot)
        await pilot.press("enter")
        await settle(pilot)
        shown = seen(app)
        assert said in shown, [line for line in shown.splitlines() if "2026" in line]
