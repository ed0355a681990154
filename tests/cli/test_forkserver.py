"""The fork server's runs are what true processes give: the same output and status for each
command, and the same view of the process (streams, environment, locale, directory,
arguments, exit). Each case runs a true `python -m` and a forked one and compares them."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys

import pytest

from tests.cli import forkserver
from tests.cli.runner import ROOT, Vicaire

pytestmark = pytest.mark.skipif(not forkserver.usable(), reason="no fork server here")


def both(args, module="scorekeeper", **kwargs):
    """(true process, forked process) for the same run."""
    true = subprocess.run([sys.executable, "-m", module, *map(str, args)], **kwargs)
    forked = forkserver.run(list(args), module=module, **kwargs)
    return true, forked


def base_env(tmp_path, **changes):
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("LC_", "PYTHON")) and key not in ("LANG", "COLUMNS", "TZ")}
    env.update({"PYTHONPATH": ROOT, "VICAIRE_DB": str(tmp_path / "db")}, **changes)
    return env


def probe(tmp_path, *actions, env_changes=None, **kwargs):
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("stdin", subprocess.DEVNULL)
    env = base_env(tmp_path, **(env_changes or {}))
    true, forked = both(actions, module="tests.cli.probe", env=env, cwd=tmp_path,
                        timeout=60, **kwargs)
    return true, forked


def seen(proc):
    """(what the probe saw, but its pid; the rest of its output)."""
    first, _, rest = proc.stdout.partition(b"\n")
    view = json.loads(first)
    view.pop("pid")
    return view, rest


@pytest.mark.parametrize("env_changes", [
    {"LANG": "en_US.UTF-8", "TZ": "America/New_York"}, {"LANG": "fr_FR.UTF-8", "COLUMNS": "60"},
    {"LANG": "C"}, {"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"},
    {"PYTHONIOENCODING": "latin-1:replace", "PYTHONUNBUFFERED": "1"}, {"TMPDIR": "/"},
])
def test_a_forked_run_sees_what_a_new_python_sees(tmp_path, env_changes):
    true, forked = probe(tmp_path, "first", "second", env_changes=env_changes)
    assert (true.returncode, true.stderr) == (forked.returncode, forked.stderr) == (0, b"")
    (view, rest), (expected, said) = seen(forked), seen(true)
    assert {key: (view[key], expected[key]) for key in expected
            if view.get(key) != expected[key]} == {}
    assert view.keys() == expected.keys() and rest == said


def test_each_forked_run_is_a_process_of_its_own(tmp_path):
    pids = {json.loads(forkserver.run([], module="tests.cli.probe", capture_output=True,
                                      env=base_env(tmp_path)).stdout)["pid"]
            for _ in range(3)}
    assert len(pids) == 3 and os.getpid() not in pids


@pytest.mark.parametrize("actions", [
    ("exit=0",), ("exit=3",), ("exit=300",), ("exit=a message",), ("exit=",), ("raise",),
    ("interrupt",), ("sigterm",), ("atexit", "exit=4"), ("thread",), ("unflushed",),
])
def test_a_forked_run_ends_as_python_ends(tmp_path, actions):
    true, forked = probe(tmp_path, *actions)
    assert forked.returncode == true.returncode
    assert seen(forked)[1] == seen(true)[1]
    same_stderr(true, forked)


def same_stderr(true, forked):
    if b"Traceback" in true.stderr:  # the forked one has the server's frames too
        lines, said = forked.stderr.splitlines(), true.stderr.splitlines()
        assert (lines[0], lines[-1]) == (said[0], said[-1])
        assert [line for line in lines if not line.startswith(b" ")] == \
            [line for line in said if not line.startswith(b" ")]
    else:
        assert forked.stderr == true.stderr


def test_input_a_full_disk_and_a_timeout(tmp_path):
    true, forked = probe(tmp_path, "stdin", input=b"deal 1\r\n", stdin=None)
    assert seen(forked)[1] == seen(true)[1] == b"'deal 1\\r\\n'\n"
    if os.path.exists("/dev/full"):
        with open("/dev/full", "wb") as full:
            true, forked = probe(tmp_path, "unflushed", stdout=full, capture_output=False,
                                 stderr=subprocess.PIPE)
        assert forked.returncode == true.returncode == 120
        same_stderr(true, forked)
    with pytest.raises(subprocess.TimeoutExpired):
        forkserver.run(["sleep"], module="tests.cli.probe", env=base_env(tmp_path),
                       capture_output=True, timeout=0.5)


@contextlib.contextmanager
def ctrl_c(ignored: bool, blocked: bool):
    """The test process ignoring Ctrl+C or handling it as Python does, and blocking it or
    not, meanwhile (whatever a test before left in this test process)."""
    before = signal.signal(signal.SIGINT,
                           signal.SIG_IGN if ignored else signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK if blocked else signal.SIG_UNBLOCK,
                                  {signal.SIGINT})
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def test_ctrl_c_in_a_run_is_as_the_test_process_has_it_then_not_as_its_server_started(
        tmp_path):
    """A command run inside the test process ends by ignoring and blocking Ctrl+C, until the
    test ends. A fork server started then outlives that: its later runs must still stop on
    Ctrl+C, as true processes started then do."""
    changes = {"PYTHONVICAIRE_TEST": str(tmp_path)}  # (a server of its own, started below)
    with ctrl_c(ignored=True, blocked=True):
        true, forked = probe(tmp_path, env_changes=changes)
    ignored = {"sigint": repr(signal.SIG_IGN), "sigint_blocked": True}
    assert {key: seen(forked)[0][key] for key in ignored} == ignored
    assert {key: seen(true)[0][key] for key in ignored} == ignored
    with ctrl_c(ignored=False, blocked=False):
        true, forked = probe(tmp_path, env_changes=changes)
    handled = {"sigint": repr(signal.default_int_handler), "sigint_blocked": False}
    assert {key: seen(forked)[0][key] for key in handled} == handled
    assert {key: seen(true)[0][key] for key in handled} == handled


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_started_run_is_a_process_of_its_own_as_popen_gives(tmp_path, sig):
    """`popen` (how the tests start `vicaire serve`): the same pid as the process says, still
    running until signalled, a wait that times out, and the same end and words as a true
    process given the same signal (the test process handling Ctrl+C as Python does)."""
    ended = []
    for start in (subprocess.Popen, forkserver.popen):
        args = ["sleep"] if start is forkserver.popen else \
            [sys.executable, "-m", "tests.cli.probe", "sleep"]
        options = {"module": "tests.cli.probe", "preload": "cli"} \
            if start is forkserver.popen else {"cwd": tmp_path}
        with ctrl_c(ignored=False, blocked=False):
            proc = start(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=base_env(tmp_path), **options)
        assert json.loads(proc.stdout.readline())["pid"] == proc.pid
        assert proc.poll() is None
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=0.2)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
        assert proc.poll() == proc.returncode
        proc.kill()  # (ended: nothing happens)
        ended.append((proc.returncode, out, err.splitlines()[-1:]))
    assert ended[0] == ended[1]
    assert ended[0][0] == -sig


def test_each_command_says_the_same_forked_and_true(tmp_path):
    """A plain run of each subcommand, and refusals: the same words and status from a true
    process and a forked one, each on its own copy of the same history."""
    vicaire = Vicaire(tmp_path / "db")
    match_id = vicaire.new()
    vicaire("add", match_id, "4", "3", "3")
    other = vicaire.new("Denis", "Élise", "Fanny")
    export = tmp_path / "match.json"
    vicaire("export", match_id, "-o", export)
    shutil.copytree(tmp_path / "db", tmp_path / "kept")
    runs = [  # (arguments, the exit status a true process gives)
        (["--help"], 0), (["--version"], 0), (["new", "Ana", "Bea", "Cid", "--lang", "fr"], 0),
        (["add", match_id, "5", "3", "2"], 0), (["add", match_id, "4", "3"], 2),
        (["show", match_id], 0), (["show", match_id, "--json"], 0), (["show", "ffff"], 2),
        (["history"], 0), (["history", "--json"], 0), (["history", "--lang", "fr"], 0),
        (["export", match_id], 0), (["export", match_id, "--format", "csv"], 0),
        (["replay", export], 0), (["replay", tmp_path / "none.json"], 2),
        (["import", export], 0), (["simulate", "--seed", "3", "--deals", "5"], 0),
        (["simulate", "--deals", "x"], 2), (["verify", tmp_path / "none.json"], 2),
        (["serve", "--port", "0"], 2), (["undo", other], 2), (["undo", match_id], 0),
        (["edit", match_id, "1", "5", "3", "2"], 0), (["abandon", other], 0),
        (["delete", other, "--yes"], 0), (["nosuch"], 2),
    ]
    for args, status in runs:
        said = []
        for run in (subprocess.run, forkserver.run):
            shutil.rmtree(tmp_path / "db")
            shutil.copytree(tmp_path / "kept", tmp_path / "db")
            command = [sys.executable, "-m", "scorekeeper", *map(str, args)] \
                if run is subprocess.run else list(args)
            proc = run(command, capture_output=True, text=True, env=vicaire.env,
                       stdin=subprocess.DEVNULL, timeout=60)
            out = proc.stdout.rsplit("\n", 2)[0] if args[0] == "new" else proc.stdout  # an id
            said.append((proc.returncode, out, proc.stderr))
        assert said[0] == said[1], args
        assert said[0][0] == status and "Traceback" not in said[0][2], (args, said[0])
