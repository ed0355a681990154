"""The app's settings file: saved whole, damaged files ignored, choices remembered."""

import pytest

from scorekeeper.tui.settings import Settings, load_settings, save_settings, settings_path
from tests.tui.conftest import make_app, settle

pytestmark = pytest.mark.usefixtures("frozen_store")


def test_round_trip(tmp_path):
    assert save_settings(tmp_path, Settings(lang="fr", theme="nord"))
    assert load_settings(tmp_path) == Settings(lang="fr", theme="nord")
    assert not list(tmp_path.glob("*.tmp"))


def test_missing_or_damaged_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path) == Settings()
    settings_path(tmp_path).write_bytes(b"{\"lang\": \"fr\", ")
    assert load_settings(tmp_path) == Settings()
    settings_path(tmp_path).write_text("[1, 2]")
    assert load_settings(tmp_path) == Settings()
    settings_path(tmp_path).write_text('{"lang": 3, "theme": "nord"}')
    assert load_settings(tmp_path) == Settings(theme="nord")


async def test_language_and_theme_are_remembered(folder):
    folder.mkdir(parents=True)
    settings_path(folder).write_text("garbage")
    app = make_app(folder, lang=None)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert app.lang == "en"
        await pilot.press("f2")
        await settle(pilot)
        assert app.lang == "fr"
        app.theme = "nord"
        await settle(pilot)
    assert load_settings(folder) == Settings(lang="fr", theme="nord")
    again = make_app(folder, lang=None)
    async with again.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert again.lang == "fr"
        assert again.theme == "nord"
        assert "Reprendre" in str(again.screen.query_one("#menu").item("resume").text)
