"""The score sheet: enter each deal by keys, see who deals, who needs what, and why."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, Nc_, tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.outcomes import explain
from scorekeeper.rules.model import Deal, Match
from scorekeeper.rules.scoring import MatchState
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import NARROW, SHORT_BREAKPOINTS, VicaireScreen
from scorekeeper.tui.sheet.cards import SheetCards
from scorekeeper.tui.sheet.deal_entry import DealEntry
from scorekeeper.tui.sheet.deal_table import DealTable
from scorekeeper.tui.sheet.edit_deal import EditDealScreen
from scorekeeper.tui.sheet.entry import ENTRY_LENGTH, deal_words, read_deal
from scorekeeper.tui.sheet.entry_origin import EntryOrigin, PlayedDeal, Typed
from scorekeeper.tui.sheet.lines import SheetLines
from scorekeeper.tui.sheet.odds_line import OddsLine
from scorekeeper.tui.sheet.player_panel import PlayerPanel
from scorekeeper.tui.sheet.polling import SheetPolling
from scorekeeper.tui.sheet.results import SheetResults
from scorekeeper.tui.sheet.tap_pad import TapPad
from scorekeeper.tui.sheet.texts import (
    DealSuggester,
    entry_hint,
    entry_placeholder,
    sheet_status,
    undo_message,
)
from scorekeeper.tui.sheet.undo import AddDeal, Change, EditDeal, UndoLog
from scorekeeper.tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from scorekeeper.store import History, StoredMatch

ACTIONS: tuple[Action, ...] = (
    Action("ctrl+z", "undo", N_("Undo"), priority=True, rank=0, palette=True,
           help=N_("Undo the last action")),
    Action("ctrl+y", "redo", N_("Redo"), priority=True, rank=2, palette=True,
           help=N_("Redo what was undone")),
    Action("ctrl+e", "edit", N_("Edit a deal"),
           short=Nc_("key bar", "Edit a deal"), priority=True, palette=True, rank=0,
           help=N_("Correct the selected (or last) deal, with a preview")),
    Action("ctrl+t", "all_rounds", N_("Show all rounds"),
           short=Nc_("key bar", "All rounds"), palette=True, rank=3,
           help=N_("Open or fold the earlier rounds")),
    Action("ctrl+d", "simulate_deal", N_("Simulate this deal"),
           short=Nc_("key bar", "Simulate deal"), priority=True, palette=True, rank=4,
           help=N_("Bots play a real deal aiming at what each needs; the counts fill the "
                   "entry (ctrl+d)")),
    Action("ctrl+o", "show_tricks", N_("Tricks of this deal"),
           short=Nc_("key bar", "Its tricks"), priority=True, palette=True, rank=6,
           help=N_("The deal the counts in the entry line came from (simulated or checked): "
                   "hands, each trick and its winner (ctrl+o)")),
    Action("ctrl+g", "check_deal", N_("Check a deal"), priority=True,
           palette=True, rank=2,
           help=N_("Type a real deal trick by trick: winners, counts, broken rules (ctrl+g)")),
    Action("escape", "back", N_("Back"), rank=0),
    Action("ctrl+n", "same_players", N_("New match, same players"),
           short=Nc_("key bar", "Rematch"), palette=True, rank=1),
    Action("", "export", N_("Export this match"), palette=True,
           help=N_("Write the match file (JSON) into the history's exports folder")),
)


class SheetScreen(SheetLines, SheetResults, SheetCards, SheetPolling, VicaireScreen):
    """One match at the table: panels per player, the round table, the entry line."""

    CSS_PATH = "sheet.tcss"
    ACTIONS = ACTIONS
    VERTICAL_BREAKPOINTS = SHORT_BREAKPOINTS  # up to 20 lines: short panels (sheet.tcss)

    def __init__(self, stored: StoredMatch, entry_text: str = "",
                 origin: EntryOrigin | None = None) -> None:
        super().__init__()
        self.stored = stored
        self.entry_text = entry_text or self.kept_entry(stored)  # (after a reconnection)
        self.origin: EntryOrigin = origin or Typed()  # where the entry's counts came from
        self.match_id: str = stored.id
        self.undo_log = UndoLog()
        self._lock = asyncio.Lock()
        self._busy = False
        self._held: list[Callable[[], object]] | None = None  # a frame held (`hold_frame`)

    @property
    def state(self) -> MatchState[Match]:
        return self.stored.state

    def compose(self) -> ComposeResult:
        yield Static("", id="sheet-status")
        with Horizontal(id="panels"):
            for index in range(3):
                yield PlayerPanel(index, compact=True)
        yield OddsLine(id="odds")
        yield DealTable(self.state, self.lang, id="deals")
        with Vertical(id="entry-box"):
            yield DealEntry(id="entry", max_length=ENTRY_LENGTH, suggester=DealSuggester(),
                            select_on_focus=False)
            yield Label("", id="entry-hint")
        yield TapPad(self.state.players, self.lang, id="tap-pad")
        yield KeyBar()

    def on_mount(self) -> None:
        if not self.app.is_running:  # quitting as the sheet opens: its parts may never mount
            return
        self.prepare()
        self._seen: Any = None
        self.set_interval(self.services.poll, self.poll_file)
        self.services.tell_shown(self.match_id)

    def on_resize(self) -> None:
        """A new size: the entry's placeholder, the pad, the status and hint refitted."""
        if not (found := self.query("#entry")):
            return  # (the app quit as the sheet opened: its parts never mounted)
        narrow, entry = self.app.size.width <= NARROW, found.first(Input)
        entry.placeholder = entry_placeholder(self.stored, self.lang, narrow)
        self.query_one(TapPad).fit(narrow)
        self.show_status()
        self.show_hint(entry.value)

    def on_unmount(self) -> None:
        self.services.tell_shown("")

    async def redraw(self) -> None:
        """Compose again in the app's language, keeping what was typed and the undo stack.
        Not while a change or a reload is being shown, nor they while the parts are new."""
        async with self._lock:
            self.entry_text = self.query_one("#entry", Input).value
            await self.recompose()
            self.prepare()

    def prepare(self) -> None:
        """Set up the composed widgets: placeholder, state, focus, the text being typed."""
        entry = self.query_one("#entry", Input)
        entry.cursor_blink = self.services.cursor_blink
        self.query_one(TapPad).fit(self.app.size.width <= NARROW)
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
        self.show_status()
        entry = self.query_one("#entry", Input)
        entry.disabled = state.finished or self.stored.status == "abandoned"
        entry.placeholder = entry_placeholder(self.stored, lang, self.app.size.width <= NARROW)
        if entry.disabled and self.focused in (entry, None):
            self.query_one(DealTable).focus()  # so that Esc and the keys still reach the sheet
        self.show_hint(entry.value)
        # The odds (a simulation on a thread) start once this frame is drawn, not before.
        self.after_frame(self.query_one(OddsLine).show, state, self.lang,
                         self.stored.status == "abandoned")

    def after_frame(self, callback: Callable[..., Any], *args: Any) -> None:
        """Call `callback` once the next frame is drawn (a held frame: once released)."""
        if self._held is not None:
            self._held.append(lambda: self.call_after_refresh(callback, *args))
        else:
            self.call_after_refresh(callback, *args)

    def line_width(self) -> int:
        """The cells of the status and hint lines (their padding taken off), which shorten
        long names to fit; 0 on a phone, where those lines wrap instead."""
        width = self.app.size.width
        return 0 if width <= NARROW else width - 2

    def status_text(self) -> Text:
        return sheet_status(self.stored, self.lang, self.line_width())

    def show_hint(self, value: str) -> None:
        """The line under the entry: what is typed, checked; in the table, the row's sentence."""
        table = self.query_one(DealTable)
        in_table = self.focused is table  # (a bool: `is` would narrow `table` to Widget)
        if in_table and (sentence := table.row_sentence()):
            self.put_hint(Text(sentence), "")
            return
        text, kind = entry_hint(self.state, value, self.origin, self.lang, self.line_width(),
                                taps=self.app.size.width <= NARROW)
        self.put_hint(text, kind)

    @on(DealTable.RowHighlighted, "#deals")
    def _row_lit(self) -> None:
        self.on_descendant_focus()

    def on_descendant_focus(self) -> None:
        """The hint again (none while the parts are made or taken down: a row lit at exit)."""
        for entry in self.query("#entry").results(Input):
            self.show_hint(entry.value)

    # ------------------------------------------------------------------ entry

    @on(Input.Changed, "#entry")
    def _typed(self, event: Input.Changed) -> None:
        self.entry_changed(event.input.value)  # (the value now: a late event is not an edit)
        self.show_hint(event.value)
        self.query_one(TapPad).follow(event.value)

    @on(Input.Submitted, "#entry")
    def _submitted(self, event: Input.Submitted) -> None:
        reading = read_deal(event.value, self.lang)
        if reading.deal is None:
            message = reading.error or tr(self.lang, "type three numbers, e.g. 4 3 3")
            self.put_hint(Text("✗ " + message), "error")
            event.input.action_select_all()
            self.app.bell()
            return
        deal = reading.deal
        release = self.hold_frame()  # the entry emptied and the deal shown: one frame
        entry = event.input  # (keys typed after Enter, already in the line, start the next)
        entry.value = entry.value[len(event.value):].lstrip() \
            if entry.value.startswith(event.value) else ""
        if not isinstance(self.origin, Typed):
            self.origin = Typed()  # (recorded: the next counts start afresh)
            self.refresh_bindings()
        match_id = self.match_id
        self.change(lambda h, rev: h.add_deal(match_id, deal, expected_revision=rev),
                    AddDeal(None, deal), announce=True, release=release)

    def hold_frame(self, longest: float = 0.25) -> Callable[[], None]:
        """Draw nothing until the returned function is called (or `longest` seconds have
        passed): what a deal changes (the entry emptied, then, once written, the panels,
        the table and the hint) is drawn in one frame, not in two."""
        batch = self.app.batch_update()
        batch.__enter__()
        waiting: list[Callable[[], object]] = []
        self._held = waiting  # (what waits for the frame: see `after_frame`)
        holding = [True]

        def release() -> None:
            if not holding:
                return  # released already
            holding.clear()
            if self._held is waiting:
                self._held = None
            batch.__exit__(None, None, None)
            self.check_idle()  # (the screen draws what waited, even with nothing to do)
            for call in waiting:  # (called back on the idle after the frame drawn)
                call()

        self.app.set_timer(longest, release)  # (the app's timer: it outlives this screen)
        return release

    def on_key(self, event: Any) -> None:
        if event.key == "up" and self.focused is self.query_one("#entry", Input):
            event.stop()
            self.query_one(DealTable).focus()
        elif event.key == "ctrl+o" and not self.query_one("#entry", Input).disabled:
            event.stop()  # (no deal behind the entry, else the binding took the key)
            self.action_show_tricks()

    # ------------------------------------------------------------------ writing

    @work(group="store")
    async def change(self, write: Callable[[Any, int], Any], action: Change | None,
                     announce: bool = False, undoing: bool = False, redoing: bool = False,
                     message: str = "", release: Callable[[], None] | None = None) -> None:
        """Run one write to the history off the UI thread, then show the new state (and
        `release` the frame held meanwhile, see `hold_frame`)."""
        try:
            await self._change(write, action, announce, undoing, redoing, message)
        finally:
            if release is not None:
                release()

    async def _change(self, write: Callable[[Any, int], Any], action: Change | None,
                      announce: bool, undoing: bool, redoing: bool, message: str) -> None:
        async with self._lock:
            self._busy = True
            try:
                history, revision = await self.services.history_ready(), self.stored.revision
                stored = await self.off_thread(lambda: write(history, revision).scored())
            except VicaireError as exc:
                self.notify(error_text(exc, self.lang), severity="error", markup=False, timeout=8)
                await self.reload(quiet=True)
                if isinstance(action, AddDeal) and not (undoing or redoing):
                    entry = self.query_one("#entry", Input)
                    if not entry.value and not entry.disabled:
                        entry.value = deal_words(action.deal)  # keep what was typed
                return
            finally:
                self._busy = False
            self.stored = stored
            if isinstance(action, AddDeal) and action.number is None:
                action = AddDeal(len(stored.match.deals), action.deal)
            if action is not None:
                if undoing:
                    self.undo_log.undid(action)
                elif redoing:
                    self.undo_log.redid(action)
                else:
                    self.undo_log.did(action)
            self.show_state()
            if isinstance(action, EditDeal) and not undoing:
                self.query_one(DealTable).select_deal(action.number)
            if message:
                self.notify(message, markup=False)
            if announce:
                self.announce()

    async def reload(self, quiet: bool = False, stored: StoredMatch | None = None) -> None:
        """Read the match again from the history (unless `stored`, just read, is given)."""
        match_id = self.match_id
        try:
            history = await self.services.history_ready()
            if stored is None:  # (a stored match is never false: as `stored or …` was)
                stored = await self.off_thread(lambda: history.get(match_id).scored())
        except VicaireError as exc:
            self.notify(error_text(exc, self.lang), severity="error", markup=False)
            return
        moved = stored.revision != self.stored.revision
        self.stored = stored
        if moved:
            self.undo_log.clear()
        self.show_state()
        if moved and not quiet:
            self.notify(tr(self.lang, "This match was changed in another window: reloaded."),
                        severity="warning", markup=False)

    # ------------------------------------------------------------------ corrections

    def action_undo(self) -> None:
        lang = self.lang
        action = self.undo_log.next_undo()
        if action is None and self.stored.match.deals:  # (a deal recorded elsewhere)
            action = AddDeal(len(self.stored.match.deals), self.stored.match.deals[-1])
        if action is None:
            self.notify(tr(lang, "Nothing to undo."))
            return
        self._apply(action, undoing=True)

    def action_redo(self) -> None:
        action = self.undo_log.next_redo()
        if action is None:
            self.notify(tr(self.lang, "Nothing to redo."))
            return
        self._apply(action, undoing=False)

    def _apply(self, action: Change, undoing: bool) -> None:
        """Undo `action` (or do it again) through the history, saying what was done."""
        match_id = self.match_id
        message = undo_message(action, undoing, self.lang)
        if isinstance(action, AddDeal):
            deal, removing = action.deal, undoing
        else:
            deal, removing = (action.before if undoing else action.after), False

        def write(history: History, revision: int) -> StoredMatch:
            if removing:
                return history.undo(match_id, expected_revision=revision)
            if isinstance(action, AddDeal):
                return history.add_deal(match_id, deal, expected_revision=revision)
            return history.edit_deal(match_id, action.number, deal, expected_revision=revision)

        self.change(write, action, undoing=undoing, redoing=not undoing, message=message)

    def action_edit(self, number: int | None = None) -> None:
        """Correct a deal: the one under the table's cursor, else the last one."""
        if not self.stored.match.deals:
            self.notify(tr(self.lang, "No deal to correct yet."))
            return
        if number is None:
            table = self.query_one(DealTable)
            in_table = self.focused is table  # (a bool: `is` would narrow `table` to Widget)
            if in_table:
                number = table.chosen_deal()
        number = number or len(self.stored.match.deals)
        if self.deal_gone(number):  # (chosen in the table just before another window undid it)
            return

        def done(deal: Deal | None) -> None:
            if deal is None or self.deal_gone(number):
                return
            before = self.stored.match.deals[number - 1]
            match_id = self.match_id
            self.change(lambda h, rev: h.edit_deal(match_id, number, deal,
                                              expected_revision=rev),
                        EditDeal(number, before, deal),
                        message=tr(self.lang, "Deal {number} corrected: {deal_words}.",
                                              number=number, deal_words=deal_words(deal)))

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
        if action == "show_tricks":  # (without a deal, the key still says there is none)
            return isinstance(self.origin, PlayedDeal)
        if action == "same_players":
            return self.state.finished  # only once the match is won
        return True

    def _entry_open(self) -> bool:
        if self.query_one("#entry", Input).disabled:
            self.notify(tr(self.lang, "The match is over: no deal can follow."), markup=False)
            return False
        return True

    def action_back(self) -> None:
        table = self.query_one(DealTable)
        entry = self.query_one("#entry", Input)
        if self.focused is table and not entry.disabled:
            entry.focus()
        else:
            self.app.action_home()

    def action_same_players(self) -> None:
        self.app.action_new_match(self.state.players)

    def action_export(self) -> None:
        """Write this match file into the history's exports folder, as the history does."""
        from scorekeeper.tui.history.actions import export_to_file

        self.run_worker(export_to_file(self.services, self.match_id, "json"), group="export")

    def explain_deal(self, number: int) -> str:
        """The full sentence for deal `number` (for tests and tooltips)."""
        return explain(self.state.outcomes[number - 1], self.state.players, self.lang)
