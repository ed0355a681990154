"""The score sheet's words, as pure functions of the match (no widget): its status line, the
hint under the entry line, what an undo or a redo says; and the entry line's suggester."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.suggester import Suggester

from scorekeeper.i18n import pick
from scorekeeper.rules.scoring import MatchState
from scorekeeper.tui.entry import deal_words, read_deal
from scorekeeper.tui.undo import AddDeal, Change


def entry_placeholder(stored: Any, lang: str) -> str:
    """What the entry line says while empty: how to type a deal, or, once the match is over
    or closed, that no deal can follow and what can be done instead."""
    if stored.state.finished:
        return pick(lang, "Match over · Esc back · ctrl+n new match, same players",
                    "Partie finie · Échap retour · ctrl+n nouvelle partie, mêmes joueurs")
    if stored.status == "abandoned":
        return pick(lang, "Match closed (read only) · Esc back",
                    "Partie close (lecture seule) · Échap retour")
    return pick(lang, "tricks in seat order, e.g. 4 3 3 or 433, then Enter",
                "plis dans l'ordre, ex. 4 3 3 ou 433, puis Entrée")


def sheet_status(stored: Any, lang: str) -> Text:
    """'Round 2 · deal 5 · Amélie deals, Bruno leads · target 50' (or who won, or closed)."""
    state, players = stored.state, stored.state.players
    text = Text()
    if stored.name:
        text.append(stored.name, style="bold")
        text.append("  ·  ")
    if state.finished and state.winner is not None:
        text.append(pick(lang, f"Match won by {players[state.winner]}",
                         f"Partie gagnée par {players[state.winner]}"), style="bold")
        text.append(pick(lang, " — ctrl+e to correct a deal, Esc to leave",
                         " — ctrl+e pour corriger une donne, Échap pour sortir"))
        return text
    if stored.status == "abandoned":
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


def entry_hint(state: MatchState, value: str, simulated: Any, lang: str) -> tuple[str | Text, str]:
    """The hint for what is typed (`value`) and its kind: "error", "ready" or "" (a guide)."""
    players = state.players
    if state.finished:
        return pick(lang, "The match is over.", "La partie est finie."), ""
    reading = read_deal(value, lang)
    if reading.error:
        return Text("✗ " + reading.error), "error"
    if reading.deal is not None:
        text = Text("✓ " + pick(lang, "Enter records ", "Entrée enregistre "))
        for p in range(3):
            text.append(f"{players[p]} {reading.deal[p]}", style="bold")
            text.append(", " if p < 2 else "")
        if reading.offered:
            text.append(pick(lang, "  (→ fills in the third)", "  (→ complète le troisième)"),
                        style="dim")
        if simulated is not None and tuple(reading.deal) == tuple(simulated.counts):
            text.append(pick(lang, "  · simulated: ctrl+o shows its tricks",
                             "  · simulée : ctrl+o montre ses plis"), style="dim")
        return text, "ready"
    text = Text(pick(lang, "Tricks of ", "Plis de "))
    for p in range(3):
        text.append(players[p], style="bold")
        text.append(", " if p < 1 else (pick(lang, " and ", " et ") if p == 1 else ""))
    text.append(pick(lang, ", 0 to 10 each, 10 in all.  ↑ table · ctrl+e correct",
                     ", de 0 à 10 chacun, 10 en tout.  ↑ tableau · ctrl+e corriger"),
                style="dim")
    return text, ""


def undo_message(change: Change, undoing: bool, lang: str) -> str:
    """What undoing (or redoing) `change` did, in a sentence."""
    number = change.number
    if isinstance(change, AddDeal):
        deal = deal_words(change.deal)
        if undoing:
            return pick(lang, f"Deal {number} removed.", f"Donne {number} retirée.")
        return pick(lang, f"Deal {number} recorded again: {deal}.",
                    f"Donne {number} rétablie : {deal}.")
    deal = deal_words(change.before if undoing else change.after)
    if undoing:
        return pick(lang, f"Deal {number} back to {deal}.", f"Donne {number} remise à {deal}.")
    return pick(lang, f"Deal {number} set to {deal} again.", f"Donne {number} remise à {deal}.")


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
