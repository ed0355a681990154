"""The command line's own words — help, usage lines, argparse's refusals — in the user's
language (--lang, else the locale), and a bad deal or bad names answered with what was
expected. Each run is the real `vicaire` in a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.cli.runner import run_vicaire
from tests.cli.test_french_output import french_problems

ROOT = str(Path(__file__).resolve().parents[2])
COMMANDS = ("replay", "new", "add", "undo", "edit", "abandon", "delete", "show", "history",
            "export", "import", "simulate", "verify", "serve")
# Words of argparse's English (and of our English help) that a French help must not hold.
ENGLISH = re.compile(r"\b(usage|positional arguments|show this help|the|of|and|default|print|"
                     r"error|required|invalid|expected|unrecognized|FILE|PATH|COMMAND)\b")


def run(tmp_path: Path, *args: str, lang: str = "en_US.UTF-8") -> subprocess.CompletedProcess:
    (tmp_path / "db").mkdir(exist_ok=True)  # an empty history
    env = {**os.environ, "VICAIRE_DB": str(tmp_path / "db"), "LANG": lang,
           "PYTHONPATH": ROOT, "COLUMNS": "100"}
    env.pop("LC_ALL", None)
    proc = run_vicaire([*args], capture_output=True,
                       text=True, env=env, stdin=subprocess.DEVNULL, timeout=60)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    return proc


def test_the_help_is_in_french_with_lang_fr(tmp_path):
    out = run(tmp_path, "--lang", "fr", "--help").stdout
    assert out.startswith("utilisation\u00a0: vicaire [-h]")
    assert "arguments positionnels\u00a0:\n" in out and "\noptions\u00a0:\n" in out
    assert "-h, --help" in out and "afficher cette aide et quitter" in out
    assert "noter une donne" in out and "COMMANDE" in out
    assert not ENGLISH.search(out), ENGLISH.search(out)
    assert not french_problems(out), french_problems(out)


def test_the_help_follows_the_locale_and_lang_overrides_it(tmp_path):
    french = run(tmp_path, "add", "--help", lang="fr_FR.UTF-8").stdout
    assert french.startswith("utilisation\u00a0: vicaire add")
    assert "plis du premier joueur\u00a0: de 0 à 10" in french
    english = run(tmp_path, "add", "--help", "--lang", "en", lang="fr_FR.UTF-8").stdout
    assert english.startswith("usage: vicaire add") and "tricks of the first player" in english
    assert "show this help message and exit" in english


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_s_help_is_french(tmp_path, command):
    out = run(tmp_path, command, "--help", "--lang", "fr").stdout
    assert out.startswith(f"utilisation\u00a0: vicaire {command}")
    assert not ENGLISH.search(out), ENGLISH.search(out)
    assert not french_problems(out), french_problems(out)


@pytest.mark.parametrize("args", [("add", "abc"), ("add", "1", "2"), ("add",)])
def test_add_without_a_whole_deal_says_what_a_deal_is(tmp_path, args):
    english = run(tmp_path, *args)
    assert english.returncode == 2
    assert english.stderr.startswith("usage: vicaire add ")
    said = english.stderr.splitlines()[-1]
    assert said.startswith("vicaire add: error: give the deal as three numbers of tricks, in "
                           "seat order, each 0 to 10, adding up to 10: e.g. vicaire add 4 3 3")
    assert "required" not in english.stderr
    french = run(tmp_path, *args, "--lang", "fr")
    assert french.returncode == 2
    assert french.stderr.startswith("utilisation\u00a0: vicaire add ")
    said = french.stderr.splitlines()[-1]
    assert said.startswith("vicaire add\u00a0: erreur\u00a0: donnez la donne en trois nombres "
                           "de plis, dans l'ordre de jeu, chacun de 0 à 10, qui font 10 en "
                           "tout\u00a0: par exemple vicaire add 4 3 3")
    assert not french_problems(french.stderr), french_problems(french.stderr)


def test_too_many_values_for_add_are_named_and_the_deal_explained(tmp_path):
    proc = run(tmp_path, "add", "1", "4", "3", "3", "7", "--lang", "fr")
    assert proc.returncode == 2
    assert "arguments non reconnus\u00a0: 7\u00a0; donnez la donne en trois nombres" \
        in proc.stderr


def test_edit_and_new_say_what_they_take(tmp_path):
    edit = run(tmp_path, "edit", "abc")
    assert edit.returncode == 2 and ("give the match id, the number of the deal to correct, "
                                     "then its three numbers of tricks") in edit.stderr
    new = run(tmp_path, "new", "Amélie", "Bruno", "--lang", "fr")
    assert new.returncode == 2
    assert "donnez les noms des trois joueurs, dans l'ordre de jeu" in new.stderr


@pytest.mark.parametrize(("args", "english", "french"), [
    (("frob",), "unknown command “frob” (the commands: replay, new,",
     "commande inconnue\u00a0: «\u00a0frob\u00a0» (les commandes\u00a0: replay, new,"),
    (("--lang", "de"), "argument --lang: invalid choice: “de” (choose from en, fr)",
     "argument --lang\u00a0: choix invalide\u00a0: «\u00a0de\u00a0» (au choix\u00a0: en, fr)"),
    (("export", "--sep", "x", "1"),
     "argument --sep: invalid choice: “x” (choose from “,”, “;”, tab)",
     "(au choix\u00a0: «\u00a0,\u00a0», «\u00a0;\u00a0», tab)"),
    (("add", "--expect-deals"), "argument --expect-deals: expected one argument",
     "argument --expect-deals\u00a0: un argument attendu"),
    (("history", "x"), "vicaire history: error: unrecognized arguments: x",
     "vicaire history\u00a0: erreur\u00a0: arguments non reconnus\u00a0: x"),
    (("replay",), "the following arguments are required: FILE",
     "les arguments suivants sont obligatoires\u00a0: FICHIER"),
    (("simulate", "--seed", "x"), "argument --seed: “x” is not a whole number",
     "argument --seed\u00a0: «\u00a0x\u00a0» n'est pas un nombre entier"),
    (("simulate", "--deals", "4_0"), "argument --deals: “4_0” is not a whole number (digits 0-9)",
     "«\u00a04_0\u00a0» n'est pas un nombre entier (chiffres de 0 à 9)"),
    (("simulate", "--deals", "4\x1f"), "argument --deals: “4\\x1f” is not a whole number",
     "«\u00a04\\x1f\u00a0» n'est pas un nombre entier (chiffres de 0 à 9)"),
    (("stats", "--year", "2026\x1f"),
     "argument --year: “2026\\x1f” is not a year (four digits, e.g. 2026)",
     "«\u00a02026\\x1f\u00a0» n'est pas une année"),
    (("stats", "--since", "2026-09-01\x1f"),
     "argument --since: “2026-09-01\\x1f” is not a day written YYYY-MM-DD",
     "«\u00a02026-09-01\\x1f\u00a0» n'est pas"),
    (("simulate", "--json", "--summary"), "argument --summary: not allowed with argument --json",
     "argument --summary\u00a0: interdit avec l'argument --json"),
    (("serve", "--port", "0"), "argument --port: a port is 1 to 65535, not 0",
     "argument --port\u00a0: un port va de 1 à 65535, pas 0"),
])
def test_argparse_refusals_in_both_languages(tmp_path, args, english, french):
    said = run(tmp_path, *args)
    assert said.returncode == 2 and english in said.stderr, said.stderr
    assert "usage: vicaire" in said.stderr
    said = run(tmp_path, *args, lang="fr_FR.UTF-8")
    assert said.returncode == 2 and french in said.stderr, said.stderr
    assert "utilisation\u00a0: vicaire" in said.stderr
    assert not ENGLISH.search(said.stderr.replace("--json", "")), said.stderr
    assert not french_problems(said.stderr), french_problems(said.stderr)


def test_a_bad_match_id_is_refused_in_words_in_both_languages(tmp_path):
    english = run(tmp_path, "show", "xyz")
    assert english.returncode == 2
    assert english.stderr == ("vicaire: “xyz” is not a match id: use at least 4 of its letters "
                              "and digits (0-9, a-f)\n")
    french = run(tmp_path, "show", "xyz", "--lang", "fr")
    assert french.returncode == 2
    assert "«\u00a0xyz\u00a0» n'est pas un identifiant de partie" in french.stderr
