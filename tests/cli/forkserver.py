"""Running `python -m scorekeeper` for the tests without paying for a new Python each time.

A real `vicaire` run costs ~0.12 s of CPU, most of it a fresh interpreter importing the
command line. Here one Python per test process (per pytest-xdist worker, and per set of the
variables Python itself reads at start-up) starts once, imports the command line's modules,
and waits. For each run it forks a child that *becomes* the command:

- its own process (own pid, exit status, signals), with the caller's stdin/stdout/stderr
  as file descriptors 0/1/2 (sent over a Unix socket);
- the environment replaced by the one asked for (`os.environ` in place, the time zone read
  again), the working directory, `sys.argv` and `sys.path[0]` of `python -m scorekeeper`;
- fresh `sys.stdin`/`sys.stdout`/`sys.stderr` on fds 0/1/2, made the way Python makes them
  at start-up (encoding and errors as the server's own start-up chose them for the same
  locale and PYTHON* variables, line buffering on a terminal and on stderr);
- then it runs `scorekeeper/__main__.py` through `runpy`, as `python -m scorekeeper` does,
  and ends as Python ends: a SystemExit's code, an uncaught exception's traceback and
  status 1, atexit handlers, a last flush of stdout (status 120 when it fails), a signal.

What would differ from a new interpreter is state a module computes when it is imported
from the environment or the terminal; the command line reads all of that when used
(language, history folder, terminal width, Rich consoles, `sys.stdout`), which
tests/cli/test_forkserver.py checks against true processes. Variables read by Python at
start-up (LANG, LC_ALL, LC_CTYPE, PYTHON*) pick the server: one is started for each set of
them, so that its start-up is the real one. Ctrl+C (SIGINT) is ignored, blocked or handled
by Python in the child as the test process had it at the time of the run, as a true child
gets it (ignored under a background shell; ignored and blocked while a command run inside
the test process ends): the server itself may have started at such a time, and outlives it.
`random`'s global generator draws a new seed in each child (its own fork hook). What the
children share is the string hash seed of their server (a new Python draws its own).
Neither Textual nor numpy is preloaded (the app needs a terminal; numpy's thread pools are
not to be forked): a run that needs them imports them, as a new Python does.

`run()` takes `subprocess.run`'s arguments and returns its `CompletedProcess`; a timeout
kills the child and raises `subprocess.TimeoutExpired`. `popen()` starts a command that runs
beside the test (`vicaire serve`: a server of its own preloads the web server's modules, about
0.3 s of CPU per start) and returns what `subprocess.Popen` would, for binary pipes: `pid`,
`stdin`/`stdout`/`stderr`, `poll`, `wait`, `communicate`, `send_signal`, `terminate`, `kill`.
Where fork or fd passing is missing, or VICAIRE_TEST_PROCESSES=real is set, or the server
cannot start, or `preexec_fn` is given, each runs a true process.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import io
import json
import locale
import os
import runpy
import selectors
import signal
import socket
import subprocess
import sys
import threading
import traceback
from pathlib import Path
from typing import Any

ROOT = str(Path(__file__).resolve().parents[2])

# What the server imports once: the command line and what its commands import when run.
# Not Textual (the app needs a terminal: its tests run true processes) nor numpy (its
# thread pools are not to be forked).
PRELOAD = [
    "scorekeeper.cli", "scorekeeper.cli.replay", "scorekeeper.cli.history",
    "scorekeeper.cli.exchange", "scorekeeper.cli.simulate", "scorekeeper.cli.verify",
    "scorekeeper.cli.serve", "scorekeeper.cli.sheet", "scorekeeper.cli.changes",
    "scorekeeper.cli.app", "scorekeeper.store", "scorekeeper.store.history",
    "scorekeeper.formats.matchfile", "scorekeeper.formats.export", "scorekeeper.formats.files",
    "scorekeeper.formats.report", "scorekeeper.rules", "scorekeeper.rules.compare",
    "scorekeeper.rules.audit", "scorekeeper.i18n.cards", "scorekeeper.i18n.argparse_words",
    "scorekeeper.sim.deals", "scorekeeper.sim.match", "scorekeeper.sim.odds",
    "rich.console", "rich.table", "rich.text", "platformdirs", "filelock", "tinydb",
]
# A server for `vicaire serve` (`popen`) imports the web server's modules as well: aiohttp,
# its templates and its client's TLS settings are most of a server's start (~0.3 s of CPU).
# It is a server of its own, so that the other commands' children do not carry them.
PRELOADS = {"cli": PRELOAD,
            "serve": [*PRELOAD, "scorekeeper.store.paths", "scorekeeper.web.addresses",
                      "scorekeeper.web.keys", "scorekeeper.web.server"]}


def startup_vars(env: dict[str, str]) -> dict[str, str]:
    """The variables of `env` that Python reads while it starts (locale of the standard
    streams and of the file system, PYTHON* settings): a server exists per set of them."""
    return {name: value for name, value in env.items()
            if name in ("LC_ALL", "LC_CTYPE", "LANG") or name.startswith("PYTHON")}


# --- the server (a Python of its own, `python -m tests.cli.forkserver FD VARS`) ---------


def serve(control: socket.socket, given: dict[str, str],
          preload: str = "cli") -> tuple[dict, list[int], dict]:
    """Preload, then fork a child per request; returns only in a child, with its request."""
    # Start-up's own changes to the environment (C locale coercion sets LC_CTYPE), and the
    # encodings it chose for the standard streams: each child gets the same.
    made = {"added": {name: value for name, value in startup_vars(dict(os.environ)).items()
                      if given.get(name) != value},
            "streams": [(stream.encoding, stream.errors) if stream else ("utf-8", "strict")
                        for stream in (sys.stdin, sys.stdout, sys.stderr)],
            "buffered": not (sys.stdout and sys.stdout.write_through)}  # -u, PYTHONUNBUFFERED
    for name in PRELOADS[preload]:
        __import__(name)
    gc.collect()
    gc.freeze()  # what is loaded stays out of the children's collections (and unshared)
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ, None)
    control.send(b"ready")
    children: dict[int, tuple[int, socket.socket]] = {}
    while True:
        for key, _ in selector.select():
            if key.data is None:  # a request, or the end of the test process
                try:
                    data, fds, _flags, _addr = socket.recv_fds(control, 1 << 20, 4)
                except OSError:
                    data, fds = b"", []
                if not data:
                    for pid, _conn in children.values():
                        _kill(pid)
                    os._exit(0)
                reply = socket.socket(fileno=fds[3])
                pid = os.fork()
                if pid == 0:  # the child: let go of the server's sockets
                    selector.close()
                    for sock in (control, reply, *(conn for _pid, conn in children.values())):
                        sock.close()
                    for pidfd in children:
                        os.close(pidfd)
                    return json.loads(data), fds[:3], made
                for fd in fds[:3]:
                    os.close(fd)
                pidfd = os.pidfd_open(pid)
                selector.register(pidfd, selectors.EVENT_READ, pid)
                children[pidfd] = (pid, reply)
                _send(reply, {"pid": pid})
            else:  # a child ended
                pid, reply = children.pop(key.fd)
                selector.unregister(key.fd)
                os.close(key.fd)
                _pid, status = os.waitpid(pid, 0)
                _send(reply, {"status": status})
                reply.close()


def _kill(pid: int) -> None:
    with contextlib.suppress(OSError):  # already gone
        os.kill(pid, signal.SIGKILL)


def _send(sock: socket.socket, message: dict) -> None:
    with contextlib.suppress(OSError):  # the caller went away
        sock.send(json.dumps(message).encode())


def _stream(fd: int, write: bool, encoding: str, errors: str,
            buffered: bool) -> io.TextIOWrapper | None:
    """A standard stream on `fd` as Python makes it at start-up (Python/pylifecycle.c)."""
    try:
        os.fstat(fd)
    except OSError:  # started with it closed
        return None
    buffer: Any = open(fd, "wb" if write else "rb", buffering=-1 if buffered or not write else 0,  # noqa: SIM115
                       closefd=False)
    raw = buffer.raw if hasattr(buffer, "raw") else buffer
    raw.name = ("<stdin>", "<stdout>", "<stderr>")[fd]
    line = buffered and (fd == 2 or raw.isatty())
    stream = io.TextIOWrapper(buffer, encoding=encoding, errors=errors, newline="\n",
                              line_buffering=line, write_through=not buffered)
    stream.mode = "w" if write else "r"
    return stream


def become(job: dict, fds: list[int], made: dict) -> None:
    """In the forked child: take the caller's descriptors, environment, directory and
    arguments, and fresh standard streams."""
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    os.closerange(3, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 4096)
    os.environ.clear()
    os.environ.update(job["env"])
    os.environ.update(made["added"])
    os.chdir(job["cwd"])
    import time

    time.tzset()
    if "tempfile" in sys.modules:
        sys.modules["tempfile"].tempdir = None  # read from TMPDIR again when first used
    (sin, serr), (oenc, oerr), (eenc, eerr) = made["streams"]
    sys.stdin = sys.__stdin__ = _stream(0, False, sin, serr,
                                   made["buffered"])  # type: ignore[misc]
    sys.stdout = sys.__stdout__ = _stream(1, True, oenc, oerr,
                                    made["buffered"])  # type: ignore[misc]
    sys.stderr = sys.__stderr__ = _stream(2, True, eenc, eerr,
                                    made["buffered"])  # type: ignore[misc]
    # Ctrl+C as the caller had it: ignored stays ignored across exec, a handler is reset and
    # Python installs its own; the mask of blocked signals is kept.
    signal.signal(signal.SIGINT, signal.SIG_IGN if job["sigint"]["ignored"]
                  else signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_BLOCK if job["sigint"]["blocked"] else signal.SIG_UNBLOCK,
                           {signal.SIGINT})
    sys.argv = ["-m", *job["args"]]
    sys.path[0] = os.getcwd()


# --- the caller's side --------------------------------------------------------------------


class Server:
    """One running server, for one set of start-up variables."""

    def __init__(self, variables: dict[str, str], preload: str = "cli") -> None:
        self.lock = threading.Lock()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {name: value for name, value in os.environ.items()
               if name not in startup_vars(dict(os.environ))}
        env.update(variables)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.cli.forkserver", str(theirs.fileno()),
             json.dumps(variables), preload],
            cwd=ROOT, env=env, pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        theirs.close()
        self.control = mine
        mine.settimeout(60)
        try:
            ready = mine.recv(16)
        except OSError:
            ready = b""
        mine.settimeout(None)
        if ready != b"ready":
            self.stop()
            raise OSError("the fork server did not start")

    def stop(self) -> None:
        self.control.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def start(self, job: dict, fds: list[int]) -> socket.socket:
        """Ask for a child; returns the socket its pid and then its wait status come on."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            with self.lock:
                socket.send_fds(self.control, [json.dumps(job).encode()],
                                [*fds, theirs.fileno()])
        finally:
            theirs.close()
        return mine


SERVERS: dict[str, Server | None] = {}


def usable() -> bool:
    return (hasattr(os, "fork") and hasattr(os, "pidfd_open") and hasattr(socket, "send_fds")
            and os.environ.get("VICAIRE_TEST_PROCESSES", "") != "real")


def server_for(env: dict[str, str], preload: str = "cli") -> Server | None:
    """The server for `env`'s start-up variables and `preload`'s modules, started on first
    use; None if none can run (the caller then starts a true process)."""
    variables = startup_vars(env)
    key = json.dumps([preload, sorted(variables.items())])
    if key not in SERVERS:
        if not SERVERS:
            atexit.register(stop_all)
        try:
            SERVERS[key] = Server(variables, preload) if usable() else None
        except OSError:
            SERVERS[key] = None
    return SERVERS[key]


def stop_all() -> None:
    """Stop every server of this test process (at the end of the session)."""
    for server in SERVERS.values():
        if server is not None:
            server.stop()
    SERVERS.clear()


def _descriptor(value: Any, default: int, closing: list[int]) -> tuple[int, int | None]:
    """(fd to give the child, fd of ours to read from or write to, if a pipe)."""
    if value is None:
        return default, None
    if value == subprocess.DEVNULL:
        fd = os.open(os.devnull, os.O_RDWR)
        closing.append(fd)
        return fd, None
    if value == subprocess.PIPE:
        read, write = os.pipe()
        child, ours = (read, write) if default == 0 else (write, read)
        closing.append(child)
        return child, ours
    return (value if isinstance(value, int) else value.fileno()), None


def _start(server: Server, module: str, args: list[str], env: dict[str, str], cwd: Any,
           streams: tuple[Any, Any, Any],
           ) -> tuple[socket.socket, tuple[int | None, int | None, int | None]]:
    """Have `server` fork `python -m module args` with the standard streams asked for
    (`subprocess`'s None, PIPE, DEVNULL, STDOUT, a file or a descriptor); returns the socket
    its pid and then its wait status come on, and our ends of the pipes made."""
    stdin, stdout, stderr = streams
    closing: list[int] = []
    try:
        fd_in, pipe_in = _descriptor(stdin, 0, closing)
        fd_out, pipe_out = _descriptor(stdout, 1, closing)
        fd_err, pipe_err = (fd_out, None) if stderr == subprocess.STDOUT else \
            _descriptor(stderr, 2, closing)
        job = {"module": module, "args": args, "env": env,
               "cwd": os.path.abspath(cwd or os.getcwd()),
               "sigint": {"ignored": signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
                          "blocked": signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK,
                                                                             ())}}
        reply = server.start(job, [fd_in, fd_out, fd_err])
    finally:
        for fd in closing:
            os.close(fd)
    return reply, (pipe_in, pipe_out, pipe_err)


def _reader(fd: int, into: list[bytes]) -> threading.Thread:
    def read() -> None:
        with open(fd, "rb", closefd=True) as pipe:
            into.append(pipe.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def _writer(fd: int, data: bytes) -> threading.Thread:
    def write() -> None:
        with contextlib.suppress(BrokenPipeError):  # the child did not read it all
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        os.close(fd)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def run(args: list[Any], *, stdin: Any = None, stdout: Any = None, stderr: Any = None,
        input: Any = None, capture_output: bool = False, text: bool | None = None,  # noqa: A002
        encoding: str | None = None, errors: str | None = None, env: dict[str, str] | None = None,
        cwd: Any = None, timeout: float | None = None, check: bool = False,
        preexec_fn: Any = None, module: str = "scorekeeper",
        preload: str = "cli") -> subprocess.CompletedProcess:
    """`subprocess.run([sys.executable, "-m", module, *args], ...)`, forked from a server
    that has imported `preload`'s modules when one can run; with `preexec_fn`, a true
    process."""
    args = [str(arg) for arg in args]
    command = [sys.executable, "-m", module, *args]
    env = dict(os.environ if env is None else env)
    server = None if preexec_fn is not None else server_for(env, preload)
    if server is None:
        return subprocess.run(command, stdin=stdin, stdout=stdout, stderr=stderr,
                              input=input, capture_output=capture_output, text=text,
                              encoding=encoding, errors=errors, env=env, cwd=cwd,
                              timeout=timeout, check=check, preexec_fn=preexec_fn)
    if capture_output:
        stdout = stderr = subprocess.PIPE
    textual = bool(text or encoding or errors)
    codec = encoding or locale.getpreferredencoding(False)
    if input is not None:
        stdin = subprocess.PIPE
        if textual and isinstance(input, str):
            input = input.encode(codec, errors or "strict")  # noqa: A001
    reply, (pipe_in, pipe_out, pipe_err) = _start(server, module, args, env, cwd,
                                                   (stdin, stdout, stderr))
    outputs: dict[int | None, list[bytes]] = {pipe_out: [], pipe_err: []}
    threads = [_reader(fd, outputs[fd]) for fd in (pipe_out, pipe_err) if fd is not None]
    if pipe_in is not None:
        threads.append(_writer(pipe_in, input or b""))
    with reply:
        pid = json.loads(reply.recv(4096))["pid"]
        reply.settimeout(timeout)
        try:
            status = json.loads(reply.recv(4096))["status"]
            expired = False
        except TimeoutError:
            _kill(pid)
            reply.settimeout(None)
            status = json.loads(reply.recv(4096))["status"]
            expired = True
    for thread in threads:
        thread.join()

    def said(fd: int | None) -> Any:
        if fd is None:
            return None
        data = b"".join(outputs[fd])
        if not textual:
            return data
        return data.decode(codec, errors or "strict").replace("\r\n", "\n").replace("\r", "\n")

    out, err = said(pipe_out), said(pipe_err)
    if expired:
        raise subprocess.TimeoutExpired(command, timeout, output=out, stderr=err)
    done = subprocess.CompletedProcess(command, os.waitstatus_to_exitcode(status), out, err)
    if check:
        done.check_returncode()
    return done


class Forked:
    """A command forked from a preloaded server, used as a `subprocess.Popen` with binary
    pipes is: its own pid, signals sent to it through a pidfd (never to a pid used again),
    and its wait status from the server, which reaps it."""

    def __init__(self, args: list[str], reply: socket.socket,
                 pipes: tuple[int | None, int | None, int | None]) -> None:
        self.args = args
        self.returncode: int | None = None
        self._reply = reply
        self.pid: int = json.loads(reply.recv(4096))["pid"]
        try:
            self._pidfd: int | None = os.pidfd_open(self.pid)
        except ProcessLookupError:  # already ended (and reaped by the server)
            self._pidfd = None
        pipe_in, pipe_out, pipe_err = pipes
        self.stdin = None if pipe_in is None else open(pipe_in, "wb")  # noqa: SIM115
        self.stdout = None if pipe_out is None else open(pipe_out, "rb")  # noqa: SIM115
        self.stderr = None if pipe_err is None else open(pipe_err, "rb")  # noqa: SIM115

    def _ended(self, timeout: float | None) -> bool:
        self._reply.settimeout(timeout)
        try:
            status = json.loads(self._reply.recv(4096))["status"]
        except (TimeoutError, BlockingIOError):
            return False
        self.returncode = os.waitstatus_to_exitcode(status)
        self._reply.close()
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        return True

    def poll(self) -> int | None:
        if self.returncode is None:
            self._ended(0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None and not self._ended(timeout):
            raise subprocess.TimeoutExpired(self.args, timeout or 0)
        assert self.returncode is not None
        return self.returncode

    def communicate(self, timeout: float | None = None) -> tuple[bytes | None, bytes | None]:
        """What it writes to its pipes until it ends (no input)."""
        said: dict[int, bytes] = {}

        def read(number: int, pipe: Any) -> None:
            said[number] = pipe.read()

        readers = [threading.Thread(target=read, args=(number, pipe), daemon=True)
                   for number, pipe in ((1, self.stdout), (2, self.stderr)) if pipe is not None]
        for reader in readers:
            reader.start()
        self.wait(timeout)
        for reader in readers:
            reader.join()
        return said.get(1), said.get(2)

    def send_signal(self, sig: int) -> None:
        if self.returncode is None and self._pidfd is not None:
            with contextlib.suppress(ProcessLookupError):  # it has just ended
                signal.pidfd_send_signal(self._pidfd, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def popen(args: list[Any], *, stdin: Any = None, stdout: Any = None, stderr: Any = None,
          env: dict[str, str] | None = None, cwd: Any = None, preexec_fn: Any = None,
          module: str = "scorekeeper", preload: str = "serve") -> subprocess.Popen | Forked:
    """`subprocess.Popen([sys.executable, "-m", module, *args], ...)` with binary pipes,
    forked from a server that has imported `preload`'s modules when one can run; with
    `preexec_fn`, a true process."""
    args = [str(arg) for arg in args]
    command = [sys.executable, "-m", module, *args]
    env = dict(os.environ if env is None else env)
    server = None if preexec_fn is not None else server_for(env, preload)
    if server is None:
        return subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=stderr, env=env,
                                cwd=cwd, preexec_fn=preexec_fn)
    return Forked(command, *_start(server, module, args, env, cwd, (stdin, stdout, stderr)))


def _exit_status(code: Any) -> int:
    """The status of `raise SystemExit(code)`, as Python gives it (printing a message)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    if sys.stderr is not None:
        print(code, file=sys.stderr)
    return 1


def _flushed(stream: Any) -> bool:
    if stream is None or stream.closed:
        return True
    try:
        stream.flush()
    except Exception as exc:  # noqa: BLE001 - as Python's last flush takes any error
        if stream is sys.stdout and sys.stderr is not None:
            with contextlib.suppress(Exception):
                sys.stderr.write(f"Exception ignored in: {stream!r}\n"
                                 + "".join(traceback.format_exception_only(exc)))
                sys.stderr.flush()
        return False
    return True


def run_as_python(module: str) -> None:
    """Run `python -m module` in this (forked) process and end as Python ends:
    SystemExit's status or message, a traceback and status 1, non-daemon threads joined,
    atexit handlers, the last flush of stdout/stderr (status 120 when it fails), death by
    SIGINT after an uncaught KeyboardInterrupt. Then `os._exit`: tearing down the modules
    of the server, which the command did not import, is what a new Python does not pay."""
    interrupted = False
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        status = 0
    except SystemExit as exc:
        status = _exit_status(exc.code)
    except BaseException as exc:  # noqa: BLE001 - as the interpreter does
        interrupted = isinstance(exc, KeyboardInterrupt)
        sys.excepthook(type(exc), exc, exc.__traceback__)
        status = 1
    getattr(threading, "_shutdown", lambda: None)()
    atexit._run_exitfuncs()
    gc.collect()
    if not all([_flushed(sys.stdout), _flushed(sys.stderr)]):
        status = 120
    if interrupted:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    os._exit(status)


if __name__ == "__main__":
    # The server; in each forked child `serve` returns and the child becomes the command.
    _job, _fds, _made = serve(socket.socket(fileno=int(sys.argv[1])), json.loads(sys.argv[2]),
                              *sys.argv[3:4])
    become(_job, _fds, _made)
    _module = _job["module"]
    del _job, _fds, _made
    run_as_python(_module)
