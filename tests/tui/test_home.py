"""The home screen by keys and mouse: the actions list and the last matches."""

import pytest

from scorekeeper.i18n.errors import error_text
from scorekeeper.tui.history.table import HistoryTable
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from scorekeeper.tui.widgets.picklist import PickList
from tests.support import notified, screen_lines, until
from tests.tui.conftest import (
    enter_deal,
    make_app,
    open_sheet,
    screen_text,
    settle,
    stored_match,
)

pytestmark = pytest.mark.usefixtures("frozen_store")


async def test_without_a_match_in_progress_the_cursor_skips_resume(folder, history):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", PickList)
        assert menu.item("resume").disabled and menu.highlighted_key == "new_match"
        await pilot.press("up")  # nothing above but the disabled Resume: the cursor stays
        assert menu.highlighted_key == "new_match"
        await pilot.press("down", "down")
        assert menu.highlighted_key == "rules"
        await pilot.press("end")
        assert menu.highlighted_key == "quit"
        await pilot.press("home")
        assert menu.highlighted_key == "new_match"
        assert "No match in progress. Press n to start one." in screen_text(app)
        assert "No match yet." in screen_text(app)  # not column titles over an empty list


async def test_enter_on_an_action_does_it(folder, history):
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "enter")  # New match → History → Rules
        await settle(pilot)
        assert type(app.screen).__name__ == "RulesScreen"


async def test_resume_is_offered_with_the_round_and_deal_and_enter_resumes(folder, history):
    stored = stored_match(history, deals=[(7, 3, 0), (3, 3, 4), (4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", PickList)
        assert menu.highlighted_key == "resume" and not menu.item("resume").disabled
        assert "round 2, deal 4 — press r" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen) and app.screen.match_id == stored.id


async def test_the_last_matches_open_by_keys_and_by_click(folder, history):
    older = stored_match(history, deals=[(4, 3, 3)], name="Samedi")
    newer = stored_match(history, players=("Zoé", "Yves", "Xavier"))
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        recent = app.screen.query_one("#recent", PickList)
        assert [item.key for item in recent.items] == [newer.id, older.id]
        assert "Match" in str(recent.header) and "Status" in str(recent.header)
        assert "Zoé · Yves · Xavier" in str(recent.items[0].text)
        await pilot.press("tab", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen) and app.screen.match_id == older.id
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        # The first match, under the list's title and its header: the lines the user sees.
        top = recent.items_top
        assert "Last matches" in recent.render_line(top - 2).text
        assert "Zoé" in recent.render_line(top).text
        await pilot.click("#recent", offset=(3, top))
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen) and app.screen.match_id == newer.id


async def test_a_long_match_name_never_pushes_the_date_off_screen(folder, history):
    stored_match(history, name="La très longue soirée du vendredi chez les Dupont-Lajoie")
    app = make_app(folder)
    for width in (80, 110):
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            recent = app.screen.query_one("#recent", PickList)
            line = recent.render_line(recent.items_top).text  # (the first match)
            assert line.rstrip().endswith("14 Mar 2026"), (width, line)
            assert "…" in line
        app = make_app(folder)


async def test_the_last_matches_are_dated_in_local_time_as_the_history_dates_them(
        folder, history, monkeypatch):
    """Played at 20:30 UTC, that is 01:30 the next day five hours east: home said the 14th
    (the stored UTC date) where the History screen said the 15th."""
    import time

    stored_match(history)
    monkeypatch.setenv("TZ", "XYZ-5")  # (POSIX: five hours ahead of UTC)
    time.tzset()
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        recent = app.screen.query_one("#recent", PickList)
        line = recent.render_line(recent.items_top).text
        assert line.rstrip().endswith("15 Mar 2026"), line


@pytest.mark.parametrize("lang, played, started, fifth, third", [
    ("en", "Played", "Date", "5 Mar 2026", "3 Mar 2026"),
    ("fr", "Jouée le", "Date", "5 mars 2026", "3 mars 2026")])
async def test_home_dates_a_match_by_its_last_deal_and_says_so(folder, history, monkeypatch,
                                                              lang, played, started, fifth,
                                                              third):
    """Started on the 2nd, last played on the 5th: home (the last matches, the latest played
    first, as Resume offers the latest played) says "Played 5 Mar 2026" and lists it above a
    match begun on the 3rd; the History screen dates it by its last deal too, as each
    language writes a date."""
    import scorekeeper.store.history as history_module

    monkeypatch.setattr(history_module, "now", lambda: "2026-03-02T20:30:00.000Z")
    resumed = stored_match(history)
    monkeypatch.setattr(history_module, "now", lambda: "2026-03-03T20:30:00.000Z")
    stored_match(history, players=("Zoé", "Yves", "Xavier"))
    monkeypatch.setattr(history_module, "now", lambda: "2026-03-05T21:00:00.000Z")
    history.add_deal(resumed.id, (4, 3, 3))
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        recent = app.screen.query_one("#recent", PickList)
        header, first, second = (recent.render_line(y).text
                                 for y in range(recent.items_top - 1, recent.items_top + 2))
        assert header.rstrip().endswith(played) and first.rstrip().endswith(fifth)
        assert header.rindex(played) == first.rindex(fifth)  # (the date under its title)
        assert "Amélie" in first and "Zoé" in second and second.rstrip().endswith(third)
        await pilot.press("h")
        await settle(pilot)
        table = app.screen.query_one(HistoryTable)
        assert started in str(table.ordered_columns[0].label)
        rows = [" ".join(map(str, table.get_row_at(y))) for y in range(table.row_count)]
        assert rows[0].startswith(fifth) and "Amélie" in rows[0], rows


async def test_coming_back_home_shows_matches_stored_meanwhile(folder, history):
    stored_match(history, name="Samedi")
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        assert "Samedi" in screen_text(app) and "Dimanche" not in screen_text(app)
        await pilot.press("l")  # the rules screen, while another window stores a match
        await settle(pilot)
        stored_match(history, name="Dimanche", deals=[(4, 3, 3)])
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        text = screen_text(app)
        assert "Dimanche" in text and "round 1, deal 2 — press r" in text


@pytest.mark.parametrize("early", [False, True], ids=["as Textual starts", "before"])
async def test_a_slow_history_is_read_once_at_start_and_then_listed(folder, history,
                                                                    monkeypatch, early):
    """A large history takes a while to list: home says it is reading it, does not read it
    a second time meanwhile, and lists it when it is ready; `r` pressed meanwhile resumes
    the match in progress once it is known (never "No match in progress"). The same when
    the history was being opened before the app ran (`vicaire` asks `open_early`)."""
    import threading

    from textual.worker import NoActiveWorker, get_current_worker

    from scorekeeper.store import History

    stored_match(history, name="Samedi")
    reads = []
    real = History.summaries
    read_may_end = threading.Event()

    def slow(self):
        try:  # the Textual worker that read it (the app's opener: "vicaire-open")
            reads.append(get_current_worker().name)
        except NoActiveWorker:
            reads.append(threading.current_thread().name)
        read_may_end.wait(timeout=30)  # until the test has seen "Reading the history…"
        return real(self)

    monkeypatch.setattr(History, "summaries", slow)
    app = make_app(folder)
    if early:
        app.open_early()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Reading the history…" in screen_text(app)
        await pilot.press("r")  # as soon as the key bar shows
        read_may_end.set()
        await until(pilot, lambda: isinstance(app.screen, SheetScreen))
        assert app.screen.stored.name == "Samedi"
        assert "No match in progress." not in notified(app)
        assert reads == ["vicaire-open"]  # only the worker that opened the history read it


@pytest.mark.parametrize(("size", "hint"), [((110, 34), "press r"), ((46, 24), "tap Resume")],
                         ids=["terminal", "phone"])
async def test_a_history_read_before_the_app_runs_is_listed_in_home_first_frame(
        folder, history, monkeypatch, size, hint, frames_drawn):
    """`vicaire` starts reading the history before Textual starts (`open_early`): once read,
    home's very first frame lists the last matches, never "Reading the history…"."""
    from textual.app import App

    stored_match(history, name="Samedi", deals=[(4, 3, 3)])
    app = make_app(folder)
    app.open_early()
    app._opening.join(timeout=30)  # (read before the app runs: what a small history gives)
    frames = []
    real = App._display

    def display(app_, screen, renderable):
        if renderable is not None and isinstance(screen, HomeScreen) and screen.children:
            frames.append(screen_text(app_))
        real(app_, screen, renderable)

    monkeypatch.setattr(App, "_display", display)  # (each frame Textual draws)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
    assert "Samedi" in frames[0] and "Reading the history…" not in frames[0]
    assert f"round 1, deal 2 — {hint}" in frames[0]  # (keys said; on a phone, taps)


async def test_a_history_that_cannot_be_opened_is_reported_on_home(folder, monkeypatch):
    """Opening the history fails on the thread that opens it at start-up: home says why in
    plain words (the same refusal, met again on its own read) instead of loading forever."""
    import asyncio

    from scorekeeper.errors import VicaireError
    from scorekeeper.store import History

    def refuse(self, folder=None):
        raise VicaireError("store.busy")

    monkeypatch.setattr(History, "__init__", refuse)
    app = make_app(folder)
    async with app.run_test(size=(110, 34)) as pilot:
        await asyncio.wait_for(settle(pilot), timeout=10)
        assert error_text(VicaireError("store.busy"), "en") in screen_text(app)


async def test_a_screen_that_cannot_be_loaded_says_why_and_home_stays(folder, monkeypatch):
    """Seen when Vicaire was updated while open: the History screen's module no longer
    matched the running app's, and the app said "Not available yet."."""
    import importlib

    import scorekeeper.tui.app as app_module

    real = importlib.import_module

    def updated_meanwhile(name, *args):
        if name == "scorekeeper.tui.history.screen":
            raise ImportError("cannot import name 'local_date' from 'scorekeeper.i18n.dates'")
        return real(name, *args)

    monkeypatch.setattr(app_module.importlib, "import_module", updated_meanwhile)
    app = make_app(folder)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert notified(app) == ["This screen could not be loaded: Vicaire was probably updated "
                                 "while open. Quit it and start it again."]


@pytest.mark.parametrize("size", [(100, 13), (80, 18)])
async def test_a_short_window_shows_the_whole_menu(folder, history, size):
    """Up to 20 lines the title takes one line and the subtitle goes: every action of the
    menu shows (at 100×13 the last four were below the window's edge)."""
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder, lang="fr")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", PickList)
        assert app.screen.region.contains_region(menu.region)
        assert menu.region.height - menu.items_top == len(menu.items) >= 8
        assert "Quitter" in str(menu.items[-1].text)
        lines = screen_lines(app)
        assert "VICAIRE" in lines[0] and not any("╔" in line for line in lines)
        assert not any("Feuille de marque" in line for line in lines)
        await pilot.resize_terminal(80, 24)  # a taller window: the title in its frame again
        await settle(pilot)
        lines = screen_lines(app)
        top = next(i for i, line in enumerate(lines) if "╔" in line)
        assert "VICAIRE" in lines[top + 1] and "╚" in lines[top + 2]
        assert "Feuille de marque" in lines[top + 3]


async def test_the_name_is_framed_again_when_only_the_height_grows(folder, history):
    """The menu's heading follows the window's height alone: from 18 lines to 24 at the same
    width, the name gets its frame and the subtitle comes back; and back again."""
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 18)) as pilot:
        await settle(pilot)
        for size, framed in (((80, 24), True), ((80, 18), False)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            lines = screen_lines(app)
            assert any("╔" in line for line in lines) is framed, lines
            assert any("Score sheet for Le vicaire" in line for line in lines) is framed
            menu = app.screen.query_one("#menu", PickList)
            assert app.screen.region.contains_region(menu.region)


async def test_the_french_subtitle_breaks_before_du_vicaire_and_is_centred(folder):
    """At 80×24 the French subtitle was cut after "du", its two lines flush left under the
    centred title: "Feuille de marque du" / "vicaire". Now "du vicaire" stays together and
    each line is centred under the title."""
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = [line.replace("\xa0", " ") for line in screen_lines(app)]
        first = next(i for i, line in enumerate(lines) if "Feuille de marque" in line)
        assert lines[first].split("Feuille de marque")[1][:3].strip() == "", lines[first]
        second = lines[first + 1]
        assert second.lstrip().startswith("du vicaire"), second
        title = next(line for line in lines if "VICAIRE" in line)
        centre = (title.index("V") + title.index("E", title.index("V")) + 1) / 2
        for line, words in ((lines[first], "Feuille de marque"), (second, "du vicaire")):
            start = line.index(words)
            assert abs(start + len(words) / 2 - centre) <= 1, line


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_home_after_the_match_ends_offers_no_resume(folder, history, lang):
    """The match just won is no longer in progress: home's menu names no match, its text
    says there is none, and `r` says so too: one truth."""
    stored_match(history, players=("Marie-Christine-Anaïs", "Jean-Baptiste-Édouard", "Éric"),
                 deals=[(10, 0, 0), (2, 5, 3), (0, 5, 5)], target=60)
    app = make_app(folder, lang=lang)
    none = "No match in progress." if lang == "en" else "Aucune partie en cours."
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        menu = app.screen.app.screen_stack[0].query_one("#menu")
        assert "Marie-Chri" in str(menu.items[0].text)
        await enter_deal(pilot, "10 0 0")  # the match is won
        await pilot.press("enter", "escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "Marie" not in str(app.screen.query_one("#menu").items[0].text)
        assert none in screen_text(app)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert notified(app)[-1] == none
