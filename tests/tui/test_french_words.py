"""The app in French says nothing in English: Textual's own words come from the catalog too."""

from __future__ import annotations

from textual.command import CommandInput, CommandList

from tests.i18n.catalogs import FR_PO, entries, plural, read
from tests.support import notified, notified_titles, until
from tests.tui.conftest import make_app, settle

FR = entries(read(FR_PO))
# English a French reader would notice: every message whose French is another text.
ENGLISH = {e.id for e in FR if plural(e) is None and e.string != e.id and len(e.id) > 3}


def palette_texts(app) -> list[str]:
    palette = app.screen
    texts = [str(palette.query_one(CommandInput).placeholder)]
    for option in palette.query_one(CommandList).options:
        texts += [line for line in _plain(option.prompt).splitlines() if line.strip()]
    return texts


def palette_shows(app, word: str) -> bool:
    """Whether the palette is up and `word` is one of its texts (its search runs as a task)."""
    try:
        return word in palette_texts(app)
    except Exception:  # the palette not up yet
        return False


def _plain(renderable) -> str:
    """The words of a Text, or of a Group (title and help) or Align of them."""
    if hasattr(renderable, "plain"):
        return renderable.plain
    if hasattr(renderable, "renderables"):
        return "\n".join(_plain(r) for r in renderable.renderables)
    if hasattr(renderable, "renderable"):
        return _plain(renderable.renderable)
    return str(renderable)


async def test_the_french_command_palette_shows_no_english(folder, frozen_store):
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: palette_shows(app, "Thème"))
        texts = palette_texts(app)
        assert texts[0] == "Chercher une commande…"
        for word in ("Thème", "Quitter", "Touches", "Capture d'écran", "Nouvelle partie"):
            assert word in texts, texts
        english = [t for t in texts if t in ENGLISH]
        assert not english, english
        for word in ("Search for commands…", "Keys", "Quit the application as soon as possible",
                     "Save an SVG 'screenshot' of the current screen", "Maximize", "Theme"):
            assert word not in texts
        await pilot.press(*"zzzqqq")
        await until(pilot, lambda: palette_shows(app, "Aucune commande trouvée"))


async def test_the_palette_follows_a_switch_of_language(folder, frozen_store):
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: palette_shows(app, "Theme"))
        texts = palette_texts(app)
        assert texts[0] == "Search for commands…"
        assert "Theme" in texts and "Thème" not in texts


async def test_the_keys_panel_describes_textuals_keys_in_french(folder, frozen_store):
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")  # the new match form: Textual's Input widgets
        await settle(pilot)
        app.action_show_help_panel()
        await settle(pilot)
        from textual.widgets._key_panel import BindingsTable

        table = app.screen.query_one(BindingsTable).render_bindings_table()
        from rich.console import Console

        console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(table)
        shown = console.export_text()
        assert "Effacer le caractère à gauche" in shown
        assert "Delete character left" not in shown
        english = [word for word in ENGLISH if f" {word} " in f" {shown} "]
        assert not english, english
        await pilot.press("escape")  # home's keys: Vicaire's own actions, in French
        await settle(pilot)
        app.action_show_help_panel()
        await settle(pilot)
        console.print(app.screen.query_one(BindingsTable).render_bindings_table())
        shown = console.export_text()
        assert "Règles" in shown and "Rules" not in shown, shown


async def test_ctrl_c_says_how_to_quit_in_french(folder, frozen_store):
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.action_help_quit()
        await settle(pilot)
        assert notified_titles(app)[-1:] == ["Voulez-vous quitter\u00a0?"]
        assert "pour quitter l'application" in notified(app)[-1]


VOWEL_NAMES = ("Amélie", "Éric", "Odile")


def french_problems(text: str) -> list[str]:
    """What a French reader would frown at on a screen (names starting with a vowel)."""
    import re

    found = []
    for name in VOWEL_NAMES:
        for word in ("de", "que", "le", "la"):
            found += re.findall(rf"\b{word} {name}", text, re.IGNORECASE)
    found += re.findall(r"\S+ [:;!?](?=\s|$)", text, re.MULTILINE)  # a plain space before
    found += re.findall(r"[^\W\d_]+[:;!?](?=\s|$)", text, re.MULTILINE)  # no space at all
    found += re.findall(r"\d ?%", text)
    found += re.findall(r"\(1 donnes\)|\b1 donnes\b|\b1 manches\b|\b[01] égalités\b|\(s\)", text)
    return found


async def test_the_french_sheet_its_dialogs_and_the_new_match_screen_read_as_french(
        folder, frozen_store, history):
    from tests.tui.conftest import enter_deal, screen_text, stored_match, type_text

    stored_match(history, deals=((4, 3, 3),), players=VOWEL_NAMES)
    app = make_app(folder, lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        text = screen_text(app)
        assert "Plis d'Amélie, d'Éric et d'Odile" in text, text
        assert not french_problems(text), french_problems(text)
        await enter_deal(pilot, "6 2 2")  # Amélie arrives at 10: the round-won dialog
        text = screen_text(app)
        assert "Amélie gagne la manche 1" in text
        assert not french_problems(text), french_problems(text)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("n")  # a match is in progress: the question first, in French
        await settle(pilot)
        text = screen_text(app)
        assert "Une partie est en cours" in text and not french_problems(text)
        await pilot.press("n")  # a new match, that one kept in progress
        await settle(pilot)
        for name in VOWEL_NAMES:
            await type_text(pilot, name)
            await pilot.press("enter")
            await settle(pilot)
        text = screen_text(app)
        assert "à la droite d'Amélie" in text, text
        assert not french_problems(text), french_problems(text)
