"""Key names as the user's language writes them: the key bar, Textual's keys panel and the
home menu show "Échap", "Entrée", "Suppr", "Maj+Tab" in French.

Textual writes a key for display in English ("esc", "⏎", "shift+tab", "^z": a caret for
ctrl). `key_words` takes that text apart at "+" and "/" and says each name from the catalog
(context "key"); what is not a name (a letter, an arrow, "^z") stays as it is. The English
is Textual's own, so English screens show what Textual shows.
"""

from __future__ import annotations

import re

from scorekeeper.i18n import Nc_, trc

CONTEXT = "key"

# Textual's display of each named key (textual.keys.KEY_DISPLAY_ALIASES and the names it
# keeps), and of the modifiers it writes out.
NAMES: frozenset[str] = frozenset({
    Nc_("key", "esc"), Nc_("key", "⏎"), Nc_("key", "del"), Nc_("key", "tab"),
    Nc_("key", "space"), Nc_("key", "pgup"), Nc_("key", "pgdn"), Nc_("key", "home"),
    Nc_("key", "end"), Nc_("key", "insert"), Nc_("key", "shift"), Nc_("key", "alt"),
})
_PARTS = re.compile(r"([+/])")


def key_words(lang: str, display: str) -> str:
    """Textual's `display` of a key ("esc", "shift+tab", "esc/q", "^⏎") in `lang`."""
    said = []
    for part in _PARTS.split(display):
        caret = "^" if part.startswith("^") and len(part) > 1 else ""
        name = part[len(caret):]
        said.append(caret + trc(lang, CONTEXT, name) if name in NAMES else part)
    return "".join(said)
