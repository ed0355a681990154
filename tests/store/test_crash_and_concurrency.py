"""Real processes: kill -9 in the middle of writes; several processes writing one match.

The writers (writer.py) are forked from a Python that has imported the history
(tests/cli/forkserver.py): each is a process of its own, killed as any is, without the cost
of a new interpreter's start (about 0.08 s of processor time, and the kill test starts
forty)."""

import os
import random
import subprocess
import time
from pathlib import Path

import pytest

from scorekeeper.rules import Match, RuleSet
from scorekeeper.store import History
from tests.cli import forkserver
from tests.store.writer import DEALS

ROOT = str(Path(__file__).resolve().parents[2])
ENV = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}


def start_writer(*args: object, stderr: object = None):
    """writer.py run with `args`, its output read through a pipe (bytes)."""
    return forkserver.popen(list(args), stdout=subprocess.PIPE, stderr=stderr, env=ENV,
                            module="tests.store.writer", preload="cli")


def long_match(history: History) -> str:
    return history.create(Match(players=("A", "B", "C"), rules=RuleSet(target=100_000))).id


# "": the journal is compacted now and then; "900": every second or third deal, so that
# kills also land in the middle of compactions.
@pytest.mark.parametrize("journal_limit", ["", "900"])
def test_kill_9_at_random_moments_loses_no_acknowledged_deal(tmp_path, journal_limit):
    folder = tmp_path / "db"
    match_id = long_match(History(folder))
    rng = random.Random(7)
    acked = 0
    for _ in range(20):
        proc = start_writer("stream", folder, match_id, journal_limit)
        assert proc.stdout.readline().strip() == b"ready"
        # Wait for a few acknowledged deals (however fast the machine), then kill the writer
        # at a random moment of the next ones.
        lines = [proc.stdout.readline() for _ in range(rng.randint(1, 4))]
        time.sleep(rng.uniform(0, 0.004))
        proc.kill()
        rest, _ = proc.communicate()
        oks = [int(line.split()[1]) for line in [*lines, *rest.splitlines()]
               if line.startswith(b"ok ")]
        if oks:
            acked = max(acked, oks[-1])
        history = History(folder)  # a fresh reader, as after a restart
        stored = history.get(match_id)
        count = len(stored.match.deals)
        # Every acknowledged deal is there; at most the one in flight landed too.
        assert acked <= count <= acked + 1
        assert list(stored.match.deals) == [DEALS[i % len(DEALS)] for i in range(count)]
        assert stored.revision == count + 1
        [summary] = history.summaries()
        assert summary.deals == count
        assert history.notices == []
        acked = count
    # Each of the 20 writers was killed only after 1 to 4 acknowledged deals, so this holds on
    # any machine; it fails only if deals acknowledged were lost or never counted.
    assert acked >= 20


def test_listing_while_a_writer_records_and_compacts(tmp_path):
    folder = tmp_path / "db"
    history = History(folder)
    others = {history.create(Match(players=("D", "E", "F"))).id for _ in range(20)}
    match_id = long_match(history)
    proc = start_writer("stream", folder, match_id, "900")
    try:
        assert proc.stdout.readline().strip() == b"ready"
        reader = History(folder)
        seen = 0
        # Read while the writer records 30 deals (compacting every few), however long that
        # takes on this machine; the deadline only stops a writer that never gets there.
        deadline = time.monotonic() + 120
        while seen < 30 and time.monotonic() < deadline:
            listing = {s.id: s for s in reader.summaries()}
            # Never a match missing, never a deal going back, whatever the writer is doing.
            assert listing.keys() == others | {match_id}
            assert listing[match_id].deals >= seen
            seen = listing[match_id].deals
    finally:
        proc.kill()
        proc.communicate()
    assert reader.notices == []
    assert seen >= 30  # (the reader saw the writer's 30 deals; the deadline was not met)
    final = History(folder)
    [current] = [s for s in final.summaries() if s.id == match_id]
    assert current.deals == len(final.get(match_id).match.deals) >= seen


def test_several_processes_adding_to_one_match(tmp_path):
    folder = tmp_path / "db"
    match_id = long_match(History(folder))
    procs = [start_writer("compete", folder, match_id, w, 12, stderr=subprocess.PIPE)
             for w in range(4)]
    reports = []
    for proc in procs:
        out, err = (part.decode() for part in proc.communicate(timeout=60))
        assert proc.returncode == 0 and "Traceback" not in err, err
        reports += out.splitlines()
    assert len(reports) == 48
    stored = History(folder).get(match_id)
    recorded = [r.split() for r in reports if r.startswith("ok ")]
    refused = [r for r in reports if r.startswith("refused ")]
    assert len(recorded) + len(refused) == 48
    # Every deal reported as recorded is stored, at the place its revision says.
    assert len(stored.match.deals) == len(recorded)
    assert sorted(int(r[1]) for r in recorded) == list(range(2, len(recorded) + 2))
    for r in recorded:
        assert stored.match.deals[int(r[1]) - 2] == tuple(map(int, r[2:5]))
    for line in refused:
        assert line.startswith("refused store.stale this match was changed in another window")


def test_cli_adds_from_several_processes_at_once(tmp_path):
    folder = tmp_path / "db"
    match_id = long_match(History(folder))
    procs = [forkserver.popen(["--db", folder, "--lang", "en", "add", match_id, *DEALS[w]],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
                              preload="cli") for w in range(4)]
    for proc in procs:
        out, err = (part.decode() for part in proc.communicate(timeout=60))
        assert (proc.returncode, err) == (0, "")
        assert out.startswith("Deal ")
    # A command has no stale view to protect: each one waits its turn and is recorded.
    stored = History(folder).get(match_id)
    assert sorted(stored.match.deals) == sorted(DEALS[:4])
