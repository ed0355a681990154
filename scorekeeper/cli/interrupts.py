"""Ctrl+C in a command, so that its exit status tells the truth about what it saved.

Before a change is written, Ctrl+C stops the command: nothing is saved, exit status 130.
From the moment the history starts writing the change (`around_commit`, which the history
enters around each write), a Ctrl+C waits: the write is finished (or fails, and nothing is
saved), then the command marks its change as saved (`cli.common.saved`, which calls
`release`), and only then the waiting Ctrl+C stops it. It then says, on stderr, what was saved
and that its report was cut short, with the exit status of a saved change (0): a script knows
not to do it again. Until a command runs, scorekeeper/__init__.py has Ctrl+C end the program
(130). Nothing here touches a process that has not called `installed`.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Interrupts:
    """Whether Ctrl+C is held back at this moment, and whether one came meanwhile."""

    def __init__(self) -> None:
        self.writing = 0  # history writes in progress
        self.kept = False  # a change is written, not yet said saved by the command
        self.pending = False  # a Ctrl+C came while held back, or was lost (`lost`)
        self.over = False  # the command has ended: its exit status is decided

    def on_signal(self, _number: int, _frame: Any) -> None:
        if self.writing or self.kept or self.over:
            self.pending = True
            return
        raise KeyboardInterrupt

    def lost(self, unraisable: Any) -> bool:
        """Whether `unraisable` (sys.unraisablehook's) is a Ctrl+C of ours that Python could
        not pass on: raised in a callback whose errors it only prints (a module lock's, an
        object's `__del__`). It is then not printed, and stops the command before its next
        write (`around_commit`): nothing is saved, 130."""
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            return False
        self.pending = True
        return True

    @contextmanager
    def around_commit(self) -> Iterator[None]:
        """Around one write of the history: a Ctrl+C meanwhile waits; once it has been
        written, until the command says it is saved (`release`)."""
        if self.pending and not (self.writing or self.kept):  # (a Ctrl+C that was `lost`)
            self.pending = False
            raise KeyboardInterrupt
        self.writing += 1
        try:
            yield
        finally:
            self.writing -= 1
        self.kept = True

    def release(self) -> None:
        """The command has marked its change as saved: a Ctrl+C that waited stops it now."""
        self.kept = False
        if self.pending and not self.writing:
            self.pending = False
            raise KeyboardInterrupt


INTERRUPTS = Interrupts()


@contextmanager
def installed() -> Iterator[Interrupts]:
    """Ctrl+C handled as above while a command runs (in the main thread only; not where it
    was ignored, as in a background job); ignored once the command has ended."""
    global INTERRUPTS
    INTERRUPTS = interrupts = Interrupts()
    try:
        before = signal.getsignal(signal.SIGINT)
        if before is signal.SIG_IGN:  # (a background job: Ctrl+C is not for it)
            raise ValueError
        signal.signal(signal.SIGINT, interrupts.on_signal)
    except (ValueError, OSError):  # not the main thread: Python's own handling stays
        yield interrupts
        return
    hook = sys.unraisablehook

    def ours(unraisable: Any) -> None:
        interrupts.lost(unraisable) or hook(unraisable)

    sys.unraisablehook = ours
    try:
        yield interrupts
    finally:
        # The command has ended: its exit status is decided, and a Ctrl+C now (Python
        # ending) could only make it lie.
        interrupts.over = True
        if sys.unraisablehook is ours:  # (not where the command set its own: serve's)
            sys.unraisablehook = hook
        ignore_from_now()


def _nothing(_number: int, _frame: Any) -> None:
    pass


def ignore_from_now() -> None:
    """Ctrl+C has no effect any more, until the process ends. A Ctrl+C that came just now is
    taken quietly by a handler that does nothing: were SIG_IGN set at once, Python would print
    a traceback for a signal it had caught but not yet handled ("ignored due to race
    condition"). Then Ctrl+C is blocked, where it can be, rather than ignored: Python gives
    its signals back to the system as it ends, and a Ctrl+C then would kill it, the status
    of the command untold."""
    signal.signal(signal.SIGINT, _nothing)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    else:  # pragma: no cover - (Windows)
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def around_commit() -> Any:
    """The context the history enters around each of its writes (see `Interrupts`)."""
    return INTERRUPTS.around_commit()


def release() -> None:
    INTERRUPTS.release()
