"""Running `vicaire` as a user's script does: a real process on a real history folder.

Each run is its own process, with its own pid, file descriptors, environment, working
directory and exit status, running the entry point of `python -m scorekeeper` and of the
`vicaire` script (`scorekeeper.cli.main`). To spare a new interpreter per run (~0.1 s of
CPU each), the process is forked from a Python that has already imported the command line
(tests/cli/forkserver.py: it says what it makes equal to a new Python, and
tests/cli/test_forkserver.py checks it against true processes). That is honest because the
command line reads the environment, the locale and the terminal when it runs, never when
it is imported. A run with `preexec_fn` is a true process; so are the tests about the
process itself (the installed script, `python -m scorekeeper`, start-up imports, a terminal:
test_app_start, test_import_identity) and the apps `vicaire serve` starts for its tabs. The
servers of test_serve and the web and browser tests are forked the same way
(`forkserver.popen`); `vicaire serve` reads its settings, the locale and its signals when
it runs. VICAIRE_TEST_PROCESSES=real runs every command as a true process.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from tests.cli import forkserver

ROOT = str(Path(__file__).resolve().parents[2])


class Vicaire:
    """`vicaire` with its history in `db`, in English unless told; every run is checked for
    tracebacks, and a refusal (ok=False) for exit status 2 and one line on stderr."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.env = {**os.environ, "VICAIRE_DB": str(db), "LANG": "en_US.UTF-8",
                    "PYTHONPATH": ROOT, "COLUMNS": "200"}
        self.env.pop("LC_ALL", None)

    def __call__(self, *args: Any, ok: bool | None = True, stdin: Any = subprocess.DEVNULL,
                 stdout: Any = subprocess.PIPE, stderr: Any = subprocess.PIPE,
                 env: dict[str, str] | None = None, preexec_fn: Any = None,
                 ) -> subprocess.CompletedProcess[str]:
        proc = forkserver.run(list(args), stdin=stdin, stdout=stdout, stderr=stderr,
                              text=True, env={**self.env, **(env or {})}, timeout=120,
                              preexec_fn=preexec_fn)
        out, err = proc.stdout or "", proc.stderr or ""
        assert "Traceback" not in out + err, err
        if ok is True:
            assert proc.returncode == 0, err
        elif ok is False:
            assert proc.returncode == 2, (proc.returncode, err)
            assert err.startswith("vicaire: ") and err.count("\n") == 1, err
        return proc

    def new(self, *names: str, extra: tuple[str, ...] = ()) -> str:
        out = self("new", *(names or ("Amélie", "Bruno", "Chloé")), *extra).stdout
        return out.strip().splitlines()[-1]

    def listing(self) -> list[dict[str, Any]]:
        """The matches `vicaire history --json` lists (none where the folder was never made:
        the command refuses a history folder it cannot find)."""
        if not self.db.exists():
            return []
        return json.loads(self("history", "--json").stdout)

    def deals(self, match_id: str) -> list[list[int]]:
        return json.loads(self("export", match_id).stdout)["deals"]


def run_vicaire(args: list[Any], **kwargs: Any) -> subprocess.CompletedProcess:
    """`subprocess.run([sys.executable, "-m", "scorekeeper", *args], **kwargs)`, the process
    forked as the module docstring says (a true one where that cannot be done)."""
    return forkserver.run(args, **kwargs)
