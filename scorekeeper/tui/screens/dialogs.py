"""Modal dialogs: a yes/no question, and what a round or a match ending means."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from scorekeeper.i18n import pick

DIALOG_CSS = """
.dialog-screen { align: center middle; background: $background 60%; }
.dialog {
    width: 72; max-width: 95%; height: auto; max-height: 90%;
    border: thick $primary; background: $surface; padding: 1 2;
}
.dialog.won { border: thick $success; }
.dialog.tie { border: thick $warning; }
.dialog-title { text-style: bold; width: 100%; content-align: center middle; margin-bottom: 1; }
.dialog-body { width: 100%; margin-bottom: 1; }
.dialog-buttons { height: auto; width: 100%; align: center middle; }
.dialog-buttons Button { margin: 0 1; }
"""


class ConfirmDialog(ModalScreen[bool]):
    """Ask a question; dismiss with True (yes) or False (no, Escape)."""

    DEFAULT_CSS = DIALOG_CSS

    BINDINGS = [
        Binding("y,o", "answer(True)", "Yes", show=False),
        Binding("n,escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str | Text, yes: str | None = None,
                 no: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question if isinstance(question, Text) else Text(question)
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        lang = getattr(self.app, "lang", "en")
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes or pick(lang, "Yes (y)", "Oui (o)"), variant="primary",
                             id="yes")
                yield Button(self.no or pick(lang, "No (n)", "Non (n)"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class MessageDialog(ModalScreen[None]):
    """A title, some lines of plain text (names shown literally) and one button."""

    DEFAULT_CSS = DIALOG_CSS

    BINDINGS = [Binding("escape,enter,space", "close", "Close", show=False)]

    def __init__(self, title: Text, lines: list[Text], button: str = "OK",
                 kind: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.lines, self.button, self.kind = title, lines, button, kind

    def compose(self) -> ComposeResult:
        with Vertical(classes=f"dialog {self.kind}".strip()):
            yield Label(self.title_text, classes="dialog-title")
            for line in self.lines:
                yield Static(line, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.button, variant="primary", id="close")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
