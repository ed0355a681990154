"""Words for cards, deal records, `vicaire simulate` and `vicaire verify`."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.i18n import pick
from scorekeeper.rules.cards import CODES as _CODES

SYMBOLS = ("♥", "♠", "♦", "♣")
RANKS_EN = ("A", "K", "Q", "J", "10", "9", "8", "7")
RANKS_FR = ("A", "R", "D", "V", "10", "9", "8", "7")
SUIT_NAMES = {"en": ("hearts", "spades", "diamonds", "clubs"),
              "fr": ("cœur", "pique", "carreau", "trèfle")}

ERRORS: dict[str, tuple[str, str]] = {
    # Refusals: the input cannot be read as a deal record (exit 2).
    "cards.unknown": ("{card} is not a card (codes are like AH, 10S, 7C)",
                      "{card} n'est pas une carte (codes du type AH, 10S, 7C)"),
    "cards.not_object": ("this is not a deal record: expected a JSON object",
                         "ce n'est pas une donne : un objet JSON est attendu"),
    "cards.no_tricks": ('the deal record has no "tricks"', 'la donne n\'a pas de "tricks"'),
    "cards.not_a_list": ('"{what}" must be a list', '"{what}" doit être une liste'),
    "cards.bad_player": ('"{what}" must be player 0, 1 or 2 (got {value})',
                         '"{what}" doit être le joueur 0, 1 ou 2 (reçu {value})'),
    "cards.card_type": ('a card is written as text, like "AH" (got {value} in "{where}")',
                        'une carte s\'écrit comme du texte, par exemple "AH" (reçu {value} '
                        'dans "{where}")'),
    "cards.hands_count": ("a deal has 3 hands, not {count}", "une donne a 3 mains, pas {count}"),
    "cards.trick_object": ("trick {trick} is not an object", "le pli {trick} n'est pas un objet"),
    "cards.no_leader": ("trick {trick} has no leader and the record has no dealer",
                        "le pli {trick} n'a pas d'entame et la donne n'a pas de donneur"),
    "cards.counts_shape": ('"counts" must be a list of 3 numbers of tricks, 0 to 10 '
                           '(got {value})',
                           '"counts" doit être une liste de 3 nombres de plis, de 0 à 10 '
                           '(reçu {value})'),
    "cards.too_many_tricks": ("{count} tricks is far too many for a deal",
                              "{count} plis, c'est bien trop pour une donne"),
    "cards.json": ("the input is not valid JSON (line {line})",
                   "l'entrée n'est pas du JSON valide (ligne {line})"),
    "cards.read": ("cannot read the file: {reason}", "impossible de lire le fichier : {reason}"),
    "cards.hand_size": ("a hand has {size} cards", "une main compte {size} cartes"),
    "cards.not_a_deck": ("hands and écart must make one {size}-card deck",
                         "les mains et l'écart doivent former un jeu de {size} cartes"),
    "cards.illegal": ("player {player} may not play {card} now",
                      "le joueur {player} ne peut pas jouer {card} maintenant"),
    "cards.deal_over": ("the deal is over: all 10 tricks are played",
                        "la donne est finie : les 10 plis sont joués"),
    "cards.match_summary": ("--summary is for deals; a --match prints its score sheet",
                            "--summary vaut pour des donnes ; --match affiche la feuille de "
                            "marque"),
    "cards.target_match": ("--target is the target of a whole match: add --match",
                           "--target est l'objectif d'une partie entière\u00a0: ajoutez --match"),
    "cards.bad_option": ("{name} must be {rule} (got {value})",
                         "{name} doit être {rule} (reçu {value})"),
}

# Broken rules found by `verify` (exit 1), keyed by Problem.code.
PROBLEMS: dict[str, tuple[str, str]] = {
    "cards.no_such_card": ('"{card}" is not a card', '"{card}" n\'est pas une carte'),
    "cards.hand_size": ("the hand has {count} cards, not {size}",
                        "la main a {count} cartes, pas {size}"),
    "cards.ecart_size": ("the écart has {count} cards, not {size}",
                         "l'écart a {count} cartes, pas {size}"),
    "cards.dealt_twice": ("{card} is dealt twice", "{card} est distribuée deux fois"),
    "cards.trick_count": ("the deal has {count} tricks, not {size}",
                          "la donne a {count} plis, pas {size}"),
    "cards.trick_size": ("the trick has {count} cards, not {size}",
                         "le pli a {count} cartes, pas {size}"),
    "cards.first_leader": ("leads the first trick, but the player after dealer {dealer} "
                           "(player {expected}) should",
                           "entame le premier pli, mais c'est au joueur après le donneur "
                           "{dealer} (joueur {expected}) de le faire"),
    "cards.wrong_leader": ("leads, but player {winner} won the previous trick and should lead",
                           "entame, mais le joueur {winner} a gagné le pli précédent "
                           "et doit entamer"),
    "cards.played_twice": ("plays {card}, already played in trick {first}",
                           "joue {card}, déjà jouée au pli {first}"),
    "cards.from_ecart": ("plays {card}, which is in the écart",
                         "joue {card}, qui est dans l'écart"),
    "cards.not_in_hand": ("plays {card}, which is not in their hand",
                          "joue {card}, qui n'est pas dans sa main"),
    "cards.revoke": ("plays {card} without following {suit_name} while holding some",
                     "joue {card} sans fournir à {suit_name} alors qu'il en a"),
    "cards.showed_out": ("plays {card}, but showed out of {suit_name} in trick {shown}",
                         "joue {card}, mais n'avait plus de {suit_name} au pli {shown}"),
    "cards.wrong_winner": ("the record says player {stated} wins, but player {winner} does",
                           "la donne dit que le joueur {stated} gagne, mais c'est le joueur "
                           "{winner}"),
    "cards.wrong_counts": ("the record says the counts are {stated}, but they are {counts}",
                           "la donne indique {stated} plis, mais c'est {counts}"),
}


def card_label(card: int, lang: str = "en") -> str:
    """`A♥`, `10♠`; French ranks (R, D, V) in French."""
    ranks = RANKS_FR if lang == "fr" else RANKS_EN
    return ranks[card & 7] + SYMBOLS[card >> 3]


def problem_text(code: str, trick: int | None, player: int | None,
                 params: dict, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A broken rule in words, naming the trick and the player (by name, given `names`)."""
    en, fr = PROBLEMS.get(code, ("{code}", "{code}"))
    values = dict(params)
    if isinstance(values.get("card"), str) and values["card"] in _CODES:
        values["card"] = card_label(_CODES.index(values["card"]), lang)
    if "suit" in values:
        values["suit_name"] = SUIT_NAMES[lang if lang == "fr" else "en"][values["suit"]]
    try:
        text = pick(lang, en, fr).format(code=code, **values)
    except (KeyError, IndexError, ValueError):
        text = code
    where = []
    if trick is not None:
        where.append(pick(lang, f"trick {trick}", f"pli {trick}"))
    if player is not None and names is not None:
        where.append(names[player])
    elif player is not None:
        where.append(pick(lang, f"player {player}", f"joueur {player}"))
    return (", ".join(where) + pick(lang, ": ", " : ") if where else "") + text


def words(lang: str) -> dict[str, str]:
    """Headings and labels for the deal display and the summary."""
    return {
        "deal": pick(lang, "Deal", "Donne"),
        "dealer": pick(lang, "dealer", "donneur"),
        "player": pick(lang, "Player", "Joueur"),
        "hand": pick(lang, "hand", "main"),
        "ecart": pick(lang, "écart", "écart"),
        "trick": pick(lang, "Trick", "Pli"),
        "winner": pick(lang, "winner", "gagnant"),
        "counts": pick(lang, "Tricks taken", "Plis faits"),
        "consistent": pick(lang, "Consistent: no broken rule.",
                           "Cohérent : aucune règle enfreinte."),
        "broken": pick(lang, "Broken rules:", "Règles enfreintes :"),
        "unknown": pick(lang, "?", "?"),
        "deals": pick(lang, "deals", "donnes"),
        "splits": pick(lang, "Trick splits (most tricks first)",
                       "Répartitions des plis (du plus grand au plus petit)"),
        "sweeps": pick(lang, "Sweeps (10 tricks)", "Capots (10 plis)"),
        "speed": pick(lang, "Deals per second", "Donnes par seconde"),
        "bots": pick(lang, "bots", "robots"),
        "seed": pick(lang, "seed", "graine"),
        "simulated": pick(lang, "Simulated match", "Partie simulée"),
        "stored": pick(lang, "Stored in the history as match", "Enregistrée dans l'historique :"),
        "odds": pick(lang, "Chance to win the round", "Chance de gagner la manche"),
    }


def odds_label(lang: str = "en", short: bool = False) -> str:
    """'Chance to win the round: ', or 'Chances: ' where the room is short (a phone)."""
    if short:
        return pick(lang, "Chances: ", "Chances : ")
    return pick(lang, "Chance to win the round: ", "Chance de gagner la manche : ")


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
    parts = " · ".join(f"{name} {p}%"
                       for name, p in zip(players, percentages(odds), strict=True))
    return odds_label(lang) + parts
