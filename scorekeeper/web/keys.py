"""The links' keys, kept between runs so that open tabs reconnect after a restart.

A key is drawn at random (`secrets`, 128 bits) the first time a history is served on a port,
and kept in a private file (readable by this user only) in the user's state folder, never in
the history folder that other people may share. `vicaire serve --new-keys` draws new ones,
which shuts out every link given before.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from scorekeeper.web.guard import new_key


def keys_file() -> Path:
    from platformdirs import user_state_dir

    return Path(user_state_dir("vicaire", appauthor=False)) / "serve-keys.json"


def link_keys(place: str, roles: list[str], fresh: bool = False,
              path: Path | None = None) -> dict[str, str]:
    """The key of each role for `place` (history folder and port): the kept ones, else new
    ones, which are kept. A file that cannot be read or written only means new keys."""
    path = path or keys_file()
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(kept, dict):
            kept = {}
    except (OSError, ValueError):
        kept = {}
    mine = kept.get(place) if not fresh else None
    mine = dict(mine) if isinstance(mine, dict) else {}
    changed = False
    for role in roles:
        key = mine.get(role)
        if not (isinstance(key, str) and len(key) >= 22):
            mine[role] = new_key()
            changed = True
    if changed or fresh:
        kept[place] = mine
        _write_private(path, json.dumps(kept, indent=1))
    return {role: mine[role] for role in roles}


def _write_private(path: Path, text: str) -> None:
    """Write `text` readable by this user only, replacing the file whole; failures ignored."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".new")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError:
        pass
