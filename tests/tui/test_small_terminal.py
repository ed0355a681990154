"""The app on small terminals (issue 10): every result dialog whole at 80×24 with its button,
still usable at 60×20 (its body scrolls), the key bar keeping undo, correct and back, keys
typed under a dialog not lost, and a won match that says what can be done."""

import pytest
from textual.widgets import Button, Input

from scorekeeper.store import History
from scorekeeper.tui.screens.dialogs import MessageDialog
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.new_match import NewMatchScreen
from scorekeeper.tui.sheet.deal_table import DealTable
from scorekeeper.tui.sheet.player_panel import PlayerPanel
from scorekeeper.tui.sheet.screen import SheetScreen
from scorekeeper.tui.widgets.keybar import KeyBar
from tests.support import post_keys, screen_lines
from tests.tui.conftest import (
    enter_deal,
    make_app,
    open_new_match,
    open_sheet,
    screen_text,
    settle,
    stored_match,
    type_text,
)

pytestmark = pytest.mark.usefixtures("frozen_store")

# What was played before, and the deal that opens the dialog.
DIALOGS = {
    "three-way tie at 10": ([(4, 3, 3), (3, 4, 3)], "3 3 4"),
    "round won": ([(4, 3, 3), (3, 5, 2)], "3 0 7"),
    "match won": ([(10, 0, 0), (2, 5, 3), (0, 5, 5)], "10 0 0"),
}


async def open_dialog(pilot, entry: str) -> MessageDialog:
    await settle(pilot)
    await pilot.press("r")
    await settle(pilot)
    await enter_deal(pilot, entry)
    dialog = pilot.app.screen
    assert isinstance(dialog, MessageDialog)
    return dialog


def visible(dialog, widget) -> bool:
    return dialog.region.contains_region(widget.region)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", list(DIALOGS))
async def test_result_dialog_whole_at_80_by_24(folder, history, kind, lang):
    played, entry = DIALOGS[kind]
    stored_match(history, deals=played, target=60)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot, entry)
        body = dialog.query_one(".dialog-scroll")
        assert body.max_scroll_y == 0  # nothing hidden below: no need to scroll
        for line in body.children:
            assert visible(dialog, line)
        assert visible(dialog, dialog.query_one("#close", Button))
        if kind == "three-way tie at 10":
            text = screen_text(app)
            assert "Chloé" in text.split("Amélie", 2)[-1]  # the third player's line
            assert pick_next(lang) in text


def pick_next(lang: str) -> str:
    return "Next deal:" if lang == "en" else "Donne suivante"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", list(DIALOGS))
async def test_result_dialog_scrolls_at_60_by_20(folder, history, kind, lang):
    played, entry = DIALOGS[kind]
    stored_match(history, deals=played, target=60)
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(60, 20)) as pilot:
        dialog = await open_dialog(pilot, entry)
        assert visible(dialog, dialog.query_one("#close", Button))
        body = dialog.query_one(".dialog-scroll")
        if body.max_scroll_y:
            await pilot.press("down", "down", "pagedown")
            await settle(pilot)
            assert body.scroll_y > 0  # the arrows read the rest
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)


def keys_shown(app, width: int) -> set[str]:
    bar = app.screen.query_one(KeyBar)
    kept, _palette = bar.layout_items(width)
    return {item.key for item in kept}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_key_bar_at_80_keeps_undo_correct_and_back(folder, history, lang):
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        kept = keys_shown(app, 80)
        assert {"ctrl+z", "ctrl+e", "escape"} <= kept
        bar_text = str(app.screen.query_one(KeyBar).text())
        assert ("Annuler" if lang == "fr" else "Undo") in bar_text
        for width in (70, 60):  # the least used go first, the three stay
            assert {"ctrl+z", "ctrl+e", "escape"} <= keys_shown(app, width)
        assert "ctrl+o" not in keys_shown(app, 60)


async def test_digit_typed_under_round_won_dialog_starts_the_next_deal(folder, history):
    played, entry = DIALOGS["round won"]
    stored = stored_match(history, deals=played)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot, entry)
        await type_text(pilot, "4 3 3")  # typed at once, as a fast scorer does
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert app.screen.query_one("#entry", Input).value == "4 3 3"
        await pilot.press("enter")
        await settle(pilot)
        assert len(History(folder).get(stored.id).match.deals) == 4


async def open_won_match(pilot) -> SheetScreen:
    await open_dialog(pilot, DIALOGS["match won"][1])
    await pilot.press("enter")
    await settle(pilot)
    sheet = pilot.app.screen
    assert isinstance(sheet, SheetScreen)
    return sheet


async def test_a_won_match_says_what_can_be_done_and_esc_leaves(folder, history):
    stored_match(history, deals=DIALOGS["match won"][0], target=60)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_won_match(pilot)
        placeholder = sheet.query_one("#entry", Input).placeholder
        assert "Match over" in placeholder and "ctrl+n" in placeholder
        await type_text(pilot, "4 3")  # into the closed entry
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def test_a_won_match_offers_a_new_one_with_the_same_players(folder, history):
    stored_match(history, deals=DIALOGS["match won"][0], target=60)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_won_match(pilot)
        assert "Partie finie" in sheet.query_one("#entry", Input).placeholder
        assert "ctrl+n" in keys_shown(app, 80)
        await pilot.press("ctrl+n")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewMatchScreen)
        assert [form.query_one(f"#name-{i}", Input).value for i in range(3)] == [
            "Amélie", "Bruno", "Chloé"]


async def test_home_one_highlight_arrows_reach_the_list_and_enter_opens_it(folder, history):
    stored_match(history, deals=[(10, 0, 0)], target=50, name="Dimanche chez Mamie")
    stored_match(history, players=("Zoé", "Yves", "Xavier"), deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu, recent = app.screen.query_one("#menu"), app.screen.query_one("#recent")
        assert "Resume Zoé · Yves" in str(menu.items[0].text)  # names what r opens
        assert app.focused is menu

        cursor = menu.get_component_rich_style("picklist--cursor").bgcolor
        assert cursor is not None

        def lit(picklist) -> int:  # rows drawn in the cursor's colour
            return sum(1 for y in range(picklist.size.height)
                       if any(seg.style and seg.style.bgcolor == cursor
                              for seg in picklist.render_line(y)))
        assert (lit(menu), lit(recent)) == (1, 0)
        await pilot.press(*["down"] * 8)  # past Quit: into the last matches, on the first
        await settle(pilot)
        assert app.focused is recent and (lit(menu), lit(recent)) == (0, 1)
        await pilot.press("down", "up", "up")  # up past the first row: back on Quit
        await settle(pilot)
        assert app.focused is menu and menu.highlighted_key == "quit"
        await pilot.press("right", "down", "enter")  # the lit row opens, not the menu's
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert app.screen.stored.name == "Dimanche chez Mamie"


async def test_history_filter_ignores_accents(folder, history):
    stored_match(history, players=("Zoé", "Yves", "Xavier"), deals=[(4, 3, 3)])
    stored_match(history, deals=[(4, 3, 3)])
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("slash")
        await type_text(pilot, "zoe")
        await settle(pilot)
        assert app.screen.query_one("#history-filter", Input).value == "zoe"
        shown = [summary.players[0] for summary in app.screen.view]
        assert shown == ["Zoé"]


async def test_new_match_suggests_players_not_bots(folder, history):
    from scorekeeper.rules import Match, RuleSet

    stored_match(history, players=("Bob", "Yves", "Xavier"), deals=[(4, 3, 3)])
    history.create(Match(players=("Bot A", "Bot B", "Bot C"), rules=RuleSet()), simulated=True)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_new_match(pilot)  # (past the question: a match is in progress)
        await type_text(pilot, "Bo")
        await settle(pilot)
        field = app.screen.query_one("#name-0", Input).content_region
        shown = screen_lines(app)[field.y][field.x:field.right]
        assert shown.split() == ["Bob"]  # "Bo" typed, "b" suggested: the player, never "Bot A"


async def test_a_burst_of_keys_under_a_dialog_all_land_in_the_entry(folder, history):
    """Keys sent at once (a fast typist, a paste): the digit closes the dialog, the space
    after it does not close the sheet too, and nothing is dropped."""
    played, entry = DIALOGS["round won"]
    stored_match(history, deals=played)
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot, entry)
        post_keys(app, "0 0 10")
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert app.screen.query_one("#entry", Input).value == "0 0 10"


async def test_a_window_shorter_than_24_lines_keeps_the_entry_line_and_the_last_deal(
        folder, history):
    """Under 21 lines the sheet's panels give up their large digits (the total goes on the
    name's line), so that the entry line and its hint stay whole on the screen and the table
    still shows the deal just played; a taller window brings the digits back, with every
    panel's lines."""
    stored_match(history, deals=[(4, 3, 3), (6, 2, 2), (5, 2, 3)])  # round 2: 5, 2, 3
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_sheet(pilot)
        screen = sheet.region
        for size in ((80, 18), (80, 16)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            screen = app.screen.region
            for part in ("#entry", "#entry-hint", KeyBar):
                assert screen.contains_region(sheet.query_one(part).region), (size, part)
            assert not any(digits.display for digits in sheet.query(".player-total"))
            briefs = [str(line.render()) for line in sheet.query(".player-brief")]
            assert [b.split()[:2] for b in briefs] == [["5", "Amélie"], ["2", "Bruno"],
                                                       ["3", "Chloé"]], size
            table = sheet.query_one(DealTable)
            last = table.get_row_at(table.row_count - 1)
            assert table.cursor_row == table.row_count - 1
            assert [str(cell).split()[-1] for cell in last[1:4]] == ["5", "2", "3"]
            # (the header, then the rows shown from scroll_y: the last one among them)
            assert table.scroll_y + table.size.height - 1 > table.cursor_row
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert all(digits.display for digits in sheet.query(".player-total"))
        panels = list(sheet.query(PlayerPanel))
        assert len({panel.region.height for panel in panels}) == 1
        for panel in panels:
            for part in (".player-total", ".player-needs", ".player-points-row"):
                assert panel.region.contains_region(panel.query_one(part).region), part
        assert "il faut" in screen_text(app)


def form_drawn_whole(app) -> str:
    """What the form shows, once it is known to show all of it (nothing below its edge)."""
    form = app.screen.query_one("#form")
    assert form.max_scroll_y == 0, "the form scrolls: its end is below the window's edge"
    for button in app.screen.query(Button):
        assert form.region.contains_region(button.region)
    return "\n".join(screen_lines(app))


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_on_a_phone_the_form_keeps_thumb_sized_fields_and_its_buttons_in_view(
        folder, lang):
    """On a phone the form's fields were one text line high (19 pixels; a thumb needs 44):
    they keep their borders (3 lines, about 57 pixels), the form scrolls, and its buttons
    stay in view below it."""
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(46, 44)) as pilot:
        form_screen = await open_new_match(pilot)
        for field in form_screen.query("Input"):
            assert field.region.height >= 3, field.id
        for button in form_screen.query(Button):
            assert button.region.height >= 3
            assert app.screen.region.contains_region(button.region), button.id
            assert str(button.label) in "\n".join(screen_lines(app))
        sweep = form_screen.query_one("#sweep")
        form_screen.query_one("#form").scroll_to_widget(sweep, animate=False)
        await settle(pilot)
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert {"en": "wins the round at once", "fr": "gagne la manche d'office"}[lang] in shown


@pytest.mark.parametrize("size", [(80, 24), (80, 18), (100, 30)])
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_new_match_form_fits_whole_with_its_buttons(folder, size, lang):
    """At 80×24 the start button was three lines below the edge, on a phone (48 columns)
    nineteen; ctrl+s, left out of a phone's key bar, was its only other way. On a phone the
    sweep's checkbox says it without saying what a sweep is, which did not fit."""
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_new_match(pilot)
        shown = form_drawn_whole(app)
        start = {"en": ("Start the match (ctrl+s)", "^s Start the match"),
                 "fr": ("Commencer (Ctrl+S)", "^s Commencer")}[lang]
        assert start[0] in shown
        assert start[1] in "".join(screen_lines(app)[-1:])  # in the key bar too
        # The sweep's checkbox whole (on a phone it was cut: "…gagne la manche d'…").
        assert {"en": "wins the round at once", "fr": "gagne la manche d'office"}[lang] in shown


async def test_the_form_is_laid_out_again_as_the_window_changes_keeping_what_was_typed(folder):
    app = make_app(folder)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_new_match(pilot)
        await type_text(pilot, "Amélie")
        await pilot.press("tab")
        await type_text(pilot, "Amélie")
        await settle(pilot)
        shown = form_drawn_whole(app)
        assert "▔▔▔" in shown  # roomy: bordered fields
        assert "two players are called Amélie" in shown
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        shown = form_drawn_whole(app)
        assert "▔▔▔" not in shown  # compact: one line per field, the error still said
        assert "two players are called Amélie" in shown
        assert [entry.value for entry in app.screen.query(Input)][:2] == ["Amélie", "Amélie"]
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "▔▔▔" in form_drawn_whole(app)


@pytest.mark.parametrize("size", [(64, 30), (70, 24), (66, 24), (60, 21), (60, 20), (52, 43),
                                  (64, 43)])
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_seating_picture_is_whole_between_a_phone_and_80_columns(folder, size, lang):
    """Between 51 and about 70 columns the picture beside the dealer's choice was cut
    ("Joueur 2 (entame)   →   Joue…"), and the form scrolled at 66×24: the choice goes below
    the picture there, and the form fits whole with its buttons."""
    app = make_app(folder, lang=lang)
    async with app.run_test(size=size) as pilot:
        await open_new_match(pilot)
        shown = form_drawn_whole(app)
        third = {"en": "Player 3", "fr": "Joueur 3"}[lang]
        arrow = next(line for line in shown.splitlines() if "→" in line)
        assert third in arrow and "…" not in arrow, arrow
        assert "Player 2 (leads)" in shown or "Joueur 2 (entame)" in shown


async def test_long_names_put_the_dealers_choice_below_the_picture_and_back(folder):
    """Wherever the picture would be cut beside the dealer's choice, long names included, the
    choice goes below it; shorter names bring it back beside the picture."""
    app = make_app(folder)
    async with app.run_test(size=(90, 40)) as pilot:
        await open_new_match(pilot)
        dealer, seating = app.screen.query_one("#dealer-box"), app.screen.query_one("#seating")
        assert dealer.region.x >= seating.region.right  # beside the picture
        for name in ("Marie-Amélie de la Tour", "Jean-Baptiste Lefebvre",
                     "Anne-Sophie Delacroix"):
            await type_text(pilot, name)
            await pilot.press("tab")
        await settle(pilot)
        assert dealer.region.y >= seating.region.bottom  # below the picture
        arrow = next(line for line in form_drawn_whole(app).splitlines() if "→" in line)
        assert arrow.rstrip().endswith("Anne-Sophie Delacroix"), arrow
        app.screen.query_one("#name-2", Input).value = "Eve"
        await settle(pilot)
        assert dealer.region.x >= seating.region.right
        assert "Start the match (ctrl+s)" in form_drawn_whole(app)


@pytest.mark.parametrize("width", [52, 56, 60])
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_sweeps_checkbox_is_whole_just_wider_than_a_phone(folder, width, lang):
    """From 51 to about 60 columns the sweep's long words were cut at the box's edge ("…wins
    the round at"): there it says it as a phone does; wider, whole, as before."""
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(width, 50)) as pilot:
        await open_new_match(pilot)
        shown = form_drawn_whole(app)
        end = {"en": "wins the round at once", "fr": "gagne la manche d'office"}[lang]
        line = next(line for line in shown.splitlines() if "▐X▌" in line)
        assert end in line, line
        await pilot.resize_terminal(100, 50)
        await settle(pilot)
        line = next(line for line in form_drawn_whole(app).splitlines() if "▐X▌" in line)
        assert {"en": "(all 10 tricks)", "fr": "(les 10 plis)"}[lang] in line, line


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_numbers_labels_are_whole_or_short_never_cut(folder, lang):
    """At 52 columns "Points for 15, 20…" was drawn "Points for 15, 2": there the three labels
    are short; wider, whole again."""
    app = make_app(folder, lang=lang)
    async with app.run_test(size=(52, 50)) as pilot:
        await open_new_match(pilot)
        short = {"en": ("Target", "For 10", "For 15, 20…"),
                 "fr": ("Objectif", "Pour 10", "Pour 15, 20…")}[lang]
        line = next(line for line in form_drawn_whole(app).splitlines() if short[0] in line)
        assert line.split() == " ".join(short).split(), line
        await pilot.resize_terminal(100, 50)
        await settle(pilot)
        whole = {"en": ("Target points", "Points for 10", "Points for 15, 20…"),
                 "fr": ("Objectif (points)", "Points pour 10", "Points pour 15, 20…")}[lang]
        line = next(line for line in form_drawn_whole(app).splitlines() if whole[0] in line)
        assert all(words in line for words in whole), line
