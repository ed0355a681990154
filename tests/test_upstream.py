"""Rich's and Textual's private parts: named only in `scorekeeper/upstream.py`, and each one
it names still there and doing what Vicaire counts on. An upgrade of Rich or Textual that
moves one fails here, not in front of a user; a module that starts using another fails too."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import rich
import textual

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent
ALLOWED = ROOT / "upstream.py"
UPSTREAM = ("rich", "textual")


# Public by design: a named tuple's methods start with "_" so as not to clash with fields.
NAMED_TUPLE = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}
# The standard library's documented names that start with "_" (`os._exit`, `sys._getframe`):
# read on these modules, a name is theirs, not Rich's or Textual's (Textual's App has `_exit`).
STANDARD = {"os", "sys"}


def private(name: str) -> bool:
    return (name.startswith("_") and not (name.startswith("__") and name.endswith("__"))
            and name not in NAMED_TUPLE)


# The fields of a statement that hold statements (a class's or a loop's body, an `else`, the
# handlers of a `try`, the cases of a `match`): names are defined by statements only.
STATEMENT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


def statements(tree: ast.AST) -> Iterator[ast.AST]:
    """Every statement of `tree`, nested ones included, and not the expressions within them
    (most of a module's nodes, which `ast.walk` would visit one by one: Rich's and Textual's
    sources are walked five times faster so)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for field in STATEMENT_LISTS:
            children = getattr(node, field, None)
            if isinstance(children, list):
                stack.extend(children)


def defined_names(tree: ast.AST) -> set[str]:
    """The private names a module's code defines: functions, methods, class and module
    attributes, and attributes set on `self`."""
    names: set[str] = set()
    for node in statements(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Name):
                        names.add(part.id)
                    elif (isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name)
                          and part.value.id == "self"):
                        names.add(part.attr)
    return {name for name in names if private(name)}


@cache
def upstream_private() -> frozenset[str]:
    """Every private name Rich and Textual define (their private modules included)."""
    names: set[str] = set()
    for package in (rich, textual):
        base = Path(package.__file__).parent
        for path in base.rglob("*.py"):
            names.update(part for part in path.relative_to(base).with_suffix("").parts
                         if private(part))
            names |= defined_names(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(names)


@cache
def set_on_self(cls: type) -> frozenset[str]:
    """The private names a class's code defines: its methods and class attributes, and the
    attributes it sets on its instances."""
    try:
        tree = ast.parse(inspect.cleandoc("\n" + inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return frozenset()
    body = tree.body[0]
    names: set[str] = set()
    for statement in body.body if isinstance(body, ast.ClassDef) else ():
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = (statement.targets if isinstance(statement, ast.Assign)
                       else [statement.target])
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):
            names.add(node.attr)
    return frozenset(name for name in names if private(name))


@cache
def ours() -> frozenset[str]:
    """The private names Vicaire's own code defines."""
    return frozenset(set().union(*(defined_names(ast.parse(p.read_text(encoding="utf-8")))
                                   for p in modules().values())))


def modules() -> dict[str, Path]:
    return {".".join(p.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__"): p
            for p in sorted(ROOT.rglob("*.py"))}


def is_upstream(module: str) -> bool:
    return module.split(".")[0] in UPSTREAM


def names_used(path: Path) -> list[tuple[int, str]]:
    """(line, what) for each private part of Rich or Textual that `path` names: a private
    module or name imported from them, or a private attribute that only they define."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    theirs = upstream_private() - ours()
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and is_upstream(node.module):
            found += [(node.lineno, f"from {node.module} import {alias.name}")
                      for alias in node.names
                      if any(map(private, node.module.split("."))) or private(alias.name)]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"import {alias.name}") for alias in node.names
                      if is_upstream(alias.name) and any(map(private, alias.name.split(".")))]
        elif (isinstance(node, ast.Attribute) and node.attr in theirs
              and not (isinstance(node.value, ast.Name) and node.value.id in STANDARD)):
            found.append((node.lineno, f".{node.attr}"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
              and node.args[1].value in theirs):
            found.append((node.lineno, f"{node.func.id}(…, {node.args[1].value!r})"))
    return sorted(found)


def overrides(module_name: str) -> list[str]:
    """The private parts of a Rich or Textual base that the module's classes define again
    (a method, a class attribute, or an attribute set on the instance)."""
    module = importlib.import_module(module_name)
    found = []
    for cls in vars(module).values():
        if not inspect.isclass(cls) or cls.__module__ != module_name:
            continue
        bases = [base for base in cls.__mro__[1:] if is_upstream(base.__module__)]
        if not bases:
            continue
        theirs = set().union(*(set(dir(base)) | set_on_self(base) for base in bases))
        for name in set_on_self(cls):  # (what the class's own code defines)
            if private(name) and name in theirs:
                found.append(f"{cls.__name__}.{name}")
    return found


def test_no_module_but_upstream_names_a_private_part_of_rich_or_textual():
    offenders = {str(path.relative_to(ROOT)): used for path in modules().values()
                 if path != ALLOWED and (used := names_used(path))}
    assert offenders == {}


def test_no_class_but_upstream_redefines_a_private_part_of_rich_or_textual():
    offenders = {name: found for name, path in modules().items()
                 if path != ALLOWED and path.name != "__main__.py" and (found := overrides(name))}
    assert offenders == {}


def test_the_scan_sees_each_kind_of_private_use(tmp_path, monkeypatch):
    """The scans are not blind: a private import, attribute, getattr and override are each
    found."""
    probe = tmp_path / "upstream_probe.py"
    probe.write_text(
        "from rich import _wrap\nfrom textual.widgets import DataTable\n"
        "from textual.widgets._toast import Toast\n\n\n"
        "class Table(DataTable):\n"
        "    def _render_line(self, y, x1, x2, base_style):\n"
        "        self._show_hover_cursor = False\n"
        "        return super()._render_line(y, x1, x2, base_style)\n\n\n"
        "def f(table, node):\n    table._clear_caches()\n"
        "    return getattr(node, '_bindings', None)\n", encoding="utf-8")
    assert [what for _line, what in names_used(probe)] == [
        "from rich import _wrap", "from textual.widgets._toast import Toast",
        "._show_hover_cursor", "._render_line", "._clear_caches", "getattr(…, '_bindings')"]
    monkeypatch.syspath_prepend(str(tmp_path))
    assert sorted(overrides("upstream_probe")) == ["Table._render_line",
                                                   "Table._show_hover_cursor"]


# What upstream.py counts on.

def test_rich_still_breaks_lines_with_the_word_pattern_it_can_be_given():
    from rich import _wrap
    from textual import content

    from scorekeeper.upstream import WORD, keep_no_break_spaces

    assert isinstance(_wrap.re_word, re.Pattern)
    # Rich's pattern as upstream.py knows it (if Rich keeps no-break spaces one day, drop it)
    assert 're_word = re.compile(r"\\s*\\S+\\s*")' in inspect.getsource(_wrap)
    assert "re_word" in inspect.getsource(_wrap.words)  # read from the module each call
    assert content.divide_line is _wrap.divide_line  # Textual's text wraps with Rich's code
    before = _wrap.re_word  # (the app's tests may have set WORD already)
    try:
        _wrap.re_word = re.compile(r"\s*\S+\s*")  # Rich's own: the line cut at the no-break
        assert _wrap.divide_line("Égalité à 10\u00a0: personne", 13) == [13]  # space
        assert keep_no_break_spaces()
        assert _wrap.re_word is WORD
        assert _wrap.divide_line("Égalité à 10\u00a0: personne", 13) == [10]
    finally:
        _wrap.re_word = before


def test_textual_still_updates_scrollbars_in_scroll_update():
    from textual.widget import Widget

    assert list(inspect.signature(Widget._scroll_update).parameters) == ["self",
                                                                          "virtual_size"]
    assert "_refresh_scrollbars" in inspect.getsource(Widget._scroll_update)


def test_the_palette_still_writes_its_no_matches_where_upstream_replaces_it():
    from textual.command import CommandPalette

    from scorekeeper.upstream import PaletteWords

    source = inspect.getsource(CommandPalette._start_no_matches_countdown)
    assert '"No matches found"' in source
    for name in ("_stop_no_matches_countdown", "_NO_MATCHES", "_NO_MATCHES_COUNTDOWN",
                 "_list_visible", "set_timer"):
        assert hasattr(CommandPalette, name), name
        assert name in inspect.getsource(PaletteWords._start_no_matches_countdown)
    assert "_no_matches_timer" in inspect.getsource(CommandPalette._stop_no_matches_countdown)
    assert (list(inspect.signature(CommandPalette._start_no_matches_countdown).parameters)
            == ["self", "search_value"])
    assert "_start_no_matches_countdown(" in inspect.getsource(CommandPalette)
