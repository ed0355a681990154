"""The CSV score sheet: a row per deal, names as written, no spreadsheet formulas."""

from __future__ import annotations

import csv
import io

from scorekeeper.csvsheet import csv_sheet
from scorekeeper.rules import Match, replay


def rows(match: Match, lang: str = "en") -> list[list[str]]:
    return list(csv.reader(io.StringIO(csv_sheet(replay(match), lang))))


def test_one_row_per_deal_with_totals_points_and_outcome() -> None:
    sheet = rows(Match(("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3), (6, 2, 2))))
    assert sheet[0] == ["deal", "round", "dealer", "Amélie tricks", "Bruno tricks",
                        "Chloé tricks", "Amélie total", "Bruno total", "Chloé total",
                        "Amélie points", "Bruno points", "Chloé points", "outcome"]
    assert sheet[1] == ["1", "1", "Amélie", "4", "3", "3", "4", "3", "3", "0", "0", "0", ""]
    assert sheet[2] == ["2", "1", "Bruno", "6", "2", "2", "10", "5", "5", "50", "0", "0",
                        "Amélie wins at 10: +50"]


def test_french_headers_and_a_name_that_looks_like_a_formula() -> None:
    sheet = rows(Match(("=SUM(A1)", "Bruno", "[b]x[/b]"), deals=((0, 10, 0),)), "fr")
    assert sheet[0][:4] == ["donne", "manche", "donneur", "'=SUM(A1) plis"]
    assert sheet[1][2] == "'=SUM(A1)"
    assert sheet[0][5] == "[b]x[/b] plis"
    assert sheet[1][-1] == "capot de Bruno : +50"
