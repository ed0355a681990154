"""A name, path or id the user gave, echoed back in a message, shows its control characters
escaped (`\\x1b`), never raw: a file name such as `$'\\e]0;pwned\\a'` cannot retitle or drive
the terminal. Real processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.runner import Vicaire

ESCAPE = "\x1b]0;pwned\x07"
SHOWN = "\\x1b]0;pwned\\x07"


@pytest.fixture
def vicaire(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "db")


def said(proc) -> str:
    err = proc.stderr
    assert "\x1b" not in err and "\x07" not in err and "\x1b" not in proc.stdout, repr(err)
    return err


@pytest.mark.parametrize("command", ["import", "replay", "verify"])
def test_a_file_name_with_terminal_escapes_is_shown_escaped(vicaire, tmp_path, command):
    vicaire.new()
    missing = tmp_path / f"gone{ESCAPE}.json"
    assert f"{SHOWN}.json: " in said(vicaire(command, missing, ok=False))
    broken = tmp_path / f"bad{ESCAPE}\u202e.json"
    broken.write_text("{not json", encoding="utf-8")
    err = said(vicaire(command, broken, ok=False))
    assert f"bad{SHOWN}\\u202e.json: " in err


@pytest.mark.parametrize("command", [("show",), ("export",), ("add", "ID", "4", "3", "3"),
                                     ("abandon",), ("undo",)])
def test_an_id_with_terminal_escapes_is_shown_escaped(vicaire, command):
    vicaire.new()
    args = [ESCAPE if arg == "ID" else arg for arg in command]
    if "ID" not in command:
        args.append(ESCAPE)
    assert SHOWN in said(vicaire(*args, ok=False))


def test_an_output_path_a_folder_and_an_argument_are_shown_escaped(vicaire, tmp_path):
    match_id = vicaire.new()
    err = said(vicaire("export", match_id, "-o", tmp_path / "nowhere" / ESCAPE, ok=False))
    assert f"nowhere/{SHOWN}" in err
    err = said(vicaire("history", "--db", tmp_path / ESCAPE, ok=False))
    assert f"{SHOWN} cannot be found" in err
    proc = vicaire("show", match_id, ESCAPE, ok=None)
    assert proc.returncode == 2 and f"unrecognized arguments: {SHOWN}" in said(proc)
    # Words of the catalog keep their own characters (French no-break spaces).
    french = said(vicaire("show", "zz", "--lang", "fr", ok=False))
    assert "de partie\u00a0: donnez" in french
