"""Bots that choose a card: a random legal player and a target-seeking player."""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorekeeper.rules.cards import cards_of
from scorekeeper.rules.play import TRICKS, Chooser, DealState, beats

BOTS = ("random", "target")


def aim(needs: Sequence[int]) -> int | None:
    """The trick count a player aims at this deal: its smallest need short of a sweep."""
    short = [t for t in needs if t < TRICKS]
    return min(short) if short else None


def random_bot(rng: random.Random) -> Chooser:
    """Plays a uniformly random legal card."""

    def choose(state: DealState) -> int:
        legal = cards_of(state.legal())
        return legal[int(rng.random() * len(legal))]

    return choose


def target_bot(rng: random.Random, target: int | None) -> Chooser:
    """Tries to take exactly `target` tricks: wins while short of it, ducks once there."""
    if target is None:
        return random_bot(rng)

    def choose(state: DealState) -> int:
        me = state.turn
        legal = cards_of(state.legal())  # highest first within a suit, hearts first
        want = target - state.counts[me]
        left = TRICKS - len(state.tricks)
        winning = state.winning()
        if winning is None:  # leading
            if want > 0:
                return min(legal)  # the highest card, hearts first
            return max(legal, key=lambda c: (c & 7, c))  # the lowest card, a side suit
        best = winning[1]
        last = len(state.table) == 2
        winners = [c for c in legal if beats(c, best)]
        losers = [c for c in legal if not beats(c, best)]
        if want > 0 and winners and (want >= left or last or rng.random() < want / left + 0.3):
            # Win: cheapest winner when last, else the strongest.
            return max(winners) if last else min(winners)
        if losers:
            # Duck with the highest card that still loses, to shed danger.
            return min(losers, key=lambda c: (c & 7, -c))
        return max(winners)  # forced to win: the cheapest winner

    return choose


def choosers(kind: str, rng: random.Random, needs: Sequence[Sequence[int]]) -> list[Chooser]:
    """One chooser per player for bots of `kind` ("random" or "target")."""
    if kind == "random":
        return [random_bot(rng) for _ in range(3)]
    return [target_bot(rng, aim(needs[p])) for p in range(3)]
