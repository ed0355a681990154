"""Everything Vicaire says, in the user's language, from one catalog per language.

The catalogs are GNU gettext catalogs: the English text is the message id, written in the
code; each other language has a `.po` file a translator reads and edits
(`scorekeeper/i18n/locale/<lang>/LC_MESSAGES/vicaire.po`) and its compiled `.mo`, which is
what is read at run time (`pybabel compile` compiles them: docs/translating.md). A message is
looked up per call with an explicit language, since the app switches language in place and
each served browser tab speaks its own:

    tr(lang, "Tricks of {name}", name=name)
    tr_n(lang, "{count} deal", "{count} deals", count)
    trc(lang, "column", "Deal")              # the same English, another French

Placeholders are `str.format` fields. French ones may carry an elision spec: `{name:de}`
gives "de Bruno" but "d'Amélie", `{name:que}` "qu'Éric", `{name:le}` "l'écart"
(`elide`). A catalog is read the first time its language is used, once.
"""

from __future__ import annotations

import gettext
import locale
import os
import re
import string
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "vicaire"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANG = "en"  # the language of the message ids written in the code

# A no-break space, written before : ; ! ? and % and inside « » in French. The narrow one
# (U+202F) is what French print uses, but Roboto Mono, the font of the served app, has no
# glyph for it, and a terminal gives every character a whole cell anyway.
NBSP = "\u00a0"


def _installed() -> tuple[str, ...]:
    try:
        found = sorted(entry.name for entry in os.scandir(LOCALE_DIR)
                       if (Path(entry.path) / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())
    except OSError:
        found = []
    return (SOURCE_LANG, *(lang for lang in found if lang != SOURCE_LANG))


LANGS: tuple[str, ...] = _installed()


def detect_lang(explicit: str | None = None, saved: str | None = None) -> str:
    """The language to speak: an explicit choice, then a saved setting, then the locale."""
    for choice in (explicit, saved):
        if choice in LANGS:
            return choice
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return _lang_of(value)
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _lang_of(code)


def _lang_of(code: str) -> str:
    prefix = code.lower()[:2]
    return prefix if prefix in LANGS else SOURCE_LANG


def N_(message: str) -> str:  # noqa: N802 - the gettext name for "mark, translate later"
    """Marks a message for the catalog where it is written; `tr` translates it where used."""
    return message


def Nc_(context: str, message: str) -> str:  # noqa: N802 - as N_
    """Marks a message with a context for the catalog; `trc` translates it where used."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - as N_
    """Marks a message with a plural for the catalog; `tr_n` translates it where used."""
    return (singular, plural)


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang`, read once (English: the message ids themselves)."""
    if lang == SOURCE_LANG:
        return gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    except OSError:
        return gettext.NullTranslations()


def tr(lang: str, message: str, /, **values: Any) -> str:
    """`message` in `lang`, its `{fields}` filled from `values`."""
    text = catalog(lang).gettext(message)
    return fill(text, values, lang) if values else text


def trc(lang: str, context: str, message: str, /, **values: Any) -> str:
    """`message` in `lang` where the same English needs another word (`context` tells which)."""
    text = catalog(lang).pgettext(context, message)
    return fill(text, values, lang) if values else text


def tr_n(lang: str, singular: str, plural: str, count: int, /, **values: Any) -> str:
    """The form of the message for `count` in `lang`'s plural rule; `{count}` is filled."""
    text = catalog(lang).ngettext(singular, plural, count)
    values.setdefault("count", count)
    return fill(text, values, lang)


# The fields a message with a plural can agree with, the first one given being used.
COUNTING_FIELDS = ("count", "limit", "size", "total", "target")


def plural_number(values: dict[str, Any]) -> int:
    """The number a message with a plural agrees with: its `count`, else its `limit`, `size`,
    `total` or `target` ("at most {limit} characters"); 2 when none is a whole number."""
    for name in COUNTING_FIELDS:
        value = values.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 2


def tr_parts(lang: str, message: str, /, **values: Any) -> list[tuple[str, str | None]]:
    """`message` in `lang` cut into its pieces: (text, None) for the message's own words and
    (text, field name) for each filled field, so that an edge can style the values (a name
    in bold) without cutting the sentence in pieces. An elided field keeps its article:
    `{name:de}` gives ("d'Amélie", "name")."""
    return _parts(catalog(lang).gettext(message), values, lang)


def tr_n_parts(lang: str, singular: str, plural: str, count: int, /,
               **values: Any) -> list[tuple[str, str | None]]:
    """`tr_parts` for a message with a plural (see `tr_n`)."""
    values.setdefault("count", count)
    return _parts(catalog(lang).ngettext(singular, plural, count), values, lang)


def _parts(template: str, values: dict[str, Any], lang: str) -> list[tuple[str, str | None]]:
    formatter = _Formatter(lang)
    try:
        pieces: list[tuple[str, str | None]] = []
        for text, name, spec, conversion in formatter.parse(template):
            if text:
                pieces.append((text, None))
            if name is not None:
                value = formatter.convert_field(formatter.get_field(name, (), values)[0],
                                                conversion)
                if _has_default_name(value) and (spec or "").lower() not in ELIDING:
                    value = _said(value, _starts_sentence("".join(p for p, _ in pieces)))
                pieces.append((formatter.format_field(value, spec or ""), name))
        return pieces
    except (KeyError, IndexError, ValueError, AttributeError):
        return [(template, None)]


def number(lang: str, value: float, digits: int = 0) -> str:
    """`value` written with `digits` decimals as `lang` writes numbers: 12,345.5 in English,
    12 345,5 in French (the catalog gives each language its marks)."""
    text = f"{value:,.{digits}f}"
    decimal = trc(lang, "decimal mark", ".")
    thousands = trc(lang, "thousands separator", ",")
    return "".join(decimal if c == "." else thousands if c == "," else c for c in text)


# --- Filling a message: str.format, plus French elision before a vowel or a mute h ---

# The words that lose their vowel before a vowel sound, and what they become.
ELIDING = {"de": "d'", "que": "qu'", "le": "l'", "la": "l'", "ne": "n'", "se": "s'",
           "jusque": "jusqu'", "lorsque": "lorsqu'", "puisque": "puisqu'"}
_ELISION_SPEC = re.compile(r"\{[^{}:]*:(?:" + "|".join(ELIDING) + r")\}", re.IGNORECASE)
_VOWELS = set("aeiouyœæ")


def starts_with_vowel_sound(word: str) -> bool:
    """True before a vowel or a mute h (Amélie, Éric, Odile, Hélène, Yves; not Yann)."""
    letters = [c for c in unicodedata.normalize("NFD", word.strip().lower())
               if not unicodedata.combining(c)]
    if not letters or not letters[0].isalpha():
        return False
    first, second = letters[0], letters[1] if len(letters) > 1 else ""
    if first == "y":  # Yves, Ysaline; but Yann, Yolande (a y before a vowel is a consonant)
        return bool(second) and second not in _VOWELS
    return first in _VOWELS or first == "h"


class DefaultName(str):
    """The name Vicaire gives a player who has none yet: "Player 1" / « Joueur 1 » on its own
    (a label, a column), but inside a sentence as the sentence writes it, `in_sentence`
    (« le joueur 1 », capitalised only where a sentence starts), which `de` contracts
    (« à la droite du joueur 1 »). Made by `default_name`."""

    in_sentence: str

    def __new__(cls, label: str, in_sentence: str) -> DefaultName:
        made = super().__new__(cls, label)
        made.in_sentence = in_sentence
        return made

    def said(self, sentence_start: bool) -> str:
        text = self.in_sentence
        return text[:1].upper() + text[1:] if sentence_start else text


def default_name(lang: str, number: int) -> DefaultName:
    """'Player 1' / « Joueur 1 », said « le joueur 1 » inside a French sentence."""
    return DefaultName(tr(lang, "Player {number}", number=number),
                       trc(lang, "in a sentence", "player {number}", number=number))


def _has_default_name(value: Any) -> bool:
    return isinstance(value, DefaultName) or isinstance(value, list | tuple) and any(
        isinstance(v, DefaultName) for v in value)


def _said(value: Any, sentence_start: bool) -> Any:
    """`value` as a sentence says it: a default name (or each in a list) in the sentence's case."""
    if isinstance(value, DefaultName):
        return value.said(sentence_start)
    if isinstance(value, list | tuple) and any(isinstance(v, DefaultName) for v in value):
        return [_said(v, sentence_start and i == 0) for i, v in enumerate(value)]
    return value


def _starts_sentence(before: str) -> bool:
    before = before.rstrip(" \u00a0")
    return not before or before[-1] in ".!?·\n"


# "de" before an article contracts: de + le = du, de + les = des.
_CONTRACTED = {"le ": "du ", "les ": "des "}


def elide(word: str, value: object) -> str:
    """'de Bruno', "d'Amélie": the French `word` (de, que, le, la…) before `value`.

    A capital in `word` gives a capital (`De` → "De Bruno", "D'Amélie"). A default name is
    said as in a sentence: « du joueur 1 »."""
    text = value.in_sentence if isinstance(value, DefaultName) else str(value)
    lower = word.lower()
    if isinstance(value, DefaultName) and lower == "de":
        for article, contracted in _CONTRACTED.items():
            if text.startswith(article):
                return (contracted.capitalize() if word[:1].isupper() else contracted) + \
                    text[len(article):]
    if lower in ELIDING and starts_with_vowel_sound(text):
        short = ELIDING[lower]
        return (short[0].upper() + short[1:] if word[:1].isupper() else short) + text
    return f"{word} {text}"


def quoted(lang: str, text: object) -> str:
    """`text` in `lang`'s quotation marks: “x” in English, « x » in French (a value the user
    gave, shown back in a message; never Python's 'x')."""
    return tr(lang, "“{text}”", text=str(text))


def join_words(lang: str, words: list[str] | tuple[str, ...]) -> str:
    """'A', 'A and B', 'A, B and C' ('et' in French)."""
    if len(words) <= 1:
        return "".join(words)
    return tr(lang, "{names} and {last}", names=", ".join(words[:-1]), last=words[-1])


class _Formatter(string.Formatter):
    """str.format, plus elision specs, and lists said as lists ('A, B and C'; with an
    elision spec, each name with its article: "d'Amélie, de Bruno et d'Odile")."""

    def __init__(self, lang: str = SOURCE_LANG) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, list | tuple):
            if format_spec.lower() in ELIDING:
                return join_words(self.lang, [elide(format_spec, v) for v in value])
            return join_words(self.lang, [format(v, format_spec) for v in value])
        if format_spec.lower() in ELIDING:
            return elide(format_spec, value)
        return format(value, format_spec)


@cache
def _needs_elision(template: str) -> bool:
    return bool(_ELISION_SPEC.search(template))


def fill(template: str, values: dict[str, Any], lang: str = SOURCE_LANG) -> str:
    """`template` with its fields filled (elision specs and lists included); a bad template
    as it is."""
    try:
        if any(_has_default_name(v) for v in values.values()):
            return "".join(text for text, _name in _parts(template, values, lang))
        if _needs_elision(template) or any(isinstance(v, list | tuple) for v in values.values()):
            return _Formatter(lang).vformat(template, (), values)
        return template.format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return template
