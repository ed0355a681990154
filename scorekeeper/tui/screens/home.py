"""The home screen: resume the match in progress, start one, history, rules, quit."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import DataTable, Label, OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import pick
from scorekeeper.tui.app import sim_available, translate_bindings
from scorekeeper.tui.widgets.keybar import KeyBar

RECENT = 8
WIDE = 100  # columns from which the last matches show their status
NARROW_TITLE = 18

WORDS: dict[str, tuple[str, str]] = {
    "resume": ("Resume", "Reprendre"),
    "new_match": ("New match", "Nouvelle"),
    "history": ("History", "Historique"),
    "rules": ("Rules", "Règles"),
    "simulate": ("Simulate", "Simuler"),
    "board": ("Scoreboard", "Tableau"),
    "check_deal": ("Check a deal", "Vérifier"),
    "app.quit": ("Quit", "Quitter"),
    "quit": ("Quit", "Quitter"),
}

STATUS = {"in_progress": ("in progress", "en cours"), "won": ("won", "gagnée"),
          "abandoned": ("abandoned", "abandonnée")}


def match_title(summary: Any) -> Text:
    """The match's name, or its players, shown literally."""
    if getattr(summary, "name", ""):
        return Text(summary.name, overflow="ellipsis", no_wrap=True)
    players = getattr(summary, "players", None) or summary.match.players
    return Text(" · ".join(players), overflow="ellipsis", no_wrap=True)


class HomeScreen(Screen):
    """Where the app opens: one key to go back to the table."""

    BINDINGS = [
        Binding("r", "resume", "Resume"),
        Binding("n", "new_match", "New match"),
        Binding("h", "history", "History"),
        Binding("l", "rules", "Rules", show=False),
        Binding("s", "simulate", "Simulate", show=False),
        Binding("b", "board", "Scoreboard", show=False),
        Binding("c", "check_deal", "Check a deal", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.unfinished: Any = None
        self.summaries: list[Any] = []
        self._wide: bool | None = None

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        translate_bindings(self, lang, WORDS)
        with Horizontal(id="home-body"):
            with Vertical(id="home-actions"):
                yield Static("VICAIRE", id="home-title")
                yield Label(pick(lang, "Score sheet for Le vicaire",
                                 "Feuille de marque du vicaire"), id="home-subtitle")
                yield OptionList(*self._menu(lang), id="menu")
            with Vertical(id="home-recent"):
                yield Label(pick(lang, "Resume", "Reprendre"), classes="section-title")
                yield Static(pick(lang, "Loading…", "Chargement…"), id="resume-text")
                yield Label(pick(lang, "Last matches", "Dernières parties"),
                            classes="section-title")
                yield DataTable(id="recent", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def _menu(self, lang: str) -> list[Option]:
        """The actions, each with its key."""
        items = [("resume", "r", "Resume", "Reprendre"),
                 ("new_match", "n", "New match", "Nouvelle partie"),
                 ("history", "h", "History", "Historique"),
                 ("rules", "l", "Rules", "Règles"),
                 ("board", "b", "Scoreboard", "Tableau des scores"),
                 ("check_deal", "c", "Check a deal", "Vérifier une donne")]
        if sim_available():
            items.append(("simulate", "s", "Simulate", "Simuler"))
        items.append(("quit", "q", "Quit", "Quitter"))
        options = []
        for ident, key, en, fr in items:
            label = Text(f" {key}  ", style="bold")
            label.append(pick(lang, en, fr))
            options.append(Option(label, id=ident, disabled=ident == "resume"))
        return options

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).highlighted = 1
        self.refresh_matches()

    def on_screen_resume(self) -> None:
        if self.focused is None or not self.focused.is_attached:
            self.set_focus(self.query_one("#menu", OptionList))
        self.refresh_matches()

    async def redraw(self) -> None:
        """Compose again in the app's language, keeping the highlighted action and row."""
        menu = self.query_one("#menu", OptionList)
        table = self.query_one("#recent", DataTable)
        on_table, row, highlighted = self.focused is table, table.cursor_row, menu.highlighted
        await self.recompose()
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = highlighted
        if self.summaries or self.unfinished is not None:
            self._show()
            if highlighted is not None:
                menu.highlighted = highlighted
        table = self.query_one("#recent", DataTable)
        if on_table and table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)
            self.set_focus(table)
        else:
            self.set_focus(menu)
        self.refresh_matches()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "simulate" and not sim_available())

    @work(exclusive=True, group="home-load")
    async def refresh_matches(self) -> None:
        """Read the match in progress and the last matches off the UI thread."""
        app = self.app

        def read() -> tuple[Any, list[Any]]:
            history = app.history  # on this thread: it may still be opening at start-up
            return history.latest_unfinished(), history.summaries()

        try:
            unfinished, summaries = await asyncio.to_thread(read)
        except VicaireError as exc:
            self.notify(exc.message(self.app.lang), severity="error", markup=False)
            with contextlib.suppress(NoMatches):
                self.query_one("#resume-text", Static).update(Text(exc.message(self.app.lang)))
            return
        finally:
            self.app.show_notices()
        self.unfinished, self.summaries = unfinished, summaries[:RECENT]
        with contextlib.suppress(NoMatches):  # the screen is being redrawn; it reloads then
            self._show()

    def _show(self) -> None:
        lang = self.app.lang
        menu = self.query_one("#menu", OptionList)
        resume_text = self.query_one("#resume-text", Static)
        if self.unfinished is None:
            menu.disable_option("resume")
            resume_text.update(pick(lang, "No match in progress. Press n to start one.",
                                    "Aucune partie en cours. Tapez n pour en commencer une."))
        else:
            menu.enable_option("resume")
            state = self.unfinished.state
            text = match_title(self.unfinished)
            text.stylize("bold")
            text.append("\n")
            text.append(pick(lang, f"round {state.current.number}, deal {len(state.outcomes) + 1}"
                             f" — press r", f"manche {state.current.number}, donne "
                             f"{len(state.outcomes) + 1} — tapez r"))
            resume_text.update(text)
            if self.focused is not self.query_one("#recent"):
                menu.highlighted = 0
        self._fill_recent()

    def _fill_recent(self) -> None:
        """The last matches; on a narrow terminal (80 columns) without the status column and
        with compact points, so that nothing needs scrolling sideways."""
        lang, table = self.app.lang, self.query_one("#recent", DataTable)
        self._wide = self.size.width >= WIDE
        table.clear(columns=True)
        table.add_column(pick(lang, "Match", "Partie"), key="match")
        if self._wide:
            table.add_column(pick(lang, "Status", "État"), key="status")
        table.add_column(pick(lang, "Points", "Points"), key="points")
        table.add_column(pick(lang, "Date", "Date"), key="date")
        for summary in self.summaries:
            title = match_title(summary)
            date = str(summary.updated)[:10]
            if self._wide:
                status = pick(lang, *STATUS.get(summary.status, (summary.status,) * 2))
                table.add_row(title, status, " · ".join(str(p) for p in summary.points), date,
                              key=summary.id)
            else:
                title.truncate(NARROW_TITLE, overflow="ellipsis")
                table.add_row(title, "·".join(str(p) for p in summary.points), date,
                              key=summary.id)

    def on_resize(self) -> None:
        if self._wide is not None and self._wide != (self.size.width >= WIDE):
            self._fill_recent()


    @on(DataTable.RowSelected, "#recent")
    def _open(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            self.app.open_match(event.row_key.value)

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        action = {"quit": "app.quit"}.get(event.option.id or "", event.option.id)
        self.run_action(action or "")

    def action_resume(self) -> None:
        if self.unfinished is not None:
            self.app.open_match(self.unfinished.id)
        else:
            self.notify(pick(self.app.lang, "No match in progress.", "Aucune partie en cours."))

    def action_new_match(self) -> None:
        self.app.action_new_match()

    def action_history(self) -> None:
        self.app.action_history()

    def action_rules(self) -> None:
        self.app.action_rules()

    def action_simulate(self) -> None:
        """Ask first: a whole match played by bots lands in the history."""
        from scorekeeper.tui.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.action_simulate()

        self.app.push_screen(ConfirmDialog(pick(
            self.app.lang,
            "Let three bots play a whole match? It is stored as a simulated match.",
            "Laisser trois robots jouer une partie entière ? Elle sera gardée comme partie "
            "simulée.")), answered)

    def action_board(self) -> None:
        self.app.action_board()

    def action_check_deal(self) -> None:
        self.app.action_check_deal()
