"""The HTML score sheet: one self-contained page, names as text, in the language asked.

Read back with Python's html.parser, as a browser would read it; the page in a real
browser (a phone's width, an A4 page) is in tests/e2e/test_html_sheet_browser.py.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from scorekeeper.formats.export import export_name, write_export
from scorekeeper.formats.html_sheet import html_sheet
from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History
from tests.stats.hand_built import COMEBACK

EVIL = ("<b>Bob</b>", "Zoé & \"Léa\"", "<script>alert(1)</script>")


class Page(HTMLParser):
    """Every tag with its attributes, the text outside style, and the style sheet."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.style = ""
        self._in: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in ("meta", "br", "circle", "line", "rect", "polygon", "polyline"):
            self._in.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag in self._in:
            while self._in.pop() != tag:
                pass

    def handle_data(self, data):
        if "style" in self._in:
            self.style += data
        else:
            self.text.append(data)

    @property
    def words(self) -> str:
        return " ".join(" ".join(self.text).split())

    def named(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for name, attrs in self.tags if name == tag]


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "db")


def stored_comeback(history: History, players=("Amélie", "Bruno", "Chloé"), name="Dimanche"):
    times = tuple(f"2026-03-14T19:{2 * i:02d}:00.000Z" for i in range(len(COMEBACK.deals)))
    match = Match(players, COMEBACK.rules, deals=COMEBACK.deals)
    return history.create(match, name=name, deal_times=times)


def test_the_page_says_the_match_its_rounds_and_its_winner(history: History) -> None:
    stored = stored_comeback(history)
    page = Page(html_sheet(stored, "en"))
    words = page.words
    assert page.named("html")[0]["lang"] == "en"
    assert page.named("title") and "Dimanche" in words
    assert "14 Mar 2026" in words and "played for 28 mins" in words
    assert "Amélie wins the match" in words
    assert len(page.named("tr")) == (1 + 3) + (1 + 7)  # final points, then seven rounds
    assert "1 Bruno on 10 2 +50" in words and "3 Bruno at 15 3 +20" in words
    assert "Amélie 4 200" in words and "Bruno 3 120" in words  # final points, rounds won
    svg = page.named("svg")
    assert len(svg) == 1 and len(page.named("polyline")) == 3
    assert "Score kept with Vicaire · match " + stored.id in words


def test_the_page_loads_nothing_and_runs_nothing(history: History) -> None:
    page = Page(html_sheet(stored_comeback(history), "fr"))
    tags = {name for name, _ in page.tags}
    assert not tags & {"script", "link", "img", "iframe", "object", "embed", "base", "audio",
                       "video", "source", "use", "image", "form"}
    for name, attrs in page.tags:
        for key, value in attrs.items():
            assert key not in ("src", "href", "srcset", "action", "xlink:href"), (name, key)
            assert not key.startswith("on"), (name, key)  # no event handler
            assert "url(" not in (value or ""), (name, key)
    assert "url(" not in page.style and "@import" not in page.style
    assert "@font-face" not in page.style
    assert "@page" in page.style and "@media print" in page.style
    assert page.named("meta")[1] == {"name": "viewport",
                                      "content": "width=device-width, initial-scale=1"}
    assert [a["xmlns"] for a in page.named("svg")] == ["http://www.w3.org/2000/svg"]


def test_names_are_shown_as_text_never_as_markup(history: History) -> None:
    stored = stored_comeback(history, players=EVIL, name="<i>Le soir</i> & </title>")
    text = html_sheet(stored, "en")
    page = Page(text)
    assert {name for name, _ in page.tags} <= {
        "html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "table", "tr",
        "th", "td", "span", "div", "figure", "svg", "line", "text", "polyline", "circle",
        "polygon", "rect", "ul", "li", "footer"}
    words = page.words
    for name in EVIL:
        assert name in words
    assert "<i>Le soir</i> & </title>" in words
    assert f"{EVIL[0]} wins the match" in words  # the first seat won
    assert f"{EVIL[0]} 4 200" in words
    assert "<script>" not in text and "<b>" not in text


def test_in_french(history: History) -> None:
    page = Page(html_sheet(stored_comeback(history), "fr"))
    words = page.words
    assert page.named("html")[0]["lang"] == "fr"
    assert "14 mars 2026" in words and "jouée en 28\u00a0min" in " ".join(page.text)
    assert "Amélie gagne la partie" in words
    assert "Manches" in words and "Bruno à 10 2 +50" in words and "à 15" in words
    assert "Points de la partie après chaque donne" in words


def test_a_match_in_progress_without_times(history: History) -> None:
    stored = history.create(Match(("A", "B", "C"), RuleSet(), deals=((4, 3, 3),)))
    words = Page(html_sheet(stored, "en")).words
    assert "Match in progress" in words and "No round won yet." in words
    assert "played for" not in words
    assert "Points so far" in words and "Final points" not in words  # (not final yet)


@pytest.mark.parametrize(("lang", "going", "ended"), [("en", "Points so far", "Final points"),
                                                      ("fr", "Points provisoires",
                                                       "Points finals")])
def test_only_a_match_that_ended_has_final_points(history: History, lang, going,
                                                  ended) -> None:
    names = ("Jean-Baptiste-Édouard", "Marie-Christine", "Anaïs")
    stored = history.create(Match(names, RuleSet(), deals=((4, 3, 3), (6, 2, 2))))
    page = " ".join(Page(html_sheet(stored, lang)).text)
    assert going in page and ended not in page
    abandoned = history.abandon(stored.id)
    page = " ".join(Page(html_sheet(abandoned, lang)).text)
    assert ended in page and going not in page
    assert ended in " ".join(Page(html_sheet(stored_comeback(history), lang)).text)


def test_the_app_writes_it_beside_the_other_exports(history: History, tmp_path: Path) -> None:
    stored = stored_comeback(history)
    path = write_export(stored, "html", tmp_path / "exports", "fr")
    assert path.name == export_name(stored, "html") and path.suffix == ".html"
    assert path.read_text(encoding="utf-8") == html_sheet(stored, "fr")
