"""The messages the code uses, read from its syntax tree: every `tr`, `trc`, `tr_n` and `N_`
call whose message is written out. The catalog test compares them with each `.po` file."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

# name: (index of the context, of the message id, of the plural id) among the arguments
CALLS = {"tr": (None, 1, None), "trc": (1, 2, None), "tr_n": (None, 1, 2),
         "tr_parts": (None, 1, None), "tr_n_parts": (None, 1, 2),
         "styled": (None, 1, None), "styled_n": (None, 1, 2),  # i18n.styled
         "N_": (None, 0, None), "Nc_": (0, 1, None), "Nn_": (None, 0, 1)}


@dataclass(frozen=True)
class Message:
    msgid: str
    msgctxt: str | None
    msgid_plural: str | None
    where: str  # file:line

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _text(node: ast.expr | None, constants: dict[str, str] | None = None) -> str | None:
    """The string `node` writes out (or names: a module's constant, such as a context)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and constants:
        return constants.get(node.id)
    return None


def messages_in(source: str, where: str) -> tuple[list[Message], list[str]]:
    """The messages in one module's source, and the calls whose message is not written out
    (a variable): those must name a message marked elsewhere with `N_`."""
    found: list[Message] = []
    dynamic: list[str] = []
    tree = ast.parse(source)
    constants = {target.id: node.value.value for node in tree.body
                 if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                 and isinstance(node.value.value, str)
                 for target in node.targets if isinstance(target, ast.Name)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name not in CALLS:
            continue
        ctx_at, id_at, plural_at = CALLS[name]
        args = node.args
        if len(args) <= max(i for i in (ctx_at, id_at, plural_at) if i is not None):
            continue
        msgid = _text(args[id_at])
        here = f"{where}:{node.lineno}"
        if msgid is None:
            dynamic.append(here)
            continue
        found.append(Message(msgid, _text(args[ctx_at], constants) if ctx_at is not None else None,
                             _text(args[plural_at]) if plural_at is not None else None, here))
    return found, dynamic


def messages_under(root: Path) -> list[Message]:
    """Every message written in the Python files under `root`."""
    found: list[Message] = []
    for path in sorted(root.rglob("*.py")):
        messages, _dynamic = messages_in(path.read_text(encoding="utf-8"), str(path))
        found += messages
    return found
