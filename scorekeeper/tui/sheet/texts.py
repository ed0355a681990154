"""The score sheet's words, as pure functions of the match (no widget): its status line, the
hint under the entry line, what an undo or a redo says; and the entry line's suggester."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.suggester import Suggester

from scorekeeper.i18n import tr
from scorekeeper.i18n.styled import styled
from scorekeeper.rules.scoring import MatchState
from scorekeeper.tui.layout import fit_names
from scorekeeper.tui.sheet.entry import deal_words, read_deal
from scorekeeper.tui.sheet.entry_origin import EntryOrigin, origin_hint
from scorekeeper.tui.sheet.undo import AddDeal, Change

if TYPE_CHECKING:
    from scorekeeper.store import StoredMatch


def entry_placeholder(stored: StoredMatch, lang: str, narrow: bool = False) -> str:
    """What the entry line says while empty: how to type a deal, or, once the match is over
    or closed, that no deal can follow and what can be done instead. `narrow` (a phone): a
    short form that fits the line (at most 40 characters; the key bar says the rest)."""
    if stored.state.finished:
        return tr(lang, "Match over · ctrl+n same players") if narrow else \
            tr(lang, "Match over · Esc back · ctrl+n new match, same players")
    if stored.status == "abandoned":
        return tr(lang, "Match closed (read only)") if narrow else \
            tr(lang, "Match closed (read only) · Esc back")
    return tr(lang, "tricks in seat order, e.g. 4 3 3") if narrow else \
        tr(lang, "tricks in seat order, e.g. 4 3 3 or 433, then Enter")


def sheet_status(stored: StoredMatch, lang: str, width: int = 0) -> Text:
    """'Round 2 · deal 5 · Amélie deals, Bruno leads · target 50' (or who won, or closed),
    in `width` cells (0: no limit): without the target where it does not fit, and where even
    that is too long, the names whole all the same (the line then takes two: docs/guide.md's
    promise, who deals and who leads by their whole names)."""
    players = list(stored.state.players)
    text = _status(stored, players, lang)
    if width <= 0 or text.cell_len <= width:
        return text
    return _status(stored, players, lang, target=False)


def _status(stored: StoredMatch, players: list[str], lang: str, target: bool = True) -> Text:
    state = stored.state
    text = Text()
    if stored.name:
        text.append(stored.name, style="bold")
        text.append("  ·  ")
    if state.finished and state.winner is not None:
        text.append(tr(lang, "Match won by {winner}", winner=players[state.winner]), style="bold")
        text.append(" — " + tr(lang, "ctrl+e to correct a deal, Esc to leave"))
        return text
    if stored.status == "abandoned":
        text.append(tr(lang, "Abandoned match (read only)"))
        return text
    cur = state.current
    text.append_text(styled(lang, "{round} · deal {number} · {dealer} deals, {leader} leads",
                            {"round": "bold", "dealer": "bold", "leader": "bold"},
                            round=tr(lang, "Round {number}", number=cur.number),
                            number=len(state.outcomes) + 1, dealer=players[cur.dealer],
                            leader=players[cur.leader]))
    if target:
        text.append(" · " + tr(lang, "target {target}", target=state.match.rules.target),
                    style="dim")
    return text


def entry_hint(state: MatchState, value: str, origin: EntryOrigin | None,
               lang: str, width: int = 0, taps: bool = False) -> tuple[str | Text, str]:
    """The hint for what is typed (`value`) and its kind: "error", "ready" or "" (a guide);
    a deal ready to record says where its counts came from (`origin`: a simulated or a checked
    deal; typed counts say nothing more). Long names are shortened with "…" so that the
    sentence fits `width` cells (0: no limit); what follows it shows if there is room.
    `taps`: a phone, whose words name taps, not keys it does not have."""
    if state.finished:
        return tr(lang, "The match is over."), ""
    reading = read_deal(value, lang)
    if reading.error:
        return Text("✗ " + reading.error), "error"
    if reading.deal is not None:
        counts = reading.deal

        def records(players: list[str]) -> Text:
            deal = ", ".join(f"{players[p]} {counts[p]}" for p in range(3))
            return Text("✓ ").append_text(styled(lang, "Enter records {deal}",
                                                 {"deal": "bold"}, deal=deal))

        text = fit_names(records, state.players, width)
        if reading.offered and not taps:  # (on a phone the pad fills in the third itself)
            with_tail(text, "  " + tr(lang, "(→ fills in the third)"), width)
        came_from = origin_hint(origin, lang) if origin is not None else ""
        if came_from:
            with_tail(text, "  · " + came_from, width)
        return text, "ready"
    text = fit_names(lambda players: styled(lang, "Tricks of {names}, 0 to 10 each, 10 in all.",
                                            {"names": "bold"}, names=players),
                     state.players, width)
    if width and text.cell_len > width:  # (three long names: the sentence without them)
        text = Text(tr(lang, "The tricks in seat order, 0 to 10 each, 10 in all."))
    with_tail(text, "  " + (tr(lang, "Tap a player, then their tricks.") if taps else
                            tr(lang, "↑ table · ctrl+e correct")), width)
    return text, ""


def with_tail(text: Text, tail: str, width: int) -> Text:
    """`text` with `tail` (dim) after it if it fits whole in `width` cells (0: no limit):
    a line is never cut mid-phrase."""
    if not width or text.cell_len + Text(tail).cell_len <= width:
        text.append(tail, style="dim")
    return text


def refused_hint(typed: str, lang: str) -> Text:
    """What the hint line says when a key the entry line refuses (a letter) was typed."""
    shown = "".join(ch if ch.isprintable() else " " for ch in typed).strip()
    shown = shown if len(shown) <= 8 else shown[:7] + "…"
    return Text("✗ " + tr(lang, "“{typed}” left out: only the tricks in seat order, as 4 3 3, "
                               "433, 4,3,3 or 4-3-3", typed=shown))


def undo_message(change: Change, undoing: bool, lang: str) -> str:
    """What undoing (or redoing) `change` did, in a sentence."""
    number = change.number
    if isinstance(change, AddDeal):
        deal = deal_words(change.deal)
        if undoing:
            return tr(lang, "Deal {number} removed.", number=number)
        return tr(lang, "Deal {number} recorded again: {deal}.", number=number, deal=deal)
    deal = deal_words(change.before if undoing else change.after)
    if undoing:
        return tr(lang, "Deal {number} back to {deal}.", number=number, deal=deal)
    return tr(lang, "Deal {number} set to {deal} again.", number=number, deal=deal)


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
