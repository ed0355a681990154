"""A phone's screen (48×40 cells, as `vicaire serve` gives a 390-pixel phone): every screen
keeps its essentials in view, and the sheet records a whole deal by taps alone."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input

from scorekeeper.i18n.outcomes import needs_text
from scorekeeper.tui.app import VicaireApp
from scorekeeper.tui.cards.check_deal import CheckDealScreen
from scorekeeper.tui.screens.board import BoardScreen
from scorekeeper.tui.sheet.edit_deal import EditDealScreen
from scorekeeper.tui.sheet.screen import SheetScreen
from scorekeeper.tui.sheet.tap_pad import TapPad
from tests.support import screen_lines, served_urls, until
from tests.tui.conftest import make_app, open_new_match, open_sheet, settle, stored_match

PHONE = (48, 40)


def visible(app) -> str:
    """What the terminal shows, as plain text (cut widgets show cut)."""
    return "\n".join(screen_lines(app))


def in_view(app, widget) -> bool:
    """The whole widget is on the screen (not cut by its width or height)."""
    region = widget.region
    return bool(region.width and region.height) and app.screen.region.contains_region(region)


async def test_every_screen_is_narrow_on_a_phone_and_wide_again_on_a_computer(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        assert app.screen.has_class("-narrow")
        await open_sheet(pilot)
        assert app.screen.has_class("-narrow")
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert not app.screen.has_class("-narrow")
        assert not app.screen.query_one(TapPad).display or not app.screen.query_one(
            TapPad).region.height


async def test_the_sheet_shows_each_players_total_needs_and_points(folder, history):
    stored_match(history, deals=[(4, 3, 3), (6, 2, 2), (2, 1, 7)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await open_sheet(pilot)
        shown = visible(app)
        state = app.screen.state
        for seat, name in enumerate(state.players):
            line = next(row for row in shown.splitlines()  # the panel's first line
                        if row.startswith("▌") and name in row)
            # the round total, before the name
            assert str(state.current.totals[seat]) in line.split(name)[0], line
            needs = "needs " + needs_text(state.current.needs[seat], state.current.totals[seat])
            assert needs in shown
            assert f"{state.points[seat]:>3}/500" in shown
        assert shown.count("/500") == 3
        for button in app.screen.query(Button):
            assert in_view(app, button), button.id
        assert in_view(app, app.screen.query_one("#entry", Input))


async def tap(pilot, seat: int, count: int) -> None:
    """Tap player `seat`'s button, then the count (the tap pad's two steps)."""
    await pilot.click(f"#tap-player-{seat}")
    await pilot.click(f"#tap-{count}")


async def test_a_whole_deal_recorded_by_taps_alone(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await open_sheet(pilot)
        await tap(pilot, 0, 5)
        await tap(pilot, 1, 2)  # Chloé's 3 is filled in
        entry = app.screen.query_one("#entry", Input)
        assert entry.value == "5 2 3"
        third = app.screen.query_one("#tap-player-2")
        assert third.has_class("-filled") and "Chloé 3" in str(third.label)
        assert app.focused is entry  # typing still goes to the entry line
        await pilot.click("#tap-record")
        await settle(pilot)
        assert history.get(stored.id).match.deals == ((4, 3, 3), (5, 2, 3))
        assert entry.value == ""
        assert not app.screen.query("#tap-pad .-chosen, #tap-pad .-filled")
        await pilot.click("#tap-undo")
        await settle(pilot)
        assert history.get(stored.id).match.deals == ((4, 3, 3),)
        await pilot.click("#tap-redo")  # as ctrl+y: the deal undone, recorded again
        await settle(pilot)
        assert history.get(stored.id).match.deals == ((4, 3, 3), (5, 2, 3))
        pad = app.screen.query_one("#tap-actions")
        for button in pad.children:  # four whole labels in the phone's width
            assert in_view(app, button) and str(button.label) in visible(app), button.id


async def test_counts_tapped_alone_go_to_each_player_in_turn(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await open_sheet(pilot)
        first, second = (app.screen.query_one(f"#tap-player-{seat}") for seat in (0, 1))
        assert first.has_class("-selected")  # the first player takes the first count
        await pilot.click("#tap-4")
        assert second.has_class("-selected") and not first.has_class("-selected")
        await pilot.click("#tap-3")
        assert app.screen.query_one("#entry", Input).value == "4 3 3"
        assert "Amélie 4" in str(first.label) and "Bruno 3" in str(second.label)
        await tap(pilot, 0, 6)  # a player tapped again: the count changes, the third follows
        assert app.screen.query_one("#entry", Input).value == "6 3 1"


async def test_taps_too_many_tricks_are_refused_and_typing_still_works(folder, history):
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await open_sheet(pilot)
        await tap(pilot, 0, 7)
        await tap(pilot, 2, 6)
        await pilot.click("#tap-record")
        await settle(pilot)
        assert "add up to 13" in str(app.screen.query_one("#entry-hint").render())
        assert history.get(stored.id).match.deals == ((4, 3, 3),)
        entry = app.screen.query_one("#entry", Input)
        entry.value = ""
        for key in ("1", "space", "8", "space", "1", "enter"):
            await pilot.press(key)
        await settle(pilot)
        assert history.get(stored.id).match.deals == ((4, 3, 3), (1, 8, 1))


async def test_correct_by_tap_opens_the_correction_with_its_buttons_in_view(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await open_sheet(pilot)
        await pilot.click("#tap-edit")
        await settle(pilot)
        assert isinstance(app.screen, EditDealScreen) and app.screen.has_class("-narrow")
        for button in app.screen.query(Button):
            assert in_view(app, button), button.id


async def test_round_won_dialog_on_a_phone_keeps_its_button_in_view(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await open_sheet(pilot)
        await tap(pilot, 0, 6)
        await tap(pilot, 1, 2)
        await pilot.click("#tap-record")
        await settle(pilot)
        assert "wins round 1" in visible(app)
        for button in app.screen.query(Button):
            assert in_view(app, button), button.id


async def test_home_new_match_and_board_keep_their_essentials_in_view(folder, history):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        shown = visible(app)
        assert "Resume" in shown and "New match" in shown and "Amélie" in shown
        await open_new_match(pilot)
        for field in ("#name-0", "#name-1", "#name-2"):
            assert in_view(app, app.screen.query_one(field)), field
        await pilot.press("escape")
        await settle(pilot)
    board = VicaireApp(folder=folder, lang="en", cursor_blink=False, poll=3600.0, board=True)
    async with board.run_test(size=PHONE) as pilot:
        await settle(pilot)
        assert isinstance(board.screen, BoardScreen)
        shown = visible(board)
        assert shown.count("/500") == 3 and shown.count("needs") == 3
        for name in ("Amélie", "Bruno", "Chloé"):
            assert name in shown


async def test_the_keyboard_asked_for_fits_the_focused_field(folder, history):
    from scorekeeper.tui.served import keyboard_for

    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        assert keyboard_for(app.focused) == "none"  # the home's menu: taps
        await open_new_match(pilot)
        assert keyboard_for(app.screen.query_one("#name-0")) == "text"
        assert keyboard_for(app.screen.query_one("#target")) == "numeric"
        await pilot.press("escape")
        await open_sheet(pilot)
        assert keyboard_for(app.focused) == "none"  # the tap pad takes the tricks
        await pilot.click("#tap-edit")
        await settle(pilot)
        assert keyboard_for(app.focused) == "numeric"  # the correction's tricks
    app = make_app(folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_sheet(pilot)
        assert keyboard_for(app.focused) == "numeric"  # a tablet: no pad, numbers to type


def keyboards(told: list[str]) -> list[str]:
    """The keyboards among what a served app told its page (`served_urls`), in order."""
    from scorekeeper.tui.served import KEYBOARD_URL

    return [url.removeprefix(KEYBOARD_URL) for url in told if url.startswith(KEYBOARD_URL)]


@pytest.mark.parametrize("size", [PHONE, (100, 30)])
async def test_back_at_once_from_a_sheet_opening_in_a_browser_is_no_fault(
        folder, history, monkeypatch, size):
    """Served in a browser, a tap on a match and Esc at once (before the sheet had taken its
    first turn): the entry's focus was told to the page after the sheet had gone, and asking
    that field's screen which keyboard it needs was a fault of the app. Home is back, and the
    page's last word is home's keyboard (none)."""
    from scorekeeper.tui.screens.home import HomeScreen

    told = served_urls(monkeypatch)
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=size) as pilot:  # (raises the app's fault, if any)
        await settle(pilot)
        app.open_match(stored.id)
        await until(pilot, lambda: isinstance(app.screen, SheetScreen))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert keyboards(told)[-1] == "none"


async def test_back_from_a_sheet_in_a_browser_puts_the_keyboard_away(folder, history,
                                                                      monkeypatch):
    """Served in a browser on a tablet (no pad: the entry asks for numbers), Esc from the
    sheet: home's menu has the focus again, with no focus event, and the page kept the
    numbers' keyboard; it is told home's (none)."""
    told = served_urls(monkeypatch)
    stored = stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.open_match(stored.id)
        await settle(pilot)
        assert keyboards(told)[-1] == "numeric"
        await pilot.press("escape")
        await settle(pilot)
        assert keyboards(told)[-1] == "none"


@pytest.mark.parametrize("lang, short, long", [
    ("en", "tricks in seat order, e.g. 4 3 3", "tricks in seat order, e.g. 4 3 3 or 433, then"),
    ("fr", "plis dans l'ordre, p.\xa0ex. 4 3 3", "plis dans l'ordre, p.\xa0ex. 4 3 3 ou 433, puis"),
])
async def test_the_entry_placeholder_fits_a_phone_and_is_whole_again_on_a_computer(
        folder, history, lang, short, long):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=PHONE) as pilot:
        await open_sheet(pilot)
        entry = app.screen.query_one("#entry", Input)
        assert entry.placeholder == short
        assert short in visible(app)  # whole, not cut by the line's end
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert long in visible(app)
        await pilot.resize_terminal(*PHONE)
        await settle(pilot)
        assert short in visible(app) and long not in visible(app)


async def test_a_won_or_closed_match_says_so_in_a_short_form_on_a_phone(folder, history):
    won = stored_match(history, deals=[(10, 0, 0)] * 2, target=60)
    assert history.get(won.id).state.finished
    closed = stored_match(history, deals=[(4, 3, 3)])
    history.abandon(closed.id)
    app = make_app(folder)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        for stored, words in ((won, "Match over · ctrl+n same players"),
                              (closed, "Match closed (read only)")):
            app.open_match(stored.id)
            await until(pilot, lambda: isinstance(app.screen, SheetScreen)
                        and app.screen.match_id == stored.id)  # noqa: B023 - awaited here
            await settle(pilot)
            while not isinstance(app.screen, SheetScreen):  # a result dialog over it
                await pilot.press("escape")
                await settle(pilot)
            assert words in visible(app), visible(app)
            await pilot.press("escape")
            await settle(pilot)


async def check_first_trick(pilot) -> CheckDealScreen:
    """From home, the sheet, then Check a deal (ctrl+g) with its first trick typed: AH 7S KS
    (in French letters, AC 7P RP)."""
    await open_sheet(pilot)
    await pilot.press("ctrl+g")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, CheckDealScreen)
    for key in "AH 7S KS" if pilot.app.lang == "en" else "AC 7P RP":
        await pilot.press("space" if key == " " else key)
    await pilot.press("enter")
    await settle(pilot)
    return screen


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_check_a_deal_on_a_phone_fits_and_its_ctrl_keys_are_buttons(
        folder, history, lang):
    players = ("Marie-Christine", "Jean-Baptiste", "Chloé")  # long names: cut, not wider
    stored_match(history, deals=[(4, 3, 3)], players=players)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=PHONE) as pilot:
        screen = await check_first_trick(pilot)
        assert screen.has_class("-narrow")
        table = screen.query_one("#check-tricks")
        assert table.virtual_size.width <= table.size.width  # no column past the edge
        status = str(screen.query_one("#check-status").render())
        shown = visible(app)
        assert all(word in shown for word in status.split())  # wrapped, not cut
        buttons = [b for b in screen.query(".check-tap").results(Button) if b.display]
        assert [b.id for b in buttons] == ["check-tap-undo_trick", "check-tap-send"]
        for button in buttons:
            assert in_view(app, button), button.id
            assert str(button.label) in shown  # the whole label
        assert in_view(app, screen.query_one("#check-entry", Input))
        assert len(screen.tricks) == 1
        await pilot.click("#check-tap-undo_trick")  # as ctrl+z, with no ctrl key to hand
        await settle(pilot)
        assert screen.tricks == [] and screen.query_one("#check-tap-undo_trick").disabled
        assert app.focused is screen.query_one("#check-entry", Input)  # typing goes on


@pytest.mark.parametrize("lang, taken", [("en", "Tricks taken:"), ("fr", "Plis faits :")])
async def test_check_a_deal_on_a_phone_says_every_players_tricks(folder, history, lang, taken):
    """With long names the tricks taken ran past a phone's edge ("Plis faits : Marie-Christine
    1 · Jean-Baptiste", the third player's count out of view): the line goes on below, each
    count beside its player's name."""
    import re

    players = ("Marie-Christine", "Jean-Baptiste", "Chloé")
    stored_match(history, deals=[(4, 3, 3)], players=players)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=PHONE) as pilot:
        screen = await check_first_trick(pilot)
        counts = dict(zip(players, screen.counts, strict=True))
        assert sum(counts.values()) == 1
        line = screen.query_one("#check-counts")
        assert in_view(app, line) and line.size.height == 2
        shown = "\n".join(visible(app).splitlines()[line.region.y:line.region.bottom])
        assert taken in shown.replace("\xa0", " ")
        for name, count in counts.items():
            assert re.search(rf"{name} {count}\b", shown), name
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:  # a computer: one line
        await open_sheet(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert app.screen.query_one("#check-counts").size.height == 1


@pytest.mark.parametrize("lang, played", [("en", "Played"), ("fr", "Jouée le")])
async def test_home_on_a_phone_names_the_last_matches_whole(folder, history, lang, played):
    """On a phone the last matches read "Amélie · Bruno · …" beside their points and day:
    the day goes there (the History dates every match), and the usual names show whole.
    On a computer the day is back."""
    from tests.tui.history_samples import WON

    stored_match(history, deals=WON.deals, target=WON.rules.target)  # 120·0·50
    stored_match(history, deals=[(4, 3, 3)], players=("Mamie", "Papi", "Juliette"))
    app = make_app(folder, lang=lang)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot)
        lines = visible(app).splitlines()
        assert any("Amélie · Bruno · Chloé" in line and "120·0·50" in line for line in lines)
        assert any("Mamie · Papi · Juliette" in line for line in lines)
        assert not any(played in line for line in lines)
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert any(played in line for line in visible(app).splitlines())


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_the_words_name_taps_not_keys(folder, history, lang):
    """"↑ table · ctrl+e correct" and "Press n" named keys a phone does not have."""
    stored_match(history, players=("Jean-Baptiste-Édouard", "Anaïs", "Éric"),
                 deals=[(10, 0, 0)], target=50)  # won: no match in progress
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 44)) as pilot:
        await settle(pilot)
        shown = " ".join(visible(app).replace("\xa0", " ").split())
        assert ("Tap New match" if lang == "en" else "Touchez Nouvelle partie") in shown
        assert "Press n" not in shown and "Tapez n" not in shown
    stored_match(history, players=("Jean-Baptiste-Édouard", "Anaïs", "Éric"),
                 deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:  # drawn first wide, as a served page is
        await settle(pilot)
        await pilot.resize_terminal(46, 44)
        await settle(pilot)
        shown = " ".join(visible(app).replace("\xa0", " ").split())
        assert ("tap Resume" if lang == "en" else "touchez Reprendre") in shown
        assert "press r" not in shown and "appuyez sur r" not in shown
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 44)) as pilot:
        await open_sheet(pilot)
        hint = str(app.screen.query_one("#entry-hint").render())
        assert "ctrl+" not in hint and "↑" not in hint
        assert ("Tap a player" if lang == "en" else "Touchez un joueur") in hint
        bar = visible(app).splitlines()[-1]  # the key bar: words to tap, no keys
        assert "^" not in bar and "esc" not in bar.lower() and "chap " not in bar
        assert ("Undo" if lang == "en" else "Annuler") in bar
        await pilot.press("4", "space", "3")  # two counts: the pad fills in the third
        await settle(pilot)
        assert "→" not in str(app.screen.query_one("#entry-hint").render())


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_the_new_match_form_s_targets_are_a_thumb_high_and_say_taps(
        folder, lang):
    """A field, a dealer's choice or a button one text line high (19 pixels) is too small
    for a thumb (44): on a phone each is 3 lines high (57 pixels), and the buttons say what
    a tap does, not keys a phone does not have ("(ctrl+s)", "(Esc)")."""
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 44)) as pilot:
        form = await open_new_match(pilot)
        targets = form.query("Input, RadioButton, Checkbox, Button")
        assert len(targets) >= 11
        for target in targets:
            assert target.region.height >= 3, (target.id, target.region)
        for button in form.query("Button"):
            words = str(button.label)
            assert "ctrl" not in words.lower() and "Esc" not in words and "chap" not in words, words
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 40)) as pilot:  # a computer's: the keys, said
        form = await open_new_match(pilot)
        assert "(ctrl+s)" in str(form.query_one("#create").label).lower()


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_home_s_menu_lines_are_a_thumb_high(folder, history, lang):
    """Home's menu lines were one text line (19 pixels) for a thumb's 44: on a phone each is
    3 lines high, and a tap anywhere on them picks it; one line each on a computer."""
    from scorekeeper.tui.history.screen import HistoryScreen
    from scorekeeper.tui.widgets.picklist import PickList

    stored_match(history, players=("Jean-Baptiste-Édouard", "Anaïs", "Éric"),
                 deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 44)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", PickList)
        assert menu.region.height - menu.items_top == 3 * len(menu.items)
        assert in_view(app, menu)
        words = [item.text.plain.split() for item in menu.items]
        assert all(len(first) > 1 for first, *_ in words), words  # no key letters: words
        assert "Jean-Baptiste-Édouard" in words[0], words[0]  # Resume names the match
        history_line = [item.key for item in menu.items].index("history")
        await pilot.click("#menu", offset=(4, menu.items_top + 3 * history_line + 2))
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", PickList)
        assert menu.region.height - menu.items_top == len(menu.items)
        assert menu.items[0].text.plain.split()[0] == "r"  # a computer: its keys
