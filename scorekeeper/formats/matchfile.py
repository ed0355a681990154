"""The match file (docs/command-line.md, "Match files"): UTF-8 JSON with players, rules and deals,
and, as `vicaire export` writes it, everything the history knows about the match (its id,
name, status, times and corrections: `matchmeta.py`)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from scorekeeper.errors import VicaireError, shown
from scorekeeper.rules import Match, RuleSet, replay

FORMAT = "vicaire-match"
VERSION = 1
# The most a match file or a history file may weigh: a family's history of 10,000 matches
# written by `vicaire export --all` is about 11 MB; anything larger is refused at
# once, before it is read (and `vicaire export` refuses to write a file it could not read).
MAX_BYTES = 32 * 1024 * 1024
ID = re.compile(r"[0-9a-f]{8}")  # a match's id, as the history gives it
# Lists written one item a line (a deal, a deal's time, a correction), not one number a line.
ONE_A_LINE = ("deals", "deal_times", "corrections")


def match_to_dict(match: Match, **extra: Any) -> dict[str, Any]:
    """The match file object, with `format` and `version`; `extra` keys (e.g. name) follow."""
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION,
        "players": list(match.players),
        "target": match.rules.target,
        "first_dealer": match.first_dealer,
        "rules": match.rules.variants(),
    }
    data.update(extra)
    data["deals"] = [list(d) for d in match.deals]
    return data


def _same_number(a: Any, b: Any) -> bool:
    """True when a and b are the same number of the same kind (true is not 1)."""
    return type(a) is type(b) and a == b


def match_from_dict(data: Any) -> Match:
    """Read a match file object, filling in defaults; every deal is checked by replaying."""
    if not isinstance(data, dict):
        raise VicaireError("file.object")
    if "format" in data and data["format"] != FORMAT:
        raise VicaireError("file.format", value=shown(data["format"], 40))
    if "version" in data and not _same_number(data["version"], VERSION):
        raise VicaireError("file.version", value=shown(data["version"]))
    for key in ("players", "deals"):
        if key not in data:
            raise VicaireError("file.missing", key=key)
        if not isinstance(data[key], list):
            raise VicaireError("file.list", key=key)
    for number, deal in enumerate(data["deals"], start=1):
        if not isinstance(deal, list):  # an object's keys would be read as its numbers
            raise VicaireError("deal.shape", deal=number, value=shown(deal, 40))
    match_id = data.get("id")
    if match_id is not None and not (isinstance(match_id, str) and ID.fullmatch(match_id)):
        raise VicaireError("file.id", value=shown(match_id))
    variants = data.get("rules")
    if isinstance(variants, dict) and "target" in variants and "target" in data and (
            not _same_number(variants["target"], data["target"])):
        raise VicaireError("file.two_targets", target=shown(data["target"]),
                           rules=shown(variants["target"]))
    rules = RuleSet.from_variants(variants, target=data.get("target", 500))
    match = Match(players=data["players"], rules=rules,
                  first_dealer=data.get("first_dealer", 0), deals=data["deals"])
    replay(match)
    return match


def match_id_of(data: dict[str, Any]) -> str | None:
    """The id a match file gives its match (docs/command-line.md, "Match files"), if any: an
    exported match keeps its identity when it is imported again."""
    match_id = data.get("id")
    return match_id if isinstance(match_id, str) else None


def text_of(data: dict[str, Any]) -> str:
    """A match file object as text: a key a line, a deal (a time, a correction) a line."""
    lines = []
    for key, value in data.items():
        if key in ONE_A_LINE and isinstance(value, list) and value:
            items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
            text = "[\n" + items + "\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {json.dumps(key, ensure_ascii=False)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def dumps(match: Match, **extra: Any) -> str:
    """The match file text."""
    return text_of(match_to_dict(match, **extra))


def decode(raw: bytes) -> Any:
    """Parse match-file bytes into JSON data, refusing what is too big, not UTF-8 or not JSON."""
    if len(raw) > MAX_BYTES:
        raise VicaireError("file.too_big", limit=MAX_BYTES // (1024 * 1024))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise VicaireError("file.encoding") from None
    try:
        return json.loads(text)
    except RecursionError:  # valid JSON perhaps, but lists in lists a thousand deep
        raise VicaireError("file.deep") from None
    except json.JSONDecodeError as exc:
        raise VicaireError("file.json", line=exc.lineno) from None
    except ValueError:  # an integer too long for Python to read (over 4,300 digits)
        raise VicaireError("file.long_number") from None


def read_bytes(path: str) -> bytes:
    """The bytes of `path` (`-` is standard input), at most one byte over the size limit."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    file = Path(path)
    try:
        if file.is_dir():
            raise VicaireError("file.is_dir")
        with file.open("rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise VicaireError("file.not_found") from None
    except PermissionError:
        raise VicaireError("file.permission") from None
    except OSError as exc:
        raise VicaireError("file.os", reason=exc.strerror or str(exc), errno=exc.errno) from None


def load(path: str) -> tuple[Match, dict[str, Any]]:
    """Read and check a match file; returns the match and the raw object (for extra keys)."""
    data = decode(read_bytes(path))
    return match_from_dict(data), data
