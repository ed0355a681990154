"""A second, plainly written reading of the rules of play, independent of the engine."""

from __future__ import annotations

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
SUITS = ["H", "S", "D", "C"]
DECK = [r + s for s in SUITS for r in RANKS]


def suit(card: str) -> str:
    return card[-1]


def strength(card: str) -> int:
    return 8 - RANKS.index(card[:-1])


def winner_of(leader: int, cards: list[str]) -> int:
    """Highest heart if any heart was played, else highest card of the led suit."""
    hearts = [c for c in cards if suit(c) == "H"]
    pool = hearts if hearts else [c for c in cards if suit(c) == suit(cards[0])]
    best = max(pool, key=strength)
    return (leader + cards.index(best)) % 3


def check_record(rec: dict) -> None:
    """Assert that a deal record (docs/command-line.md) is a whole legal deal."""
    hands = [list(h) for h in rec["hands"]]
    assert [len(h) for h in hands] == [10, 10, 10]
    assert len(rec["ecart"]) == 2
    assert sorted(sum(hands, []) + rec["ecart"]) == sorted(DECK)
    assert len(rec["tricks"]) == 10
    leader = (rec["dealer"] + 1) % 3
    counts = [0, 0, 0]
    for trick in rec["tricks"]:
        assert trick["leader"] == leader
        cards = trick["cards"]
        assert len(cards) == 3
        for i, card in enumerate(cards):
            player = (leader + i) % 3
            assert card in hands[player]
            if i > 0 and suit(card) != suit(cards[0]):
                assert not any(suit(c) == suit(cards[0]) for c in hands[player])
            hands[player].remove(card)
        leader = winner_of(leader, cards)
        assert trick["winner"] == leader
        counts[leader] += 1
    assert hands == [[], [], []]
    assert rec["counts"] == counts
