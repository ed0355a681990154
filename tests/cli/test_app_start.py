"""`vicaire` with no command opens the app without loading the subcommands."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scorekeeper.cli import app_arguments, build_parser, opens_app

APP_ARGVS = [
    [], ["--lang", "fr"], ["--lang=fr"], ["--db", "/tmp/x", "--board"], ["--board"],
    ["--db=/tmp/x", "--lang", "en"], ["--lang", "fr", "--lang", "en"], ["--db", "a b"],
    ["--db=Amélie's folder", "--board", "--board"],
]


@pytest.mark.parametrize("argv", APP_ARGVS)
def test_the_app_options_alone_open_the_app(argv):
    assert opens_app(argv)
    quick = vars(build_parser(commands=False).parse_args(argv))
    assert quick == vars(build_parser().parse_args(argv))  # the same answer either way


@pytest.mark.parametrize("argv", APP_ARGVS)
def test_the_app_options_plainly_given_are_read_as_argparse_reads_them(argv):
    """Read without argparse (the app opens sooner), to the same values."""
    plain = app_arguments(argv)
    assert plain is not None
    assert vars(plain) == vars(build_parser(commands=False).parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["--lang", "de"], ["--lang"], ["--db"], ["--db", ""], ["--db", "  "], ["--db=-x"],
    ["--db", "-x"], ["--board=yes"], ["--la", "fr"], ["--", "--board"], ["history"],
    ["--help"], ["--version"], ["--lang", "fr", "history"],
])
def test_anything_else_is_left_to_argparse(argv):
    """Refused, abbreviated, or not the app: argparse reads it (and refuses it in its
    words, in the user's language)."""
    assert app_arguments(argv) is None


@pytest.mark.parametrize("argv", [
    ["replay", "m.json"], ["--help"], ["-h"], ["--version"], ["--lang", "fr", "history"],
    ["--la", "fr"], ["--db", "/tmp/x", "nope"], ["board"],
])
def test_anything_else_goes_to_the_whole_command_line(argv):
    assert not opens_app(argv)


def what_the_app_is_given(argv: list[str], shown: str) -> str:
    """What a real `vicaire ARGV` has loaded, and is given, when it reaches the app (the app
    itself replaced by a print of `shown`, evaluated there with `args`, `sys` at hand)."""
    code = ("import sys\n"
            "import scorekeeper.cli.app as app\n"
            f"app.run_app = lambda args: print({shown})\n"
            "from scorekeeper.cli import main\n"
            f"main({argv!r})\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


def test_opening_the_app_loads_no_subcommand():
    """What keeps `vicaire` quick to open: the subcommands (and the rules engine they
    import) are not loaded on the way to the app."""
    loaded = what_the_app_is_given(
        ["--lang", "fr", "--db", "somewhere"],
        "sorted(m for m in sys.modules if m.startswith(('scorekeeper.cli.', 'scorekeeper.rules')))")
    assert loaded == "['scorekeeper.cli.app', 'scorekeeper.cli.common']"


def test_opening_the_app_builds_no_parser():
    """The app's own options are read without argparse: it is not even imported."""
    given = what_the_app_is_given(["--lang", "fr", "--db", "somewhere", "--board"],
                                  "'argparse' in sys.modules, vars(args)")
    assert given == "False {'command': None, 'lang': 'fr', 'db': 'somewhere', 'board': True}"


def test_a_bad_app_option_is_refused_in_one_line():
    run = subprocess.run([sys.executable, "-m", "scorekeeper", "--lang", "de"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "invalid choice: “de”" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("argv", [["--db", "~nosuchuser/x"], ["--db", "~nosuchuser/x", "history"]])
def test_a_home_folder_that_does_not_exist_is_refused_in_one_line(argv):
    run = subprocess.run([sys.executable, "-m", "scorekeeper", *argv, "--lang", "en"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr == ("vicaire: the history location ~nosuchuser/x names a home folder "
                          "that does not exist\n")


def test_the_app_sets_its_start_up_aside_from_the_garbage_collector(tmp_path):
    """`vicaire` (and each served tab) does not collect garbage while it starts, freezes what
    start-up made a second after start and sweeps young objects every 10,000 allocations
    (scorekeeper/tui/running.py): the long pauses of full sweeps no longer land on a deal. An
    app run inside another program (the tests) leaves that program's collector alone."""
    code = (
        "import gc, sys\n"
        "from textual.app import App\n"
        "import scorekeeper.tui.app as app\n"
        "async def headless(self, *args, **kwargs):\n"
        "    async with self.run_test(size=(80, 24)) as pilot:\n"
        "        before = gc.get_threshold(), gc.isenabled()\n"
        "        await pilot.pause(app.SETTLE_AFTER + 0.5)\n"
        "        print(before[0][0], gc.get_threshold()[0], gc.get_freeze_count() > 10_000,\n"
        "              before[1], gc.isenabled())\n"
        "App.run = lambda self, *a, **k: __import__('asyncio').run(headless(self))\n"
        "import scorekeeper.cli.app as cli_app\n"
        "cli_app._on_a_terminal = lambda: True  # (its terminal: the headless one above)\n"
        "from scorekeeper.cli import main\n"
        "main(['--db', sys.argv[1], '--lang', 'en'])\n"
        "gc.unfreeze(); gc.set_threshold(700, 10, 10)\n"
        "__import__('asyncio').run(headless(app.VicaireApp(folder=sys.argv[1], lang='en')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "db")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [
        "700", "10000", "True", "False", "True",  # `vicaire`: no sweeps at all until then
        "700", "700", "False", "True", "True"]  # an app inside another program


def test_the_app_without_a_terminal_says_it_needs_one(tmp_path):
    """`vicaire </dev/null >out` used to run for ever, writing the app's screens into out."""
    out = tmp_path / "out"
    with open(out, "w") as written:
        run = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(tmp_path / "db"),
                              "--lang", "en"], stdin=subprocess.DEVNULL, stdout=written,
                             stderr=subprocess.PIPE, text=True, timeout=60)
    assert run.returncode == 2 and out.read_text() == ""
    assert run.stderr == ("vicaire: the score sheet app needs a terminal (its keys in, its "
                          "screen out); for a script, use a command such as vicaire history "
                          "(vicaire --help lists them)\n")
    board = subprocess.run([sys.executable, "-m", "scorekeeper", "--board", "--lang", "en",
                            "--db", str(tmp_path / "db")], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=60)
    assert board.returncode == 2 and "needs a terminal" in board.stderr and board.stdout == ""
