"""The score sheet: enter each deal by keys, see who deals, who needs what, and why."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import pick
from scorekeeper.i18n.outcomes import explain
from scorekeeper.rules.model import Deal
from scorekeeper.rules.scoring import MatchState
from scorekeeper.tui.app import sim_available, translate_bindings
from scorekeeper.tui.entry import read_deal
from scorekeeper.tui.screens.dialogs import match_won_dialog, round_won_dialog, tie_dialog
from scorekeeper.tui.widgets.deal_table import DealTable
from scorekeeper.tui.widgets.keybar import KeyBar
from scorekeeper.tui.widgets.odds_line import OddsLine
from scorekeeper.tui.widgets.player_panel import PlayerPanel

WORDS: dict[str, tuple[str, str]] = {
    "undo": ("Undo", "Annuler"),
    "redo": ("Redo", "Rétablir"),
    "edit": ("Edit a deal", "Corriger"),
    "all_rounds": ("All rounds", "Manches"),
    "back": ("Back", "Retour"),
    "simulate_deal": ("Simulate deal", "Simuler la donne"),
    "show_tricks": ("Its tricks", "Ses plis"),
    "check_deal": ("Check a deal", "Vérifier une donne"),
}


def new_seed() -> int:
    """A fresh seed for a simulated deal (tests fix it)."""
    return random.randrange(1 << 30)

# An action that can be undone: ("add", number, deal) or ("edit", number, before, after).
Action = tuple[Any, ...]


def deal_words(deal: Deal) -> str:
    """'4 3 3'."""
    return " ".join(str(n) for n in deal)


class DealSuggester(Suggester):
    """With two numbers typed, offers the third (→ accepts it)."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        reading = read_deal(value)
        if not reading.offered or reading.deal is None:
            return None
        sep = "" if value.strip().isdigit() and len(value.strip()) > 1 else " "
        return value.rstrip() + sep + str(reading.deal[2])


class SheetScreen(Screen):
    """One match at the table: panels per player, the round table, the entry line."""

    DEFAULT_CSS = """
    #sheet-status { height: 1; padding: 0 1; background: $primary-muted; color: $text; }
    #panels { height: auto; }
    #deals { height: 1fr; min-height: 4; }
    #entry-box { height: auto; }
    #entry { width: 100%; }
    #entry-hint { padding: 0 1; height: 1; width: 100%; color: $text-muted; }
    #entry-hint.-error { color: $error; text-style: bold; }
    #entry-hint.-ready { color: $success; }
    """
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("ctrl+y", "redo", "Redo", priority=True),
        Binding("ctrl+e", "edit", "Edit a deal", priority=True),
        Binding("ctrl+t", "all_rounds", "All rounds"),
        Binding("ctrl+d", "simulate_deal", "Simulate deal", priority=True),
        Binding("ctrl+o", "show_tricks", "Its tricks", priority=True),
        Binding("ctrl+g", "check_deal", "Check a deal", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, stored: Any, entry_text: str = "") -> None:
        super().__init__()
        self.stored = stored
        self.entry_text = entry_text
        self.simulated: Any = None  # the last simulated deal (a DealRecord) and its needs
        self.simulated_needs: Any = None
        self.match_id: str = stored.id
        self.undo_stack: list[Action] = []
        self.redo_stack: list[Action] = []
        self._lock = asyncio.Lock()
        self._busy = False

    @property
    def state(self) -> MatchState:
        return self.stored.state

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        translate_bindings(self, self.lang, WORDS)
        yield Static("", id="sheet-status")
        with Horizontal(id="panels"):
            for index in range(3):
                yield PlayerPanel(index)
        yield OddsLine(id="odds")
        yield DealTable(self.state, self.lang, id="deals")
        with Vertical(id="entry-box"):
            yield Input(id="entry", restrict=r"[0-9 ,;/+.\-]*", max_length=14,
                        suggester=DealSuggester(), select_on_focus=False)
            yield Label("", id="entry-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.prepare()
        self._seen: Any = None
        self.set_interval(getattr(self.app, "poll", 1.0), self.poll_file)
        getattr(self.app, "tell_shown", lambda _id: None)(self.match_id)

    def on_unmount(self) -> None:
        getattr(self.app, "tell_shown", lambda _id: None)("")

    async def redraw(self) -> None:
        """Compose again in the app's language, keeping what was typed and the undo stack."""
        self.entry_text = self.query_one("#entry", Input).value
        await self.recompose()
        self.prepare()

    def prepare(self) -> None:
        """Set up the composed widgets: placeholder, state, focus, the text being typed."""
        entry = self.query_one("#entry", Input)
        entry.cursor_blink = getattr(self.app, "cursor_blink", True)
        entry.placeholder = pick(self.lang, "tricks in seat order, e.g. 4 3 3 or 433, then Enter",
                                 "plis dans l'ordre, ex. 4 3 3 ou 433, puis Entrée")
        self.show_state()
        if entry.disabled:
            self.query_one(DealTable).focus()
        else:
            entry.focus()
            if self.entry_text:
                entry.value = self.entry_text
                entry.cursor_position = len(entry.value)

    # ------------------------------------------------------------------ showing

    def show_state(self) -> None:
        """Redraw everything from the stored match."""
        state, lang = self.state, self.lang
        for panel in self.query(PlayerPanel):
            panel.show(state, lang)
        self.query_one(DealTable).update_state(state)
        self.query_one("#sheet-status", Static).update(self.status_text())
        entry = self.query_one("#entry", Input)
        entry.disabled = state.finished or self.stored.status == "abandoned"
        self.show_hint(entry.value)
        # The odds (a simulation on a thread) start once this frame is drawn, not before.
        self.call_after_refresh(self.query_one(OddsLine).show, state, self.lang,
                                self.stored.status == "abandoned")

    def status_text(self) -> Text:
        state, lang, players = self.state, self.lang, self.state.players
        text = Text()
        if self.stored.name:
            text.append(self.stored.name, style="bold")
            text.append("  ·  ")
        if state.finished and state.winner is not None:
            text.append(pick(lang, f"Match won by {players[state.winner]}",
                             f"Partie gagnée par {players[state.winner]}"), style="bold")
            text.append(pick(lang, " — ctrl+e to correct a deal, Esc to leave",
                             " — ctrl+e pour corriger une donne, Échap pour sortir"))
            return text
        if self.stored.status == "abandoned":
            text.append(pick(lang, "Abandoned match (read only)", "Partie abandonnée (lecture)"))
            return text
        cur = state.current
        text.append(pick(lang, f"Round {cur.number}", f"Manche {cur.number}"), style="bold")
        text.append(pick(lang, f" · deal {len(state.outcomes) + 1} · ",
                         f" · donne {len(state.outcomes) + 1} · "))
        text.append(players[cur.dealer], style="bold")
        text.append(pick(lang, " deals, ", " donne, "))
        text.append(players[cur.leader], style="bold")
        text.append(pick(lang, " leads", " entame"))
        text.append(pick(lang, f" · target {state.match.rules.target}",
                         f" · objectif {state.match.rules.target}"), style="dim")
        return text

    def show_hint(self, value: str) -> None:
        hint = self.query_one("#entry-hint", Label)
        lang, players = self.lang, self.state.players
        hint.remove_class("-error", "-ready")
        if self.state.finished:
            hint.update(pick(lang, "The match is over.", "La partie est finie."))
            return
        reading = read_deal(value, lang)
        if reading.error:
            hint.update(Text("✗ " + reading.error))
            hint.add_class("-error")
        elif reading.deal is not None:
            text = Text("✓ " + pick(lang, "Enter records ", "Entrée enregistre "))
            for p in range(3):
                text.append(f"{players[p]} {reading.deal[p]}", style="bold")
                text.append(", " if p < 2 else "")
            if reading.offered:
                text.append(pick(lang, "  (→ fills in the third)", "  (→ complète le troisième)"),
                            style="dim")
            rec = self.simulated
            if rec is not None and tuple(reading.deal) == tuple(rec.counts):
                text.append(pick(lang, "  · simulated: ctrl+o shows its tricks",
                                 "  · simulée : ctrl+o montre ses plis"), style="dim")
            hint.update(text)
            hint.add_class("-ready")
        else:
            text = Text(pick(lang, "Tricks of ", "Plis de "))
            for p in range(3):
                text.append(players[p], style="bold")
                text.append(", " if p < 1 else (pick(lang, " and ", " et ") if p == 1 else ""))
            text.append(pick(lang, ", 0 to 10 each, 10 in all.  ↑ table · ctrl+e correct",
                             ", de 0 à 10 chacun, 10 en tout.  ↑ tableau · ctrl+e corriger"),
                        style="dim")
            hint.update(text)

    # ------------------------------------------------------------------ entry

    @on(Input.Changed, "#entry")
    def _typed(self, event: Input.Changed) -> None:
        self.show_hint(event.value)

    @on(Input.Submitted, "#entry")
    def _submitted(self, event: Input.Submitted) -> None:
        reading = read_deal(event.value, self.lang)
        if reading.deal is None:
            hint = self.query_one("#entry-hint", Label)
            message = reading.error or pick(self.lang, "type three numbers, e.g. 4 3 3",
                                            "tapez trois nombres, par exemple 4 3 3")
            hint.update(Text("✗ " + message))
            hint.add_class("-error")
            event.input.action_select_all()
            self.app.bell()
            return
        deal = reading.deal
        event.input.value = ""
        self.simulated = self.simulated_needs = None
        self.refresh_bindings()
        match_id = self.match_id
        self.change(lambda h, rev: h.add_deal(match_id, deal, expected_revision=rev),
                    ("add", None, deal), announce=True)

    def on_key(self, event: Any) -> None:
        if event.key == "up" and self.focused is self.query_one("#entry", Input):
            event.stop()
            self.query_one(DealTable).focus()

    # ------------------------------------------------------------------ writing

    @work(group="store")
    async def change(self, write: Callable[[Any, int], Any], action: Action | None,
                     announce: bool = False, undoing: bool = False, redoing: bool = False,
                     message: str = "") -> None:
        """Run one write to the history off the UI thread, then show the new state."""
        async with self._lock:
            self._busy = True
            try:
                stored = await asyncio.to_thread(write, self.app.history, self.stored.revision)
            except VicaireError as exc:
                self.notify(exc.message(self.lang), severity="error", markup=False, timeout=8)
                await self.reload(quiet=True)
                if action is not None and action[0] == "add" and not (undoing or redoing):
                    entry = self.query_one("#entry", Input)
                    if not entry.value and not entry.disabled:
                        entry.value = deal_words(action[2])  # keep what was typed
                return
            finally:
                self._busy = False
            self.stored = stored
            if action is not None and action[0] == "add" and action[1] is None:
                action = ("add", len(stored.match.deals), action[2])
            if action is not None:
                if undoing:
                    self.redo_stack.append(action)
                else:
                    self.undo_stack.append(action)
                    if not redoing:
                        self.redo_stack.clear()
            self.show_state()
            if action is not None and action[0] == "edit" and not undoing:
                self.query_one(DealTable).select_deal(action[1])
            if message:
                self.notify(message, markup=False)
            if announce:
                self.announce()

    def announce(self) -> None:
        """After a new deal: a dialog when the round or the match ended, or on a tie."""
        state = self.state
        if not state.outcomes:
            return
        outcome = state.outcomes[-1]
        if outcome.match_winner is not None:
            self.app.push_screen(match_won_dialog(outcome, state, self.lang))
        elif outcome.winner is not None:
            self.app.push_screen(round_won_dialog(outcome, state, self.lang))
        elif outcome.tie is not None:
            self.app.push_screen(tie_dialog(outcome, state, self.lang))

    async def reload(self, quiet: bool = False) -> None:
        """Read the match again from the history."""
        history, match_id = self.app.history, self.match_id
        try:
            stored = await asyncio.to_thread(history.get, match_id)
        except VicaireError as exc:
            self.notify(exc.message(self.lang), severity="error", markup=False)
            return
        moved = stored.revision != self.stored.revision
        self.stored = stored
        if moved:
            self.undo_stack.clear()
            self.redo_stack.clear()
        self.show_state()
        if moved and not quiet:
            self.notify(pick(self.lang, "This match was changed in another window: reloaded.",
                             "Cette partie a été modifiée dans une autre fenêtre : rechargée."),
                        severity="warning", markup=False)

    def poll_file(self) -> None:
        """Look at the match file's signature (one stat); read it only when it changed."""
        if self._busy or self._lock.locked():  # (looked at again once the change is done)
            return
        signature = getattr(self.app.history, "signature", None)
        seen = signature(self.match_id) if signature else object()
        if seen != self._seen or seen is None:
            self._seen = seen
            self.check_revision()

    @work(group="poll", exclusive=True)
    async def check_revision(self) -> None:
        """Poll the history's revision of this match; reload when another window moved it."""
        if self._busy or self._lock.locked():
            return
        try:
            revision = await asyncio.to_thread(self.app.history.revision, self.match_id)
        except VicaireError:
            return
        if revision != self.stored.revision and not self._lock.locked():
            async with self._lock:
                await self.reload()

    # ------------------------------------------------------------------ corrections

    def action_undo(self) -> None:
        lang = self.lang
        if self.undo_stack:
            action = self.undo_stack.pop()
        elif self.stored.match.deals:
            number = len(self.stored.match.deals)
            action = ("add", number, self.stored.match.deals[-1])
        else:
            self.notify(pick(lang, "Nothing to undo.", "Rien à annuler."))
            return
        self._apply(action, undoing=True)

    def action_redo(self) -> None:
        if not self.redo_stack:
            self.notify(pick(self.lang, "Nothing to redo.", "Rien à rétablir."))
            return
        self._apply(self.redo_stack.pop(), undoing=False)

    def _apply(self, action: Action, undoing: bool) -> None:
        """Undo `action` (or do it again) through the history, saying what was done."""
        lang, match_id, number = self.lang, self.match_id, action[1]
        if action[0] == "add":
            deal = action[2]
            removing = undoing
            message = pick(lang, f"Deal {number} removed.", f"Donne {number} retirée.") \
                if undoing else pick(lang, f"Deal {number} recorded again: {deal_words(deal)}.",
                                     f"Donne {number} rétablie : {deal_words(deal)}.")
        else:
            deal = action[2] if undoing else action[3]
            removing = False
            message = pick(lang, f"Deal {number} back to {deal_words(deal)}.",
                           f"Donne {number} remise à {deal_words(deal)}.") if undoing else \
                pick(lang, f"Deal {number} set to {deal_words(deal)} again.",
                     f"Donne {number} remise à {deal_words(deal)}.")

        def write(history: Any, revision: int) -> Any:
            if removing:
                return history.undo(match_id, expected_revision=revision)
            if action[0] == "add":
                return history.add_deal(match_id, deal, expected_revision=revision)
            return history.edit_deal(match_id, number, deal, expected_revision=revision)

        self.change(write, action, undoing=undoing, redoing=not undoing, message=message)

    def action_edit(self, number: int | None = None) -> None:
        """Correct a deal: the one under the table's cursor, else the last one."""
        if not self.stored.match.deals:
            self.notify(pick(self.lang, "No deal to correct yet.", "Pas encore de donne."))
            return
        table = self.query_one(DealTable)
        if number is None:
            number = table.chosen_deal() if self.focused is table else None
        number = number or len(self.stored.match.deals)
        from scorekeeper.tui.screens.edit_deal import EditDealScreen

        def done(deal: Deal | None) -> None:
            if deal is None:
                return
            before = self.stored.match.deals[number - 1]
            match_id = self.match_id
            self.change(lambda h, rev: h.edit_deal(match_id, number, deal,
                                              expected_revision=rev),
                        ("edit", number, before, deal),
                        message=pick(self.lang,
                                     f"Deal {number} corrected: {deal_words(deal)}.",
                                     f"Donne {number} corrigée : {deal_words(deal)}."))

        self.app.push_screen(EditDealScreen(self.stored, number), done)

    @on(DealTable.DealChosen)
    def _chosen(self, event: DealTable.DealChosen) -> None:
        self.action_edit(event.number)

    def action_all_rounds(self) -> None:
        self.query_one(DealTable).toggle_all()

    # ------------------------------------------------------------------ cards

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("simulate_deal", "check_deal") and (
                self.state.finished or self.stored.status == "abandoned"):
            return False  # no deal can follow
        if action == "simulate_deal":
            return sim_available()
        if action == "show_tricks":
            return self.simulated is not None
        return True

    def _entry_open(self) -> bool:
        if self.query_one("#entry", Input).disabled:
            self.notify(pick(self.lang, "The match is over: no deal can follow.",
                             "La partie est finie : plus aucune donne."), markup=False)
            return False
        return True

    def action_simulate_deal(self, seed: int | None = None) -> None:
        """Deal 32 real cards with this sheet's dealer; bots play it aiming at what each
        player needs; the counts wait in the entry line (Enter records them)."""
        if not sim_available() or not self._entry_open():
            return
        from scorekeeper.sim.deals import simulate_deal

        cur = self.state.current
        rng = random.Random(new_seed() if seed is None else seed)
        self.simulated = simulate_deal(rng, cur.dealer, "target", cur.needs)
        self.simulated_needs = cur.needs
        entry = self.query_one("#entry", Input)
        entry.value = deal_words(self.simulated.counts)
        entry.cursor_position = len(entry.value)
        entry.focus()
        self.show_hint(entry.value)
        self.refresh_bindings()
        players, counts = self.state.players, self.simulated.counts
        self.notify(pick(self.lang, "Bots played a deal: ", "Les robots ont joué une donne : ")
                    + " · ".join(f"{players[p]} {counts[p]}" for p in range(3))
                    + pick(self.lang, ". Enter records it; ctrl+o shows its tricks.",
                           ". Entrée l'enregistre ; ctrl+o montre ses plis."), markup=False)

    def action_show_tricks(self) -> None:
        """The hands and tricks of the last simulated deal."""
        if self.simulated is None:
            self.notify(pick(self.lang, "No simulated deal yet: ctrl+d plays one.",
                             "Pas encore de donne simulée : ctrl+d en joue une."), markup=False)
            return
        from scorekeeper.tui.screens.deal_view import DealViewScreen

        self.app.clear_notifications()  # the toast would cover the tricks
        self.app.push_screen(DealViewScreen(self.simulated, self.state.players, self.lang,
                                            self.simulated_needs))

    def action_check_deal(self) -> None:
        """Type a real deal of this match trick by trick; its counts come back to the entry."""
        from scorekeeper.tui.screens.check_deal import CheckDealScreen

        state = self.state
        open_entry = not self.query_one("#entry", Input).disabled

        def done(counts: tuple[int, int, int] | None) -> None:
            if counts is None:
                return
            entry = self.query_one("#entry", Input)
            entry.value = deal_words(counts)
            entry.cursor_position = len(entry.value)
            entry.focus()
            self.show_hint(entry.value)
            self.notify(pick(self.lang, "The counts are in the entry line: Enter records them.",
                             "Les plis sont dans la ligne de saisie : Entrée les enregistre."),
                        markup=False)

        self.app.push_screen(CheckDealScreen(state.players, state.current.dealer,
                                             can_send=open_entry), done)

    def action_back(self) -> None:
        table = self.query_one(DealTable)
        entry = self.query_one("#entry", Input)
        if self.focused is table and not entry.disabled:
            entry.focus()
        else:
            self.app.action_home()

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """Extra commands for the palette while this sheet is shown."""
        lang = self.lang
        return [
            (pick(lang, "Undo", "Annuler"), pick(lang, "Undo the last action",
                                                 "Annuler la dernière action"), self.action_undo),
            (pick(lang, "Redo", "Rétablir"), pick(lang, "Redo what was undone",
                                                  "Rétablir ce qui a été annulé"),
             self.action_redo),
            (pick(lang, "Edit a deal", "Corriger une donne"),
             pick(lang, "Correct the selected (or last) deal, with a preview",
                  "Corriger la donne choisie (ou la dernière), avec un aperçu"),
             self.action_edit),
            (pick(lang, "Simulate this deal", "Simuler cette donne"),
             pick(lang, "Bots play a real deal aiming at what each needs; the counts fill "
                        "the entry (ctrl+d)",
                  "Des robots jouent une vraie donne en visant ce qu'il faut à chacun ; les "
                  "plis remplissent la saisie (ctrl+d)"), self.action_simulate_deal),
            (pick(lang, "Tricks of the simulated deal", "Plis de la donne simulée"),
             pick(lang, "Hands, each trick and its winner (ctrl+o)",
                  "Les mains, chaque pli et son gagnant (ctrl+o)"), self.action_show_tricks),
            (pick(lang, "Check a deal", "Vérifier une donne"),
             pick(lang, "Type a real deal trick by trick: winners, counts, broken rules (ctrl+g)",
                  "Saisir une vraie donne pli par pli : gagnants, plis, règles enfreintes "
                  "(ctrl+g)"), self.action_check_deal),
            (pick(lang, "Show all rounds", "Afficher toutes les manches"),
             pick(lang, "Open or fold the earlier rounds", "Déplier ou replier les manches"),
             self.action_all_rounds),
            (pick(lang, "Export this match", "Exporter cette partie"),
             pick(lang, "Write the match file (JSON) into the history's exports folder",
                  "Écrire le fichier de la partie (JSON) dans le dossier exports de "
                  "l'historique"),
             self.action_export),
        ]

    def action_export(self) -> None:
        """Write this match file into the history's exports folder, as the history does."""
        from scorekeeper.tui.screens.history_actions import export_to_file

        self.run_worker(export_to_file(self.app, self.match_id, "json"), group="export")

    def explain_deal(self, number: int) -> str:
        """The full sentence for deal `number` (for tests and tooltips)."""
        return explain(self.state.outcomes[number - 1], self.state.players, self.lang)
