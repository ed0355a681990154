"""Compile the message catalogs: each `scorekeeper/i18n/locale/<lang>/LC_MESSAGES/vicaire.po`
into the `vicaire.mo` beside it, which is what the app reads (stdlib only).

    python scripts/compile_catalogs.py            # compile every .po
    python scripts/compile_catalogs.py --update   # first bring each .po in step with the code:
                                                  # new messages added (empty), unused removed

After `--update`, translate the empty entries (a test fails while one is empty), then compile.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.i18n import DOMAIN, LOCALE_DIR  # noqa: E402
from scorekeeper.i18n.extract import messages_under  # noqa: E402
from scorekeeper.i18n.pofile import Entry, compile_mo, po_files, read_po, write_po  # noqa: E402


def update(po: Path) -> tuple[int, int]:
    """Add the code's new messages to `po` (untranslated) and drop those no longer used."""
    catalog = read_po(po)
    used = {}
    for message in messages_under(ROOT / "scorekeeper"):
        used.setdefault(message.key, message)
    nplurals = int(catalog.plural_forms.split("nplurals=")[1].split(";")[0])
    kept = [e for e in catalog.entries if e.key in used]
    removed = len(catalog.entries) - len(kept)
    have = {e.key for e in kept}
    added = 0
    for key, message in used.items():
        if key in have:
            continue
        entry = Entry(msgid=message.msgid, msgctxt=message.msgctxt,
                      msgid_plural=message.msgid_plural,
                      comments=[f"#: {Path(message.where).relative_to(ROOT)}"])
        if message.msgid_plural is not None:
            entry.msgstr_plural = dict.fromkeys(range(nplurals), "")
        kept.append(entry)
        added += 1
    for entry in kept:  # a plural message keeps its plural id up to date
        message = used[entry.key]
        if entry.msgid_plural != message.msgid_plural:
            entry.msgid_plural = message.msgid_plural
            entry.msgstr_plural = dict.fromkeys(range(nplurals), "") \
                if message.msgid_plural is not None else {}
    catalog.entries = kept
    write_po(po, catalog)
    return added, removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true",
                        help="add new messages from the code, remove unused ones, then compile")
    args = parser.parse_args(argv)
    for po in po_files(LOCALE_DIR, DOMAIN):
        name = po.relative_to(ROOT)
        if args.update:
            added, removed = update(po)
            print(f"{name}: {added} new, {removed} removed")
        catalog = read_po(po)
        missing = sum(1 for e in catalog.entries if not e.translated)
        po.with_suffix(".mo").write_bytes(compile_mo(catalog))
        print(f"{name} -> {po.with_suffix('.mo').name}"
              + (f" ({missing} not translated yet)" if missing else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
