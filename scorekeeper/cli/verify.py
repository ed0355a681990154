"""`vicaire verify FILE`: check a deal record trick by trick (docs/command-line.md)."""

from __future__ import annotations

import argparse

from scorekeeper.cli.common import fail, json_text, lang_of
from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text

EMPTY = '""'  # a card written as an empty text, as it reads in the record


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    from scorekeeper.i18n import tr, trc

    p = sub.add_parser("verify", help=tr(lang, "check a deal record (- reads stdin)"),
                       description=tr(lang, "Check a deal record trick by trick: each trick's "
                                            "winner, the tricks taken, and every broken rule "
                                            "that can be proved. Exit 0: consistent; 1: broken "
                                            "rules listed; 2: unusable input."))
    p.add_argument("file", metavar=trc(lang, "metavar", "FILE"),
                   help=tr(lang, "deal record (JSON); - reads standard input"))
    p.add_argument("--json", action="store_true",
                   help=tr(lang, "print the tricks, the counts and the problems as JSON"))
    p.set_defaults(handler=run)


def _problem_json(problem, lang: str) -> dict:
    from scorekeeper.i18n.cards import problem_text

    values = problem.values
    out = {"code": problem.code, "trick": problem.trick, "player": problem.player}
    out.update({k: v for k, v in values.items() if k not in out})
    out["message"] = problem_text(problem.code, problem.trick, problem.player, values, lang)
    return out


def _code(card: int | None, text: str) -> str:
    from scorekeeper.rules.cards import code

    return code(card) if card is not None else text


def run(args: argparse.Namespace) -> int:
    from scorekeeper.formats.matchfile import decode, read_bytes
    from scorekeeper.rules.audit import audit

    lang = lang_of(args)
    name = "<stdin>" if args.file == "-" else args.file
    try:
        result = audit(decode(read_bytes(args.file)))
    except VicaireError as exc:
        return fail(f"{name}: {error_text(exc, lang)}")
    if args.json:
        print(json_text({
            "tricks": [{"leader": t.leader,
                        "cards": [_code(c, s) for c, s in zip(t.cards, t.codes, strict=True)],
                        "winner": t.winner} for t in result.tricks],
            "counts": list(result.counts),
            "problems": [_problem_json(p, lang) for p in result.problems],
        }))
    else:
        print(render(result, lang))
    return 0 if result.ok else 1


def render(result, lang: str) -> str:
    """The tricks, the counts and the verdict in readable lines."""
    from scorekeeper.i18n import tr
    from scorekeeper.i18n.cards import card_label, counts_line, problem_text

    lines = []
    for number, t in enumerate(result.tricks, start=1):
        played = "  ".join(
            f"{(t.leader + i) % 3}:{card_label(c, lang) if c is not None else s or EMPTY:>3}"
            for i, (c, s) in enumerate(zip(t.cards, t.codes, strict=True)))
        winner = "?" if t.winner is None else str(t.winner)
        lines.append(tr(lang, "Trick {number}  {cards}  → {winner}", number=str(number).rjust(2),
                        cards=played, winner=winner))
    lines.append(counts_line(result.counts, lang))
    if result.ok:
        lines.append(tr(lang, "Consistent: no broken rule."))
    else:
        lines.append(tr(lang, "Broken rules:"))
        for p in result.problems:
            lines.append("  - " + problem_text(p.code, p.trick, p.player, p.values, lang))
    return "\n".join(lines)
