"""The README is the front door and docs/ holds the rest: every relative link in README.md and
docs/*.md leads to a file of the repository (and, with `#anchor`, to a heading of that file,
by GitHub's slugs), and the README's two set-up commands are the ones CI runs."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
# [text](target) and ![alt](target); the text may hold one level of brackets (an image in a link).
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text as rendered (no code marks, no link targets),
    lowercased, every character that is not a letter, a digit, `_`, `-` or a space left out,
    spaces made hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    text = text.replace("`", "").replace("*", "")
    text = text.lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in "-_ " or category[0] in "LN" or category in ("Mn", "Mc"):
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor GitHub gives the headings of `page` (a repeated slug takes -1, -2…)."""
    seen: dict[str, int] = {}
    found = set()
    for line in prose_lines(page.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    """The link and image targets of `page`, outside code."""
    targets = []
    for line in prose_lines(page.read_text(encoding="utf-8")):
        targets.extend(LINK.findall(INLINE_CODE.sub("", line)))
    return targets


def test_the_pages_are_there() -> None:
    names = {page.name for page in DOCS}
    assert {"guide.md", "guide.fr.md", "phone.md", "command-line.md", "storage.md",
            "development.md", "translating.md"} <= names


def test_the_readme_is_a_front_door() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    linked = {target.split("#")[0] for target in links(ROOT / "README.md")}
    for page in DOCS:
        assert f"docs/{page.name}" in linked, f"the README does not link to docs/{page.name}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            # Another site or scheme: the docs cite only the repository's files.
            broken.append(f"{target}: not a file of the repository")
            continue
        path_part, _, anchor = target.partition("#")
        file = (page.parent / path_part).resolve() if path_part else page
        if not file.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
            continue
        if not file.exists():
            broken.append(f"{target}: no such file")
            continue
        if anchor:
            if file.suffix != ".md":
                broken.append(f"{target}: an anchor in a file that is not Markdown")
            elif anchor not in anchors(file):
                broken.append(f"{target}: no heading with that anchor in {file.name}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_slugs_follow_github() -> None:
    assert slug("Exit statuses, and scripts") == "exit-statuses-and-scripts"
    assert slug("`vicaire verify FILE`") == "vicaire-verify-file"
    assert slug("Odds: each player's chance to win the round") == (
        "odds-each-players-chance-to-win-the-round")
    assert slug("Les règles telles que Vicaire les applique") == (
        "les-règles-telles-que-vicaire-les-applique")


def shell_commands(text: str) -> list[str]:
    """The commands of the ```sh blocks of a Markdown text, one per line, comments left out."""
    commands, in_sh = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            in_sh = not in_sh and line.strip() in ("```sh", "```bash")
            continue
        if in_sh and line.strip():
            commands.append(line.split("  #")[0].strip())
    return commands


def test_the_readme_set_up_commands_are_the_ones_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    set_up = readme.split("## Set up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    app_command, test_command = shell_commands(set_up)
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines, "the README's test command is not the one .ci/run runs"
    assert test_command == (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' "
        "&& .venv/bin/python -m pytest -q")
    # The app's command makes the same environment, installs the project without its test
    # extra and starts the script pyproject.toml installs.
    assert app_command == "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/vicaire"
    assert re.search(r'^vicaire\s*=\s*"', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
