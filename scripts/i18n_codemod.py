"""Move inline English/French pairs into the catalog (a development tool, re-runnable).

    python scripts/i18n_codemod.py [--dry-run] PATH...

For each Python file under the PATHs:

- `pick(lang, "English", "French")` becomes `tr(lang, "English")`, and the French goes into
  the French catalog (`fr.po`) as the translation of that English. F-strings become
  templates with named fields: `f"Deal {number} removed."` → `tr(lang, "Deal {number}
  removed.", number=number)`; the name of a field is the name of its expression (its last
  attribute, the index of `players[...]`, the function called).
- `pick(lang, *pair)` becomes `tr(lang, pair)` (the pair's table is converted too).
- In a table of pairs (a dict annotated `tuple[str, str]`, or named ERRORS, PROBLEMS,
  *WORDS, *LABELS), a value `("English", "French")` becomes `N_("English")`.
- The French is given French typography on its way in (`scorekeeper.i18n.typography.fix`).
- The same English already in the catalog with another French: the call gets a context,
  the module's name (`trc(lang, "sheet", "Deal")`).

What it cannot convert it leaves as it is and reports (file:line and why), to do by hand:
run it again after fixing; converted calls are not touched twice.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.i18n import LOCALE_DIR  # noqa: E402
from scorekeeper.i18n.pofile import Catalog, Entry, parse_po, read_po, write_po  # noqa: E402
from scorekeeper.i18n.typography import fix  # noqa: E402

FR_PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / "vicaire.po"
# Calls whose (English, French) arguments are labels: {keyword: context of the catalog}.
TABLE_CALLS: dict[str, dict[str, str]] = {"Action": {"short": "key bar"}}
TABLE_NAME = re.compile(r"(ERRORS|PROBLEMS|WORDS|LABELS)$")
WIDTH = 100
HEADER = """\
# French messages of Vicaire.
msgid ""
msgstr ""
"Project-Id-Version: vicaire\\n"
"Language: fr\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"""


@dataclass
class Edit:
    start: int  # byte offsets in the file
    end: int
    text: str


@dataclass
class FileWork:
    path: Path
    source: str
    data: bytes
    line_starts: list[int]
    edits: list[Edit] = field(default_factory=list)
    needs: set[str] = field(default_factory=set)
    picks_left: int = 0
    report: list[str] = field(default_factory=list)

    def offset(self, line: int, col: int) -> int:
        return self.line_starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def column(self, node: ast.AST) -> int:
        """The column (in characters) where `node` starts."""
        line_start = self.line_starts[node.lineno - 1]  # type: ignore[attr-defined]
        return len(self.data[line_start:self.offset(node.lineno, node.col_offset)]  # type: ignore[attr-defined]
                   .decode("utf-8"))


QUOTE = {"q": '"'}


def literal(text: str) -> str:
    """A Python string literal for `text`, in double quotes when it can be (single quotes
    inside an f-string in double quotes: `QUOTE` says which the call is written with)."""
    r = repr(text)
    if QUOTE["q"] == '"' and r.startswith("'") and '"' not in text:
        r = '"' + r[1:-1].replace("\\'", "'") + '"'
    return r


# --- f-strings to templates ---

PLAYER_LISTS = {"players", "names", "who_names"}


def field_name(expr: ast.expr) -> str:
    if isinstance(expr, ast.Name):
        name = expr.id.lstrip("_")
        return {"p": "player", "n": "count", "t": "total", "i": "index"}.get(name, name)
    if isinstance(expr, ast.Attribute):
        return expr.attr.lstrip("_")
    if isinstance(expr, ast.Subscript):
        base = field_name(expr.value)
        if base in PLAYER_LISTS:
            inner = field_name(expr.slice)
            return "name" if inner in ("player", "index", "value") else inner
        if isinstance(expr.slice, ast.Constant) and isinstance(expr.slice.value, int):
            return f"{base}{expr.slice.value}"
        return base
    if isinstance(expr, ast.Call):
        func = field_name(expr.func)
        if func in ("str", "int", "abs", "round") and expr.args:
            return field_name(expr.args[0])
        if func == "len":
            return "count"
        return func
    if isinstance(expr, ast.BinOp):
        return "number"
    return "value"


class Template:
    """Field names shared by the English and the French f-string of one call."""

    def __init__(self) -> None:
        self.by_source: dict[str, str] = {}
        self.values: dict[str, str] = {}  # name -> source of the expression

    def name(self, expr: ast.expr) -> str:
        source = ast.unparse(expr)
        if source in self.by_source:
            return self.by_source[source]
        base = field_name(expr)
        if not base.isidentifier():
            base = "value"
        name, n = base, 2
        while name in self.values:
            name, n = f"{base}{n}", n + 1
        self.by_source[source] = name
        self.values[name] = source
        return name

    def text(self, node: ast.expr) -> str | None:
        """The template for a str constant or an f-string (None: cannot be converted)."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if not isinstance(node, ast.JoinedStr):
            return None
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value).replace("{", "{{").replace("}", "}}"))
                continue
            assert isinstance(value, ast.FormattedValue)
            spec = ""
            if value.format_spec is not None:
                spec_text = self.text(value.format_spec)
                if spec_text is None or "{" in spec_text:
                    return None
                spec = ":" + spec_text
            conversion = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[value.conversion]
            parts.append("{" + self.name(value.value) + conversion + spec + "}")
        return "".join(parts)


def escape_plain(node: ast.expr, text: str, other_has_fields: bool) -> str:
    """A plain constant's braces are doubled when the message has fields (it is formatted)."""
    if isinstance(node, ast.Constant) and other_has_fields:
        return text.replace("{", "{{").replace("}", "}}")
    return text


# --- the catalog ---

class FrenchCatalog:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.catalog: Catalog = read_po(path) if path.exists() else parse_po(HEADER)
        self.changed = False

    def french_for(self, msgid: str, context: str | None) -> str | None:
        entry = self.catalog.find(msgid, context)
        return None if entry is None else entry.msgstr

    def add(self, msgid: str, french: str, context: str | None, where: str) -> None:
        entry = self.catalog.find(msgid, context)
        if entry is None:
            self.catalog.entries.append(Entry(msgid=msgid, msgstr=french, msgctxt=context,
                                              comments=[f"#: {where}"]))
            self.changed = True

    def save(self) -> None:
        if self.changed:
            write_po(self.path, self.catalog)


def place(fr: FrenchCatalog, msgid: str, french: str, module: str, where: str
          ) -> tuple[str | None, bool]:
    """(context, ok): where the pair goes in the catalog; a clash gets the module's context."""
    french = fix(french)
    known = fr.french_for(msgid, None)
    if known is None or known == french:
        fr.add(msgid, french, None, where)
        return None, True
    known = fr.french_for(msgid, module)
    if known is None or known == french:
        fr.add(msgid, french, module, where)
        return module, True
    return None, False


# --- the calls and tables ---

def call_text(func: str, lang: str | None, context: str | None, msgid: str,
              values: dict[str, str], column: int) -> str:
    """`tr(lang, "msgid", name=value)`, its message and values cut into lines that fit."""
    head = f"{func}(" + (f"{lang}, " if lang is not None else "") + (
        f"{literal(context)}, " if context else "")
    kwargs = [f"{k}={v}" for k, v in values.items()]
    one = head + ", ".join([literal(msgid), *kwargs]) + ")"
    if column + len(one) < WIDTH:  # (room for a comma after it)
        return one
    indent = column + len(head)
    room = max(WIDTH - indent - 2, 30)
    pieces: list[str] = []
    current = ""
    for word in re.findall(r"\S*\s*", msgid):
        if current and len(literal(current + word)) > room:
            pieces.append(current)
            current = ""
        current += word
    if current or not pieces:
        pieces.append(current)
    lines = [literal(p) for p in pieces]
    for kwarg in kwargs:
        if indent + len(lines[-1]) + len(kwarg) + 3 <= WIDTH:
            lines[-1] += ", " + kwarg
        else:
            lines[-1] += ","
            lines.append(kwarg)
    return head + ("\n" + " " * indent).join(lines) + ")"


def is_pair(node: ast.expr) -> bool:
    return (isinstance(node, ast.Tuple) and len(node.elts) == 2
            and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts))


def table_dicts(tree: ast.Module) -> list[tuple[ast.Dict, ast.AnnAssign | ast.Assign]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Dict):
            target = node.target.id if isinstance(node.target, ast.Name) else ""
            if "tuple[str, str]" in ast.unparse(node.annotation) or TABLE_NAME.search(target):
                found.append((node.value, node))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(TABLE_NAME.search(n) for n in names):
                found.append((node.value, node))
    return found


def convert_file(path: Path, fr: FrenchCatalog) -> FileWork:
    source = path.read_text(encoding="utf-8")
    data = source.encode("utf-8")
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    work = FileWork(path, source, data, starts)
    tree = ast.parse(source)
    module = path.stem
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path

    for table, assign in table_dicts(tree):
        for value in table.values:
            if not is_pair(value):
                continue
            en, french = (e.value for e in value.elts)  # type: ignore[attr-defined]
            context, ok = place(fr, en, french, module, f"{rel}:{value.lineno}")
            if not ok or context is not None:
                work.report.append(f"{rel}:{value.lineno}: table entry {en!r}: the same English "
                                   "has another French here; give it a context by hand")
                continue
            start, end = work.span(value)
            work.edits.append(Edit(start, end, call_text("N_", None, None, en, {},
                                                         work.column(value))))
            work.needs.add("N_")
        if isinstance(assign, ast.AnnAssign) and "tuple[str, str]" in ast.unparse(
                assign.annotation):
            start, end = work.span(assign.annotation)
            text = ast.unparse(assign.annotation).replace("tuple[str, str]", "str")
            work.edits.append(Edit(start, end, text))

    for node in ast.walk(tree):  # Action("k", "act", ("Label", "Libellé"), short=(…, …))
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in TABLE_CALLS):
            continue
        contexts = TABLE_CALLS[node.func.id]
        pairs = [(None, a) for a in node.args] + [(k.arg, k.value) for k in node.keywords]
        for keyword, value in pairs:
            if not is_pair(value):
                continue
            en, french = (e.value for e in value.elts)  # type: ignore[attr-defined]
            start, end = work.span(value)
            if not en:
                work.edits.append(Edit(start, end, '""'))
                continue
            context = contexts.get(keyword or "")
            known = fr.french_for(en, context)
            if known is not None and known != fix(french):
                work.report.append(f"{rel}:{value.lineno}: {en!r} ({keyword}) has another "
                                   f"French already ({known!r}); give it a context by hand")
                continue
            fr.add(en, fix(french), context, f"{rel}:{value.lineno}")
            if context:
                text = f"Nc_({literal(context)}, {literal(en)})"
                work.needs.add("Nc_")
            else:
                text = f"N_({literal(en)})"
                work.needs.add("N_")
            work.edits.append(Edit(start, end, text))

    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "pick"):
            continue
        where = f"{rel}:{node.lineno}"
        lang = ast.unparse(node.args[0]) if node.args else "lang"
        if len(node.args) == 2 and isinstance(node.args[1], ast.Starred):
            start, end = work.span(node)
            work.edits.append(Edit(start, end,
                                   f"tr({lang}, {ast.unparse(node.args[1].value)})"))
            work.needs.add("tr")
            continue
        if len(node.args) != 3 or node.keywords:
            work.picks_left += 1
            work.report.append(f"{where}: pick() with unusual arguments")
            continue
        template = Template()
        en = template.text(node.args[1])
        english_fields = dict(template.values)
        french = template.text(node.args[2])
        if en is None or french is None:
            work.picks_left += 1
            work.report.append(f"{where}: a text that is neither a string nor an f-string: "
                               f"{ast.unparse(node)[:90]}")
            continue
        has_fields = bool(template.values)
        en = escape_plain(node.args[1], en, has_fields)
        french = escape_plain(node.args[2], french, has_fields)
        if not en.strip():
            work.picks_left += 1
            work.report.append(f"{where}: English is only spaces: {en!r}")
            continue
        for name in english_fields:
            if "{" + name not in french:
                work.report.append(f"{where}: the French does not use {{{name}}}; check it")
        context, ok = place(fr, en, french, module, where)
        if not ok:
            work.picks_left += 1
            work.report.append(f"{where}: {en!r} has two Frenches in this module")
            continue
        if en.startswith((" ", ",", ".", ":", ";", ")")) or en.endswith((" ", "(")):
            work.report.append(f"{where}: a piece of a sentence {en!r}: better written whole")
        start, end = work.span(node)
        func = "trc" if context else "tr"
        first = work.data[slice(*work.span(node.args[1]))].decode("utf-8").lstrip("fFrRbBuU")
        QUOTE["q"] = "'" if first.startswith("'") else '"'
        work.edits.append(Edit(start, end, call_text(func, lang, context, en, template.values,
                                                     work.column(node))))
        QUOTE["q"] = '"'
        work.needs.add(func)
    return work


def fix_imports(work: FileWork, text: str) -> str:
    """`from scorekeeper.i18n import …`: add what the converted calls use, drop `pick`."""
    tree = ast.parse(text)
    keep_pick = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    and n.func.id == "pick" for n in ast.walk(tree))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "scorekeeper.i18n":
            names = {a.name for a in node.names} | work.needs
            if not keep_pick:
                names.discard("pick")
            lines = text.splitlines(keepends=True)
            new = f"from scorekeeper.i18n import {', '.join(sorted(names, key=str.lower))}\n"
            return "".join(lines[:node.lineno - 1]) + new + "".join(lines[node.end_lineno:])
    if not work.needs:
        return text
    last = max((n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)),
               key=lambda n: n.end_lineno or 0, default=None)
    lines = text.splitlines(keepends=True)
    docstring = tree.body[0] if tree.body and isinstance(tree.body[0], ast.Expr) and \
        isinstance(getattr(tree.body[0], "value", None), ast.Constant) else None
    at = last.end_lineno if last is not None else (docstring.end_lineno if docstring else 0)
    new = f"from scorekeeper.i18n import {', '.join(sorted(work.needs, key=str.lower))}\n"
    if last is None:
        new = "\n" + new
    return "".join(lines[:at]) + new + "".join(lines[at:])


def apply(work: FileWork) -> str:
    data = work.data
    outer = [e for e in work.edits
             if not any(o is not e and o.start <= e.start and e.end <= o.end for o in work.edits)]
    if len(outer) < len(work.edits):
        work.report.append(f"{work.path}: calls inside converted calls: run the tool again")
    for edit in sorted(outer, key=lambda e: e.start, reverse=True):
        data = data[:edit.start] + edit.text.encode("utf-8") + data[edit.end:]
    return fix_imports(work, data.decode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--dry-run", action="store_true", help="report only, change nothing")
    args = parser.parse_args(argv)
    fr = FrenchCatalog(FR_PO)
    files = []
    for path in args.paths:
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    changed: list[Path] = []
    converted = 0
    for path in files:
        path = path.resolve()
        work = convert_file(path, fr)
        for line in work.report:
            print(line)
        if not work.edits:
            continue
        converted += len(work.edits)
        if not args.dry_run:
            path.write_text(apply(work), encoding="utf-8")
            changed.append(path)
    if not args.dry_run:
        fr.save()
        if changed:  # imports in order, as the project's lint wants them
            subprocess.run([sys.executable, "-m", "ruff", "check", "--fix", "--select", "I,F401",
                            "-q", *map(str, changed)], check=False)
    print(f"{converted} edits in {len(changed)} files; catalog: {FR_PO.relative_to(ROOT)}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
