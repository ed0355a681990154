"""Textual's own words in the app's language: the command palette's (its placeholder, its
"no matches", its keys: the palette itself is in scorekeeper/tui/commands.py), the system
commands (theme, quit, keys, maximize, screenshot), the descriptions of the keys of
Textual's widgets in the keys panel, and the ctrl+c notice.

The English is Textual's, as written in Textual 8; the catalog says it in the other
languages (context "textual", since some of these words mean another thing in Vicaire:
"Home" is a key here, the home screen there).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from typing import Any

from textual.app import SystemCommand
from textual.binding import ActiveBinding, Binding

from scorekeeper.i18n import Nc_, trc

# The context of Textual's words; a call whose message is written out writes it out too
# ("textual"), since the message extractor (pybabel extract) reads no constant.
CONTEXT = "textual"

# The descriptions of the keys of the widgets Vicaire uses, and of the palette's keys.
BINDING_WORDS: frozenset[str] = frozenset({
    Nc_("textual", "Quit"), Nc_("textual", "Press button"), Nc_("textual", "Select"),
    Nc_("textual", "Cursor up"), Nc_("textual", "Cursor down"),
    Nc_("textual", "Cursor right"), Nc_("textual", "Cursor left"),
    Nc_("textual", "Page up"), Nc_("textual", "Page down"), Nc_("textual", "Top"),
    Nc_("textual", "Bottom"), Nc_("textual", "Home"), Nc_("textual", "End"),
    Nc_("textual", "Move cursor left"), Nc_("textual", "Move cursor left and select"),
    Nc_("textual", "Move cursor left a word"),
    Nc_("textual", "Move cursor left a word and select"),
    Nc_("textual", "Move cursor right or accept the completion suggestion"),
    Nc_("textual", "Move cursor right and select"), Nc_("textual", "Move cursor right a word"),
    Nc_("textual", "Move cursor right a word and select"),
    Nc_("textual", "Delete character left"), Nc_("textual", "Select all"),
    Nc_("textual", "Go to start"), Nc_("textual", "Go to end"),
    Nc_("textual", "Select line start"), Nc_("textual", "Select line end"),
    Nc_("textual", "Delete character right"), Nc_("textual", "Submit"),
    Nc_("textual", "Delete left to start of word"), Nc_("textual", "Delete all to the left"),
    Nc_("textual", "Delete right to start of word"),
    Nc_("textual", "Delete all to the right"), Nc_("textual", "Cut selected text"),
    Nc_("textual", "Copy selected text"), Nc_("textual", "Paste text from the clipboard"),
    Nc_("textual", "Down"), Nc_("textual", "Last"), Nc_("textual", "First"),
    Nc_("textual", "Up"), Nc_("textual", "Next option"), Nc_("textual", "Previous option"),
    Nc_("textual", "Focus Next"), Nc_("textual", "Focus Previous"),
    Nc_("textual", "Scroll Up"), Nc_("textual", "Scroll Down"),
    Nc_("textual", "Scroll Left"), Nc_("textual", "Scroll Right"),
    Nc_("textual", "Scroll Home"), Nc_("textual", "Scroll End"), Nc_("textual", "Page Up"),
    Nc_("textual", "Page Down"), Nc_("textual", "Page Left"), Nc_("textual", "Page Right"),
    Nc_("textual", "Toggle"), Nc_("textual", "Go to bottom"), Nc_("textual", "Go to top"),
    Nc_("textual", "Next command"), Nc_("textual", "Exit the command palette"),
    Nc_("textual", "Next page"), Nc_("textual", "Previous page"),
    Nc_("textual", "Previous command"),
    # the dialogs' own keys (not in a table of actions: Textual's panel reads them)
    Nc_("textual", "Yes"), Nc_("textual", "No"), Nc_("textual", "Close"),
    Nc_("textual", "Cancel"),
})


# The longer words some keys carry in the keys panel.
TOOLTIPS: frozenset[str] = frozenset({Nc_("textual", "Open the command palette")})

# The titles the keys panel gives the groups of keys of Textual's widgets (their class's
# BINDING_GROUP_TITLE, which each widget is given in the app's language).
GROUP_TITLES: frozenset[str] = frozenset({Nc_("textual", "Input"),
                                          Nc_("textual", "Collapsible")})


def said_bindings(active: dict[str, ActiveBinding], lang: str) -> dict[str, ActiveBinding]:
    """`active` (a screen's `active_bindings`, which the keys panel reads) with the keys'
    descriptions in `lang`: Vicaire's actions from their tables, Textual's widgets' from the
    catalog; each widget's group of keys gets its title in `lang` too."""
    said: dict[str, ActiveBinding] = {}
    for key, (node, binding, enabled, tooltip) in active.items():
        title = type(node).BINDING_GROUP_TITLE
        if title in GROUP_TITLES:
            node.BINDING_GROUP_TITLE = trc(lang, CONTEXT, title)
        own = node.bar_label(binding.action) if hasattr(node, "bar_label") else None
        said[key] = ActiveBinding(node, _said(binding, lang, own), enabled,
                                  trc(lang, CONTEXT, tooltip) if tooltip in TOOLTIPS
                                  else tooltip)
    return said


@lru_cache(maxsize=1024)
def _said(binding: Binding, lang: str, own: str | None) -> Binding:
    """`binding` described in `lang`: `own`, the words of Vicaire's table of actions for it,
    else Textual's words from the catalog (a binding is read at each change of the keys)."""
    if isinstance(own, str):
        binding = replace(binding, description=own)
    elif binding.description in BINDING_WORDS:
        binding = replace(binding, description=trc(lang, CONTEXT, binding.description))
    if binding.tooltip in TOOLTIPS:
        binding = replace(binding, tooltip=trc(lang, CONTEXT, binding.tooltip))
    return binding


class SaidBindings:
    """A screen whose active keys (what the keys panel and the key bar read) are described
    in its language (`lang`). Textual's widgets describe their keys in English in their
    class's BINDINGS; the screen's public `active_bindings` is where they are read."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return said_bindings(super().active_bindings, self.lang)  # type: ignore[misc, attr-defined]


def system_commands(app: Any, screen: Any, lang: str) -> Iterator[SystemCommand]:
    """Textual's system commands, in `lang` (the same commands, the same conditions), but
    its Theme: the app's own table of actions offers that one (one entry per command)."""
    yield SystemCommand(trc(lang, "textual", "Quit"),
                        trc(lang, "textual", "Quit the application as soon as possible"),
                        app.action_quit)
    if screen.query("HelpPanel"):
        yield SystemCommand(trc(lang, "textual", "Keys"),
                            trc(lang, "textual", "Hide the keys and widget help panel"),
                            app.action_hide_help_panel)
    else:
        yield SystemCommand(trc(lang, "textual", "Keys"),
                            trc(lang, "textual", "Show help for the focused widget and a summary "
                                               "of available keys"),
                            app.action_show_help_panel)
    if screen.maximized is not None:
        yield SystemCommand(trc(lang, "textual", "Minimize"),
                            trc(lang, "textual", "Minimize the widget and restore to normal size"),
                            screen.action_minimize)
    elif screen.focused is not None and screen.focused.allow_maximize:
        yield SystemCommand(trc(lang, "textual", "Maximize"),
                            trc(lang, "textual", "Maximize the focused widget"),
                            screen.action_maximize)
    yield SystemCommand(trc(lang, "textual", "Screenshot"),
                        trc(lang, "textual", "Save an SVG 'screenshot' of the current screen"),
                        lambda: app.set_timer(0.1, app.deliver_screenshot))


def quit_hint(lang: str, key: str) -> tuple[str, str]:
    """(message, title) of the notice when ctrl+c is pressed, which does not quit."""
    return (trc(lang, "textual", "Press [b]{key}[/b] to quit the app", key=key),
            trc(lang, "textual", "Do you want to quit?"))
