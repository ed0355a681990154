"""tests/counted_callbacks.py against the Textual in use: the name it replaces is still the one
Textual counts a callback's parameters with when it calls one, and every kind of callback is
counted as `inspect.signature` counts it."""

from __future__ import annotations

import functools
import inspect

import textual._callback as callback


def test_textual_counts_a_callbacks_parameters_through_the_name_replaced():
    assert "count_parameters" in callback._invoke.__code__.co_names
    assert "_count_parameters" in callback.count_parameters.__code__.co_names
    assert getattr(callback._count_parameters, "once", False)  # (tests/conftest.py)


def test_every_kind_of_callback_is_counted_as_its_signature_says():
    def closure(extra: bool):
        if extra:
            return lambda a, b=1, *rest, c, **more: None
        return lambda: None

    def made(signature: inspect.Signature | None = None):
        def handler(a, b):
            pass

        if signature is not None:  # (the same code, another signature)
            handler.__signature__ = signature  # type: ignore[attr-defined]
        return handler

    def wrapper_of(function):
        @functools.wraps(function)
        def wrapper(*args):
            pass

        return wrapper

    class Handler:
        def method(self, event):
            pass

    callbacks = [closure(False), closure(True), closure(False), closure(True), made(),
                 made(inspect.Signature()), wrapper_of(lambda: None), wrapper_of(lambda a: None),
                 Handler().method, Handler().method, functools.partial(lambda a, b: None, 1)]
    counted = [callback.count_parameters(function) for function in callbacks]
    assert counted == [len(inspect.signature(function).parameters) for function in callbacks]
    assert counted == [0, 5, 0, 5, 2, 0, 0, 1, 1, 1, 1]
