"""The message catalogs: complete, compiled, with plurals by number and French typography."""

from __future__ import annotations

import ast
import errno
import functools
import io
import string

import pytest
from babel.messages.mofile import write_mo

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import LANGS, elide, fill, tr, tr_n
from scorekeeper.i18n.errors import AREAS, error_text, known
from scorekeeper.i18n.typography import problems
from tests.i18n.catalogs import (
    FR_PO,
    KEYWORDS,
    PACKAGE,
    entries,
    key,
    messages_of_the_code,
    msgid,
    plural,
    po_files,
    read,
    translated,
    translations,
)

POS = po_files()
FR = entries(read(FR_PO))

# (Extracted when a test first asks, once per test process: read at collection, every test
# process paid for it, whatever tests it was given.)
used = functools.cache(messages_of_the_code)
STEPS = "pybabel extract && pybabel update, translate, pybabel compile (docs/translating.md)"


def test_french_is_installed_and_adding_a_language_is_adding_a_file():
    assert ("en", *(po.parent.parent.name for po in POS)) == LANGS
    assert "fr" in LANGS


@pytest.mark.parametrize("po", POS, ids=lambda p: p.parent.parent.name)
def test_each_compiled_catalog_is_its_source_compiled(po):
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run pybabel compile"
    compiled = io.BytesIO()
    write_mo(compiled, read(po))
    assert mo.read_bytes() == compiled.getvalue(), (
        f"{mo.name} is out of date with {po.name}: run pybabel compile")


@pytest.mark.parametrize("po", POS, ids=lambda p: p.parent.parent.name)
def test_every_message_of_the_code_is_translated_and_none_is_unused(po):
    catalog = read(po)
    found = {key(m): m for m in entries(catalog)}
    in_code = used()
    missing = [f"{where}: {k[1]!r}" for k, (_plural, where) in in_code.items() if k not in found]
    untranslated = [repr(msgid(m)) for m in found.values() if not translated(m)]
    unused = [repr(k[1]) for k in found if k not in in_code]
    assert not missing, f"not in the catalog ({STEPS}):\n" + "\n".join(missing)
    assert not untranslated, "not translated:\n" + "\n".join(untranslated)
    assert not unused, f"in the catalog but used nowhere ({STEPS}):\n" + "\n".join(unused)
    for k, (many, where) in in_code.items():
        assert plural(found[k]) == many, where
    assert not [(m.id, errors) for m, errors in catalog.check()]  # Babel's checkers


def _written_out(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def test_the_extractor_sees_every_message_written_out_in_the_code():
    """A call whose message is written out but that `pybabel extract` cannot read (inside an
    f-string, or with its context in a constant) would be left out of the catalogs."""
    seen = {k[1] for k in used()}
    unseen = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in KEYWORDS:
                continue
            spec = KEYWORDS[name] or (1,)
            at = [i for i in spec if isinstance(i, int)]  # the message, its plural
            context = [i[0] for i in spec if not isinstance(i, int)]
            if len(node.args) < max(at + context):
                continue
            message = _written_out(node.args[at[0] - 1])
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            if message is not None and (message not in seen or any(
                    _written_out(node.args[c - 1]) is None for c in context)):
                unseen.append(f"{where}: {message!r}")
    assert not unseen, "write these calls out so that pybabel extract reads them:\n" \
        + "\n".join(unseen)


def _fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template)
            if name is not None}


def test_translations_use_the_fields_of_their_english():
    for entry in FR:
        english = _fields(msgid(entry)) | _fields(plural(entry) or "")
        for text in translations(entry):
            assert _fields(text) <= english | {"count"}, (entry.id, text)
            assert english - _fields(text) <= {"count"}, (entry.id, text)


def test_french_messages_follow_french_typography():
    bad = [f"{msgid(e)!r} -> {text!r}: {'; '.join(problems(text))}"
           for e in FR for text in translations(e) if problems(text)]
    assert not bad, "\n".join(bad)


def test_the_typography_check_sees_what_a_french_reader_sees():
    assert problems("vainqueur: —") and problems("égalité : x") and problems("38%")
    assert problems("Plis de {name}") and problems("capot de {name} : +50")
    assert problems('pas de "tricks"')
    assert not problems("capot {name:de}\u00a0: +50 · 38\u00a0% · «\u00a0x\u00a0»")


@pytest.mark.parametrize(("word", "name", "said"), [
    ("de", "Amélie", "d'Amélie"), ("de", "Éric", "d'Éric"), ("de", "Odile", "d'Odile"),
    ("de", "Bruno", "de Bruno"), ("que", "Éric", "qu'Éric"), ("le", "écart", "l'écart"),
    ("de", "Hélène", "d'Hélène"), ("de", "Yves", "d'Yves"), ("de", "Yann", "de Yann"),
    ("De", "Amélie", "D'Amélie"), ("de", "[b]x[/b]", "de [b]x[/b]"), ("de", "8", "de 8"),
])
def test_names_are_elided_before_a_vowel_or_a_mute_h(word, name, said):
    assert elide(word, name) == said


def test_a_message_elides_the_name_it_is_given():
    assert tr("fr", "sweep by {name}: +{points}", name="Amélie", points=50) == \
        "capot d'Amélie\u00a0: +50"
    assert tr("fr", "sweep by {name}: +{points}", name="Bruno", points=50) == \
        "capot de Bruno\u00a0: +50"
    assert tr("en", "sweep by {name}: +{points}", name="Amélie", points=50) == \
        "sweep by Amélie: +50"


def test_plurals_by_number_in_both_languages():
    with_plural = [e for e in FR if plural(e) is not None]
    assert with_plural, "the catalog has plural messages"
    for entry in with_plural:
        one, many, dummy = msgid(entry), plural(entry), _dummy(msgid(entry))
        for n in (0, 1, 2):
            english = tr_n("en", one, many, n, **dummy)
            french = tr_n("fr", one, many, n, **dummy)
            assert english == (one if n == 1 else many).format(count=n, **dummy)
            want = translations(entry)[0 if n <= 1 else 1]
            assert french == fill(want, {"count": n, **dummy}, "fr")
    assert tr_n("en", "{count} point", "{count} points", 1) == "1 point"
    assert tr_n("en", "{count} point", "{count} points", 0) == "0 points"
    assert tr_n("fr", "{count} point", "{count} points", 0) == "0 point"
    assert tr_n("fr", "{count} point", "{count} points", 2) == "2 points"


def _dummy(msgid: str) -> dict[str, str]:
    return {name: "x" for name in _fields(msgid) if name != "count"}


def test_every_error_code_raised_has_a_message():
    assert all(__import__(f"scorekeeper.i18n.{area}") for area in AREAS)
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "VicaireError"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                codes.add(node.args[0].value)
    assert codes
    assert not [code for code in sorted(codes) if not known(code)]


def test_an_error_is_said_in_each_language_with_its_parameters():
    error = VicaireError("match.deal_number", number="7", count=1)
    assert error_text(error, "en") == "there is no deal 7: the match has 1 deal"
    assert error_text(error, "fr") == "il n'y a pas de donne 7\u00a0: la partie en compte 1"
    assert error_text(VicaireError("deal.sum", total=9, deal=4), "fr").startswith("donne 4\u00a0: ")


def test_the_reason_a_system_gives_is_said_in_the_users_language():
    error = VicaireError("store.write", path="/x", errno=errno.ENOSPC,
                         reason="No space left on device")
    assert error_text(error, "en") == "cannot write /x: No space left on device"
    assert error_text(error, "fr") == \
        "impossible d'écrire /x\u00a0: plus de place sur le disque"
    unknown = VicaireError("store.write", path="/x", errno=9999, reason="Odd")
    assert error_text(unknown, "fr") == "impossible d'écrire /x\u00a0: Odd"


def test_the_french_rules_follow_french_typography():
    rules = (PACKAGE / "tui" / "rulebook" / "rules.fr.md").read_text(encoding="utf-8")
    import re

    assert not re.findall(r".{0,20}\S [:;!?](?=\s|$)", rules, re.MULTILINE)
    assert not re.findall(r".{0,20}\d ?%", rules)


def test_a_list_of_names_is_said_as_a_list_each_with_its_article():
    from scorekeeper.i18n import fill

    names = ["Amélie", "Bruno", "Odile"]
    assert fill("Plis {names:de}", {"names": names}, "fr") == "Plis d'Amélie, de Bruno et d'Odile"
    assert fill("Tricks of {names}", {"names": names}, "en") == "Tricks of Amélie, Bruno and Odile"
