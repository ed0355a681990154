"""Ctrl+C in a command, so that its exit status tells the truth about what it saved.

Before a change is written, Ctrl+C stops the command: nothing is saved, exit status 130.
From the moment the history starts writing the change (`around_commit`, which the history
enters around each write), a Ctrl+C waits: the write is finished (or fails, and nothing is
saved), then the command marks its change as saved (`cli.common.saved`, which calls
`release`), and only then the waiting Ctrl+C stops it. It then says, on stderr, what was saved
and that its report was cut short, with the exit status of a saved change (0): a script knows
not to do it again. Nothing here touches a process that has not called `install`.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Interrupts:
    """Whether Ctrl+C is held back at this moment, and whether one came meanwhile."""

    def __init__(self) -> None:
        self.writing = 0  # history writes in progress
        self.kept = False  # a change is written, not yet said saved by the command
        self.pending = False  # a Ctrl+C came while held back

    def on_signal(self, _number: int, _frame: Any) -> None:
        if self.writing or self.kept:
            self.pending = True
            return
        raise KeyboardInterrupt

    @contextmanager
    def around_commit(self) -> Iterator[None]:
        """Around one write of the history: a Ctrl+C meanwhile waits; once it has been
        written, until the command says it is saved (`release`)."""
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
    INTERRUPTS = Interrupts()
    try:
        before = signal.getsignal(signal.SIGINT)
        if before is signal.SIG_IGN:  # (a background job: Ctrl+C is not for it)
            raise ValueError
        signal.signal(signal.SIGINT, INTERRUPTS.on_signal)
    except (ValueError, OSError):  # not the main thread: Python's own handling stays
        yield INTERRUPTS
        return
    try:
        yield INTERRUPTS
    finally:
        # The command has ended: its exit status is decided, and a Ctrl+C now (Python
        # ending) could only make it lie.
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def around_commit() -> Any:
    """The context the history enters around each of its writes (see `Interrupts`)."""
    return INTERRUPTS.around_commit()


def release() -> None:
    INTERRUPTS.release()
