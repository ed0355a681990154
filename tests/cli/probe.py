"""What a Python process sees of itself, for tests/cli/test_forkserver.py:
`python -m tests.cli.probe ACTION...` prints it as JSON, then does each ACTION."""

from __future__ import annotations

import atexit
import json
import locale
import os
import signal
import sys
import tempfile
import threading
import time


def stream(which: object) -> object:
    if which is None:
        return None
    return {"encoding": which.encoding, "errors": which.errors, "newlines": which.newlines,
            "line_buffering": which.line_buffering, "write_through": which.write_through,
            "isatty": which.isatty(), "fileno": which.fileno(), "repr": repr(which),
            "buffer": type(which.buffer).__name__, "raw": repr(which.buffer.raw)
            if hasattr(which.buffer, "raw") else None, "mode": which.mode}


def seen() -> dict:
    return {
        "argv": sys.argv[1:], "argv0": os.path.basename(sys.argv[0]), "cwd": os.getcwd(),
        "path0": sys.path[0], "env": dict(os.environ),
        "streams": [stream(s) for s in (sys.stdin, sys.stdout, sys.stderr)],
        "dunder": [s is d for s, d in ((sys.stdin, sys.__stdin__), (sys.stdout, sys.__stdout__),
                                       (sys.stderr, sys.__stderr__))],
        "ctype": locale.setlocale(locale.LC_CTYPE), "preferred": locale.getpreferredencoding(False),
        "fs": sys.getfilesystemencoding(), "tzname": list(time.tzname),
        "tempdir": tempfile.gettempdir(), "utf8_mode": sys.flags.utf8_mode,
        "sigint": repr(signal.getsignal(signal.SIGINT)),
        "sigint_blocked": signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, ()),
        "sigpipe": repr(signal.getsignal(signal.SIGPIPE)),
        "fds": sorted(int(fd) for fd in os.listdir("/proc/self/fd")) if os.path.isdir(
            "/proc/self/fd") else None,
        "name": __name__, "pid": os.getpid(),
    }


def act(action: str) -> None:
    if action == "stdin":
        print(repr(sys.stdin.read()))
    elif action == "atexit":
        atexit.register(print, "at exit")
    elif action == "thread":
        threading.Thread(target=lambda: (time.sleep(0.2), print("thread done"))).start()
    elif action.startswith("exit="):
        value = action[5:]
        raise SystemExit(int(value) if value.lstrip("-").isdigit() else value or None)
    elif action == "raise":
        raise ValueError("boom")
    elif action == "interrupt":
        raise KeyboardInterrupt
    elif action == "sigterm":
        os.kill(os.getpid(), signal.SIGTERM)
    elif action == "unflushed":
        sys.stdout.write("no newline, left in the buffer")
    elif action == "sleep":
        time.sleep(30)


if __name__ == "__main__":
    print(json.dumps(seen()), flush=True)
    for arg in sys.argv[1:]:
        act(arg)
