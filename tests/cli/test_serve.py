"""`vicaire serve` through real subprocesses: where it listens, what it says, what it refuses."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.cli import forkserver


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(tmp_path, *args, lang: str | None = "en", **popen):
    """`vicaire serve` on a history in `tmp_path`, in `lang` (None: as the locale says): a
    process of its own, forked from a Python that has imported the web server
    (tests/cli/forkserver.py: `popen`); with `preexec_fn`, a new Python."""
    cmd = ["serve", "--db", str(tmp_path / "db"), *(["--lang", lang] if lang else []), *args]
    popen.setdefault("env", private_state(tmp_path))
    return forkserver.popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)


def private_state(tmp_path) -> dict[str, str]:
    """The environment with the kept keys of the links in `tmp_path`, not the user's own."""
    import os

    return {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}


def wait_listening(port: int, proc: subprocess.Popen, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert proc.poll() is None, proc.stderr.read().decode()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server did not start")


def read_lines(proc: subprocess.Popen, timeout: float = 30) -> str:
    """What the server printed up to "Press Ctrl+C to stop."."""
    lines = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline().decode()
        if not line:
            break
        lines.append(line)
        if "Ctrl+C" in line:
            return "".join(lines)
    raise AssertionError("the server printed no links:\n" + "".join(lines))


def read_links(proc: subprocess.Popen) -> tuple[str, str]:
    """The scorer's and the spectators' links (the first address of each)."""
    text = read_lines(proc)
    scorer = re.search(r"Scorer.*?\n\s+(http://\S+)", text, re.S).group(1)
    board = re.search(r"Spectators.*?\n\s+(http://\S+)", text, re.S).group(1)
    return scorer, board


def listening_addresses(port: int) -> set[str]:
    """Local addresses in LISTEN state on `port`, read from the kernel's tables."""
    found = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        path = Path(name)
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            address, hex_port = fields[1].split(":")
            if int(hex_port, 16) == port and fields[3] == "0A":
                found.add(address)
    return found


@pytest.fixture
def server(tmp_path):
    procs = []

    def run(*args, **options):
        proc = start(tmp_path, *args, **options)
        procs.append(proc)
        return proc

    yield run
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's socket table")
def test_default_bind_is_loopback_only(server):
    port = free_port()
    proc = server("--port", str(port))
    wait_listening(port, proc)
    assert listening_addresses(port) == {"0100007F"}  # 127.0.0.1, nothing else
    scorer, _board = read_links(proc)
    page = urllib.request.urlopen(scorer, timeout=10).read().decode()
    key = scorer.split("key=")[1]
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/{key}/en"' in page


def test_network_host_prints_two_keyed_links_their_qr_codes_and_a_warning(server):
    port = free_port()
    proc = server("--host", "0.0.0.0", "--port", str(port))
    wait_listening(port, proc)
    proc.terminate()
    out = proc.communicate(timeout=10)[0].decode()
    links = re.findall(r"http://\S+", out)
    assert links and all(f":{port}/?key=" in link for link in links)
    assert all("127.0.0.1" not in link and "localhost" not in link for link in links) \
        or links == [f"http://127.0.0.1:{port}/?key=" + link.split("key=")[1] for link in links]
    keys = {link.split("key=")[1] for link in links}
    assert len(keys) == 2  # the scorer's and the spectators', one key each
    assert "Scorer" in out and "Spectators" in out
    assert out.count("\u2580") + out.count("\u2584") + out.count("\u2588") > 100  # QR codes
    assert "Anyone with the scorer's link can change the match" in out
    assert "change at every start" not in out


def test_the_start_says_the_links_are_kept_and_how_to_change_them(server):
    """What it says is true: the same links after a restart; --new-keys gives new ones."""
    port = free_port()
    links = []
    for extra in ((), (), ("--new-keys",)):  # same history, same port: started three times
        proc = server("--port", str(port), *extra)
        text = read_lines(proc)
        proc.terminate()
        proc.wait(timeout=20)
        assert "The links stay the same from one start to the next" in text
        assert "--new-keys draws new ones" in text
        links.append(re.findall(r"http://\S+", text))
    assert links[0] == links[1] and len(links[0]) == 2
    assert not set(links[1]) & set(links[2])


def test_ipv6_loopback_is_printed_in_brackets_and_answers_there(server):
    if not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    port = free_port()
    proc = server("--host", "::1", "--port", str(port))
    scorer, board = read_links(proc)
    assert scorer.startswith(f"http://[::1]:{port}/?key=")
    assert board.startswith(f"http://[::1]:{port}/?key=")
    end = time.monotonic() + 20
    while True:  # (the links are printed just before the server listens)
        try:
            page = urllib.request.urlopen(scorer, timeout=10).read().decode()
            break
        except OSError:
            assert time.monotonic() < end, "nothing answers on [::1]"
            time.sleep(0.1)
    assert f"ws://[::1]:{port}/ws/" in page


def page_lang(link: str, browser: str) -> str:
    """The language of the page `link` opens in a browser set to `browser`'s languages."""
    request = urllib.request.Request(link, headers={"Accept-Language": browser})
    page = urllib.request.urlopen(request, timeout=10).read().decode()
    return re.search(r"<html lang=\"?(\w+)", page).group(1)


def test_a_tab_speaks_the_language_serve_was_given_else_the_browsers(server, monkeypatch):
    """`vicaire serve --lang fr`: French pages, whatever the phone's browser prefers (the link's
    own ?lang= still wins); without --lang, each tab takes its browser's language."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    for lang in ("fr", None):
        port = free_port()
        proc = server("--port", str(port), lang=lang)
        scorer = re.search(r"http://\S+", read_lines(proc)).group(0)  # (either language)
        wait_listening(port, proc)
        if lang == "fr":
            assert page_lang(scorer, "en-US,en;q=0.9") == "fr"
            assert page_lang(scorer + "&lang=en", "en-US,en;q=0.9") == "en"
        else:
            assert page_lang(scorer, "fr-FR,fr;q=0.9,en;q=0.8") == "fr"
            assert page_lang(scorer, "en-US,en;q=0.9") == "en"


def test_board_server_prints_only_the_spectators_link(server):
    port = free_port()
    proc = server("--board", "--port", str(port))
    lines = read_lines(proc)
    assert "Spectators" in lines and "Scorer" not in lines
    assert len(re.findall(r"http://\S+", lines)) == 1


def test_port_in_use_and_bad_host_are_refused(server, tmp_path):
    port = free_port()
    proc = server("--port", str(port))
    wait_listening(port, proc)
    second = forkserver.run(["serve", "--port", str(port), "--lang", "en"], capture_output=True,
                            timeout=30, preload="serve")
    assert second.returncode == 2
    assert second.stderr.decode() == f"vicaire: port {port} is already in use; choose another " \
        "with --port\n"
    bad = forkserver.run(["serve", "--host", "no.such.host.", "--lang", "en"],
                         capture_output=True, timeout=30, preload="serve")
    assert bad.returncode == 2 and b"cannot listen on no.such.host." in bad.stderr
    assert b"Traceback" not in bad.stderr + second.stderr
    odd = forkserver.run(["serve", "--port", "0"], capture_output=True, timeout=30,
                         preload="serve")
    assert odd.returncode == 2 and b"1 to 65535" in odd.stderr


def test_each_tab_opens_the_history_asked_for_with_its_home_folder_expanded(monkeypatch):
    """The tabs' app starts elsewhere: `--db ~/soirées` must reach it as the full path."""
    import argparse
    import shlex

    from scorekeeper.cli.serve import app_argv, app_command

    monkeypatch.setenv("HOME", "/home/amelie")
    args = argparse.Namespace(db="~/soirées", lang="fr", board=True)
    assert app_argv(args, "board", "fr")[-1] == "--board"
    assert "--board" not in app_argv(args, "scorer", "en")
    words = shlex.split(app_command(args))
    assert words[words.index("--db") + 1] == "/home/amelie/soirées"
    assert words[-1] == "--board" and words[words.index("--lang") + 1] == "fr"


@pytest.mark.skipif(not Path("/proc/net/tcp6").exists() or not socket.has_ipv6,
                    reason="reads Linux's socket tables")
def test_double_colon_listens_on_both_families(server):
    port = free_port()
    proc = server("--host", "::", "--port", str(port))
    read_lines(proc)
    wait_listening(port, proc)
    end = time.monotonic() + 20
    while len(listening_addresses(port)) < 2 and time.monotonic() < end:
        time.sleep(0.1)
    assert listening_addresses(port) == {"00000000", "00000000000000000000000000000000"}


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stopped_as_the_first_tabs_app_starts_the_server_ends(tmp_path, sig):
    """Ctrl+C (or SIGTERM) a few milliseconds after the first page was asked for, while the
    app it starts for its tab is being started: the server still ends, quickly and without a
    traceback (it used to wait for ever for an app whose start the stop had cancelled)."""
    for delay in (0.0, 0.001, 0.003, 0.006, 0.012):
        port = free_port()
        proc = start(tmp_path, "--board", "--port", str(port))
        try:
            link = re.search(r"http://\S+", read_lines(proc)).group(0)
            wait_listening(port, proc)
            with urllib.request.urlopen(link, timeout=10) as page:
                assert page.status == 200
            time.sleep(delay)
            proc.send_signal(sig)
            proc.wait(timeout=8)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        errors = proc.stderr.read()
        assert proc.returncode in (0, -sig, 128 + sig), (delay, proc.returncode, errors)
        assert b"Traceback" not in errors


def caught_signals(pid: int) -> set[int] | None:
    """The signals process `pid` handles itself (Linux's /proc), or None where unknown."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    mask = int(re.search(r"^SigCgt:\s*([0-9a-f]+)", status, re.M).group(1), 16)
    return {n + 1 for n in range(64) if mask >> n & 1}


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32",
                    reason="POSIX signals")
def test_ctrl_c_stops_a_server_started_as_a_background_job_as_soon_as_it_says_so(server):
    """A shell starts a background job with Ctrl+C ignored. The server takes Ctrl+C over, and
    has when it says "Press Ctrl+C to stop." (it used to say so first: a Ctrl+C just after was
    lost, and the server ran on for ever)."""
    proc = server("--board", "--port", str(free_port()),
                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert "Press Ctrl+C to stop." in read_lines(proc)
    caught = caught_signals(proc.pid)
    assert caught is None or {signal.SIGINT, signal.SIGTERM} <= caught
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=8)
    assert proc.returncode == 0
    assert b"Traceback" not in proc.stderr.read()


def app_children(pid: int) -> list[int]:
    """The app processes `vicaire serve` (process `pid`) has started (Linux's /proc)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def running(pid: int) -> bool:
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads Linux's process table")
def test_the_apps_of_a_killed_server_quit_by_themselves(server):
    """kill -9 (or a crash) leaves the server no time to stop its apps: the app a page
    started for its tab notices and quits, instead of running on unseen for ever (each took
    about 5 % of a core)."""
    import os

    port = free_port()
    proc = server("--port", str(port))
    children: list[int] = []
    try:
        scorer, _board = read_links(proc)
        wait_listening(port, proc)
        with urllib.request.urlopen(scorer, timeout=10) as page:  # the app for its tab starts
            assert page.status == 200
        end = time.monotonic() + 30
        while len(children) < 1:
            assert time.monotonic() < end, "the page started no app for its tab"
            time.sleep(0.1)
            children = app_children(proc.pid)
        time.sleep(2)  # (their start under way, or done)
        proc.kill()
        proc.wait(timeout=10)
        end = time.monotonic() + 30
        while any(running(pid) for pid in children):
            assert time.monotonic() < end, "an app of the killed server still runs"
            time.sleep(0.2)
    finally:
        for pid in children:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
