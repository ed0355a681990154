"""The index journal: torn lines, damage, interrupted compaction, changes behind its back."""

import os

import pytest

from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import notice_text
from scorekeeper.rules import Match
from scorekeeper.store import History
from scorekeeper.store import storage as storage_module
from scorekeeper.store.journal import encode
from scorekeeper.store.listing import Listing


@pytest.fixture
def history(tmp_path):
    return History(tmp_path / "db")


def journal_of(history):
    return history.folder / "index" / "journal"


def shard_of(history, match_id):
    return history.folder / "index" / f"{match_id[:2]}.json"


def match_path(history, match_id):
    return history.folder / "matches" / match_id[:2] / f"{match_id}.json"


def some_matches(history, count=3, deals=2):
    ids = []
    for n in range(count):
        stored = history.create(Match(players=("Amélie", "Bruno", "Chloé")), name=f"m{n}")
        for _ in range(deals):
            history.add_deal(stored.id, (4, 3, 3))
        ids.append(stored.id)
    return ids


def listing(history):
    return {s.id: s.deals for s in history.summaries()}


def test_a_deal_is_one_journal_line_and_leaves_the_shard_alone(history):
    [match_id] = some_matches(history, 1)
    shard = shard_of(history, match_id)
    before = shard.read_bytes() if shard.exists() else None
    size = journal_of(history).stat().st_size
    history.add_deal(match_id, (4, 3, 3))
    assert (shard.read_bytes() if shard.exists() else None) == before
    added = journal_of(history).read_bytes()[size:]
    assert added.count(b"\n") == 1 and added.endswith(b"\n") and match_id.encode() in added
    assert listing(History(history.folder)) == {match_id: 3}


def test_the_journal_is_compacted_into_the_shards_past_its_limit(history):
    history.journal_limit = 2000
    ids = some_matches(history, 6, deals=3)
    assert journal_of(history).stat().st_size <= 2000 + 1000
    assert any(shard_of(history, i).exists() for i in ids)
    # Whatever is in the shards and the journal, the listing is the same as the files say.
    fresh = History(history.folder)
    assert listing(fresh) == dict.fromkeys(ids, 3)
    history._compact()
    assert journal_of(history).read_bytes() == b""
    assert listing(History(history.folder)) == dict.fromkeys(ids, 3)
    assert fresh.notices == []


def test_a_torn_last_line_is_ignored_then_cut_off_by_the_next_writer(history):
    ids = some_matches(history, 2)
    journal = journal_of(history)
    # A writer killed while appending: half a line claiming a third deal that never landed.
    line = encode({"id": ids[0], "line": {"id": ids[0], "deals": 3}})
    with open(journal, "ab") as file:
        file.write(line[: len(line) // 2])
    fresh = History(history.folder)
    assert listing(fresh) == {ids[0]: 2, ids[1]: 2}
    fresh.add_deal(ids[1], (4, 3, 3))
    assert journal.read_bytes().endswith(b"\n")
    assert line[: len(line) // 2] not in journal.read_bytes()
    again = History(history.folder)
    assert listing(again) == {ids[0]: 2, ids[1]: 3}
    assert fresh.notices == again.notices == []


def test_a_journaled_change_whose_file_was_never_replaced_is_read_from_the_file(
        history, monkeypatch):
    [match_id] = some_matches(history, 1)
    replace = os.replace

    def killed(src, dst):
        if str(dst).endswith(f"{match_id}.json"):
            raise KeyboardInterrupt  # the writer dies after journaling, before the rename
        return replace(src, dst)

    monkeypatch.setattr(storage_module.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        history.add_deal(match_id, (4, 3, 3))
    monkeypatch.undo()
    fresh = History(history.folder)
    assert listing(fresh) == {match_id: 2}
    assert fresh.get(match_id).revision == 3 and fresh.notices == []
    fresh._compact()
    assert listing(History(history.folder)) == {match_id: 2}


@pytest.mark.parametrize("damage", ["middle", "checksum", "binary"])
def test_a_damaged_journal_is_set_aside_and_the_index_checked_against_the_files(
        history, damage):
    ids = some_matches(history, 3)
    journal = journal_of(history)
    lines = journal.read_bytes().splitlines(keepends=True)
    if damage == "middle":
        lines[1] = b"\x00\xff not a line\n"
    elif damage == "checksum":
        lines[1] = lines[1].replace(b'"deals":1', b'"deals":9')
    else:
        lines[1] = os.urandom(40).replace(b"\n", b"-") + b"\n"
    journal.write_bytes(b"".join(lines))
    bad = journal.read_bytes()
    fresh = History(history.folder)
    assert listing(fresh) == dict.fromkeys(ids, 2)
    [notice] = fresh.notices
    assert "list of matches was damaged" in notice_text(notice, "en")
    [kept] = journal.parent.glob("journal.corrupt-*")
    assert kept.read_bytes() == bad and str(kept) in notice_text(notice, "en")
    assert journal.read_bytes() == b""
    # Work goes on with a new journal.
    fresh.add_deal(ids[0], (4, 3, 3))
    assert listing(History(history.folder)) == {ids[0]: 3, ids[1]: 2, ids[2]: 2}


def test_an_interrupted_compaction_loses_nothing(history, monkeypatch):
    ids = some_matches(history, 12)
    assert len({i[:2] for i in ids}) > 1
    written = []
    real = Listing.write_shard

    def dies_after_one_shard(self, shard, docs):
        if written:
            raise KeyboardInterrupt  # killed between two shards
        written.append(shard)
        real(self, shard, docs)

    monkeypatch.setattr(Listing, "write_shard", dies_after_one_shard)
    with pytest.raises(KeyboardInterrupt):
        history._compact()
    monkeypatch.undo()
    assert journal_of(history).read_bytes() != b""  # still names every change
    fresh = History(history.folder)
    assert listing(fresh) == dict.fromkeys(ids, 2)
    fresh.add_deal(ids[-1], (4, 3, 3))
    fresh._compact()
    assert listing(History(history.folder)) == {**dict.fromkeys(ids, 2), ids[-1]: 3}
    assert fresh.notices == []


def test_a_history_without_journal_is_checked_once_against_its_files(history):
    ids = some_matches(history, 3)
    history._compact()
    path = match_path(history, ids[0])
    # An older Vicaire killed between its match file and its index shard: a stale line.
    os.replace(path.with_name(path.name + ".bak"), path)
    journal_of(history).unlink()
    fresh = History(history.folder)
    assert listing(fresh) == {ids[0]: 1, ids[1]: 2, ids[2]: 2}
    assert journal_of(history).read_bytes() == b""
    assert listing(History(history.folder)) == {ids[0]: 1, ids[1]: 2, ids[2]: 2}


def test_match_files_added_or_removed_behind_the_index(history, tmp_path):
    ids = some_matches(history, 2)
    history._compact()
    gone = match_path(history, ids[0])
    os.replace(gone, tmp_path / "moved.json")
    # (with its backup: a backup left alone is restored as the match, tests/cli/test_damaged_folder)
    os.replace(gone.with_name(gone.name + ".bak"), tmp_path / "moved.json.bak")
    other = History(tmp_path / "other")
    [new_id] = some_matches(other, 1, deals=1)
    target = match_path(history, new_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(match_path(other, new_id).read_bytes())
    assert listing(History(history.folder)) == {ids[1]: 2, new_id: 1}


def test_delete_is_journaled(history):
    ids = some_matches(history, 2)
    history._compact()
    history.delete(ids[0])
    assert listing(History(history.folder)) == {ids[1]: 2}
    history._compact()
    assert listing(History(history.folder)) == {ids[1]: 2}


def test_a_read_only_history_without_journal_is_still_listed(history, monkeypatch):
    ids = some_matches(history, 2)
    history._compact()
    journal_of(history).unlink()

    def no_lock(self):
        raise VicaireError("store.busy")

    monkeypatch.setattr(History, "_locked", no_lock)
    assert listing(History(history.folder)) == dict.fromkeys(ids, 2)


# ------------------------------------------------------------------ matches()


def test_matches_reads_them_all_newest_first(history):
    ids = some_matches(history, 4)
    history.add_deal(ids[0], (6, 2, 2))
    every = history.matches()
    assert [m.id for m in every] == [s.id for s in history.summaries()]
    assert {m.id: m for m in every} == {i: history.get(i) for i in ids}


def test_matches_by_ids_in_the_order_given_leaving_out_the_unreadable(history):
    ids = some_matches(history, 3)
    path = match_path(history, ids[1])
    path.write_bytes(b"{")  # damaged: restored from its backup (one deal), with a notice
    path.with_name(path.name + ".bak")
    picked = history.matches([ids[2][:5], "ffffffff", ids[1], "zz", ids[0]])
    assert [m.id for m in picked] == [ids[2], ids[1], ids[0]]
    assert [len(m.match.deals) for m in picked] == [2, 1, 2]
    assert [n.code for n in history.notices] == ["store.notice.restored"]


def test_matches_of_an_empty_history(tmp_path):
    history = History(tmp_path / "nothing")
    assert history.matches() == [] and history.matches(["abcd"]) == []
    assert not (tmp_path / "nothing").exists()
