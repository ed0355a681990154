"""Damaged history files: never read as "no history"; set aside, restored, explained."""

import json
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from scorekeeper.errors import VicaireError
from scorekeeper.i18n.errors import error_text, notice_text
from scorekeeper.rules import Match
from scorekeeper.store import History

DAMAGE = {
    "empty": b"",
    "truncated": None,  # the first half of the real file
    "garbage": b"\x00\xff\xfe garbage \x89PNG",
}


@pytest.fixture
def history(tmp_path):
    return History(tmp_path / "db")


def two_deal_match(history):
    stored = history.create(Match(players=("Amélie", "Bruno", "Chloé")), name="soir")
    history.add_deal(stored.id, (4, 3, 3))
    history.add_deal(stored.id, (6, 2, 2))
    return stored.id, history.folder / "matches" / stored.id[:2] / f"{stored.id}.json"


def damage(path, kind):
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2] if kind == "truncated" else DAMAGE[kind])


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_damaged_match_is_restored_from_backup_and_the_bad_file_kept(history, kind):
    match_id, path = two_deal_match(history)
    damage(path, kind)
    bad = path.read_bytes()
    fresh = History(history.folder)
    stored = fresh.get(match_id)
    # The backup is the state before the last write: the first deal only.
    assert stored.match.deals == ((4, 3, 3),)
    [notice] = fresh.notices
    text = notice_text(notice, "en")
    assert f"match {match_id} was damaged" in text and "restored from its backup" in text
    kept = list(path.parent.glob(f"{match_id}.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == bad and str(kept[0]) in text
    assert "restaurée depuis sa sauvegarde" in notice_text(notice, "fr")
    # The listing agrees with the restored match, and work goes on.
    assert [s.deals for s in fresh.summaries()] == [1]
    assert fresh.add_deal(match_id, (6, 2, 2)).state.points == (50, 0, 0)


def test_the_backup_date_is_told_in_local_time_to_the_minute(history, monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    match_id, path = two_deal_match(history)
    damage(path, "garbage")
    fresh = History(history.folder)
    stored = fresh.get(match_id)
    [notice] = fresh.notices
    saved = datetime.fromisoformat(stored.updated.replace("Z", "+00:00"))
    local = saved.astimezone(ZoneInfo("Europe/Paris"))
    paris = f"{local.day} {local:%b %Y, %H:%M}"  # 4 Dec 2026, 20:15
    assert f"backup of {paris}. " in notice_text(notice, "en")
    mois = ("janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.",
            "oct.", "nov.", "déc.")[local.month - 1]
    assert f"sauvegarde du {local.day} {mois} {local:%Y, %H:%M}." in notice_text(notice, "fr")
    assert stored.updated not in notice_text(notice, "en")  # not the raw stamp


def test_damaged_match_without_backup_is_refused_never_empty(history):
    stored = history.create(Match(players=("A", "B", "C")))
    path = history.folder / "matches" / stored.id[:2] / f"{stored.id}.json"
    path.write_bytes(b"{")
    fresh = History(history.folder)
    with pytest.raises(VicaireError) as err:
        fresh.get(stored.id)
    assert err.value.code == "store.lost"
    assert "damaged file is kept at" in error_text(err.value, "en")
    assert list(path.parent.glob("*.corrupt-*"))
    assert fresh.summaries() == []


def test_a_match_file_that_is_json_but_not_a_match_counts_as_damaged(history):
    match_id, path = two_deal_match(history)
    path.write_text(json.dumps({"match": {"1": {"schema": 1, "players": ["A"]}}}))
    fresh = History(history.folder)
    assert fresh.get(match_id).match.deals == ((4, 3, 3),)
    assert "not a Vicaire match" in notice_text(fresh.notices[0], "en")


def test_a_match_from_a_newer_vicaire_is_refused_and_left_alone(history):
    match_id, path = two_deal_match(history)
    data = json.loads(path.read_text())
    data["match"]["1"]["schema"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(VicaireError) as err:
        History(history.folder).get(match_id)
    assert err.value.code == "store.newer"
    assert not list(path.parent.glob("*.corrupt-*"))


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_damaged_index_is_rebuilt_from_the_matches(history, kind):
    match_id, _ = two_deal_match(history)
    index = history.folder / "index" / f"{match_id[:2]}.json"
    damage(index, kind)
    fresh = History(history.folder)
    [summary] = fresh.summaries()
    assert (summary.id, summary.deals, summary.points) == (match_id, 2, (50, 0, 0))
    [notice] = fresh.notices
    assert "list of matches was damaged" in notice_text(notice, "en")
    assert list(index.parent.glob("*.corrupt-*"))


def test_old_schema_0_record_is_migrated(history):
    match_id, path = two_deal_match(history)
    data = json.loads(path.read_text())
    record = data["match"]["1"]
    for key in ("schema", "corrections", "simulated"):
        record.pop(key)
    path.write_text(json.dumps(data))
    stored = History(history.folder).get(match_id)
    assert stored.match.deals == ((4, 3, 3), (6, 2, 2)) and stored.corrections == ()
