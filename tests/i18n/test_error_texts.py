"""Every refusal and notice Vicaire can raise has words in English and French.

The codes are read from the source itself (each `VicaireError("code"` and `Notice("code"`), so a
new code without its text, or a text missing in one language, fails here instead of reaching a
user as a bare code.
"""

import importlib
import re
import string
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import AREAS, error_text, notice_text, table
from scorekeeper.store.notices import Notice

SOURCE = Path(scorekeeper.__file__).parent
RAISED = re.compile(r"""(?:VicaireError|Notice)\(\s*["']([a-z_]+(?:\.[a-z_]+)+)["']""")


def raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        codes.update(RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


def test_every_area_has_its_table():
    for area in AREAS:
        module = importlib.import_module(f"scorekeeper.i18n.{area}")
        assert isinstance(module.ERRORS, dict) and module.ERRORS, area


def test_the_source_raises_codes_that_this_test_can_see():
    codes = raised_codes()
    assert {"deal.sum", "store.not_found", "store.notice.restored"} <= codes


@pytest.mark.parametrize("code", sorted(raised_codes()))
def test_every_raised_code_has_words_in_both_languages(code):
    assert code in table(), f"{code} has no text in scorekeeper/i18n"
    en, fr = table()[code]
    assert en.strip() and fr.strip(), code
    assert "{code}" not in en + fr


@pytest.mark.parametrize("code", sorted(table()))
def test_both_languages_name_the_same_values(code):
    en, fr = table()[code]
    names = [{field for _, field, _, _ in string.Formatter().parse(text) if field}
             for text in (en, fr)]
    assert names[0] == names[1], code


def test_an_error_is_data_and_i18n_says_it():
    err = VicaireError("deal.sum", deal=2, total=11)
    assert str(err) == "deal.sum(deal=2, total=11)"
    assert error_text(err, "en").startswith("deal 2: ")
    assert error_text(err, "fr").startswith("donne 2\u00a0: ")


def test_a_notice_reason_is_put_in_words():
    notice = Notice("store.notice.index", {"reason": "truncated", "path": "/x"})
    assert "cut short" in notice_text(notice, "en") and "tronqué" in notice_text(notice, "fr")
    assert str(notice).startswith("store.notice.index(")


@pytest.mark.parametrize("reason", ["empty", "truncated", "garbage", "invalid"])
def test_every_damage_reason_has_words(reason):
    assert f"store.reason.{reason}" in table()
