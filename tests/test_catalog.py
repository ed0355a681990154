"""The message catalogs: complete, compiled, with plurals by number and French typography."""

from __future__ import annotations

import ast
import errno
import string
from pathlib import Path

import pytest

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import DOMAIN, LANGS, LOCALE_DIR, elide, fill, tr, tr_n
from scorekeeper.i18n.errors import AREAS, error_text, known
from scorekeeper.i18n.extract import messages_under
from scorekeeper.i18n.pofile import compile_mo, po_files, read_po
from scorekeeper.i18n.typography import problems

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
POS = po_files(LOCALE_DIR, DOMAIN)
FR = read_po(LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po")


def test_french_is_installed_and_adding_a_language_is_adding_a_file():
    assert ("en", *(po.parent.parent.name for po in POS)) == LANGS
    assert "fr" in LANGS


@pytest.mark.parametrize("po", POS, ids=lambda p: p.parent.parent.name)
def test_each_compiled_catalog_is_its_source_compiled(po):
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run python scripts/compile_catalogs.py"
    assert mo.read_bytes() == compile_mo(read_po(po)), (
        f"{mo.name} is out of date with {po.name}: run python scripts/compile_catalogs.py")


@pytest.mark.parametrize("po", POS, ids=lambda p: p.parent.parent.name)
def test_every_message_of_the_code_is_translated_and_none_is_unused(po):
    catalog = read_po(po)
    used = {m.key: m for m in messages_under(PACKAGE)}
    entries = {e.key: e for e in catalog.entries}
    missing = [f"{m.where}: {m.msgid!r}" for key, m in used.items() if key not in entries]
    untranslated = [repr(e.msgid) for e in catalog.entries if not e.translated]
    unused = [repr(e.msgid) for key, e in entries.items() if key not in used]
    assert not missing, "not in the catalog (python scripts/compile_catalogs.py --update):\n" \
        + "\n".join(missing)
    assert not untranslated, "not translated:\n" + "\n".join(untranslated)
    assert not unused, "in the catalog but used nowhere:\n" + "\n".join(unused)
    for key, message in used.items():
        assert entries[key].msgid_plural == message.msgid_plural, message.where


def _fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template)
            if name is not None}


def test_translations_use_the_fields_of_their_english():
    for entry in FR.entries:
        english = _fields(entry.msgid) | _fields(entry.msgid_plural or "")
        for text in entry.translations:
            assert _fields(text) <= english | {"count"}, (entry.msgid, text)
            assert english - _fields(text) <= {"count"}, (entry.msgid, text)


def test_french_messages_follow_french_typography():
    bad = [f"{e.msgid!r} -> {text!r}: {'; '.join(problems(text))}"
           for e in FR.entries for text in e.translations if problems(text)]
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
    plural = [e for e in FR.entries if e.msgid_plural is not None]
    assert plural, "the catalog has plural messages"
    for entry in plural:
        for n in (0, 1, 2):
            english = tr_n("en", entry.msgid, entry.msgid_plural, n, **_dummy(entry.msgid))
            french = tr_n("fr", entry.msgid, entry.msgid_plural, n, **_dummy(entry.msgid))
            assert english == (entry.msgid if n == 1 else entry.msgid_plural).format(
                count=n, **_dummy(entry.msgid))
            want = entry.msgstr_plural[0 if n <= 1 else 1]
            assert french == fill(want, {"count": n, **_dummy(entry.msgid)}, "fr")
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
