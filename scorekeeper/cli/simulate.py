"""`vicaire simulate`: bots play whole deals (or a whole match) from a seed."""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter

from scorekeeper.cli.common import lang_of, saved
from scorekeeper.cli.parsing import count_type
from scorekeeper.errors import VicaireError

MAX_DEALS = 10_000_000


def register(sub: argparse._SubParsersAction, lang: str) -> None:
    from scorekeeper.i18n import tr, trc

    count = count_type(lang)
    p = sub.add_parser("simulate", help=tr(lang, "let bots play deals or a match"),
                       description=tr(lang, "Deal from a seed and let bots play whole deals (or, "
                                            "with --match, a whole match). The same seed gives "
                                            "the same deals."))
    p.add_argument("--seed", type=int, default=None, metavar=trc(lang, "metavar", "SEED"),
                   help=tr(lang, "random seed (default: a fresh one, printed in the output)"))
    p.add_argument("--deals", type=count, default=1, metavar="N",
                   help=tr(lang, "deals to play (default 1)"))
    p.add_argument("--bots", choices=("random", "target"), default=None,
                   help=tr(lang, "random: any legal card; target: aim at exactly the tricks "
                                 "needed (default: random for deals, target for a match)"))
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=tr(lang, "one deal record per line"))
    out.add_argument("--summary", action="store_true",
                     help=tr(lang, "statistics: trick splits, sweeps, deals per second"))
    p.add_argument("--match", action="store_true",
                   help=tr(lang, "play a whole match through the rules engine; print its score "
                                 "sheet and, when a history folder is chosen (--db or "
                                 "$VICAIRE_DB), store it there"))
    p.add_argument("--target", type=count, default=None, metavar="N",
                   help=tr(lang, "match target in points, with --match (default 500)"))
    p.set_defaults(handler=run)


def _check(args: argparse.Namespace) -> None:
    if not 1 <= args.deals <= MAX_DEALS:
        raise VicaireError("cards.bad_option", name="--deals", rule=f"1..{MAX_DEALS}",
                           value=args.deals)
    if args.match and args.summary:
        raise VicaireError("cards.match_summary")
    if args.target is not None and not args.match:
        raise VicaireError("cards.target_match")


def chosen_folder(args: argparse.Namespace) -> str | None:
    """The history folder chosen for this run (--db, else $VICAIRE_DB), or None: a simulated
    match is stored only where a history was chosen (docs/command-line.md, "vicaire simulate")."""
    from scorekeeper.store.paths import ENV_VAR

    return getattr(args, "db", None) or os.environ.get(ENV_VAR, "").strip() or None


def show_deal(record, number: int, lang: str) -> str:
    """A deal in readable lines: hands with ♥♠♦♣, tricks in order with winners, counts."""
    from scorekeeper.i18n import tr
    from scorekeeper.i18n.cards import card_label, counts_line
    from scorekeeper.rules.cards import cards_of

    lines = [tr(lang, "Deal {number} · dealer {dealer}", number=number, dealer=record.dealer)]
    for p, hand in enumerate(record.hands):
        lines.append("  " + tr(lang, "Player {player}: {cards}", player=p, cards=" ".join(
            card_label(c, lang) for c in cards_of(hand))))
    lines.append("  " + tr(lang, "écart: {cards}", cards=" ".join(
        card_label(c, lang) for c in cards_of(record.ecart))))
    for t, trick in enumerate(record.tricks, start=1):
        played = "  ".join(f"{trick.player_of(i)}:{card_label(c, lang):>3}"
                           for i, c in enumerate(trick.cards))
        lines.append("  " + tr(lang, "Trick {number}  {cards}  → {winner}", number=str(t).rjust(2),
                               cards=played, winner=trick.winner))
    lines.append("  " + counts_line(record.counts, lang))
    return "\n".join(lines)


def summary(records_count: int, splits: Counter[tuple[int, int, int]], seconds: float, lang: str,
            seed: int, bots: str) -> str:
    """Statistics over simulated deals."""
    from scorekeeper.i18n import number, tr, tr_n

    lines = [tr_n(lang, "{count} deal · bots {bots} · seed {seed}",
                  "{count} deals · bots {bots} · seed {seed}", records_count,
                  bots=bots, seed=seed),
             tr(lang, "Trick splits (most tricks first):")]
    for split, n in sorted(splits.items(), key=lambda kv: (-kv[1], kv[0])):
        share = tr(lang, "{percent}%", percent=number(lang, 100 * n / records_count, 2))
        lines.append(f"  {'-'.join(map(str, split)):>8}  {n:>9}  {share:>7}")
    sweeps = sum(n for split, n in splits.items() if split[0] == 10)
    lines.append(tr(lang, "Sweeps (10 tricks): {count} ({percent}%)", count=sweeps,
                    percent=number(lang, 100 * sweeps / records_count, 3)))
    rate = records_count / seconds if seconds > 0 else float("inf")
    lines.append(tr(lang, "Deals per second: {rate}", rate=number(lang, rate)))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    import random
    import time

    _check(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    if args.match:
        return run_match(args, seed)
    from scorekeeper.sim.deals import simulate_deals

    bots = args.bots or "random"
    lang = lang_of(args)
    start = time.perf_counter()
    if args.summary and bots == "random":  # only the counts matter: the batch engine
        from scorekeeper.sim.batch import random_splits

        splits = random_splits(seed, args.deals)
        print(summary(args.deals, splits, time.perf_counter() - start, lang, seed, bots))
        return 0
    splits = Counter()
    for number, record in enumerate(simulate_deals(seed, args.deals, bots), start=1):
        if args.json:
            print(json.dumps(record.to_json(), separators=(",", ":")))
        elif args.summary:
            most, middle, least = sorted(record.counts, reverse=True)
            splits[(most, middle, least)] += 1
        else:
            if number == 1:
                print(f"# seed {seed}")
            print(show_deal(record, number, lang))
    if args.summary:
        print(summary(args.deals, splits, time.perf_counter() - start, lang, seed, bots))
    return 0


def run_match(args: argparse.Namespace, seed: int) -> int:
    from scorekeeper.cli.replay import print_state
    from scorekeeper.i18n import tr
    from scorekeeper.rules import RuleSet
    from scorekeeper.sim.match import simulate_match

    lang = lang_of(args)
    rules = RuleSet(target=500 if args.target is None else args.target)
    state, _ = simulate_match(seed, rules=rules, bots=args.bots or "target")
    title = tr(lang, "Simulated match · seed {seed}", seed=seed)
    print_state(state, args, title=title)
    folder = chosen_folder(args)
    if folder:
        from scorekeeper.cli.interrupts import around_commit
        from scorekeeper.store.history import History
        from scorekeeper.store.paths import checked_folder

        stored = History(checked_folder(folder, creating=True),
                         around_commit=around_commit).create(state.match, name=title,
                                                             simulated=True)
        saved(args, "cli.saved.simulate", id=stored.id)
        if not args.json:
            print(tr(lang, "Stored in the history as match {id}", id=stored.id))
    return 0
