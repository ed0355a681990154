"""Running `vicaire` as a user's script does: a real process on a real history folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

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
        proc = subprocess.run([sys.executable, "-m", "scorekeeper", *map(str, args)],
                              stdin=stdin, stdout=stdout, stderr=stderr, text=True,
                              env={**self.env, **(env or {})}, timeout=120,
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
        return json.loads(self("history", "--json").stdout)

    def deals(self, match_id: str) -> list[list[int]]:
        return json.loads(self("export", match_id).stdout)["deals"]
