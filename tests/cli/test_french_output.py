"""What the command line prints in French, read as a French reader reads it: names that start
with a vowel elided (d'Amélie, d'Éric), no-break spaces before : ; ! ? %, plurals by number,
and a CSV sheet that a French spreadsheet opens as columns."""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.cli.runner import run_vicaire

ROOT = str(Path(__file__).resolve().parents[2])
VOWEL_NAMES = ("Amélie", "Éric", "Odile")


@pytest.fixture
def vicaire(tmp_path: Path):
    env = {**os.environ, "VICAIRE_DB": str(tmp_path / "db"), "LANG": "fr_FR.UTF-8",
           "PYTHONPATH": ROOT, "COLUMNS": "200"}
    env.pop("LC_ALL", None)

    def vicaire(*args: str) -> str:
        proc = run_vicaire([*args], capture_output=True,
                           env=env, stdin=subprocess.DEVNULL, timeout=60)
        assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr
        return proc.stdout.decode("utf-8")
    return vicaire


def new_match(vicaire, deals=("4 3 3", "10 0 0", "0 10 0")) -> str:
    match_id = vicaire("new", *VOWEL_NAMES, "--target", "500").strip().splitlines()[-1]
    for deal in deals:
        vicaire("add", match_id, *deal.split())
    return match_id


def test_a_french_csv_opens_as_columns_with_semicolons(vicaire):
    match_id = new_match(vicaire)
    text = vicaire("export", match_id, "--format", "csv", "--lang", "fr")
    assert csv.Sniffer().sniff(text.splitlines()[0]).delimiter == ";"
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    assert {len(row) for row in rows} == {13}
    assert rows[0][:3] == ["Donne", "Manche", "Donneur"]
    assert rows[2][-1] == "Amélie gagne par un capot\u00a0: +50"
    english = vicaire("export", match_id, "--format", "csv", "--lang", "en")
    assert english.splitlines()[0].startswith("Deal,Round,Dealer,")
    chosen = vicaire("export", match_id, "--format", "csv", "--lang", "fr", "--sep", ",")
    assert chosen.splitlines()[0].startswith("Donne,Manche,Donneur,")
    tabs = vicaire("export", match_id, "--format", "csv", "--sep", "tab")
    assert tabs.splitlines()[0].startswith("Donne\tManche\tDonneur\t")


def test_french_csv_headers_say_whose_tricks_with_elision(vicaire, tmp_path):
    match_id = new_match(vicaire, deals=("4 3 3",))
    path = tmp_path / "feuille.csv"
    vicaire("export", match_id, "--format", "csv", "--lang", "fr", "-o", str(path))
    with path.open(encoding="utf-8-sig", newline="") as fp:
        header = next(csv.reader(fp, delimiter=";"))
    assert header[3:12] == ["Plis d'Amélie", "Plis d'Éric", "Plis d'Odile",
                            "Total d'Amélie", "Total d'Éric", "Total d'Odile",
                            "Points d'Amélie", "Points d'Éric", "Points d'Odile"]
    english = vicaire("export", match_id, "--format", "csv", "--lang", "en")
    assert english.splitlines()[0].split(",")[3:6] == ["Amélie tricks", "Éric tricks",
                                                        "Odile tricks"]
    other = vicaire("new", "Bruno", "Yann", "Hélène").strip().splitlines()[-1]
    printed = vicaire("export", other, "--format", "csv", "--lang", "fr")
    assert printed.splitlines()[0].split(";")[3:6] == ["Plis de Bruno", "Plis de Yann",
                                                        "Plis d'Hélène"]


def french_problems(text: str) -> list[str]:
    """What a French reader would frown at in a printed text."""
    found = []
    for name in VOWEL_NAMES:
        for word in ("de", "que", "le", "la"):
            if re.search(rf"\b{word} {name}", text, re.IGNORECASE):
                found.append(f"{word} {name}")
    found += re.findall(r"\S+ [:;!?](?=\s|$)", text, re.MULTILINE)  # a plain space before
    found += re.findall(r"[^\W\d_]+[:;!?](?=\s|$)", text, re.MULTILINE)  # no space at all
    found += re.findall(r"\d ?%", text)
    found += re.findall(r"\(1 donnes\)|\b1 donnes\b|\b1 manches\b|\(s\)", text)
    return found


def test_show_replay_and_history_read_as_french(vicaire, tmp_path):
    match_id = new_match(vicaire, deals=("4 3 3", "10 0 0", "0 10 0", "5 5 0", "0 5 5"))
    shown = vicaire("show", match_id, "--lang", "fr")
    assert "Éric arrive à 10 et gagne la manche\u00a0: 50 points." in shown
    assert not french_problems(shown), french_problems(shown)
    path = tmp_path / "match.json"
    vicaire("export", match_id, "-o", str(path))
    replayed = vicaire("replay", str(path), "--lang", "fr")
    assert not french_problems(replayed), french_problems(replayed)
    listed = vicaire("history", "--lang", "fr")
    assert not french_problems(listed), french_problems(listed)
    one = new_match(vicaire, deals=("4 3 3",))
    listed = vicaire("history", "--lang", "fr")
    assert re.search(r"\b1 donne\b", listed) and not re.search(r"\b1 donnes\b", listed), listed
    assert one[:8] in listed


def test_plurals_by_number_on_the_command_line(vicaire):
    match_id = new_match(vicaire, deals=())
    for lang, zero in (("en", "0 deals"), ("fr", "0 donne")):
        listed = vicaire("history", "--lang", lang)
        assert zero in listed or match_id[:8] in listed


def test_the_reason_the_system_gives_is_said_in_french(vicaire, tmp_path):
    match_id = new_match(vicaire, deals=("4 3 3",))
    env = {**os.environ, "VICAIRE_DB": str(tmp_path / "db"), "PYTHONPATH": ROOT}
    target = tmp_path / "missing" / "sheet.csv"
    proc = run_vicaire(["export", match_id, "--format",
                        "csv", "-o", str(target), "--lang", "fr"], capture_output=True,
                       env=env, stdin=subprocess.DEVNULL, timeout=60)
    err = proc.stderr.decode("utf-8")
    assert proc.returncode == 2 and "Traceback" not in err
    assert err.endswith("\u00a0: fichier ou dossier introuvable\n"), err
    assert "No such file" not in err
