"""Pictures of the statistics, records and head-to-head screens at 80×24 and on a phone (46
columns), in English and French: each whole (title, table, the line below, the key bar)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.conftest import make_app
from tests.tui.test_history_snapshots import keys

SIZES = {"80x24": (80, 24), "phone": (46, 24)}


pytestmark = pytest.mark.usefixtures("utc")  # dates as stored


@pytest.fixture
def folder(sample_folder: Path) -> Path:
    return sample_folder


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("screen", ["stats", "records", "rivals"])
def test_statistics_screens(snap_compare, folder: Path, screen: str, lang: str,
                            size: str) -> None:
    pressed = {"stats": ("h", "t"), "records": ("h", "t", "r"),
               "rivals": ("h", "t", "v")}[screen]
    assert snap_compare(make_app(folder, lang=lang), terminal_size=SIZES[size],
                        run_before=keys(*pressed))
