"""`vicaire export ID --format html`: the page to share, to a file or standard output."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.formats.html_sheet import html_sheet
from scorekeeper.store import History
from tests.cli.runner import Vicaire
from tests.stats.hand_built import COMEBACK


def test_the_page_is_written_where_asked_in_the_language_asked(tmp_path: Path) -> None:
    vicaire = Vicaire(tmp_path / "db")
    stored = History(vicaire.db).create(COMEBACK, name="<b>Dimanche</b>")
    out = tmp_path / "sheet.html"
    vicaire("export", stored.id[:4], "--format", "html", "-o", out, "--lang", "fr")
    text = out.read_text(encoding="utf-8")
    assert text == html_sheet(History(vicaire.db).get(stored.id), "fr")
    assert text.startswith("<!DOCTYPE html>") and '<html lang="fr">' in text
    assert "&lt;b&gt;Dimanche&lt;/b&gt;" in text and "<b>" not in text
    printed = vicaire("export", stored.id, "--format", "html").stdout
    assert '<html lang="en">' in printed and "Amélie wins the match" in printed


def test_an_unknown_match_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()  # an empty history
    vicaire = Vicaire(tmp_path / "db")
    out = tmp_path / "sheet.html"
    proc = vicaire("export", "abcd1234", "--format", "html", "-o", out, ok=False)
    assert "abcd1234" in proc.stderr and not out.exists()
