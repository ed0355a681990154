"""`benchmarks/bench_app.py` opens each screen it times, the real app under Textual's pilot,
on the history it benchmarks (a match in progress): a screen it waits for and never sees
would hang the benchmark (the new match form, behind the question about the match in
progress, once did)."""

from __future__ import annotations

import asyncio
import importlib.util
from functools import cache
from pathlib import Path

import pytest

from scorekeeper.rules import Match
from scorekeeper.store import History

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_app.py"


@cache  # (read once per test process, not once per screen)
def bench_app():
    spec = importlib.util.spec_from_file_location("bench_app", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("screen", ["SheetScreen", "NewMatchScreen", "HistoryScreen",
                                    "RulesScreen", "CheckDealScreen"])
async def test_each_screen_the_benchmark_times_opens(tmp_path, screen, frames_drawn):
    bench = bench_app()
    History(tmp_path).create(Match(("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),)))
    [(before, key)] = [(before, key) for before, key, name, _ in bench.SCREENS if name == screen]
    try:
        wall, cpu, settled = await asyncio.wait_for(
            bench.open_first_time(str(tmp_path), before, key, screen), timeout=60)
    except asyncio.TimeoutError:
        pytest.fail(f"bench_app waited a minute for {screen}, which never showed")
    assert 0 < cpu <= settled and wall > 0
