"""The CSV score sheet: a row per deal and a last row of match points, names as written,
numbers as numbers, no spreadsheet formulas, CRLF line ends."""

from __future__ import annotations

import csv
import io

from scorekeeper.formats.csvsheet import csv_sheet
from scorekeeper.rules import Match, RuleSet, replay


def rows(match: Match, lang: str = "en") -> list[list[str]]:
    sep = ";" if lang == "fr" else ","  # a French sheet separates its cells with ';'
    return list(csv.reader(io.StringIO(csv_sheet(replay(match), lang), newline=""),
                           delimiter=sep))


def test_one_row_per_deal_then_the_match_points() -> None:
    sheet = rows(Match(("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3), (6, 2, 2))))
    assert sheet[0] == ["Deal", "Round", "Dealer", "Amélie tricks", "Bruno tricks",
                        "Chloé tricks", "Amélie total", "Bruno total", "Chloé total",
                        "Amélie points", "Bruno points", "Chloé points", "What happened"]
    assert sheet[1] == ["1", "1", "Amélie", "4", "3", "3", "4", "3", "3", "0", "0", "0", ""]
    assert sheet[2] == ["2", "1", "Bruno", "6", "2", "2", "10", "5", "5", "50", "0", "0",
                        "Amélie wins at 10: +50"]
    assert sheet[3] == ["Match points", "", "", "", "", "", "", "", "", "50", "0", "0", ""]
    assert len(sheet) == 4


def test_the_last_row_names_the_winner() -> None:
    won = Match(("Amélie", "Bruno", "Chloé"), RuleSet(target=50),
                deals=((4, 3, 3), (0, 0, 10)))
    sheet = rows(won)
    assert sheet[-2][-1] == "Chloé wins the match"  # the deal that won it
    assert sheet[-1] == ["Match points", *[""] * 8, "0", "0", "50", "Chloé wins the match"]
    assert rows(won, "fr")[-1][-1] == "Chloé gagne la partie"


def test_an_empty_match_has_its_header_and_a_row_of_zeros() -> None:
    sheet = rows(Match(("A", "B", "C")))
    assert len(sheet) == 2 and sheet[1][9:] == ["0", "0", "0", ""]


def test_crlf_line_ends_and_numbers_written_as_numbers() -> None:
    text = csv_sheet(replay(Match(("Amélie", "Bruno", "Chloé"), deals=((4, 3, 3),))))
    lines = text.split("\r\n")
    assert lines[-1] == "" and all("\n" not in line for line in lines)
    assert lines[1] == "1,1,Amélie,4,3,3,4,3,3,0,0,0,"


def test_french_headers_and_last_row() -> None:
    sheet = rows(Match(("Amélie", "Bruno", "Chloé"), deals=((0, 10, 0),)), "fr")
    assert sheet[0] == ["Donne", "Manche", "Donneur", "Plis d'Amélie", "Plis de Bruno",
                        "Plis de Chloé", "Total d'Amélie", "Total de Bruno", "Total de Chloé",
                        "Points d'Amélie", "Points de Bruno", "Points de Chloé",
                        "Ce qui s'est passé"]
    assert sheet[1][-1] == "Bruno gagne par un capot\u00a0: +50"
    assert sheet[2][0] == "Points de la partie" and sheet[2][9:] == ["0", "50", "0", ""]


def test_a_name_that_looks_like_a_formula_is_neutralised_everywhere() -> None:
    players = ("=SUM(A1)", "+Bruno", "@Chloé")
    won = Match(players, RuleSet(target=50), deals=((4, 3, 3), (6, 2, 2)))
    sheet = rows(won)
    assert sheet[0][3:6] == ["'=SUM(A1) tricks", "'+Bruno tricks", "'@Chloé tricks"]
    assert sheet[0][6] == "'=SUM(A1) total" and sheet[0][9] == "'=SUM(A1) points"
    assert sheet[1][2] == "'=SUM(A1)"  # the dealer
    assert sheet[2][-1] == "'=SUM(A1) wins the match"
    assert sheet[-1][-1] == "'=SUM(A1) wins the match"
    cells = [cell for row in sheet for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells)
    # In French the name is not at the start of the header, so it needs no quote there.
    assert rows(won, "fr")[0][3] == "Plis de =SUM(A1)"


def test_markup_in_a_name_is_written_as_typed() -> None:
    sheet = rows(Match(("[b]x[/b]", "Bruno", "Chloé"), deals=((4, 3, 3),)))
    assert sheet[0][3] == "[b]x[/b] tricks" and sheet[1][2] == "[b]x[/b]"
