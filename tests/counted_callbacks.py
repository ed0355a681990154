"""The app tests' callbacks have their parameters counted once per function, not per closure.

Before it calls a callback, Textual counts the parameters the callback takes
(`textual._callback.count_parameters`), and keeps the count on the function; a function made
anew at each call, as a closure is, is counted anew each time through `inspect.signature`.
The pilot makes such a closure each time it waits for a screen to handle what it was sent
(after each key, at each pause): Textual's `Pilot._wait_for_screen` sends one to every widget
of the screen (tests/screen_waits.py's, to those with messages waiting). That was about a
fifth of what each wait costs the processor, some hundreds of times per test. Here the count
is kept per code object: closures made from the same code take the same parameters.
Callbacks that are not plain functions (partials, classes, callables) are counted as Textual
counts them.

Textual offers no setting for it; tests/test_counted_callbacks.py checks that the names used
are still there and still used by Textual when it calls a callback, so that an upgrade that
changes them fails there."""

from __future__ import annotations

from collections.abc import Callable
from types import CodeType, FunctionType
from typing import Any

_COUNTS: dict[CodeType, int] = {}


def count_parameters_once() -> None:
    """Make Textual count a plain function's parameters once per code (called once)."""
    import textual._callback as callback

    count = callback._count_parameters
    if getattr(count, "once", False):
        return

    def once(func: Callable[..., Any]) -> int:
        if type(func) is not FunctionType or "__signature__" in func.__dict__ or \
                "__wrapped__" in func.__dict__:
            return count(func)
        code = func.__code__
        try:
            return _COUNTS[code]
        except KeyError:
            counted = _COUNTS[code] = count(func)
            return counted

    once.once = True  # type: ignore[attr-defined]
    callback._count_parameters = once
