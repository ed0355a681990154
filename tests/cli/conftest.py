"""The command-line tests' fork servers (tests/cli/forkserver.py) stop with the session."""

from __future__ import annotations

from tests.cli import forkserver


def pytest_sessionfinish(session, exitstatus):
    forkserver.stop_all()
