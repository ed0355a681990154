"""The catalogs as Babel reads them, and the messages of the code as `pybabel extract` finds
them (with the keywords of pyproject.toml's [tool.babel.extract_messages]), for the tests."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po

from scorekeeper.i18n import DOMAIN, LOCALE_DIR

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
EXTRACT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["babel"]["extract_messages"]
KEYWORDS = parse_keywords(EXTRACT["keywords"].split())
PACKAGE = ROOT / EXTRACT["input_paths"]
FR_PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"


def po_files() -> list[Path]:
    """Every `<lang>/LC_MESSAGES/vicaire.po`."""
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(po: Path) -> Catalog:
    with po.open("rb") as fp:
        return read_po(fp)


def entries(catalog: Catalog) -> list[Message]:
    """The catalog's messages (its header left out)."""
    return [message for message in catalog if message.id]


def msgid(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def plural(message: Message) -> str | None:
    return message.id[1] if isinstance(message.id, tuple) else None


def key(message: Message) -> tuple[str | None, str]:
    return (message.context, msgid(message))


def translations(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def translated(message: Message) -> bool:
    return not message.fuzzy and all(translations(message))


def messages_of_the_code() -> dict[tuple[str | None, str], tuple[str | None, str]]:
    """(context, message id) -> (plural id, where) of every message `pybabel extract` finds."""
    found: dict[tuple[str | None, str], tuple[str | None, str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            PACKAGE, keywords=KEYWORDS):
        single, many = message if isinstance(message, tuple) else (message, None)
        found.setdefault((context, single), (many, f"{filename}:{lineno}"))
    return found
