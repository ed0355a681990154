"""Reading and writing GNU gettext catalogs: `.po` sources and compiled `.mo` files.

Only what Vicaire's catalogs use: comments, `msgctxt`, `msgid`, `msgid_plural`,
`msgstr`/`msgstr[n]`, the `fuzzy` flag. The `.mo` layout is GNU's (magic, counts, two
tables of lengths and offsets sorted by message id, no hash table), as Python's `gettext`
reads it. Used by `scripts/compile_catalogs.py`, the catalog tests and the tool that moves
messages into the catalog; the app itself only reads `.mo` files, through `gettext`.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    """One message: its id (and plural id, context) and its translation(s)."""

    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr_plural: dict[int, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)  # whole lines: "#. …", "#: …", "#, fuzzy"

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def fuzzy(self) -> bool:
        return any(c.startswith("#,") and "fuzzy" in c for c in self.comments)

    @property
    def translations(self) -> list[str]:
        if self.msgid_plural is None:
            return [self.msgstr]
        return [self.msgstr_plural[i] for i in sorted(self.msgstr_plural)]

    @property
    def translated(self) -> bool:
        return not self.fuzzy and all(self.translations) and bool(self.translations)


@dataclass
class Catalog:
    header: Entry
    entries: list[Entry]

    def find(self, msgid: str, msgctxt: str | None = None) -> Entry | None:
        for entry in self.entries:
            if entry.key == (msgctxt, msgid):
                return entry
        return None

    @property
    def plural_forms(self) -> str:
        for line in self.header.msgstr.splitlines():
            if line.lower().startswith("plural-forms:"):
                return line.split(":", 1)[1].strip()
        return "nplurals=2; plural=(n != 1);"


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    return ast.literal_eval(text)  # a C-like "…" with \n \t \" \\ escapes, as Python reads it


def parse_po(text: str, where: str = "catalog") -> Catalog:
    """The entries of a `.po` file's text (the first one, with an empty id, is the header)."""
    entries: list[Entry] = []
    comments: list[str] = []
    fields: dict[str, str] = {}
    last: str | None = None

    def close() -> None:
        nonlocal comments, fields, last
        if "msgid" in fields:
            plural = {int(k[7:-1]): v for k, v in fields.items() if k.startswith("msgstr[")}
            entries.append(Entry(msgid=fields["msgid"], msgstr=fields.get("msgstr", ""),
                                 msgctxt=fields.get("msgctxt"),
                                 msgid_plural=fields.get("msgid_plural"),
                                 msgstr_plural=plural, comments=comments))
        elif fields:
            raise ValueError(f"{where}: an entry without msgid")
        comments, fields, last = [], {}, None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        here = f"{where}:{number}"
        if not line:
            close()
        elif line.startswith("#"):
            if fields:
                close()
            comments.append(line)
        elif line.startswith('"'):
            if last is None:
                raise ValueError(f"{here}: a string outside an entry")
            fields[last] += _unquote(line, here)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and (
                    "msgstr" in fields or any(k.startswith("msgstr[") for k in fields)):
                close()
            if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
                    keyword.startswith("msgstr[") and keyword.endswith("]")):
                raise ValueError(f"{here}: unknown keyword {keyword!r}")
            fields[keyword] = _unquote(rest, here)
            last = keyword
    close()
    if not entries or entries[0].msgid != "" or entries[0].msgctxt is not None:
        raise ValueError(f"{where}: the catalog has no header entry")
    return Catalog(header=entries[0], entries=entries[1:])


def read_po(path: Path) -> Catalog:
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def _quote(text: str) -> str:
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
                  .replace("\n", "\\n")) + '"'


def _field(keyword: str, text: str, width: int = 79) -> list[str]:
    """`keyword "text"`, or `keyword ""` and the text cut after spaces into lines."""
    if len(keyword) + 1 + len(_quote(text)) <= width and "\n" not in text[:-1]:
        return [f"{keyword} {_quote(text)}"]
    pieces: list[str] = []
    current = ""
    for chunk in _chunks(text):
        if current and len(_quote(current + chunk)) > width:
            pieces.append(current)
            current = ""
        current += chunk
        if chunk.endswith("\n"):
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    return [f'{keyword} ""'] + [_quote(piece) for piece in pieces]


def _chunks(text: str) -> list[str]:
    """Words with their following space (or newline): where a long string may be cut."""
    chunks: list[str] = []
    current = ""
    for char in text:
        current += char
        if char in " \n":
            chunks.append(current)
            current = ""
    if current:
        chunks.append(current)
    return chunks


def format_po(catalog: Catalog) -> str:
    """The `.po` text of `catalog` (entries in their order)."""
    blocks = []
    for entry in [catalog.header, *catalog.entries]:
        lines = list(entry.comments)
        if entry.msgctxt is not None:
            lines += _field("msgctxt", entry.msgctxt)
        lines += _field("msgid", entry.msgid)
        if entry.msgid_plural is not None:
            lines += _field("msgid_plural", entry.msgid_plural)
            for index in sorted(entry.msgstr_plural):
                lines += _field(f"msgstr[{index}]", entry.msgstr_plural[index])
        else:
            lines += _field("msgstr", entry.msgstr)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def write_po(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_po(catalog), encoding="utf-8")


def compile_mo(catalog: Catalog) -> bytes:
    """The `.mo` bytes for `catalog`: every translated entry (fuzzy and empty ones left out,
    as msgfmt does), the header first, ids sorted as GNU gettext sorts them (by bytes)."""
    pairs: dict[bytes, bytes] = {b"": catalog.header.msgstr.encode("utf-8")}
    for entry in catalog.entries:
        if not entry.translated:
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(entry.translations).encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    ids_start = 7 * 4
    strs_start = ids_start + count * 8
    data_start = strs_start + count * 8
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    id_table, str_table = [], []
    offset = data_start
    for k in keys:
        id_table += [len(k), offset]
        offset += len(k) + 1
    for k in keys:
        str_table += [len(pairs[k]), offset]
        offset += len(pairs[k]) + 1
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_start, strs_start, 0, data_start)
    return (head + struct.pack(f"<{2 * count}I", *id_table)
            + struct.pack(f"<{2 * count}I", *str_table) + ids + strs)


def po_files(locale_dir: Path, domain: str) -> list[Path]:
    """Every `<lang>/LC_MESSAGES/<domain>.po` under `locale_dir`."""
    return sorted(locale_dir.glob(f"*/LC_MESSAGES/{domain}.po"))
