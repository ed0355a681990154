"""Moving a whole history: `vicaire export --all`, then `vicaire import` into an empty folder.

Run: python benchmarks/bench_import.py [--matches N] [--folder DIR]

Builds a history of N matches (default 10,000: a family's history; 3-40 deals each, each deal
with its time, some corrected, some abandoned), exports it with `vicaire export --all`, and
times `vicaire import` of that file into an empty history folder, as a user runs them (real
processes). Goal: 10,000 matches imported in <= 30 s. Also prints the file's size against
the import limit, and the import's peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from scorekeeper.formats.matchfile import MAX_BYTES
from scorekeeper.rules import Match, replay
from scorekeeper.store import History
from scorekeeper.store.merge import Incoming
from scorekeeper.store.records import Correction

PLAYERS = [("Amélie", "Bruno", "Chloé"), ("Denis", "Émile", "Fanny"), ("Gaël", "Hélène", "Inès")]
ROOT = str(Path(__file__).resolve().parents[1])


def stamp(when: datetime) -> str:
    return when.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def random_match(rng: random.Random, start: datetime) -> Incoming:
    """A match of 3 to 40 deals played a minute or two apart, as a family plays them."""
    match = Match(players=rng.choice(PLAYERS))
    for _ in range(rng.randint(3, 40)):
        if replay(match).finished:
            break
        a = rng.randint(0, 9)
        b = rng.randint(0, 10 - a)
        match = match.add_deal((a, b, 10 - a - b))
    times, when = [], start
    for _ in match.deals:
        when += timedelta(seconds=rng.randint(60, 180))
        times.append(stamp(when))
    state = replay(match)
    abandoned = not state.finished and rng.random() < 0.3
    fixes = ()
    if match.deals and rng.random() < 0.2:
        fixes = (Correction("edit", 1, (4, 3, 3), match.deals[0], times[-1]),)
    return Incoming(match=match, state=state, name=f"soirée {start:%d/%m}",
                    status="abandoned" if abandoned else ("won" if state.finished
                                                          else "in_progress"),
                    simulated=False, created=stamp(start), updated=times[-1] if times else
                    stamp(start), deal_times=tuple(times), corrections=fixes)


def vicaire(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VICAIRE_DB": str(db), "PYTHONPATH": ROOT, "LANG": "en_US.UTF-8"}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, text=True,
                          capture_output=True, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--folder", help="where to build the histories (default: a temp dir)")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory(dir=args.folder) as tmp:
        source = History(Path(tmp) / "source")
        first = datetime(2020, 1, 1, 19, tzinfo=timezone.utc)
        print(f"Building a history of {args.matches} matches...", flush=True)
        items = [random_match(rng, first + timedelta(hours=7 * i)) for i in range(args.matches)]
        source.import_matches(items, lambda name: name)

        start = time.perf_counter()
        out = Path(tmp) / "history.json"
        vicaire(source.folder, "export", "--all", "-o", str(out))
        exported = time.perf_counter() - start
        size = out.stat().st_size

        start = time.perf_counter()
        done = vicaire(Path(tmp) / "new", "import", str(out))
        imported = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        assert len(done.stdout.split()) == args.matches, done.stderr
        listing = json.loads(vicaire(Path(tmp) / "new", "history", "--json").stdout)
        assert len(listing) == args.matches

        print(f"export --all ({args.matches} matches):  {exported:.1f} s")
        print(f"file size:                      {size / 2**20:.1f} MB"
              f" (import limit {MAX_BYTES / 2**20:.0f} MB)")
        print(f"import into an empty history:   {imported:.1f} s   goal <= 30 s")
        print(f"peak memory of a command:       {peak:.0f} MB")


if __name__ == "__main__":
    main()
