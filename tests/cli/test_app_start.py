"""`vicaire` with no command opens the app without loading the subcommands."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scorekeeper.cli import build_parser, opens_app


@pytest.mark.parametrize("argv", [
    [], ["--lang", "fr"], ["--lang=fr"], ["--db", "/tmp/x", "--board"], ["--board"],
    ["--db=/tmp/x", "--lang", "en"],
])
def test_the_app_options_alone_open_the_app(argv):
    assert opens_app(argv)
    quick = vars(build_parser(commands=False).parse_args(argv))
    assert quick == vars(build_parser().parse_args(argv))  # the same answer either way


@pytest.mark.parametrize("argv", [
    ["replay", "m.json"], ["--help"], ["-h"], ["--version"], ["--lang", "fr", "history"],
    ["--la", "fr"], ["--db", "/tmp/x", "nope"], ["board"],
])
def test_anything_else_goes_to_the_whole_command_line(argv):
    assert not opens_app(argv)


def test_opening_the_app_loads_no_subcommand():
    """What keeps `vicaire` quick to open: the subcommands (and the rules engine they
    import) are not loaded on the way to the app."""
    code = (
        "import sys\n"
        "import scorekeeper.cli.app as app\n"
        "app.run_app = lambda args: print(sorted(m for m in sys.modules if m.startswith("
        "('scorekeeper.cli.', 'scorekeeper.rules'))))\n"
        "from scorekeeper.cli import main\n"
        "main(['--lang', 'fr', '--db', 'somewhere'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "['scorekeeper.cli.app', 'scorekeeper.cli.common']"


def test_a_bad_app_option_is_refused_in_one_line():
    run = subprocess.run([sys.executable, "-m", "scorekeeper", "--lang", "de"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "invalid choice: 'de'" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("argv", [["--db", "~nosuchuser/x"], ["--db", "~nosuchuser/x", "history"]])
def test_a_home_folder_that_does_not_exist_is_refused_in_one_line(argv):
    run = subprocess.run([sys.executable, "-m", "scorekeeper", *argv, "--lang", "en"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr == ("vicaire: the history location ~nosuchuser/x names a home folder "
                          "that does not exist\n")
