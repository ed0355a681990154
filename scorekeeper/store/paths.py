"""Where the history lives: --db, then $VICAIRE_DB, then the user data folder."""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.errors import VicaireError

ENV_VAR = "VICAIRE_DB"
APP_NAME = "vicaire"


def default_folder() -> Path:
    """$VICAIRE_DB if set, else the platform's user data folder (e.g. ~/.local/share/vicaire)."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return _expand(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def history_folder(folder: str | os.PathLike[str] | None = None) -> Path:
    """The folder asked for, or the default one."""
    if folder is None or str(folder) == "":
        return default_folder()
    return _expand(folder)


def checked_folder(folder: str | os.PathLike[str] | None = None,
                   creating: bool = False) -> Path:
    """The history folder (`history_folder`), refused ("store.missing") where it cannot be
    found: behind a symbolic link to nowhere or a loop of links (itself or a folder above
    it), or, for a command that only reads it, a folder named by --db or $VICAIRE_DB that
    does not exist (a drive not mounted, a mistyped path). Only the default folder may not
    exist yet: it is made the first time a match is saved. A folder that exists and is empty
    is an empty history."""
    path = history_folder(folder)
    named = folder is not None or bool(os.environ.get(ENV_VAR, "").strip())
    above = path.absolute()
    while not os.path.lexists(above) and above.parent != above:
        above = above.parent
    if above.is_symlink() and not above.exists():
        raise VicaireError("store.missing", path=str(path))
    if named and not creating and not os.path.lexists(path):
        raise VicaireError("store.missing", path=str(path))
    return path


def _expand(folder: str | os.PathLike[str]) -> Path:
    """`folder` with a leading ~ or ~user made the home folder; refused if there is none."""
    try:
        return Path(folder).expanduser()
    except RuntimeError:  # "~someone" with no such user, or no home folder at all
        raise VicaireError("store.no_home", path=str(folder)) from None
