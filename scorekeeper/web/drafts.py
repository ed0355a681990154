"""The counts a tab typed on the score sheet and has not recorded yet, kept for that tab.

A phone that sleeps, or whose Wi-Fi drops for a moment, loses its connection: the page comes
back by itself (scorekeeper/web/static/vicaire.js) and the server starts a new app for it,
which opens the match the tab showed. What the scorer had typed in the entry line (or tapped
on the pad) comes back too: the app tells the server every change of its entry line (an
`open_url` to `vicaire:draft/…`, as it tells which match it shows, scorekeeper/tui/served.py),
and the server gives the text to the next app of the same tab, on the same match, as it
starts (ENTRY_DRAFT in its environment). The app puts it back only if no deal was recorded
meanwhile (the match's revision is the one the counts were typed against).

A tab is known by an id the page draws at random and keeps across its own reloads
(sessionStorage): a new tab, or a duplicated one, has another id and gets nothing. The texts
stay in this server's memory alone, never on disk nor in the history; a draft is dropped when
its tab's app ends (the user quit: as a terminal closed keeps nothing), when the tab leaves the
match, and after KEEP seconds; at most MOST are kept.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from scorekeeper.tui.served import DRAFT_URL  # (names only: no Textual here)

TAB_ID = re.compile(r"[0-9a-f]{32}")  # the page draws 128 bits (crypto.getRandomValues)
# What the app says: the match, the revision the counts were typed against, the text (the
# characters the entry line takes: scorekeeper/tui/sheet/deal_entry.py, 14 at most there).
DRAFT = re.compile(re.escape(DRAFT_URL) + r"([0-9a-f]{8,32})/([0-9]{1,9})/([0-9 ,;/+.\-]{0,32})")
KEEP = 3600.0  # seconds a draft is kept after its last change
MOST = 100  # drafts kept at most (the oldest goes first)


@dataclass
class Draft:
    match: str
    revision: str
    text: str
    at: float


@dataclass
class Slot:
    """One tab's place among the drafts, for the app that serves it now: the draft it was
    given as it started (`handed`, "match/revision/text", or ""), and what its app says."""

    drafts: Drafts
    tab_id: str
    turn: int
    handed: str = ""

    def _mine(self) -> bool:
        return self.drafts.turns.get(self.tab_id) == self.turn

    def told(self, url: str) -> None:
        """The app's entry line now holds what `url` says (an open_url to DRAFT_URL…; one
        that does not read as a draft changes nothing)."""
        found = DRAFT.fullmatch(url)
        if found is not None and self._mine():
            match, revision, text = found.groups()
            if text.strip():
                self.drafts.keep(self.tab_id, Draft(match, revision, text, time.monotonic()))
            else:
                self.drafts.kept.pop(self.tab_id, None)  # recorded, or wiped

    def shown(self, match: str) -> None:
        """The tab now shows `match` ("" for none): a draft of another match is dropped."""
        draft = self.drafts.kept.get(self.tab_id)
        if self._mine() and draft is not None and draft.match != match:
            del self.drafts.kept[self.tab_id]

    def ended(self) -> None:
        """The tab's app ended by itself (quit): its draft goes with it."""
        if self._mine():
            self.drafts.kept.pop(self.tab_id, None)


@dataclass
class Drafts:
    """The drafts of this server's tabs, by tab id; which app of a tab may change its draft."""

    keep_for: float = KEEP
    most: int = MOST
    kept: dict[str, Draft] = field(default_factory=dict)
    turns: dict[str, int] = field(default_factory=dict)  # tab id -> the app serving it now
    count: int = 0

    def claim(self, tab_id: str, shown: str) -> Slot | None:
        """A tab connects, showing match `shown` ("" for none): its slot, with the draft kept
        for it on that match. From now on only this connection changes the tab's draft (a
        connection the server has not yet seen drop, the same tab's, says nothing more).
        None for a tab without an id."""
        if TAB_ID.fullmatch(tab_id) is None:
            return None
        self._forget_stale()
        self.count += 1
        self.turns.pop(tab_id, None)  # (moved last: the newest)
        self.turns[tab_id] = self.count
        if len(self.turns) > 4 * self.most:  # (ids of tabs long gone)
            for old in list(self.turns)[:len(self.turns) - 4 * self.most]:
                del self.turns[old]
        draft = self.kept.get(tab_id)
        if draft is None:
            return Slot(self, tab_id, self.count)
        if draft.match != shown:
            del self.kept[tab_id]
            return Slot(self, tab_id, self.count)
        return Slot(self, tab_id, self.count, f"{draft.match}/{draft.revision}/{draft.text}")

    def keep(self, tab_id: str, draft: Draft) -> None:
        self.kept.pop(tab_id, None)  # (moved last: the newest)
        self.kept[tab_id] = draft
        self._forget_stale()
        while len(self.kept) > self.most:
            del self.kept[next(iter(self.kept))]

    def _forget_stale(self) -> None:
        now = time.monotonic()
        for tab_id in [t for t, d in self.kept.items() if now - d.at > self.keep_for]:
            del self.kept[tab_id]
