"""The app's remembered choices (language, theme): a small JSON file beside the history."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, NamedTuple

FILE_NAME = "settings.json"


class Settings(NamedTuple):
    """What the app remembers between runs; None means "not chosen yet"."""

    lang: str | None = None
    theme: str | None = None

    def with_(self, **changes: Any) -> Settings:
        """A copy with some choices changed."""
        return self._replace(**changes)


def settings_path(folder: str | os.PathLike[str]) -> Path:
    """Where the settings of the history in `folder` live."""
    return Path(folder) / FILE_NAME


def load_settings(folder: str | os.PathLike[str]) -> Settings:
    """The saved settings; defaults when the file is missing, unreadable or damaged."""
    try:
        data = json.loads(settings_path(folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    values = {}
    for key in ("lang", "theme"):
        value = data.get(key)
        values[key] = value if isinstance(value, str) and 0 < len(value) <= 64 else None
    return Settings(**values)


def save_settings(folder: str | os.PathLike[str], settings: Settings) -> bool:
    """Write the settings whole or not at all; False if it failed."""
    from scorekeeper.formats.files import write_file_atomically  # only when a choice changes

    path = settings_path(folder)
    data = json.dumps(settings._asdict(), ensure_ascii=False, indent=1).encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file_atomically(path, data)
    except OSError:
        return False
    return True
