"""Fixtures for every test."""

from __future__ import annotations

import os
import time

import pytest


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
