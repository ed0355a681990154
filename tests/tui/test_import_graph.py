"""The app's modules import in one direction: the app imports screens and widgets, never the
other way round, and no module of the app takes part in an import circle."""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper.tui

PACKAGE = "scorekeeper.tui"
ROOT = Path(scorekeeper.tui.__file__).parent
# The folders below the app: the screens and widgets every feature shares, and one folder per
# feature (docs/development.md, the code's layout).
FOLDERS = ("screens", "widgets", "sheet", "cards", "history", "stats", "rulebook")
BELOW_THE_APP = tuple(f"{PACKAGE}.{folder}" for folder in FOLDERS)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def imports_of(path: Path) -> set[str]:
    """Every scorekeeper.tui module `path` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(n for n in names if n == PACKAGE or n.startswith(PACKAGE + "."))
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in ROOT.rglob("*.py")}
    return {name: {m for m in imports_of(path) if m in modules and m != name}
            for name, path in modules.items()}


def test_screens_and_widgets_never_import_the_app():
    offenders = sorted(name for name, deps in graph().items()
                       if name.startswith(BELOW_THE_APP) and f"{PACKAGE}.app" in deps)
    assert offenders == []


def test_every_folder_of_the_app_is_a_known_one():
    """A new folder is added to FOLDERS (and so to the rules above) when it is made."""
    folders = {p.name for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(FOLDERS)


def test_the_app_modules_import_without_a_circle():
    deps = graph()
    state: dict[str, int] = {}  # 1: being visited, 2: done
    circles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(deps[name]):
            if state.get(dep) == 1:
                circles.append(path[path.index(dep):] + [dep] if dep in path else [name, dep])
            elif dep not in state:
                visit(dep, [*path, dep])
        state[name] = 2

    for name in sorted(deps):
        if name not in state:
            visit(name, [name])
    assert circles == []


def test_the_graph_sees_imports():
    """The walk above is not vacuous: it finds the app's imports of its screens."""
    assert f"{PACKAGE}.screens.home" in graph()[f"{PACKAGE}.app"]


def app_reads(path: Path) -> set[str]:
    """What `path` reads of the app behind the services' back: `self.app.X` / `app.X` for an
    X the services do not offer as such (`history`, which may wait), or `getattr(self.app, …)`."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr" \
                and node.args and ast.unparse(node.args[0]) in ("self.app", "app"):
            found.add(ast.unparse(node))
        if isinstance(node, ast.Attribute) and node.attr in ("history", "_history") \
                and ast.unparse(node.value) in ("self.app", "app", "self.services", "services"):
            found.add(ast.unparse(node))
    return found


def test_screens_reach_the_history_only_through_the_services_without_waiting():
    """The history opens on a worker at start-up: screens await `services.history_ready()`
    (or look with `open_history()` / `history_signature()`), never the app's blocking
    `history` property nor its private state."""
    offenders = {name: sorted(reads) for name, reads in
                 ((module_name(p), app_reads(p)) for p in ROOT.rglob("*.py"))
                 if reads and name.startswith(BELOW_THE_APP)}
    assert offenders == {}


def test_the_reads_finder_sees_a_blocking_read(tmp_path):
    screen = tmp_path / "screen.py"
    screen.write_text("def f(self):\n    return self.services.history, "
                      "getattr(self.app, 'lang', 'en')\n", encoding="utf-8")
    assert app_reads(screen) == {"self.services.history", "getattr(self.app, 'lang', 'en')"}
