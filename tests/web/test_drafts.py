"""What a tab typed on the sheet and has not recorded, kept by the server for that tab alone
(scorekeeper/web/drafts.py): given back to its next app on the same match, never to another
tab, dropped once recorded, wiped, left, quit, or stale."""

from __future__ import annotations

import pytest

from scorekeeper.web import drafts as drafts_module
from scorekeeper.web.drafts import Drafts

TAB = "0123456789abcdef" * 2
OTHER = "fedcba9876543210" * 2
MATCH = "1a2b3c4d"


def told(slot, text: str, match: str = MATCH, revision: int = 3) -> None:
    slot.told(f"vicaire:draft/{match}/{revision}/{text}")


def test_a_reconnecting_tab_gets_its_counts_back_on_the_same_match():
    drafts = Drafts()
    first = drafts.claim(TAB, MATCH)
    assert first.handed == ""
    told(first, "4 3")
    again = drafts.claim(TAB, MATCH)
    assert again.handed == f"{MATCH}/3/4 3"


def test_another_tab_or_another_match_gets_nothing():
    drafts = Drafts()
    told(drafts.claim(TAB, MATCH), "433")
    assert drafts.claim(OTHER, MATCH).handed == ""
    assert drafts.claim(TAB, "99999999").handed == ""  # the tab now shows another match
    assert drafts.claim(TAB, MATCH).handed == ""  # (and that dropped it)


def test_recorded_wiped_left_or_quit_keeps_nothing():
    drafts = Drafts()
    slot = drafts.claim(TAB, MATCH)
    told(slot, "433")
    told(slot, "")  # Enter recorded it: the entry emptied
    assert drafts.claim(TAB, MATCH).handed == ""
    slot = drafts.claim(TAB, MATCH)
    told(slot, "43")
    slot.shown("")  # the sheet closed (home)
    assert drafts.claim(TAB, MATCH).handed == ""
    slot = drafts.claim(TAB, MATCH)
    told(slot, "43")
    slot.ended()  # the app quit (the server asks only then)
    assert drafts.claim(TAB, MATCH).handed == ""


def test_only_the_newest_connection_of_a_tab_changes_its_draft():
    """A phone back from sleep connects again before the server has seen its old connection
    drop: the old app, stopped later, closes its sheet; that wipes nothing."""
    drafts = Drafts()
    old = drafts.claim(TAB, MATCH)
    told(old, "52")
    new = drafts.claim(TAB, MATCH)
    assert new.handed == f"{MATCH}/3/52"
    old.shown("")
    told(old, "")
    old.ended()
    assert drafts.claim(TAB, MATCH).handed == f"{MATCH}/3/52"


@pytest.mark.parametrize("url", [
    "vicaire:draft/1a2b3c4d/3/4x3",  # a letter
    "vicaire:draft/1a2b3c4d/3/" + "1" * 33,  # too long
    "vicaire:draft/1a2b/3/433",  # not a match id
    "vicaire:draft/1a2b3c4d/-1/433",
    "vicaire:draft/1a2b3c4d/3/433\n",
    "vicaire:draft/1a2b3c4d/433",
])
def test_what_is_not_a_draft_is_not_kept(url):
    drafts = Drafts()
    slot = drafts.claim(TAB, MATCH)
    told(slot, "43")
    slot.told(url)
    assert drafts.claim(TAB, MATCH).handed == f"{MATCH}/3/43"


@pytest.mark.parametrize("tab_id", ["", "-", "0123", TAB.upper(), TAB + "0", "../" + TAB[3:]])
def test_a_tab_without_a_proper_id_keeps_nothing(tab_id):
    assert Drafts().claim(tab_id, MATCH) is None


def test_drafts_are_bounded_in_number_and_time(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(drafts_module.time, "monotonic", lambda: clock[0])
    drafts = Drafts(keep_for=60, most=3)
    tabs = [f"{n:032x}" for n in range(5)]
    for tab in tabs:
        told(drafts.claim(tab, MATCH), "43")
    assert len(drafts.kept) == 3 and tabs[0] not in drafts.kept  # the oldest went first
    assert drafts.claim(tabs[4], MATCH).handed
    clock[0] += 61
    assert drafts.claim(tabs[4], MATCH).handed == ""  # stale
    assert drafts.kept == {}


# ---------------------------------------------------------------- the app's side


@pytest.fixture
def served_app(monkeypatch, tmp_path):
    """The real app on a real history, as a served tab's (what it tells the page kept)."""
    from scorekeeper.store import History
    from tests.support import served_urls
    from tests.tui.conftest import make_app, stored_match

    told_urls = served_urls(monkeypatch)
    folder = tmp_path / "history"
    stored = stored_match(History(folder), deals=[(4, 3, 3)])
    return make_app(folder), stored, told_urls


@pytest.mark.parametrize("kept", ["same revision", "a deal recorded since", "another match"])
async def test_the_sheet_puts_back_what_the_tab_had_typed_if_nothing_was_recorded_since(
        served_app, monkeypatch, kept):
    from scorekeeper.tui.served import ENTRY_DRAFT
    from scorekeeper.tui.sheet.screen import SheetScreen
    from tests.tui.conftest import settle

    app, stored, _told = served_app
    revision = stored.revision - (kept == "a deal recorded since")
    match = stored.id if kept != "another match" else "99999999"
    monkeypatch.setenv(ENTRY_DRAFT, f"{match}/{revision}/5 2")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_match(stored.id)
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        value = app.screen.query_one("#entry").value
        assert value == ("5 2" if kept == "same revision" else "")
        await pilot.press("escape")
        await settle(pilot)
        app.open_match(stored.id)  # given once: a sheet opened later starts empty
        await settle(pilot)
        assert app.screen.query_one("#entry").value == ""


async def test_the_sheet_tells_every_change_of_its_entry_line_until_recorded(served_app):
    from tests.tui.conftest import open_sheet, settle, type_text

    app, stored, told = served_app
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_sheet(pilot)
        await type_text(pilot, "43")
        await pilot.press("backspace")
        await type_text(pilot, " 3 3")
        await pilot.press("enter")
        await settle(pilot)
        assert sheet.stored.match.deals == ((4, 3, 3), (4, 3, 3))
    drafts = [url for url in told if url.startswith("vicaire:draft/")]
    base = f"vicaire:draft/{stored.id}/{stored.revision}/"
    assert drafts == [base + text for text in ("4", "43", "4", "4 ", "4 3", "4 3 ", "4 3 3", "")]


# ---------------------------------------------------------------- the server's tab


async def test_a_tab_keeps_its_apps_drafts_and_tells_the_page_nothing_of_them(monkeypatch):
    """What the app says of its entry line stays on the server (the page is told which match
    it shows, never the counts); once the connection has ended, what the app says as it is
    stopped (its sheet closing) changes nothing; an app that quit takes its draft along."""
    import json

    from scorekeeper.web.tab import Tab

    page: list[str] = []

    async def to_page(text: str) -> None:
        page.append(text)

    async def nothing(*_args) -> None:
        return None

    def tab(slot, shown: str = "") -> Tab:
        return Tab(["true"], shown=shown, slot=slot, write_bytes=nothing, write_str=to_page,
                   close=nothing, download_manager=None)

    def meta(url: str) -> bytes:
        return json.dumps({"type": "open_url", "url": url, "new_tab": True}).encode()

    drafts = Drafts()
    first = tab(drafts.claim(TAB, MATCH))
    await first.on_meta(meta(f"vicaire:shown/{MATCH}"))
    await first.on_meta(meta(f"vicaire:draft/{MATCH}/3/5 2"))
    assert page == [json.dumps(["vicaire_shown", MATCH])]
    first.let_go()  # the connection dropped
    await first.on_meta(meta("vicaire:shown/"))  # the app, stopped, closes its sheet
    await first.on_meta(meta(f"vicaire:draft/{MATCH}/3/"))
    again = tab(drafts.claim(TAB, MATCH), shown=MATCH)  # the tab's next app, on the match
    assert again._build_environment()["VICAIRE_ENTRY_DRAFT"] == f"{MATCH}/3/5 2"
    assert "VICAIRE_ENTRY_DRAFT" not in first._build_environment()
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    assert again._build_environment()["MALLOC_ARENA_MAX"] == "1"  # (memory: one arena)
    await again.on_meta(json.dumps({"type": "exit"}).encode())  # the user quit
    again.let_go()
    assert drafts.claim(TAB, MATCH).handed == ""
    # A spectators' tab has no slot: a draft its app would tell is not passed on either.
    board = tab(None)
    page.clear()
    await board.on_meta(meta(f"vicaire:draft/{MATCH}/3/5 2"))
    assert page == []
