"""French typography: what a French text must look like, and fixing what a first draft got
wrong. Used on the French catalog (its test, and the tool that fills it), never at run time.

The rules: a no-break space (`NBSP`) before : ; ! ? and before %, « » with no-break spaces
inside for quotations, and no "de {name}" built by hand: a name goes through an elision spec
(`{name:de}` → "de Bruno", "d'Amélie"; see `scorekeeper.i18n.elide`).
"""

from __future__ import annotations

import re

from scorekeeper.i18n import ELIDING, NBSP

_SPACES = " \u00a0\u202f"
_HAND_ELISION = re.compile(r"(?<![\w{])(" + "|".join(ELIDING) + r") \{", re.IGNORECASE)
_HAND_ELISION_FIELD = re.compile(r"(?<![\w{])(" + "|".join(ELIDING) + r") \{(\w+)\}",
                                 re.IGNORECASE)
_HAND_APOSTROPHE = re.compile(r"(?<!\w)(d|qu|l|n|s|jusqu|lorsqu|puisqu)'\{", re.IGNORECASE)


def problems(text: str) -> list[str]:
    """What breaks the rules in one French message (empty when it is right)."""
    found = []
    for index, char in enumerate(text):
        before = text[index - 1] if index else ""
        after = text[index + 1] if index + 1 < len(text) else ""
        if char == ":" and ":" in (before, after):
            continue  # '::', an address or an option, not a sentence's colon
        if char in ";:!?" and (after in _SPACES or after in ")»\n" or not after):
            if before == " ":
                found.append(f"a plain space before {char!r}")
            elif before not in (NBSP, "\u202f", "(", "") and not (char == "?" and before == "?"):
                found.append(f"no space before {char!r}")
            elif not before and len(text) > 1:
                found.append(f"a sentence cut before {char!r} (write it whole)")
        elif char == "%" and before not in (NBSP, "\u202f"):
            found.append("no no-break space before '%'")
        elif char == '"':
            found.append('straight quotes: write « » with no-break spaces inside')
        elif char == "«" and after != NBSP:
            found.append("no no-break space after '«'")
        elif char == "»" and before != NBSP:
            found.append("no no-break space before '»'")
    for match in _HAND_ELISION.finditer(text):
        found.append(f"{match.group(0)!r}…: use an elision spec ({{name:{match.group(1)}}})")
    for match in _HAND_APOSTROPHE.finditer(text):
        found.append(f"{match.group(0)!r}…: use an elision spec")
    return found


def fix(text: str) -> str:
    """A first draft of French with the rules applied where they can be without reading it."""
    text = re.sub(r'"([^"]*)"', lambda m: f"«{NBSP}{m.group(1).strip()}{NBSP}»", text)
    text = re.sub(r"«[ \u00a0\u202f]*", "«" + NBSP, text)
    text = re.sub(r"[ \u00a0\u202f]*»", NBSP + "»", text)
    text = re.sub(r"(?<=[^\s\u00a0\u202f:])[ \u202f]?([;:!?])(?=[\s)»]|$)",
                  lambda m: NBSP + m.group(1), text)
    text = re.sub(r"(?<=[\w}])[ \u202f]?%", NBSP + "%", text)
    return _HAND_ELISION_FIELD.sub(lambda m: "{" + m.group(2) + ":" + m.group(1) + "}", text)
