"""The French catalog holds to its glossary (docs/translating.md): one word per idea, no
calque, counts that agree, quotes and names said as French says them.

Each rule is checked on every French message, so a message added later that uses a rejected
word, a count without a plural or a gendered word after a player's name fails here; and
each checker is shown the mistake it exists for, so that it cannot quietly check nothing.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import NBSP, default_name, fill
from scorekeeper.i18n.cards import problem_text
from scorekeeper.i18n.errors import error_text
from scorekeeper.rules.parts import validate_deal
from tests.i18n.catalogs import FR_PO, entries, msgid, plural, read, translations

FR = entries(read(FR_PO))

# Words the glossary turns down, and what it says instead.
REJECTED: dict[str, tuple[re.Pattern[str], str]] = {
    "numéro for a match id": (re.compile(r"numéro de (?:la )?partie|sous le numéro|des numéros",
                                         re.I), "identifiant"),
    "ID for a match id": (re.compile(r"\bID\b"), "IDENTIFIANT / identifiant"),
    "ordre du jeu (an agenda)": (re.compile(r"ordre du jeu|ordre des places", re.I),
                                 "ordre de jeu"),
    "Points de partie": (re.compile(r"points de partie", re.I), "Points de la partie"),
    "a bare ex.": (re.compile(r"(?<!p\.\u00a0)\bex\.", re.I), "p. ex. (hints), par exemple"),
    "p. ex. with a plain space": (re.compile(r"\bp\. ex\."), "p.\u00a0ex."),
    "Tapez before a single key": (
        re.compile(r"\btapez (?:sur )?(?:[a-z0-9]|Entrée|Échap|Ctrl\+\S+)(?![\w+])", re.I),
        "Appuyez sur n"),
    "abîmé": (re.compile(r"abîm", re.I), "endommagé"),
    "reçu for a given value": (re.compile(r"\breçue?s?\b", re.I), "valeur donnée"),
    # (« heure locale », local time, is French; « la locale » for the system's is not)
    "locale": (re.compile(r"(?<!heure )\blocale\b", re.I), "celle du système"),
    "ctrl in small letters": (re.compile(r"\bctrl\+"), "Ctrl+Z"),
    "Prochaine donne": (re.compile(r"prochaine donne", re.I), "Donne suivante"),
    "Chance (singular) de gagner": (re.compile(r"\bchance de gagner", re.I), "Chances de"),
    "gagnant for the winner": (re.compile(r"(?<!total )(?<!capot )\bgagnant", re.I),
                               "vainqueur"),
    "n'arrive alone (nobody is coming)": (re.compile(r"n'arrive(?:nt)?\b(?! à)", re.I),
                                          "n'atteint un total gagnant"),
    "entame for the player who leads": (re.compile(r"pas d'entame", re.I),
                                        "ne dit pas qui entame"),
    "enregistrer a deal": (re.compile(r"\benregistr\w* (?:une |la |les |des )?donnes?\b|"
                                      r"Entrée (?:l'|la |les )?enregistre", re.I), "noter"),
    "QR code": (re.compile(r"QR code"), "code QR"),
    "retenu (agrees with nothing)": (re.compile(r"\(retenu\)"), "choix mémorisé"),
    "a curly apostrophe": (re.compile("\u2019"), "' (the elisions' own: « Entrée l'ouvre » "
                                                   "beside « de la partie d'Amélie »)"),
}


def rejected(text: str) -> list[str]:
    return [f"{what} (say: {instead})" for what, (pattern, instead) in REJECTED.items()
            if pattern.search(text)]


def test_the_french_catalog_uses_none_of_the_rejected_words():
    bad = [f"{msgid(e)!r} -> {text!r}: {'; '.join(rejected(text))}"
           for e in FR for text in translations(e) if rejected(text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("text", [
    "{id} n'est pas un numéro de partie", "Joueurs, dans l'ordre du jeu :",
    "Points de partie (objectif 500)", "plis dans l'ordre, ex. 4 3 3", "p. ex. 4 3 3",
    "Aucune partie en cours. Tapez n pour en commencer une.", "la partie était abîmée",
    "(reçu {value})", "par défaut : celle de la locale", "ctrl+z annule", "★ gagnant",
    "Personne n'arrive ; la manche continue.", "le pli {trick} n'a pas d'entame",
    "Entrée l'enregistre", "Marqueur (enregistre les donnes)", "IDENTIFIANT ou ID",
    "Entrée l\u2019ouvre",
])
def test_the_glossary_check_sees_each_rejected_word(text):
    assert rejected(text)


@pytest.mark.parametrize("text", [
    "Total gagnant 10 · 50 points", "capot gagnant", "tapez trois nombres, p.\u00a0ex. 4 3 3",
    "Appuyez sur n pour en commencer une.", "Ctrl+Z annule le dernier pli.", "l'« id »",
    "Donne suivante : {dealer} donne", "Entrée note {deal}", "le fichier est enregistré",
    "{who} arrive à {winning_total} et gagne la manche",
])
def test_the_glossary_check_lets_the_right_words_through(text):
    assert not rejected(text)


@pytest.mark.parametrize("page", ["scorekeeper/tui/rulebook/rules.fr.md", "docs/guide.fr.md"])
def test_the_french_rules_and_guide_hold_to_the_glossary_too(page):
    """The Rules screen's text and the user guide are read as closely as the catalog: the
    rules' table said « personne n'arrive », the rules « l'ordre du jeu » (an agenda) and
    « le gagnant du pli »; keys written as code (`ctrl+z`) are the keys' own names."""
    text = (Path(__file__).resolve().parents[2] / page).read_text(encoding="utf-8")
    prose = re.sub(r"`[^`]*`", "", text)
    paragraphs = [re.sub(r"[ \n]+", " ", part) for part in prose.split("\n\n")]
    bad = [f"{part[:90]}…: {'; '.join(rejected(part))}" for part in paragraphs
           if rejected(part)]
    assert not bad, "\n".join(bad)


# --- Undo and cancel: two words that never cross ---

_UNDO_EN = re.compile(r"\bundo(?:es|ne|ing)?\b", re.I)
_CANCEL_EN = re.compile(r"\bcancel", re.I)
_ANNULER = re.compile(r"\bannul", re.I)
_FERMER = re.compile(r"\bferm(?:er|e|é)", re.I)


def undo_and_cancel_crossed(english: str, french: str) -> list[str]:
    """Undo is « annuler » and cancel (closing a dialog or a form, doing nothing) « fermer »
    (docs/translating.md): a dialog's « Annuler » beside « Confirmer » would read as undoing
    the deal. What is wrong with one translation of `english`, if anything."""
    english = re.sub(r'"[^"]*"', "", english)  # ("undo", a value of the match file)
    wrong = []
    if _CANCEL_EN.search(english) and (_ANNULER.search(french) or not _FERMER.search(french)):
        wrong.append("cancel is « Fermer »")
    if _UNDO_EN.search(english) and _FERMER.search(french):
        wrong.append("undo is « Annuler »")
    if _ANNULER.search(french) and not _UNDO_EN.search(english):
        wrong.append("« annuler » is for undo alone")
    return wrong


def test_undo_is_annuler_and_cancel_is_fermer_never_crossed():
    bad = [f"{msgid(e)!r} -> {text!r}: {'; '.join(undo_and_cancel_crossed(msgid(e), text))}"
           for e in FR for text in translations(e)
           if undo_and_cancel_crossed(" ".join(filter(None, (msgid(e), plural(e)))), text)]
    assert not bad, "\n".join(bad)
    said = {msgid(e): e.string for e in FR if e.context is None}
    assert said["Cancel (Esc)"] == "Fermer (Échap)" and said["Cancel"] == "Fermer"
    assert said["Undo"] == "Annuler" and said["Nothing to undo."] == "Rien à annuler."


@pytest.mark.parametrize(("english", "french"), [
    ("Cancel (Esc)", "Annuler (Échap)"), ("Cancel", "Retour"), ("Undo", "Fermer"),
    ("Close", "Annuler"), ("Nothing to undo.", "Rien à fermer."),
])
def test_the_undo_and_cancel_check_sees_them_crossed(english, french):
    assert undo_and_cancel_crossed(english, french)


@pytest.mark.parametrize(("english", "french"), [
    ("Cancel (Esc)", "Fermer (Échap)"), ("Undo the last action", "Annuler la dernière action"),
    ("Redo what was undone", "Rétablir ce qui a été annulé"), ("Close (Enter)", "Fermer (Entrée)"),
    ('it needs "kind" ("edit", "undo" or "abandon")', "il lui faut « kind » (« undo »…)"),
])
def test_the_undo_and_cancel_check_lets_the_right_words_through(english, french):
    assert not undo_and_cancel_crossed(english, french)


# --- Counts that agree: a number before a noun is a plural message ---

NUMBER_FIELDS = r"count|size|limit|total|target|stored|expected|points|winning_total"
NOUNS_FR = (r"plis?|cartes?|donnes?|manches?|parties?|points?|caractères?|joueurs?|mains?|"
            r"égalités?|capots?|onglets?|arguments?|robots?")
NOUNS_EN = (r"tricks?|cards?|deals?|rounds?|match(?:es)?|points?|characters?|players?|hands?|"
            r"ties?|sweeps?|tabs?|arguments?|bots?")
_COUNTED_FR = re.compile(r"\{(?:" + NUMBER_FIELDS + r")(?::\w+)?\}[ \u00a0]+(?:" + NOUNS_FR
                         + r")\b")
_COUNTED_EN = re.compile(r"\{(?:" + NUMBER_FIELDS + r")(?::\w+)?\}[ \u00a0-]+(?:" + NOUNS_EN
                         + r")\b")


def counted_without_plural(entry) -> list[str]:
    if plural(entry) is not None:
        return []
    return _COUNTED_EN.findall(msgid(entry)) + _COUNTED_FR.findall(entry.string)


def test_every_message_with_a_number_before_a_noun_has_a_plural_form():
    bad = [f"{msgid(e)!r} -> {e.string!r}: {counted_without_plural(e)}"
           for e in FR if counted_without_plural(e)]
    assert not bad, "\n".join(bad)


def test_the_plural_check_sees_a_count_without_a_plural():
    assert counted_without_plural(Message("x", "la main a {count} cartes"))
    assert counted_without_plural(Message("{limit} characters at most", "x"))
    assert not counted_without_plural(Message("x", "Cartes en main : {count}"))


@pytest.mark.parametrize(("error", "lang", "said"), [
    (VicaireError("players.long", player=1, limit=1), "fr",
     "le nom du joueur 1 dépasse 1 caractère"),
    (VicaireError("players.long", player=1, limit=40), "fr",
     "le nom du joueur 1 dépasse 40 caractères"),
    (VicaireError("store.name", limit=1), "en", "a match name is at most 1 printable character"),
    (VicaireError("cards.too_many_tricks", count=101), "fr",
     "bien trop de plis pour une donne\u00a0: 101"),
])
def test_a_refusal_agrees_with_its_number(error, lang, said):
    assert error_text(error, lang) == said


def test_a_broken_rule_agrees_with_its_count():
    one = problem_text("cards.hand_size", None, 0, {"count": 1, "size": 10}, "fr")
    many = problem_text("cards.trick_count", None, None, {"count": 9, "size": 10}, "fr")
    assert one == "joueur 0\u00a0: la main compte 1 carte, pas 10"
    assert many == "la donne compte 9 plis, pas 10"


# --- A player's name: gender-neutral words after it, a default name in the sentence's case ---

NAME_FIELDS = ("name", "names", "who", "winner", "leader", "dealer", "shown0", "shown1",
               "shown2")
_GENDERED = re.compile(
    r"\b(?:ils?|elles?)\b(?! (?:faut|lui en reste|reste|n'y a|manque))|"
    r"\b(?:gagnante?s?|perdante?s?|seule?s?|arrivée?s?|première?|dernière?|prête?s?|"
    r"contente?s?|chacune?|lui-même|elle-même|heureux|heureuse)\b", re.I)
_CLAUSE_END = re.compile(r"[;:.!?·(\n{]")


def gendered_after_a_name(text: str) -> list[str]:
    found = []
    for literal, field, _spec, _conv in string.Formatter().parse(text):
        del literal
        if field not in NAME_FIELDS:
            continue
        rest = text.split("{" + field, 1)[1].split("}", 1)[1]
        clause = _CLAUSE_END.split(rest, 1)[0]
        clause = re.sub(r"\ben premier\b", "", clause)  # an adverb: « donne en premier »
        found += [f"{{{field}}}…{m.group(0)}" for m in _GENDERED.finditer(clause)]
    return found


def test_the_words_after_a_players_name_fit_either_gender():
    bad = [f"{msgid(e)!r} -> {text!r}: {gendered_after_a_name(text)}"
           for e in FR for text in translations(e) if gendered_after_a_name(text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("text", [
    "joue {card} sans fournir à {suit_name} alors qu'il en a",  # (no name: see below)
])
def test_the_gender_check_reads_only_after_a_name(text):
    assert not gendered_after_a_name(text)


@pytest.mark.parametrize("text", [
    "{name} joue sans fournir alors qu'il en a", "★ {winner} gagnant",
    "{who} est arrivé premier", "Plis {names:de}, de 0 à 10 chacun",
])
def test_the_gender_check_sees_a_gendered_word_after_a_name(text):
    assert gendered_after_a_name(text)


def test_a_default_name_inside_a_sentence_takes_the_sentences_case():
    from scorekeeper.tui.screens.new_match import seating_sentence

    french = seating_sentence(["", "", ""], "fr").plain
    assert french.startswith("Le joueur 2 est à la droite du joueur 1, le joueur 3 à la "
                             "droite du joueur 2" + NBSP + ":")
    english = seating_sentence(["", "", ""], "en").plain
    assert english.startswith("Player 2 sits to player 1's right, player 3 to player 2's right")
    mixed = seating_sentence(["Amélie", "", "Odile"], "fr").plain
    assert mixed.startswith("Le joueur 2 est à la droite d'Amélie, Odile à la droite du joueur 2")


def test_a_default_name_stays_a_name_on_its_own_and_in_a_list():
    names = [default_name("fr", n) for n in (1, 2, 3)]
    assert names[0] == "Joueur 1"  # a column, a label
    assert fill("Cartes {order:de} dans cet ordre", {"order": names}, "fr") == \
        "Cartes du joueur 1, du joueur 2 et du joueur 3 dans cet ordre"


# --- Values the user gave are quoted the language's way, never with Python's repr ---

@pytest.mark.parametrize(("deal", "en", "fr"), [
    (["x", 3, 3], "“x” is not a whole number of tricks",
     "«\u00a0x\u00a0» n'est pas un nombre entier de plis"),
    ([4.5, 3, 3], "4.5 is not a whole number of tricks", "4.5 n'est pas un nombre entier de plis"),
    ("433", "a deal is three numbers of tricks, one per player (got “433”)",
     "une donne se note en trois nombres de plis, un par joueur (valeur donnée\u00a0: "
     "«\u00a0433\u00a0»)"),
])
def test_a_value_the_user_gave_is_quoted_in_each_languages_way(deal, en, fr):
    with pytest.raises(VicaireError) as caught:
        validate_deal(deal)
    assert error_text(caught.value, "en") == en
    assert error_text(caught.value, "fr") == fr
    assert "'" not in error_text(caught.value, "fr").replace("n'", "")


def test_no_message_quotes_with_pythons_quotes():
    python_quoted = re.compile(r"'\{\w+\}'|\{\w+!r\}")
    bad = [text for e in FR for text in (msgid(e), plural(e) or "", *translations(e))
           if python_quoted.search(text)]
    assert not bad


def test_the_glossary_is_written_for_translators():
    page = (Path(__file__).resolve().parents[2] / "docs" / "translating.md").read_text(
        encoding="utf-8")
    for word in ("donne", "manche", "partie", "pli", "plis faits", "entamer", "capot", "grillé",
                 "objectif", "feuille de marque", "tableau des scores", "relevé de donne",
                 "identifiant", "vainqueur", "noter", "enregistrer", "ordre de jeu",
                 "**annuler**", "**fermer**",
                 "Appuyez sur", "p.\u00a0ex.", "pybabel extract", "pybabel update",
                 "pybabel compile"):
        assert word in page, word
