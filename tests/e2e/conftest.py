"""The browser tests of a test process share one Chromium (tests/e2e/test_browser.py:
Browser), from the first browser test it runs to the last one before it goes on to other
tests (they run first, half of them in each of two test processes: tests/conftest.py)."""

from __future__ import annotations

import sys

import pytest


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    if nextitem is None or not nextitem.nodeid.startswith("tests/e2e/"):
        shared = sys.modules.get("tests.e2e.test_browser")
        if shared is not None and hasattr(shared, "BROWSER"):
            shared.BROWSER.quit()
