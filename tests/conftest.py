"""Fixtures for every test."""

from __future__ import annotations

import compileall
import os
import time
from pathlib import Path

import pytest


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the package's bytecode once, before the workers start: hundreds of tests run
    `vicaire` in a fresh Python, and where PYTHONDONTWRITEBYTECODE is set each of them would
    otherwise compile every module it imports again."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        package = Path(__file__).resolve().parent.parent / "scorekeeper"
        compileall.compile_dir(package, quiet=1)


@pytest.fixture(autouse=True)
def local_time_zone_restored():
    """Tests that set TZ and call time.tzset() leave the next test the machine's zone."""
    saved = os.environ.get("TZ")
    yield
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    if hasattr(time, "tzset"):
        time.tzset()
