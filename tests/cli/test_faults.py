"""A fault of Vicaire's own (a bug, put there on purpose by the test) ends in a few words in
the user's language and a report file, never a traceback: a command and the app, each in a
real process (the app in a real terminal, a pseudo-terminal)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from scorekeeper.formats.fault import FAULTS, write_fault_report
from tests.cli.runner import Vicaire

FAULT_IN = (  # a fault put into Vicaire, then the command line as `vicaire` runs it
    "import sys\n"
    "import {module} as where\n"
    "def fault(*args, **kwargs):\n"
    "    raise ZeroDivisionError('a fault put there by the test')\n"
    "where.{name} = fault\n"
    "from scorekeeper.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)
SAID = {
    "en": "Vicaire stopped on a fault of its own, not on anything you typed. Every deal "
          "recorded so far is saved: start Vicaire again to carry on. The details are in ",
    "fr": "Vicaire s'est arrêté à cause d'une erreur interne\u00a0; ce que vous avez tapé "
          "n'y est pour rien. Toutes les donnes notées jusqu'ici sont enregistrées\u00a0: "
          "relancez Vicaire pour continuer. Le détail est dans ",
}


def the_report(db: Path, said: str) -> str:
    """The one report in the history's fault-reports folder, named in full by `said`."""
    reports = sorted((db / FAULTS).iterdir())
    assert len(reports) == 1, reports
    assert str(reports[0]) in said.replace("\n", "")
    return reports[0].read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_fault_in_a_command_is_a_few_words_and_a_report(tmp_path, lang):
    db = tmp_path / "history"
    vicaire = Vicaire(db)
    vicaire.new()
    code = FAULT_IN.format(module="scorekeeper.store.history", name="History.summaries")
    out = subprocess.run([sys.executable, "-c", code, "history", "--db", str(db),
                          "--lang", lang],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 70, out.stderr
    assert out.stdout == ""
    assert out.stderr.startswith("vicaire: " + SAID[lang]), out.stderr
    assert "Traceback" not in out.stderr and "ZeroDivisionError" not in out.stderr
    report = the_report(db, out.stderr)
    assert "Command: vicaire history --db" in report
    assert "ZeroDivisionError: a fault put there by the test" in report
    assert "in fault" in report  # (where it happened)
    assert [m["players"] for m in vicaire.listing()] == [["Amélie", "Bruno", "Chloé"]]  # (kept)


def read_terminal(fd: int, until: str, timeout: float = 60) -> str:
    """What the program wrote on its terminal, until `until` shows (or the terminal closes)."""
    seen = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # (EIO: the program has ended and closed its terminal)
            break
        if not chunk:
            break
        seen += chunk
        if until and until in plain(seen.decode("utf-8", "replace")):
            break
    return plain(seen.decode("utf-8", "replace"))


def plain(text: str) -> str:
    return re.sub(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|[=>78])",
                  "", text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_fault_in_the_app_is_a_few_words_and_a_report_not_a_traceback(tmp_path, lang):
    """The key `l` (Rules) meets a fault: Textual would print the traceback, with the values
    of the app's variables, over the terminal, and end with status 0."""
    db = tmp_path / "history"
    code = FAULT_IN.format(module="scorekeeper.tui.app", name="VicaireApp.action_rules")
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    env.pop("TEXTUAL", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app on the pseudo-terminal
        os.execve(sys.executable, [sys.executable, "-c", code, "--db", str(db), "--lang", lang],
                  env)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        read_terminal(fd, "VICAIRE")  # the home screen is drawn
        os.write(fd, b"l")
        shown = read_terminal(fd, "")
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 70, shown[-2000:]
    said = shown[shown.index("vicaire: "):]
    assert " ".join(said.split()).startswith("vicaire: " + " ".join(SAID[lang].split())), said
    assert "Traceback" not in shown and "ZeroDivisionError" not in shown
    report = the_report(db, "".join(said.split()))
    assert "ZeroDivisionError: a fault put there by the test" in report
    assert "action_rules" in report


def test_a_report_the_history_cannot_take_goes_to_the_temporary_folder(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "history"
    not_a_folder.write_text("a file where the history folder should be")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    path = write_fault_report("ValueError: details", not_a_folder)
    assert path is not None and path.parent == tmp_path / "temporary"
    assert path.read_text(encoding="utf-8").rstrip().endswith("ValueError: details")
