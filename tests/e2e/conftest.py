"""The browser tests share one Chromium per module (tests/e2e/test_browser.py: Browser)."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True, scope="module")
def one_browser_per_module():
    yield
    shared = sys.modules.get("tests.e2e.test_browser")
    if shared is not None and hasattr(shared, "BROWSER"):
        shared.BROWSER.quit()
