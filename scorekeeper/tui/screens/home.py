"""The home screen: resume the match in progress, start one, history, rules, quit."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.css.query import NoMatches

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import N_, Nc_, tr
from scorekeeper.i18n.dates import day_text
from scorekeeper.i18n.errors import error_text
from scorekeeper.i18n.store import status_text
from scorekeeper.store.records import latest_live
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import NARROW, SHORT_BREAKPOINTS, VicaireScreen
from scorekeeper.tui.services import UNKNOWN
from scorekeeper.tui.widgets.keybar import KeyBar
from scorekeeper.tui.widgets.picklist import HeadingLine, Item, PickList

if TYPE_CHECKING:
    from scorekeeper.store import History, MatchSummary

RECENT = 8
WIDE = 100  # columns from which the last matches show their status
ACTIONS_WIDTH = 30  # the left column: the menu and its margins (#menu in home.tcss)
NAME = "VICAIRE"  # the menu's heading


def last_played(summaries: list[MatchSummary]) -> list[MatchSummary]:
    """The last matches home lists: the latest played first (the match to resume is the
    latest played in progress), however long ago they began."""
    return sorted(summaries, key=lambda s: (s.updated, s.created, s.id), reverse=True)[:RECENT]


# The home menu is drawn from this table: the entries marked `menu`, in this order.
ACTIONS: tuple[Action, ...] = (
    Action("r", "resume", N_("Resume"), menu=True),
    Action("n", "new_match", N_("New match"), short=Nc_("key bar", "New match"),
           menu=True),
    Action("h", "history", N_("History"), menu=True),
    Action("l", "rules", N_("Rules"), show=False, menu=True),
    Action("b", "board", N_("Scoreboard"), short=Nc_("key bar", "Scoreboard"),
           show=False, menu=True),
    Action("c", "check_deal", N_("Check a deal"), show=False, menu=True),
    Action("s", "simulate", N_("Simulate"), show=False, menu=True),
    Action("q", "app.quit", N_("Quit"), menu=True),
    Action("right", "to_list(1)", N_("Last matches"), show=False),
    Action("left", "to_list(-1)", N_("Menu"), show=False),
)


def match_title(summary: MatchSummary) -> Text:
    """The match's name, or its players, shown literally."""
    if summary.name:
        return Text(summary.name, overflow="ellipsis", no_wrap=True)
    return Text(" · ".join(summary.players), overflow="ellipsis", no_wrap=True)


class HomeScreen(VicaireScreen):
    """Where the app opens: one key to go back to the table.

    Its styles are in home.tcss, which the app reads (as the default screen, Textual does not
    read a CSS_PATH of its own)."""

    ACTIONS = ACTIONS
    VERTICAL_BREAKPOINTS = SHORT_BREAKPOINTS  # up to 20 lines: the title on one line

    def __init__(self) -> None:
        super().__init__()
        self.unfinished: MatchSummary | None = None
        self.summaries: list[MatchSummary] = []
        self._shown = False  # the widgets show self.unfinished and self.summaries
        self._shown_narrow = False  # shown for a phone (taps said, not keys)
        self._resume_asked = False  # `r` pressed before the history was read
        self._unreadable = False  # the last reading failed (its message shows)
        self._filled_width = 0  # the width the last matches were laid out for
        self._resume_text = Text()  # the match to resume, or why there is none
        self._size_classes = (False, False)  # (-short, -narrow) as the headings were drawn

    def compose(self) -> ComposeResult:
        lang = self.lang
        # Two lists and the key bar: each widget costs the first frame, so the app's name
        # is the menu's heading and the match to resume is the last matches' (the lists
        # draw them on the screen's background, as section titles and text).
        self._resume_text = Text(tr(lang, "Reading the history…"))
        self._size_classes = self._size_class_flags()
        yield PickList(self._menu(lang), id="menu", heading=self._banner)
        yield PickList(id="recent", heading=self._resume_heading)
        yield KeyBar()

    def _size_class_flags(self) -> tuple[bool, bool]:
        """Whether the window is short (up to 20 lines) and whether it is a phone's."""
        return self.has_class("-short"), self.has_class("-narrow")

    def _banner(self, width: int) -> list[HeadingLine]:
        """The menu's heading: the app's name in a double frame, then what it is, centred
        (and a blank line); in a short window the name alone, on a phone without a frame."""
        short, narrow = self._size_class_flags()
        if short or narrow:
            left = (width - len(NAME)) // 2
            lines = [("picklist--title", Text(" " * left + NAME))]
        else:  # (the frame's lines in the accent colour, the name bold)
            inner = width - 2
            left = (inner - len(NAME)) // 2
            lines = [("picklist--title", Text.assemble((f"╔{'═' * inner}╗", "not bold"))),
                     ("picklist--title", Text.assemble(
                         ("║", "not bold"), " " * left, NAME, " " * (inner - left - len(NAME)),
                         ("║", "not bold"))),
                     ("picklist--title", Text.assemble((f"╚{'═' * inner}╝", "not bold")))]
        if not short:
            subtitle = Text(tr(self.lang, "Score sheet for Le vicaire"), justify="center")
            lines += [("picklist--muted", line)
                      for line in subtitle.wrap(self.app.console, width)]
            if not narrow:
                lines.append(("picklist--note", Text()))
        return lines

    def _resume_heading(self, width: int) -> list[HeadingLine]:
        """The last matches' heading: the match to resume (or why there is none) under its
        title, then the list's own title; blank lines around the first on a wide screen."""
        lang = self.lang
        spaced = not self.has_class("-narrow")
        blank: list[HeadingLine] = [("picklist--note", Text())] if spaced else []
        text = [("picklist--note", Text(" ") + line)
                for line in self._resume_text.wrap(self.app.console, max(width - 2, 1))]
        return [*blank, ("picklist--title", Text(tr(lang, "Resume"))), *text, *blank,
                ("picklist--title", Text(tr(lang, "Last matches")))]

    def _show_resume(self, text: Text) -> None:
        """Say which match `r` resumes, or why there is none."""
        self._resume_text = text
        self.query_one("#recent", PickList).set_heading(self._resume_heading)

    def _menu(self, lang: str, resume: Text | None = None) -> list[Item]:
        """The actions, each with its key (the menu's entries of the table); Resume names
        the match it opens. On a phone (no keys to press) the words alone, a tap's target,
        and the match named in the width there is."""
        options = []
        width = self.size.width or self.app.size.width
        phone = width <= NARROW
        for entry in self.ACTIONS:
            if entry.menu:
                key = "" if phone else self.app.get_key_display(entry.binding())
                label = Text(f" {key}  " if key else "  ", style="bold", no_wrap=True,
                             overflow="ellipsis")
                label.append(entry.name(lang))
                if entry.action == "resume" and resume is not None:
                    title = resume.copy()
                    room = (width - 4) if phone else ACTIONS_WIDTH - 6
                    title.truncate(room - label.cell_len, overflow="ellipsis")
                    label.append(" ")
                    label.append_text(title)
                ident = entry.action.removeprefix("app.")  # ("quit")
                options.append(Item(ident, label, disabled=ident == "resume"))
        return options

    def on_mount(self) -> None:
        self.query_one("#menu", PickList).highlight("new_match")
        listing = self.services.first_listing()
        if listing is not None:  # read while the app started: shown in the first frame
            self._take(latest_live(listing), last_played(listing))
            self.services.show_notices()
        else:  # still being read (a large history): shown when it is ready
            self._load_matches(first=True)
        # The journal's signature as of the listing shown (None: no journal yet, an empty
        # history; UNKNOWN until the listing is read, which then sets it).
        self._seen: Any = self.services.listing_signature
        self._polling = self.set_interval(self.services.poll, self.poll_journal)

    def poll_journal(self) -> None:
        """Read the listing again when the journal's signature changed (one stat): another
        window or device changed the history while this screen was shown."""
        if self._seen is UNKNOWN or self.services.open_history() is None or \
                not self.is_current:
            return  # (a listing is being read, or the history is still opening)
        seen = self.services.history_signature()
        if seen != self._seen:
            self._seen = seen
            self.refresh_matches()

    def on_screen_suspend(self) -> None:
        self._polling.pause()  # covered by another screen: read again when back (below)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self._polling.resume()
        if self.focused is None or not self.focused.is_attached:
            self.set_focus(self.query_one("#menu", PickList))
        if self.ever_shown:  # back from another screen: the history may have changed
            self.refresh_matches()  # (the first time, on_mount has just read it)

    async def redraw(self) -> None:
        """Compose again in the app's language, keeping the highlighted action and row."""
        menu = self.query_one("#menu", PickList)
        recent = self.query_one("#recent", PickList)
        on_recent, row, action = self.focused is recent, recent.highlighted_key, \
            menu.highlighted_key
        await self.recompose()
        self._shown = False
        menu = self.query_one("#menu", PickList)
        if self.summaries or self.unfinished is not None:
            self._show()
        if action is not None:
            menu.highlight(action)
        recent = self.query_one("#recent", PickList)
        if on_recent and recent.items:
            if row is not None:
                recent.highlight(row)
            self.set_focus(recent)
        else:
            self.set_focus(menu)
        self.refresh_matches()

    def refresh_matches(self) -> None:
        self._load_matches()

    @work(exclusive=True, group="home-load")
    async def _load_matches(self, first: bool = False) -> None:
        """Read the match in progress and the last matches off the UI thread."""
        app = self.services

        def read(history: History, summaries: list[MatchSummary] | None,
                 ) -> tuple[Any, MatchSummary | None, list[MatchSummary]]:
            # The listing lines are enough here (no match is read or replayed), and the
            # journal's signature as of them (taken first: a change made meanwhile is
            # seen by the next poll).
            if summaries is None:
                signature = history.signature()
                summaries = history.summaries()
            else:
                signature = app.listing_signature
            return signature, latest_live(summaries), last_played(summaries)

        try:
            # At start-up the history may still be opening: its listing, read meanwhile by
            # the opening worker, is awaited (not read twice), showing "Reading the history…".
            history = await app.history_ready()
            first_listing = app.first_listing() if first else None
            signature, unfinished, recent = await self.off_thread(
                read, history, first_listing)
        except VicaireError as exc:
            self._seen = app.history_signature()  # (read again at the next change)
            self.notify(error_text(exc, self.lang), severity="error", markup=False)
            with contextlib.suppress(NoMatches):
                self._show_resume(Text(error_text(exc, self.lang)))
            self._unreadable, self._resume_asked = True, False
            return
        finally:
            self.services.show_notices()
        self._seen, self._unreadable = signature, False
        with contextlib.suppress(NoMatches):  # the screen is being redrawn; it reloads then
            self._take(unfinished, recent)

    def _take(self, unfinished: MatchSummary | None, recent: list[MatchSummary]) -> None:
        """Show the match to resume and the last matches (`last_played`), unless they are
        already shown."""
        if self._shown and (unfinished, recent) == (self.unfinished, self.summaries):
            return
        self.unfinished, self.summaries = unfinished, recent
        self._show()

    def _show(self) -> None:
        self._shown = True
        self._shown_narrow = self.size.width <= NARROW
        lang = self.lang
        menu = self.query_one("#menu", PickList)
        # A phone: each of the menu's lines a thumb's target, 3 lines high.
        menu.set_rows(3 if self._shown_narrow else 1)
        if self.unfinished is None:  # (the menu no longer names a match just ended)
            menu.set_items(self._menu(lang))
            menu.set_disabled("resume", True)
            self._show_resume(Text(
                tr(lang, "No match in progress. Tap New match to start one.")
                if self._shown_narrow else
                tr(lang, "No match in progress. Press n to start one.")))
        else:
            menu.set_items(self._menu(lang, match_title(self.unfinished)))
            menu.set_disabled("resume", False)
            line = self.unfinished
            text = match_title(line)
            text.stylize("bold")
            text.append("\n")
            if self._shown_narrow:  # (a phone: no key to press)
                text.append(tr(lang, "round {round}, deal {number} — tap Resume",
                               round=line.round, number=line.deals + 1))
            else:
                text.append(tr(lang, "round {round}, deal {number} — press r",
                               round=line.round, number=line.deals + 1))
            self._show_resume(text)
            if self.focused is not self.query_one("#recent"):
                menu.highlight("resume")
        self._fill_recent()
        if self._resume_asked:  # `r` pressed before the history was read: answered now
            self._resume_asked = False
            self.action_resume()

    def _fill_recent(self) -> None:
        """The last matches in columns; on a narrow terminal (80 columns) without the status
        column and with compact points, so that nothing is cut or needs scrolling; on a phone
        without the day either, so that the usual names show whole (the History dates
        them)."""
        lang = self.lang
        wide = self.size.width >= WIDE
        dated = self.size.width > NARROW
        self._filled_width = self.size.width
        rows: list[tuple[str, list[Text]]] = []
        for summary in self.summaries:
            title = match_title(summary)
            if wide:
                status = status_text(summary.status, lang)
                cells = [title, Text(status), Text(" · ".join(map(str, summary.points)))]
            else:
                cells = [title, Text("·".join(map(str, summary.points)))]
            if dated:
                cells.append(Text(day_text(summary.played, lang)))
            rows.append((summary.id, cells))
        recent = self.query_one("#recent", PickList)
        if not rows:  # a new history: a sentence instead of column titles over nothing
            recent.set_items([], header=Text(" " + tr(lang, "No match yet.")))
            return
        titles = [tr(lang, "Match")]
        if wide:
            titles.append(tr(lang, "Status"))
        titles.append(tr(lang, "Points"))
        if dated:
            titles.append(tr(lang, "Played"))  # (the last deal's day)
        header = [Text(t) for t in titles]
        widths = [max(cell_len(str(row[c])) for row in [header] + [r for _, r in rows])
                  for c in range(len(titles))]
        # The match's title takes what the other columns leave of the list's width.
        # (on a phone the actions are above the list, not beside it: see app.tcss)
        room = self.size.width - (0 if self.size.width <= NARROW else ACTIONS_WIDTH) - 3
        widths[0] = max(min(widths[0], room - sum(widths[1:]) - 2 * len(widths)), 8)

        def line(cells: list[Text]) -> Text:
            out = Text(" ", no_wrap=True, overflow="ellipsis", end="")
            for cell, width in zip(cells, widths, strict=True):
                cell = cell.copy()
                cell.truncate(width, overflow="ellipsis", pad=True)
                out.append_text(cell)
                out.append("  ")
            return out

        recent.set_items([Item(key, line(cells)) for key, cells in rows], header=line(header))

    def on_resize(self) -> None:
        if self._size_class_flags() != self._size_classes:  # (Textual has just set them)
            self._size_classes = self._size_class_flags()
            self.query_one("#menu", PickList).set_heading(self._banner)
            self.query_one("#recent", PickList).set_heading(self._resume_heading)
        narrow = self.size.width <= NARROW
        if self._shown and narrow != self._shown_narrow:  # keys said, or taps: again
            self._show()
        elif self._filled_width and self.size.width != self._filled_width:
            self._fill_recent()

    @on(PickList.Spilled)
    def _spilled(self, event: PickList.Spilled) -> None:
        """Down past the menu's last line reaches the last matches; up past their first
        line comes back to the menu."""
        other = "#recent" if event.picklist.id == "menu" else "#menu"
        if (event.step > 0) == (other == "#recent"):
            self.query_one(other, PickList).enter_from(event.step)

    def action_to_list(self, step: int) -> None:
        """Right: to the last matches; left: back to the menu."""
        target = self.query_one("#recent" if step > 0 else "#menu", PickList)
        if self.focused is not target and target.items:
            target.focus()

    @on(PickList.Picked, "#recent")
    def _open(self, event: PickList.Picked) -> None:
        self.services.open_match(event.key)

    @on(PickList.Picked, "#menu")
    async def _chosen(self, event: PickList.Picked) -> None:
        for entry in self.ACTIONS:
            if entry.menu and entry.action.removeprefix("app.") == event.key:
                await self.run_action(entry.action)

    def action_resume(self) -> None:
        if not (self._shown or self._unreadable):  # still being read: resumed once it is
            self._resume_asked = True
        elif self.unfinished is not None:
            self.services.open_match(self.unfinished.id)
        else:
            self.notify(tr(self.lang, "No match in progress."))

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

        question = tr(self.lang, "Let three bots play a whole match? It is stored as a "
                                 "simulated match.")
        self.app.push_screen(ConfirmDialog(question), answered)

    def action_board(self) -> None:
        self.app.action_board()

    def action_check_deal(self) -> None:
        self.app.action_check_deal()
