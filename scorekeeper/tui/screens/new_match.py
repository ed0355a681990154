"""Setting up a match: three players in order of play, first dealer, target and variants."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import SuggestFromList
from textual.validation import Integer
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from scorekeeper.errors import VicaireError, shown
from scorekeeper.i18n import N_, default_name, tr
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules.model import MAX_NAME, Match, RuleSet, check_players
from scorekeeper.tui.actions import Action
from scorekeeper.tui.screens.base import NARROW, SHORT_BREAKPOINTS, VicaireScreen
from scorekeeper.tui.widgets.keybar import KeyBar

SWEEP_ROOM = 2 * 2 + 8 + 2  # around the sweep's words in a roomy form (see `sweep_label`)
DEALER_BOX = 30  # the dealer's choice beside the seating picture (`#dealer-box` in the .tcss)

ACTIONS: tuple[Action, ...] = (
    Action("ctrl+s", "create", N_("Start the match"), priority=True, rank=0),
    Action("escape", "cancel", N_("Cancel")),
    # Tab, shift+tab and Enter in a field as priority bindings: the app runs them as it
    # takes the key, before routing the keys after it. Left to the input and the default
    # bindings, the key would first be queued to the focused input and move the focus
    # only once handled, so keys that came in the same burst ("Amélie", Tab, "Bruno")
    # would all go to that input.
    Action("tab", "focus_field(1)", N_("Next field"), show=False,
           priority=True),
    Action("shift+tab", "focus_field(-1)", N_("Previous field"), show=False,
           priority=True),
    Action("enter", "next_field", N_("Next field"), show=False, priority=True),
)


def compact_form(width: int, height: int, stacked: bool = False) -> bool:
    """Whether the form is laid out compact in a window this size: fields one line high
    and no empty lines for errors, so that it fits whole, its buttons too (at 80×24, or a
    phone's 48 columns). Laid out in full (bordered fields), it needs 37 lines 80 columns
    wide and more, up to 43 narrower (the seating sentence wraps), 44 with the dealer's
    choice below the seating picture (`seating_beside`). Never on a phone: a field one text
    line high (19 pixels) is too small a target for a thumb (44 pixels), so the phone's
    form keeps its bordered fields (3 lines, about 57 pixels) and scrolls instead."""
    if width <= NARROW:
        return False
    needs = 44 if stacked else 43 if width < 80 else 37
    return height < needs


def button_words(lang: str, phone: bool) -> tuple[str, str]:
    """The words of the Start and Cancel buttons: with their keys, or on a phone (no keys
    to press) what a tap does alone."""
    if phone:
        return tr(lang, "Start the match"), tr(lang, "Cancel")
    return tr(lang, "Start the match (ctrl+s)"), tr(lang, "Cancel (Esc)")


# The numbers' labels, whole and short: the short ones where the whole ones would be cut.
NUMBER_LABELS = {"target": (N_("Target points"), N_("Target")),
                 "points-ten": (N_("Points for 10"), N_("For 10")),
                 "points-higher": (N_("Points for 15, 20…"), N_("For 15, 20…"))}


def number_labels(lang: str, width: int) -> dict[str, str]:
    """The numbers' labels by field, whole where each fits its third of the form (the form's
    padding and a scroll bar's room aside), else all short ("Points for 15, 2" was cut at 51
    to 60 columns)."""
    whole = {field: tr(lang, words[0]) for field, words in NUMBER_LABELS.items()}
    room = (width - 2 * 2 - 2) // 3
    if not width or width <= NARROW or max(map(cell_len, whole.values())) <= room:
        return whole
    return {field: tr(lang, words[1]) for field, words in NUMBER_LABELS.items()}


def seating_beside(picture: Text, width: int) -> bool:
    """Whether the seating picture fits whole beside the dealer's choice in a window `width`
    columns wide; otherwise the choice goes below it (between a phone's one column and about
    70 columns, or with long names). Beside it, the picture has the window less the form's
    padding, the dealer's box, the picture's own padding and a scroll bar's room."""
    room = width - 2 * 2 - DEALER_BOX - 1 - 2
    return width <= NARROW or max(map(cell_len, picture.plain.split("\n"))) <= room


def sweep_label(lang: str, width: int) -> str:
    """The sweep's checkbox, on one line: without saying what a sweep is on a phone, or in
    any window where saying it would not fit (the form's padding, the box's border and
    padding, the check mark and a scroll bar's room take SWEEP_ROOM columns)."""
    whole = tr(lang, "A sweep (all 10 tricks) wins the round at once")
    if 0 < width <= NARROW or (width and cell_len(whole) > width - SWEEP_ROOM):
        return tr(lang, "A sweep wins the round at once")
    return whole


def seating_picture(names: list[str], dealer: int, lang: str) -> Text:
    """The table seen from above: play goes counter-clockwise, each to the last one's right."""
    shown = [n.strip() or tr(lang, "Player {number}", number=i + 1)
             for i, n in enumerate(names)]
    leader = (dealer + 1) % 3

    def tag(i: int) -> str:
        if i == dealer:
            return " " + tr(lang, "(deals)")
        if i == leader:
            return " " + tr(lang, "(leads)")
        return ""

    top = shown[0] + tag(0)
    left = shown[1] + tag(1)
    right = shown[2] + tag(2)
    middle = "   →   "
    width = max(len(top), len(left) + len(middle) + len(right))
    text = Text(no_wrap=True)
    text.append(" " * ((width - len(top)) // 2) + top + "\n", style="bold")
    down = max(1, len(left) // 2)
    up = max(down + 2, width - len(right) // 2)
    text.append(" " * down + "↙" + " " * (up - down - 1) + "↖\n")
    text.append(left, style="bold")
    text.append(middle + " " * (width - len(left) - len(middle) - len(right)))
    text.append(right, style="bold")
    return text


def seating_sentence(names: list[str], lang: str) -> Text:
    """Who sits to whose right, in words (a name not typed yet said as the sentence says it:
    "player 1", « du joueur 1 »)."""
    shown = [n.strip() or default_name(lang, i + 1) for i, n in enumerate(names)]
    return Text(tr(lang, "{shown1} sits to {shown0}'s right, {shown2} to {shown1}'s right: play "
                         "goes counter-clockwise; the player after the dealer leads.",
                         shown1=shown[1], shown0=shown[0], shown2=shown[2]))


class NewMatchScreen(VicaireScreen):
    """The form for a new match, checked as you type."""

    CSS_PATH = "new_match.tcss"
    ACTIONS = ACTIONS
    VERTICAL_BREAKPOINTS = SHORT_BREAKPOINTS  # up to 20 lines: no seating sentence
    # The first name has the focus from the start: had Textual given it to the first thing
    # that takes it (the scrolling form), the whole form would be styled twice more.
    AUTO_FOCUS = "#name-0"

    def __init__(self, players: tuple[str, ...] = ()) -> None:
        super().__init__()
        self._creating = False
        self.players = players  # names filled in (a new match with the same players)

    def compose(self) -> ComposeResult:
        lang = self.lang
        names = [*self.players[:3], "", "", ""][:3]
        stacked = not seating_beside(seating_picture(names, 0, lang), self.app.size.width)
        width, height = self.app.size
        compact = compact_form(width, height, stacked)
        self.set_class(stacked, "-stacked", update=False)
        self.set_class(compact, "-compact", update=False)
        labels = number_labels(lang, self.app.size.width)
        with VerticalScroll(id="form"):
            yield Label(tr(lang, "New match"), id="form-title")
            yield Label(tr(lang, "Players, in order of play:"),
                        classes="field-label", id="players-label")
            with Horizontal(id="names"):
                for i in range(3):
                    yield Input(placeholder=tr(lang, "Player {number}", number=i + 1),
                                id=f"name-{i}", max_length=MAX_NAME + 5, classes="name",
                                compact=compact)
            yield Label("", id="names-error", classes="form-error -empty")
            with Horizontal(id="seating-row"):
                with Vertical(id="seating-box"):
                    yield Static("", id="seating")
                    yield Static("", id="seating-words")
                with Vertical(id="dealer-box"):
                    yield Label(tr(lang, "Deals first:"),
                                classes="field-label")
                    with RadioSet(id="dealer", compact=compact):
                        for i in range(3):
                            yield RadioButton(tr(lang, "Player {number}", number=i + 1),
                                              value=i == 0, id=f"dealer-{i}")
            with Horizontal(id="numbers"):
                with Vertical(classes="number-field"):
                    yield Label(labels["target"],
                                classes="field-label", id="target-label")
                    yield Input("500", id="target", type="integer",
                                validators=[Integer(1, 100_000)], compact=compact)
                with Vertical(classes="number-field"):
                    yield Label(labels["points-ten"],
                                classes="field-label", id="points-ten-label")
                    yield Input("50", id="points-ten", type="integer",
                                validators=[Integer(1, 10_000)], compact=compact)
                with Vertical(classes="number-field"):
                    yield Label(labels["points-higher"],
                                classes="field-label", id="points-higher-label")
                    yield Input("20", id="points-higher", type="integer",
                                validators=[Integer(1, 10_000)], compact=compact)
            yield Checkbox(sweep_label(lang, self.app.size.width),
                           value=True, id="sweep", compact=compact)
            yield Label(tr(lang, "Name of the match (optional):"), classes="field-label")
            yield Input(id="match-name", max_length=80,
                        placeholder=tr(lang, "e.g. Sunday at Mamie's"), compact=compact)
            yield Label("", id="form-error", classes="form-error -empty")
            with Horizontal(id="form-buttons"):
                start, cancel = button_words(lang, 0 < width <= NARROW)
                yield Button(start, variant="primary", id="create", compact=compact)
                yield Button(cancel, id="cancel", compact=compact)
        yield KeyBar()

    def on_mount(self) -> None:
        # A word left from the screen before ("No match in progress.", "The match is over")
        # would cover the Cancel button for its few seconds; it said nothing of this form.
        self.app.clear_notifications()
        blink = self.services.cursor_blink
        for entry in self.query(Input):
            entry.cursor_blink = blink
        self.query_one("#name-0", Input).focus(scroll_visible=False)  # (the title in view)
        for index, name in enumerate(self.players[:3]):
            self.query_one(f"#name-{index}", Input).value = name
        self.update_names()
        self.load_names()

    def on_resize(self, event: events.Resize) -> None:
        sweep, label = self.query_one("#sweep", Checkbox), sweep_label(self.lang, event.size.width)
        if str(sweep.label) != label:
            sweep.label = label
        for field, words in number_labels(self.lang, event.size.width).items():
            shown = self.query_one(f"#{field}-label", Label)
            if shown.content != words:
                shown.update(words)
        self.lay_out(event.size.width, event.size.height)

    async def redraw(self) -> None:
        """Compose again in the app's language, keeping everything typed and chosen."""
        values = {entry.id: entry.value for entry in self.query(Input)}
        dealer, sweep = self.dealer(), self.query_one("#sweep", Checkbox).value
        focused = self.focused.id if self.focused is not None else None
        await self.recompose()
        for ident, value in values.items():
            self.query_one(f"#{ident}", Input).value = value
        self.query_one(f"#dealer-{dealer}", RadioButton).value = True
        self.query_one("#sweep", Checkbox).value = sweep
        self.on_mount()
        if focused:
            self.query_one(f"#{focused}").focus()

    @work(group="names")
    async def load_names(self) -> None:
        """Offer the names already in the history for completion."""
        try:
            history = await self.services.history_ready()
            names = await self.off_thread(history.player_names)
        except VicaireError:
            return
        for i in range(3):
            self.query_one(f"#name-{i}", Input).suggester = SuggestFromList(
                names, case_sensitive=False)

    def names(self) -> list[str]:
        return [self.query_one(f"#name-{i}", Input).value for i in range(3)]

    def dealer(self) -> int:
        index = self.query_one("#dealer", RadioSet).pressed_index
        return index if index >= 0 else 0

    def update_names(self) -> None:
        """Redraw the seating picture and dealer choices; check the names once typed."""
        lang, names = self.lang, self.names()
        picture = seating_picture(names, self.dealer(), lang)
        self.query_one("#seating", Static).update(picture)
        width, height = self.app.size
        self.lay_out(width, height, picture)
        self.query_one("#seating-words", Static).update(seating_sentence(names, lang))
        for i, name in enumerate(names):
            label = Text(name.strip()) if name.strip() else Text(
                tr(lang, "Player {number}", number=i + 1))
            self.query_one(f"#dealer-{i}", RadioButton).label = label
        # Check what is typed so far; a name not typed yet is not an error until "Start".
        filled = [n if n.strip() else f"\u2003{i}\u2003not typed yet" for i, n in enumerate(names)]
        message = ""
        try:
            check_players(filled)
        except VicaireError as exc:
            message = error_text(exc, lang)
        self.show_error("names-error", message)

    def lay_out(self, width: int, height: int, picture: Text | None = None) -> None:
        """The dealer's choice beside the seating picture, or below it where the picture would
        be cut ("Player 2 (leads)   →   Play…"); the fields compact where the form would not
        fit whole."""
        if picture is None:
            picture = seating_picture(self.names(), self.dealer(), self.lang)
        stacked = not seating_beside(picture, width)
        self.set_class(stacked, "-stacked")
        compact = compact_form(width, height, stacked)
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            for field in self.query("Input, RadioSet, Checkbox, Button"):
                field.compact = compact  # type: ignore[attr-defined]
        # A phone has no ctrl+s nor Esc to press: its buttons say what a tap does.
        for ident, words in zip(("create", "cancel"),
                                button_words(self.lang, 0 < width <= NARROW), strict=True):
            for button in self.query(f"#{ident}").results(Button):
                if str(button.label) != words:
                    button.label = words

    def show_error(self, ident: str, message: str) -> None:
        """Say what is wrong below a field, or nothing (the compact form then gives the
        error's line to the fields)."""
        error = self.query_one(f"#{ident}", Label)
        error.update(Text(message))
        error.set_class(not message, "-empty")

    @on(Input.Changed, ".name")
    def _name_typed(self) -> None:
        self.update_names()

    @on(RadioSet.Changed, "#dealer")
    def _dealer_changed(self) -> None:
        self.update_names()

    def action_focus_field(self, step: int) -> None:
        """Move the focus at once, as Tab does anywhere else (never accepting a suggestion)."""
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter moves on from a field but the last one, which submits the form (below) once
        # it has what was typed in it; on the dealers, the sweep or a button, Enter is theirs.
        if action == "next_field":
            focused = self.focused
            return isinstance(focused, Input) and focused.id != "match-name"
        return True

    def action_next_field(self) -> None:
        self.focus_next(Input)

    @on(Input.Submitted, "#match-name")
    def _last_field(self) -> None:
        self.action_create()

    def read_form(self) -> tuple[Match, str]:
        """The match the form describes, or a refusal saying what is wrong."""
        players = check_players(self.names())

        def number(field: str, name: str) -> int:
            raw = self.query_one(f"#{field}", Input).value.strip()
            try:
                return int(raw)
            except ValueError:
                raise VicaireError("rules.number", name=name, value=shown(raw, 40),
                                   low=1, high=100_000 if field == "target" else 10_000) from None

        lang = self.lang
        rules = RuleSet(
            target=number("target", tr(lang, "the target")),
            sweep="wins" if self.query_one("#sweep", Checkbox).value else "counts",
            points_ten=number("points-ten", tr(lang, "the points for 10")),
            points_higher=number("points-higher", tr(lang, "the points for 15 and more")),
        )
        match = Match(players=players, rules=rules, first_dealer=self.dealer())
        return match, self.query_one("#match-name", Input).value.strip()

    @on(Button.Pressed, "#create")
    def action_create(self) -> None:
        """Start the match once every field has taken the keys already on their way to it.

        ctrl+s is taken as soon as it arrives (a priority binding), possibly before keys
        typed just before it reach their field: each field is asked to call back after the
        messages it has queued, and the form is read when all of them have.
        """
        if self._creating:
            return
        waiting = set(self.query(Input))

        def caught_up(field: Input) -> None:
            waiting.discard(field)
            if not waiting:
                self._create_now()

        for field in list(waiting):
            if not field.call_later(caught_up, field):
                waiting.discard(field)  # not running: nothing queued
        if not waiting:
            self._create_now()

    def _create_now(self) -> None:
        if self._creating or not self.is_attached:
            return
        try:
            match, name = self.read_form()
        except VicaireError as exc:
            self.show_error("form-error", "✗ " + error_text(exc, self.lang))
            self.app.bell()
            return
        self.show_error("form-error", "")
        self._creating = True
        self.create(match, name)

    @work(group="store")
    async def create(self, match: Match, name: str) -> None:
        """Store the new match off the UI thread, then open its score sheet."""
        try:
            history = await self.services.history_ready()
            stored: Any = await self.off_thread(history.create, match, name)
        except VicaireError as exc:
            self._creating = False
            self.show_error("form-error", "✗ " + error_text(exc, self.lang))
            return
        from scorekeeper.tui.sheet.screen import SheetScreen

        self.app.switch_screen(SheetScreen(stored))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.app.pop_screen()
