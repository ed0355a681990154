"""What every command shares, the app included: the language asked for, error handling,
output. The parsers, which speak the user's language, are in cli/parsing.py (argparse's
side: the app opens without it)."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import string
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from scorekeeper.errors import VicaireError
from scorekeeper.i18n import LANGS, detect_lang, tr
from scorekeeper.i18n.errors import error_text

if TYPE_CHECKING:
    from argparse import Namespace
    from types import SimpleNamespace
    from typing import TypeAlias

    # What a command is given: argparse's namespace, or for the app's own options plainly
    # given, a simple one (`scorekeeper.cli.app_arguments`).
    Arguments: TypeAlias = Namespace | SimpleNamespace

Args = TypeVar("Args", bound="Arguments")

# Numbers typed on the command line: ASCII digits only (Python's int() also takes "4_0" and
# full-width digits, which nobody means).
DIGITS = re.compile(r"[0-9]+")


def typed(text: str) -> str:
    """A value given on the command line without the spaces, tabs and line ends around it:
    ASCII white space only. (`str.strip()` also takes the separators \\x1c to \\x1f and the
    Unicode spaces, which nobody types around a number: "4\\x1f" would be read as 4.)"""
    return text.strip(string.whitespace)


def chosen_lang(argv: Sequence[str]) -> str:
    """The language asked for in `argv` (--lang, the last one given), else the locale's:
    known before the command line is parsed, so that its help and refusals speak it."""
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if len(name) >= 4 and "--lang".startswith(name):  # argparse takes --la, --lan
            if not equals:
                value = argv[index + 1] if index + 1 < len(argv) else ""
            if value in LANGS:
                found = value
    return detect_lang(found)


def lang_of(args: Arguments) -> str:
    return detect_lang(getattr(args, "lang", None))


# Characters that draw nothing of their own but act on a terminal or on the text around
# them: control characters (ESC starts a terminal's escapes), formatting ones (the bidi
# overrides turn text around), separators of lines and paragraphs, lone surrogates (bytes of
# a file name that are not UTF-8), private and unassigned code points.
UNSEEN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def visible(text: str) -> str:
    """`text` with each such character written as its escape (`\\x1b`, `\\u202e`), so that
    a name, path or id the user gave is echoed back as typed, never acted on."""
    import unicodedata

    return "".join(ch.encode("unicode_escape", "backslashreplace").decode("ascii")
                   if unicodedata.category(ch) in UNSEEN else ch for ch in text)


def say(message: str) -> None:
    """One line on stderr, `vicaire: ` first, anything it echoes made visible (`visible`);
    if stderr cannot be written, nothing."""
    if sys.stderr is None:  # started with stderr closed (print would pick stdout)
        return
    with contextlib.suppress(OSError, ValueError):
        print(f"vicaire: {visible(message)}", file=sys.stderr, flush=True)


def fail(message: str) -> int:
    """Print one line on stderr and return the exit status for unusable input."""
    say(message)
    return 2


def writes_unicode(stream: Any) -> bool:
    """Whether `stream` can write every character (a UTF encoding)."""
    import codecs

    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name.startswith("utf")
    except LookupError:
        return False


def json_text(data: Any, **options: Any) -> str:
    """`data` as JSON for standard output: its characters as they are where the output can
    write them all, else as \\u escapes (the same JSON, in ASCII)."""
    import json

    return json.dumps(data, ensure_ascii=not writes_unicode(sys.stdout), **options)


def _tolerant(stream: Any) -> None:
    """Let `stream` write what its encoding cannot with a replacement ("?"), instead of
    failing on it (`PYTHONIOENCODING=ascii`, `LC_ALL=C`): a command never reports failure
    for something it did because a name has an accent."""
    if getattr(stream, "errors", None) in ("strict", "surrogateescape"):  # (C locale)
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")


def saved(args: Arguments, code: str, status: int = 0, **params: Any) -> None:
    """Note that the command's change is in the history, in the words of `code`
    (i18n.cli): if its report then cannot be printed, this is said instead, and the exit
    status is still `status`, the command's own (docs/command-line.md)."""
    args.saved = (code, status, params)
    from scorekeeper.cli.interrupts import release

    release()  # a Ctrl+C held back while the change was written stops the command now


class OutputError(Exception):
    """Standard output could not be written: a full disk, a closed pipe, a closed descriptor.

    Not an OSError, so that no `except OSError` around a file of ours can take it for its own.
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class _Guarded:
    """A text or byte stream whose write errors become OutputError."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _call(self, name: str, *args: Any) -> Any:
        if self._stream is None:  # started with standard output closed
            raise OutputError(OSError(errno.EBADF, os.strerror(errno.EBADF)))
        try:
            return getattr(self._stream, name)(*args)
        except OSError as exc:
            raise OutputError(exc) from None

    def write(self, data: Any) -> Any:
        return self._call("write", data)

    def flush(self) -> None:
        self._call("flush")

    @property
    def buffer(self) -> _Guarded:
        return _Guarded(getattr(self._stream, "buffer", None))

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise OutputError(OSError(errno.EBADF, os.strerror(errno.EBADF)))
        return getattr(self._stream, name)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that what is left in its buffer
    goes nowhere at exit instead of failing again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass


def _output_lost(args: Arguments, error: OSError) -> int:
    """Standard output failed: say what was saved (exit 0), or that nothing was done."""
    _silence_stdout()
    lang = lang_of(args)
    reason = error.strerror or str(error)
    done = getattr(args, "saved", None)
    if done is not None:
        code, status, params = done
        say(error_text(VicaireError(code, reason=reason, errno=error.errno, **params), lang))
        return status
    if error.errno == errno.EPIPE:
        return 0  # the reader went away (`| head`): what it read is all it wanted
    return fail(error_text(VicaireError("cli.output", reason=reason, errno=error.errno), lang))


def run_handler(handler: Callable[[Args], int], args: Args, guard: bool = True) -> int:
    """Run a subcommand; a refusal becomes one line on stderr and exit status 2.

    Standard output is written through a guard: when it cannot be written (`> /dev/full`,
    `| head -1`), a change already saved is said on stderr and the status is 0; otherwise
    one line says so (none for a closed pipe) and nothing was changed. The app (`guard`
    False) owns the terminal itself.
    """
    stdout = sys.stdout
    if guard:
        from scorekeeper.cli.interrupts import installed

        _tolerant(stdout)
        _tolerant(sys.stderr)
        sys.stdout = _Guarded(stdout)
    else:  # the app handles Ctrl+C itself
        import scorekeeper

        scorekeeper.give_back_ctrl_c()
    try:
        with installed() if guard else contextlib.nullcontext():
            status = handler(args)
            if guard:
                sys.stdout.flush()
        return status
    except OutputError as exc:
        return _output_lost(args, exc.error)
    except VicaireError as exc:
        return fail(error_text(exc, lang_of(args)))
    except KeyboardInterrupt:
        return _interrupted(args)
    except Exception as exc:  # a fault of Vicaire's own: a report (formats/fault.py)
        if _interrupt_in(exc):  # (unless it was a Ctrl+C in disguise)
            return _interrupted(args)
        return _fault(args)
    finally:
        sys.stdout = stdout


def _interrupted(args: Arguments) -> int:
    """Ctrl+C: 130 when nothing was saved; once the change is saved, its status (0), with
    one line on stderr saying what was saved (scorekeeper/cli/interrupts.py)."""
    done = getattr(args, "saved", None)
    if done is None:
        return 130
    code, status, params = done
    reason = tr(lang_of(args), "interrupted by Ctrl+C")
    say(error_text(VicaireError(code, reason=reason, **params), lang_of(args)))
    return status


def _interrupt_in(exc: BaseException | None) -> bool:
    """Whether `exc` comes of a Ctrl+C: Python wraps some errors in an error of its own (an
    error in `__set_name__`, as a class is made, becomes a RuntimeError)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def _fault(args: Arguments) -> int:
    import traceback

    from scorekeeper.formats.fault import report_fault
    from scorekeeper.store.paths import history_folder

    return report_fault(traceback.format_exc(), lambda: history_folder(getattr(args, "db", None)),
                        lang_of(args))


def console(stderr: bool = False):
    """A Rich console; imported here so that commands needing none pay nothing."""
    from rich.console import Console

    from scorekeeper.upstream import keep_no_break_spaces

    keep_no_break_spaces()  # a narrow table never starts a line with ":" or "%"
    return Console(stderr=stderr, highlight=False, soft_wrap=False)
