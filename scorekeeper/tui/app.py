"""The Vicaire app: a score sheet for Le vicaire that is faster and calmer than paper."""

from __future__ import annotations

import asyncio
import importlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import LANGS, detect_lang, tr, trc
from scorekeeper.i18n.errors import error_text, notice_text
from scorekeeper.tui.actions import bindings_of, find
from scorekeeper.tui.app_actions import APP_ACTIONS
from scorekeeper.tui.dialog_keys import KeysToDialogs
from scorekeeper.tui.key_names import key_words
from scorekeeper.tui.opening import HistoryOpening
from scorekeeper.tui.screens.base import BREAKPOINTS, VicaireModal, VicaireScreen
from scorekeeper.tui.served import SHOWN_MATCH, SHOWN_URL, quit_when_server_gone
from scorekeeper.tui.settings import Settings, load_settings, save_settings
from scorekeeper.upstream import keep_no_break_spaces

if TYPE_CHECKING:
    from argparse import Namespace
    from types import SimpleNamespace

    from textual.command import Provider

    from scorekeeper.store import History, StoredMatch

SETTLE_AFTER = 1.0  # seconds after start when the app sets its start-up aside (running.py)
SLOW_SIMULATION = 0.5  # seconds the bots may take before the app says they are playing


def _vicaire_commands() -> type[Provider]:
    """Vicaire's actions in the command palette (imported when the palette first opens)."""
    from scorekeeper.tui.commands import VicaireCommands

    return VicaireCommands


class VicaireApp(KeysToDialogs, HistoryOpening, App[None]):
    """Home, new match and the score sheet; history and rules screens come from their modules."""

    # Home is the default screen, whose own CSS_PATH Textual does not read: the app reads it.
    CSS_PATH = ["app.tcss", "screens/home.tcss"]
    TITLE = "Vicaire"
    COMMANDS = App.COMMANDS | {_vicaire_commands}  # (Textual calls it when the palette opens)
    ACTIONS = APP_ACTIONS
    BINDINGS = bindings_of(APP_ACTIONS)
    HORIZONTAL_BREAKPOINTS = BREAKPOINTS  # `-narrow` screens up to 50 columns (a phone)

    def __init__(self, folder: str | Path | None = None, lang: str | None = None,
                 history: History | None = None, cursor_blink: bool = True, poll: float = 0.05,
                 board: bool = False, settle_heap: bool = False) -> None:
        keep_no_break_spaces()  # "10 :" and "38 %" never split at the end of a line
        self.board = board
        if board:  # a read-only scoreboard for spectators: no commands that change things
            self.ENABLE_COMMAND_PALETTE = False  # type: ignore[misc]  # (Textual: a ClassVar)
        super().__init__()
        self.init_opening(folder, history)  # (scorekeeper/tui/opening.py)
        self._folder: Path | None = None
        self._settings: Settings | None = None
        self._lang: str | None = lang if lang in LANGS else None
        self.cursor_blink = cursor_blink
        self.poll = poll
        self._notices_shown = 0
        # The app owns its process (`vicaire`, a served tab): its start-up is set aside from
        # the garbage collector once drawn (scorekeeper/tui/running.py). Not for an app run
        # inside another program, such as the tests.
        self._settle_heap = settle_heap

    @property
    def folder(self) -> Path:
        """The history folder; the settings file lives there too."""
        if self._folder is None:
            self._folder = _folder_of(self._folder_asked) if self._history is None \
                else Path(getattr(self._history, "folder", None) or _folder_of(self._folder_asked))
        return self._folder

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = load_settings(self.folder)
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self._settings = settings

    @property
    def lang(self) -> str:
        """The language spoken: --lang, else the saved choice, else the locale."""
        if self._lang is None:
            self._lang = detect_lang(None, self.settings.lang)
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = lang

    def on_mount(self) -> None:
        if self._settle_heap:  # a second after start: the first screen drawn, nothing typed yet
            from scorekeeper.tui.running import settle

            self.set_timer(SETTLE_AFTER, settle)
        if self.settings.theme and self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self._history_ready.is_set():  # else the home screen's first read shows them
            self.show_notices()
        shown = os.environ.get(SHOWN_MATCH, "")
        if shown and not self.board:  # a browser tab coming back to the match it showed
            self.open_match(shown)
        quit_when_server_gone(self)

    def tell_shown(self, match_id: str) -> None:
        """Served in a browser: tell the page which match this tab shows ("" for none), so
        that after a restart of `vicaire serve` the tab comes back to it (see docs/phone.md)."""
        if self.is_web:
            self.open_url(f"{SHOWN_URL}{match_id}")

    def on_descendant_focus(self, event: Any) -> None:
        """Served in a browser: tell the page which keyboard the focused field needs. A field
        already gone (its screen closed as it opened: Esc at once) needs none; what has the
        focus now says so itself."""
        self._tell_keyboard(event.widget)

    def _screen_changed(self, screen: Screen) -> None:
        """Back on a screen, its field has the focus again with no focus event: the page is
        told its keyboard all the same (the sheet's numbers stayed up on home)."""
        self._tell_keyboard(screen.focused)

    def _tell_keyboard(self, widget: Any) -> None:
        if self.is_web and (widget is None or widget.is_attached):
            from scorekeeper.tui.served import KEYBOARD_URL, keyboard_for

            self.open_url(f"{KEYBOARD_URL}{keyboard_for(widget)}")

    def show_notices(self) -> None:
        """Tell, once each, what the history repaired on its own (after a damaged file)."""
        notices = list(getattr(self._history, "notices", []) or [])  # (if it is open)
        for notice in notices[self._notices_shown:]:
            text = notice_text(notice, self.lang)
            self.notify(text, title=tr(self.lang, "History"),
                        severity="warning", timeout=15, markup=False)
        self._notices_shown = len(notices)

    def get_default_screen(self) -> Screen:
        """The home screen is the bottom of the screen stack (the board, for spectators)."""
        if self.board:
            from scorekeeper.tui.screens.board import BoardScreen

            return BoardScreen()
        from scorekeeper.tui.screens.home import HomeScreen

        return HomeScreen()

    def _theme_changed(self, theme: Any) -> None:
        self.remember(theme=theme.name)

    def remember(self, **changes: Any) -> None:
        """Change and save a setting (written whole; a failure is only reported)."""
        self.settings = self.settings.with_(**changes)
        if self.board:  # the spectators' board (perhaps served to many) writes nothing
            return
        if not save_settings(self.folder, self.settings):
            self.notify(tr(self.lang, "Could not save the settings."), severity="warning")

    def set_lang(self, lang: str) -> None:
        """Speak `lang` from now on, remember it, and redraw the screens in it."""
        if lang not in LANGS:
            return
        self.remember(lang=lang)
        if lang == self.lang:
            return
        self.lang = lang
        # (see OddsLine.show; Textual's WorkType union leaves mypy no result type to infer)
        self.run_worker(self._redraw, group="lang", exclusive=True)  # type: ignore[arg-type]

    async def _redraw(self) -> None:
        """Draw every screen of the stack again in the new language, each where it was.

        Each Vicaire screen's `redraw()` restores what it showed (typed text, sort, filter,
        cursor); dialogs keep their words; any other (Textual's own) screen is composed again.
        """
        from textual.screen import ModalScreen

        for screen in list(self.screen_stack):
            if isinstance(screen, (VicaireScreen, VicaireModal)):
                await screen.redraw()
            elif not isinstance(screen, ModalScreen):
                await screen.recompose()
            screen.refresh_bindings()

    def bar_label(self, action: str) -> str | None:
        """The key bar's words for one of the app's actions, in the current language."""
        entry = find(APP_ACTIONS, action)
        return None if entry is None else entry.bar_label(self.lang)

    def get_key_display(self, binding: Binding) -> str:
        """A key as the language spoken writes it ("Échap", "Maj+Tab" in French): the key
        bar and Textual's keys panel show keys through this."""
        return key_words(self.lang, super().get_key_display(binding))

    def action_toggle_lang(self) -> None:
        self.set_lang("en" if self.lang == "fr" else "fr")

    def action_set_lang(self, lang: str) -> None:
        self.set_lang(lang)

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A toast whose words are whole (a file's path broken after a folder separator,
        scorekeeper/tui/toasts.py), never over a widget shown full screen (the chart): that
        widget goes back to its place first."""
        from scorekeeper.tui.toasts import toast_line_width, whole_words

        screen = self.screen if self.screen_stack else None
        if screen is not None and screen.maximized is not None:
            screen.minimize()
        super().notify(whole_words(message, toast_line_width(self.size.width)), title=title,
                       severity=severity, timeout=timeout, markup=markup)

    def action_home(self) -> None:
        """Back to the home screen."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        home = self.screen
        if isinstance(home, VicaireScreen):
            home.refresh_matches()

    def action_new_match(self, players: tuple[str, ...] = ()) -> None:
        """The New match form (with `players` already typed in, for a match with the same
        players); with a match in progress, asked first (screens/in_progress.py)."""
        from scorekeeper.tui.screens.in_progress import new_match

        self.action_home()
        self.hold_keys()  # (a name typed right after `n` is the form's: dialog_keys.py)
        self.run_worker(new_match(self, tuple(players)), group="new-match", exclusive=True)

    def open_match(self, match_id: str, entry_text: str = "", origin: Any = None) -> Any:
        """Read a stored match off the UI thread and show its score sheet (with `entry_text`
        waiting in its entry line, and the deal it came from, `origin`, if any). The keys
        typed until it shows are the sheet's (a deal typed right after `r`: dialog_keys.py)."""
        self.hold_keys()
        return self._open_match(match_id, entry_text, origin)

    @work(group="open")
    async def _open_match(self, match_id: str, entry_text: str, origin: Any) -> None:
        try:
            try:
                history = await self.history_ready()
                stored = await asyncio.to_thread(history.get, match_id)
            except VicaireError as exc:
                self.notify(error_text(exc, self.lang), severity="error", markup=False)
                return
            finally:
                self.show_notices()
            from scorekeeper.tui.sheet.screen import SheetScreen

            await self.push_screen(SheetScreen(stored, entry_text=entry_text, origin=origin))
        finally:
            self.release_keys()

    @work(group="store")
    async def action_simulate(self) -> None:
        """Let three bots play a whole match, keep it in the history (marked simulated), show it."""
        import random

        from scorekeeper.sim.match import simulate_match

        def play(history: History) -> StoredMatch:
            state, _records = simulate_match(random.randrange(1 << 30))
            return history.create(state.match, name="", simulated=True)

        # A match takes the bots a fifth of a second: the sheet shows before a word would be
        # read, and a word shown anyway stayed over the sheet for seconds. Only a slow machine
        # (or a large history) gets it.
        slow = self.set_timer(SLOW_SIMULATION, lambda: self.notify(
            tr(self.lang, "Bots are playing a match…")))
        try:
            history = await self.history_ready()
            stored = await asyncio.to_thread(play, history)
        except VicaireError as exc:
            self.notify(error_text(exc, self.lang), severity="error", markup=False)
            return
        finally:
            slow.stop()
        self.open_match(stored.id)

    def _push_lazy(self, module: str, name: str) -> None:
        try:
            screen_class = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):  # (its files changed under the running app)
            self.notify(tr(self.lang, "This screen could not be loaded: Vicaire was probably "
                                      "updated while open. Quit it and start it again."),
                        severity="error")
            return
        if not isinstance(self.screen, screen_class):  # (asked again from its own palette)
            self.push_screen(screen_class())

    def action_history(self) -> None:
        self._push_lazy("scorekeeper.tui.history.screen", "HistoryScreen")

    def action_rules(self) -> None:
        self._push_lazy("scorekeeper.tui.rulebook.screen", "RulesScreen")

    def action_check_deal(self) -> None:
        """Type a real deal trick by trick and check it (the open sheet's match, if any)."""
        screen = self.screen
        if isinstance(screen, VicaireScreen) and screen.check_a_deal():
            return
        from scorekeeper.tui.cards.check_deal import CheckDealScreen, open_check_deal

        if not isinstance(screen, CheckDealScreen):  # (asked again from its own palette)
            open_check_deal(self)

    def action_board(self) -> None:
        """The large-print scoreboard of the match in progress, following it live."""
        self._push_lazy("scorekeeper.tui.screens.board", "BoardScreen")

    # Textual's own words, in the app's language (scorekeeper/tui/textual_words.py).

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from scorekeeper.tui.textual_words import system_commands

        return system_commands(self, screen, self.lang)

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette  # (is_open's App[object]: Textual's stub)

        from scorekeeper.tui.commands import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(Palette(self.lang, id="--command-palette"))

    def search_themes(self) -> None:
        from textual.theme import ThemeProvider

        from scorekeeper.tui.commands import Palette

        self.push_screen(Palette(self.lang, trc(self.lang, "textual", "Search for themes…"),
                                 providers=[ThemeProvider]))

    def action_help_quit(self) -> None:
        from scorekeeper.tui.textual_words import quit_hint

        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                message, title = quit_hint(self.lang, key)
                self.notify(message, title=title)
                return


def _folder_of(folder: str | Path | None) -> Path:
    from scorekeeper.store.paths import history_folder

    return history_folder(folder)


def main(args: Namespace | SimpleNamespace | None = None) -> int:
    """Run the app (`vicaire` with no command); --lang and --db come from the command line."""
    lang = getattr(args, "lang", None)
    folder = getattr(args, "db", None)
    from scorekeeper.tui.running import run_reporting_faults

    app = VicaireApp(folder=folder, lang=lang, settle_heap=True,
                     board=bool(getattr(args, "board", False)))
    app.open_early()
    return run_reporting_faults(app)
