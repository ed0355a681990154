"""Refusals and notices in plain words. Each area of the app keeps its own table of texts
(`ERRORS` in `scorekeeper.i18n.<area>`: {code: English message id}, marked with `N_`, or
with `Nn_` for a message whose words follow a number: its `count`, or its `limit`,
`size`… (`scorekeeper.i18n.plural_number`)); this module finds the one for a
code and says it in the user's language, from the catalog.

Errors and notices carry a code and values only (`scorekeeper.errors`,
`scorekeeper.store.notices`); the edges (command line, app) call `error_text` and
`notice_text` to say them. A code without a text in both languages fails
`tests/i18n/test_error_texts.py` (and the catalog's test, `tests/test_catalog.py`); a user
still sees the code rather than a crash.
"""

from __future__ import annotations

import errno as errnos
import importlib
from functools import cache
from typing import Any, Protocol

from scorekeeper.errors import Given
from scorekeeper.i18n import N_, SOURCE_LANG, catalog, plural_number, quoted, tr, tr_n
from scorekeeper.i18n.dates import when_text


class Coded(Protocol):
    """A refusal (`scorekeeper.errors.VicaireError`) or a notice (`store.notices.Notice`)."""

    @property
    def code(self) -> str: ...
    @property
    def params(self) -> dict[str, Any]: ...


# The modules of this package that hold an ERRORS table.
AREAS = ("outcomes", "matchfile", "store", "cards", "serve", "cli")

# The reasons the system gives when a file or folder cannot be used, in its own (English)
# words, so that other languages can say them: {errno: message id}.
OS_REASONS: dict[int, str] = {
    errnos.ENOENT: N_("No such file or directory"),
    errnos.EACCES: N_("Permission denied"),
    errnos.EPERM: N_("Operation not permitted"),
    errnos.ENOSPC: N_("No space left on device"),
    errnos.EROFS: N_("Read-only file system"),
    errnos.EISDIR: N_("Is a directory"),
    errnos.ENOTDIR: N_("Not a directory"),
    errnos.EEXIST: N_("File exists"),
    errnos.ENAMETOOLONG: N_("File name too long"),
    errnos.EIO: N_("Input/output error"),
    errnos.EBUSY: N_("Device or resource busy"),
    errnos.EMFILE: N_("Too many open files"),
    errnos.ENOTEMPTY: N_("Directory not empty"),
    errnos.EXDEV: N_("Invalid cross-device link"),
    errnos.EBADF: N_("Bad file descriptor"),
    errnos.EPIPE: N_("Broken pipe"),
    errnos.ELOOP: N_("Too many levels of symbolic links"),
    getattr(errnos, "EDQUOT", errnos.ENOSPC): N_("Disk quota exceeded"),
}


@cache
def messages() -> dict[str, Any]:
    """Every code's message id (a pair of ids for a message with a plural), from `AREAS`."""
    merged: dict[str, Any] = {}
    for area in AREAS:
        module = importlib.import_module(f"scorekeeper.i18n.{area}")
        merged.update(module.ERRORS)
    return merged


def table() -> dict[str, tuple[str, str]]:
    """Every code's (english, french) template, as the catalogs hold them (the plural form
    for a message with a plural)."""
    french = catalog("fr")
    merged = {}
    for code, message in messages().items():
        if isinstance(message, tuple):
            merged[code] = (message[1], french.ngettext(message[0], message[1], 2))
        else:
            merged[code] = (catalog(SOURCE_LANG).gettext(message), french.gettext(message))
    return merged


def known(code: str) -> bool:
    """True when `code` has a message."""
    return code in messages()


def os_reason(number: int | None, lang: str = "en", said: str | None = None) -> str:
    """Why the system refused, in `lang`: in English what the system `said`; in another
    language a known error number in its words; else what the system said, else the number."""
    if said and (lang == SOURCE_LANG or number not in OS_REASONS):
        return said
    if number in OS_REASONS:
        return tr(lang, OS_REASONS[number])
    return tr(lang, "system error {number}", number=number)


def render_error(code: str, params: dict[str, Any], lang: str = "en") -> str:
    """The message for `code` in `lang`; a deal number, when given, leads the sentence, and
    the place of a match in a history file (`entry`) before it; a text value the user
    gave (`scorekeeper.errors.Given`) is quoted the language's way.

    An `errno` parameter gives the `{reason}` in words (`os_reason`). A code without a
    message is said as it is (the catalog test makes sure none is left without one)."""
    message = messages().get(code)
    values: dict[str, Any] = {key: quoted(lang, value) if isinstance(value, Given) else value
              for key, value in params.items()}
    if "errno" in values:
        values["reason"] = os_reason(values["errno"], lang, values.get("reason"))
    if message is None:
        text = code
    elif isinstance(message, tuple):
        text = tr_n(lang, message[0], message[1], plural_number(values), **values)
    else:
        text = tr(lang, message, **values)
    number = params.get("deal")
    if number is not None:
        text = tr(lang, "deal {number}: {message}", number=number, message=text)
    entry = params.get("entry")  # the place of a match in a history file
    if entry is not None:
        text = tr(lang, "match {number} of the file: {message}", number=entry, message=text)
    return text


def error_text(err: Coded, lang: str = "en") -> str:
    """A refusal in plain words, in `lang`."""
    return render_error(err.code, err.params, lang)


def notice_text(notice: Coded, lang: str = "en") -> str:
    """A notice in plain words; its `reason` (a code of damage) is put in words too, and the
    date of a backup (`when`) in local time."""
    if notice.code == "store.notice.unreadable":
        from scorekeeper.i18n.store import unreadable_text

        return unreadable_text(notice.params.get("matches", []), lang)
    params = dict(notice.params)
    reason = params.get("reason")
    if isinstance(reason, str):
        params["reason"] = render_error(f"store.reason.{reason}", {}, lang)
    when = params.get("when")
    if isinstance(when, str):
        params["when"] = when_text(when, lang)
    return render_error(notice.code, params, lang)
