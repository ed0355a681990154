"""A write of the history that fails (the disk full, here a file-size limit: `ulimit -f`) or
is killed leaves no temporary file behind: a failed write removes its own, and the next write
or listing removes those a killed one left (older than any write in progress could be).
Real processes on a real history folder."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.cli.runner import Vicaire

resource = pytest.importorskip("resource")


def temporaries(db: Path) -> list[str]:
    return sorted(str(p.relative_to(db)) for p in db.rglob("*") if p.name.endswith(".tmp"))


@pytest.fixture
def vicaire(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "db")


def test_a_write_that_fails_on_a_full_disk_leaves_nothing_behind(vicaire):
    match_id = vicaire.new("Amélie", "Bruno", "Chloé", extra=("--target", "5000"))
    for _ in range(3):
        vicaire("add", match_id, "4", "3", "3")
    path = next(vicaire.db.rglob(f"{match_id}.json"))
    limit = path.stat().st_size  # the next version of the file is longer: it cannot be written

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    for _ in range(4):  # each retry on the full disk
        proc = vicaire("add", match_id, "4", "3", "3", ok=False, preexec_fn=small_disk)
        assert "File too large" in proc.stderr
        assert temporaries(vicaire.db) == []
    assert len(vicaire.deals(match_id)) == 3  # nothing recorded, nothing lost
    vicaire("add", match_id, "4", "3", "3")  # room again
    assert len(vicaire.deals(match_id)) == 4 and temporaries(vicaire.db) == []


def test_what_a_killed_write_left_goes_at_the_next_write_or_listing(vicaire):
    first = vicaire.new("Amélie", "Bruno", "Chloé")
    second = vicaire.new("Denis", "Émile", "Fanny")
    shard = next(vicaire.db.rglob(f"{first}.json")).parent
    other = next(vicaire.db.rglob(f"{second}.json")).parent
    old = time.time() - 3600
    left = {  # as a writer killed between writing and renaming leaves them
        "old": shard / f".{first}.json.tmp", "old backup": shard / f".{first}.json.bak.tmp",
        "old index": vicaire.db / "index" / f".{first[:2]}.json.tmp",
        "old settings": vicaire.db / ".vicaire-k2j4h1.tmp",
        "fresh": other / f".{second}.json.tmp",
        "fresh settings": vicaire.db / ".vicaire-9f8e7d.tmp",
    }
    for name, path in left.items():
        path.write_bytes(b'{"cut short')
        if name.startswith("old"):
            os.utime(path, (old, old))
    listed = vicaire("history").stdout
    assert first in listed and second in listed
    kept = {name for name, path in left.items() if path.exists()}
    assert kept == {"fresh", "fresh settings"}  # a write may still be making them
    # A write takes the history's lock: nothing else can be writing in its shard.
    vicaire("add", second, "4", "3", "3")
    assert not left["fresh"].exists()
    assert left["fresh settings"].exists()  # (written without that lock: only by its age)
    assert len(vicaire.deals(second)) == 1 and vicaire.deals(first) == []
