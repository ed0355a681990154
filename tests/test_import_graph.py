"""The import graph of `scorekeeper/`, read from the source (lazy imports included).

The lower layers never reach up: `errors.py` is the bottom, `rules/` sits on it, `store/` and
`sim/` on `rules/`, `stats/` on `store/`; none of them imports `i18n/` (words belong to the
edges), the file formats or an edge (cli, tui, web). Inside `rules/`, `parts.py` <
`scoring.py` < `model.py`.
"""

import ast
from pathlib import Path

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent
EDGES = ("scorekeeper.i18n", "scorekeeper.formats", "scorekeeper.cli", "scorekeeper.tui",
         "scorekeeper.web")
BELOW = {
    "scorekeeper.errors": ("scorekeeper.rules", "scorekeeper.store", "scorekeeper.sim",
                           "scorekeeper.stats", *EDGES),
    "scorekeeper.rules": ("scorekeeper.store", "scorekeeper.sim", "scorekeeper.stats", *EDGES),
    "scorekeeper.sim": ("scorekeeper.store", "scorekeeper.stats", *EDGES),
    "scorekeeper.store": ("scorekeeper.sim", "scorekeeper.stats", *EDGES),
    "scorekeeper.stats": ("scorekeeper.sim", *EDGES),
    "scorekeeper.i18n": ("scorekeeper.store", "scorekeeper.sim", "scorekeeper.formats",
                         "scorekeeper.cli", "scorekeeper.tui", "scorekeeper.web"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in ROOT.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        edges[name] = {m for m in found if m in modules and m != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_lower_layer_imports_a_higher_one():
    wrong = []
    for name, targets in graph().items():
        for layer, above in BELOW.items():
            if name == layer or name.startswith(layer + "."):
                wrong += [f"{name} -> {t}" for t in targets
                          if any(t == a or t.startswith(a + ".") for a in above)]
    assert wrong == []


def test_no_import_circle():
    assert cycles(graph()) == []


def test_rules_are_ordered_parts_then_scoring_then_model():
    edges = graph()
    assert "scorekeeper.rules.model" not in edges["scorekeeper.rules.scoring"]
    assert "scorekeeper.rules.scoring" not in edges["scorekeeper.rules.parts"]
    assert "scorekeeper.rules.model" not in edges["scorekeeper.rules.parts"]


def test_the_cycle_finder_sees_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_is_over_450_lines():
    """Modules stay small enough to read in one sitting: none over 450 lines."""
    long = {str(p.relative_to(ROOT)): n for p in ROOT.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert long == {}
