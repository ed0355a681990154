"""Words for cards, deal records, `vicaire simulate` and `vicaire verify`."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.i18n import N_, Nn_, plural_number, tr, tr_n
from scorekeeper.rules.cards import CODES as _CODES

SYMBOLS = ("♥", "♠", "♦", "♣")
RANKS_EN = ("A", "K", "Q", "J", "10", "9", "8", "7")
RANKS_FR = ("A", "R", "D", "V", "10", "9", "8", "7")
SUIT_NAMES = (N_("hearts"), N_("spades"), N_("diamonds"), N_("clubs"))

ERRORS: dict[str, str | tuple[str, str]] = {
    # Refusals: the input cannot be read as a deal record (exit 2).
    "cards.unknown": N_("{card} is not a card (codes are like AH, 10S, 7C)"),
    "cards.not_object": N_("this is not a deal record: expected a JSON object"),
    "cards.no_tricks": N_('the deal record has no "tricks"'),
    "cards.not_a_list": N_('"{what}" must be a list'),
    "cards.bad_player": N_('"{what}" must be player 0, 1 or 2 (got {value})'),
    "cards.card_type": N_('a card is written as text, like "AH" (got {value} in "{where}")'),
    "cards.hands_count": N_("a deal has 3 hands, not {count}"),
    "cards.trick_object": N_("trick {trick} is not an object"),
    "cards.no_leader": N_("trick {trick} has no leader and the record has no dealer"),
    "cards.counts_shape": N_('"counts" must be a list of 3 numbers of tricks, 0 to 10 (got '
                             "{value})"),
    "cards.too_many_tricks": N_("far too many tricks for a deal: {count}"),
    "cards.json": N_("the input is not valid JSON (line {line})"),
    "cards.read": N_("cannot read the file: {reason}"),
    "cards.hand_size": Nn_("a hand has {size} card", "a hand has {size} cards"),
    "cards.not_a_deck": Nn_("hands and écart must make one {size}-card deck",
                            "hands and écart must make one {size}-card deck"),
    "cards.illegal": N_("player {player} may not play {card} now"),
    "cards.deal_over": N_("the deal is over: all 10 tricks are played"),
    "cards.match_summary": N_("--summary is for deals; a --match prints its score sheet"),
    "cards.target_match": N_("--target is the target of a whole match: add --match"),
    "cards.bad_option": N_("{name} must be {rule} (got {value})"),
}

# Broken rules found by `verify` (exit 1), keyed by Problem.code.
PROBLEMS: dict[str, str | tuple[str, str]] = {
    "cards.no_such_card": N_('"{card}" is not a card'),
    "cards.hand_size": Nn_("the hand has {count} card, not {size}",
                           "the hand has {count} cards, not {size}"),
    "cards.ecart_size": Nn_("the écart has {count} card, not {size}",
                            "the écart has {count} cards, not {size}"),
    "cards.dealt_twice": N_("{card} is dealt twice"),
    "cards.trick_count": Nn_("the deal has {count} trick, not {size}",
                             "the deal has {count} tricks, not {size}"),
    "cards.trick_size": Nn_("the trick has {count} card, not {size}",
                            "the trick has {count} cards, not {size}"),
    "cards.first_leader": N_("leads the first trick, but the player after dealer {dealer} "
                             "(player {expected}) should"),
    "cards.wrong_leader": N_("leads, but player {winner} won the previous trick and should lead"),
    "cards.played_twice": N_("plays {card}, already played in trick {first}"),
    "cards.from_ecart": N_("plays {card}, which is in the écart"),
    "cards.not_in_hand": N_("plays {card}, which is not in their hand"),
    "cards.revoke": N_("plays {card} without following {suit_name} while holding some"),
    "cards.showed_out": N_("plays {card}, but showed out of {suit_name} in trick {shown}"),
    "cards.wrong_winner": N_("the record says player {stated} wins, but player {winner} does"),
    "cards.wrong_counts": N_("the record says the counts are {stated}, but they are {counts}"),
}


def card_label(card: int, lang: str = "en") -> str:
    """`A♥`, `10♠`; French ranks (R, D, V) in French."""
    ranks = RANKS_FR if lang == "fr" else RANKS_EN
    return ranks[card & 7] + SYMBOLS[card >> 3]


def problem_text(code: str, trick: int | None, player: int | None,
                 params: dict, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A broken rule in words, naming the trick and the player (by name, given `names`)."""
    values = dict(params)
    if isinstance(values.get("card"), str) and values["card"] in _CODES:
        values["card"] = card_label(_CODES.index(values["card"]), lang)
    if "suit" in values:
        values["suit_name"] = tr(lang, SUIT_NAMES[values["suit"]])
    message = PROBLEMS.get(code)
    if isinstance(message, tuple):
        text = tr_n(lang, message[0], message[1], plural_number(values), **values)
    else:
        text = tr(lang, message, **values) if message is not None else code
    where = []
    if trick is not None:
        where.append(tr(lang, "trick {trick}", trick=trick))
    if player is not None and names is not None:
        where.append(names[player])
    elif player is not None:
        where.append(tr(lang, "player {player}", player=player))
    if not where:
        return text
    return tr(lang, "{where}: {problem}", where=", ".join(where), problem=text)


def counts_line(counts: Sequence[int], lang: str = "en") -> str:
    """'Tricks taken: player 0 4 · player 1 3 · player 2 3'."""
    each = [tr(lang, "player {player} {count}", player=p, count=n)
            for p, n in enumerate(counts)]
    return tr(lang, "Tricks taken: {counts}", counts=" · ".join(each))


def odds_label(lang: str = "en", short: bool = False) -> str:
    """'Chance to win the round: ', or 'Chances: ' where the room is short (a phone)."""
    if short:
        return tr(lang, "Chances: ")
    return tr(lang, "Chance to win the round: ")


def percentages(shares: Sequence[float]) -> list[int]:
    """Whole percentages of `shares` (fractions of 1) that add up to exactly 100: each is
    rounded down, then the points still missing go to the largest remainders (the earlier
    seat first on a tie), so the line never reads 99 % or 101 %."""
    total = sum(shares)
    if total <= 0:
        return [0] * len(shares)
    exact = [100 * share / total for share in shares]
    whole = [int(value) for value in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - whole[i]), i))
    for index in by_remainder[:100 - sum(whole)]:
        whole[index] += 1
    return whole


def odds_line(players: tuple[str, ...] | list[str], odds: tuple[float, float, float],
              lang: str = "en") -> str:
    """'Chance to win the round: Amélie 38% · Bruno 24% · Chloé 38%'."""
    return odds_label(lang) + " · ".join(
        percent(lang, name, p) for name, p in zip(players, percentages(odds), strict=True))


def percent(lang: str, name: str, whole: int) -> str:
    """'Amélie 38%' ('Amélie 38 %' in French), `whole` a whole percentage (`percentages`)."""
    return tr(lang, "{name} {percent}%", name=name, percent=whole)
