"""Pictures of the history, review (with its chart), statistics and rules screens."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import until_steady
from tests.tui.conftest import make_app, settle

SIZE = (110, 34)
SMALL = (80, 24)


pytestmark = pytest.mark.usefixtures("utc")  # dates as stored


@pytest.fixture
def folder(sample_folder: Path) -> Path:
    return sample_folder


def keys(*pressed: str):
    """run_before: settle, press each key, settle; then until the screen stops changing (a
    table filled by a worker widens its columns and drops its loading indicator when the app
    next goes idle, which a busy machine can put late)."""
    async def run(pilot) -> None:
        await settle(pilot)
        for key in pressed:
            await pilot.press(key)
            await settle(pilot)
        await until_steady(pilot, pilot.app.export_screenshot)
    return run


def test_history(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=keys("h"))


def test_history_french_80x24(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder, lang="fr"), terminal_size=SMALL,
                        run_before=keys("h", "2"))


def test_review_with_chart(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder), terminal_size=SIZE,
                        run_before=keys("h", "down", "down", "down", "enter"))


def test_review_80x24(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder), terminal_size=SMALL,
                        run_before=keys("h", "down", "down", "down", "enter"))


def test_stats(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=keys("h", "t"))


def test_stats_french_80x24(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder, lang="fr"), terminal_size=SMALL, run_before=keys("h", "t"))


def test_rules_english(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder), terminal_size=SIZE, run_before=keys("l"))


def test_rules_french_80x24(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder, lang="fr"), terminal_size=SMALL,
                        run_before=keys("l", "pagedown", "pagedown"))


def test_history_english_80x24(snap_compare, folder: Path) -> None:
    assert snap_compare(make_app(folder), terminal_size=SMALL, run_before=keys("h"))
