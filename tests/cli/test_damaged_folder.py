"""A damaged or untidy history folder, as `vicaire` meets it: real processes, real folders.

One match file that cannot be used never hides the others; a match never vanishes without a
word; a folder that cannot be used is named as such (docs/storage.md).
"""

import json
import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

from scorekeeper.rules import Match
from scorekeeper.store import History
from tests.cli.runner import run_vicaire

ROOT = str(Path(__file__).resolve().parents[2])


def environment(db: Path) -> dict[str, str]:
    env = {**os.environ, "VICAIRE_DB": str(db), "LANG": "en_US.UTF-8", "PYTHONPATH": ROOT,
           "COLUMNS": "200"}
    env.pop("LC_ALL", None)
    return env


@pytest.fixture
def db(tmp_path):
    return tmp_path / "db"


def vicaire(db, *args, code=0, lang="en_US.UTF-8", **kw):
    env = {**environment(db), "LANG": lang}
    proc = run_vicaire([*map(str, args)],
                       capture_output=True, text=True, env=env, timeout=60,
                       stdin=subprocess.DEVNULL, **kw)
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.returncode == code, proc.stderr
    return proc


def new(db, *names, deals=()):
    """A stored match (set up through the store itself; the commands checked run apart)."""
    history = History(db)
    match_id = history.create(Match(players=names or ("Amélie", "Bruno", "Chloé"))).id
    for deal in deals:
        history.add_deal(match_id, [int(n) for n in deal.split()])
    return match_id


def path_of(db, match_id):
    return db / "matches" / match_id[:2] / f"{match_id}.json"


def listed(db):
    proc = vicaire(db, "history", "--json")
    return {row["id"]: row["deals"] for row in json.loads(proc.stdout)}, proc.stderr


def other_id(match_id, same_shard=True):
    """An id that is not `match_id` (in its shard, or in another one)."""
    if same_shard:
        return match_id[:2] + ("000000" if match_id[2:] != "000000" else "000001")
    return ("00" if match_id[:2] != "00" else "01") + match_id[2:]


def test_a_file_holding_another_id_does_not_hide_the_others(db):
    first, second = new(db, deals=("4 3 3",)), new(db, deals=("4 3 3", "6 2 2"))
    History(db).summaries()  # the index knows both
    wrong = path_of(db, other_id(first))
    os.replace(path_of(db, first), wrong)  # renamed by hand: the id inside says `first`
    path_of(db, first).with_name(f"{first}.json.bak").unlink()
    rows, err = listed(db)
    assert rows == {first: 1, second: 2}
    assert f"match {first} was stored in the wrong place" in err
    assert path_of(db, first).is_file() and not wrong.exists()
    assert vicaire(db, "show", first, "--json").returncode == 0


def test_a_file_in_the_wrong_shard_is_moved_where_it_belongs(db):
    match_id = new(db, deals=("4 3 3",))
    stray = db / "matches" / other_id(match_id, same_shard=False)[:2] / f"{match_id}.json"
    stray.parent.mkdir(parents=True, exist_ok=True)
    os.replace(path_of(db, match_id), stray)
    path_of(db, match_id).with_name(f"{match_id}.json.bak").unlink()
    rows, err = listed(db)
    assert rows == {match_id: 1} and "wrong place" in err
    assert path_of(db, match_id).is_file() and not stray.exists()
    assert listed(db) == ({match_id: 1}, "")  # put right once, then quiet


def test_a_copy_under_another_name_is_listed_once_the_other_moved_aside(db):
    match_id = new(db, deals=("4 3 3",))
    older = path_of(db, match_id).read_bytes()
    History(db).add_deal(match_id, (6, 2, 2))
    copy = path_of(db, other_id(match_id))
    copy.write_bytes(older)  # an older copy of the same match, under another name
    rows, err = listed(db)
    assert rows == {match_id: 2}  # the highest revision stays
    assert f"match {match_id} was stored twice" in err
    [aside] = copy.parent.glob(f"{copy.name}.duplicate-*")
    assert aside.read_bytes() == older and str(aside) in err
    assert listed(db) == ({match_id: 2}, "")


def test_a_newer_copy_wins_over_the_file_in_place(db):
    match_id = new(db, deals=("4 3 3", "6 2 2"))
    newer = path_of(db, match_id).read_bytes()
    History(db).undo(match_id)
    History(db).undo(match_id)  # the file in place is now at revision 5, 0 deals
    rows, _ = listed(db)
    assert rows == {match_id: 0}
    data = json.loads(newer)
    data["match"]["1"]["revision"] = 9
    path_of(db, other_id(match_id)).write_text(json.dumps(data))
    rows, err = listed(db)
    assert rows == {match_id: 2} and "stored twice" in err


def test_a_lone_backup_is_restored_as_the_match(db):
    match_id = new(db, deals=("4 3 3", "6 2 2"))
    History(db).summaries()
    path_of(db, match_id).unlink()  # deleted by hand, its .bak left
    rows, err = listed(db)
    assert rows == {match_id: 1}  # the backup: the version before the last change
    assert f"match {match_id} had lost its file; it was restored from its backup" in err
    assert vicaire(db, "show", match_id, "--json").returncode == 0


def test_show_restores_a_lone_backup_too(db):
    match_id = new(db, deals=("4 3 3", "6 2 2"))
    path_of(db, match_id).unlink()
    proc = vicaire(db, "show", match_id, "--json")
    deals = [deal["tricks"] for deal in json.loads(proc.stdout)["deals"]]
    assert deals == [[4, 3, 3]] and "restored" in proc.stderr


def test_a_newer_format_is_listed_as_unreadable_every_time(db):
    kept, newer = new(db, deals=("4 3 3",)), new(db)
    data = json.loads(path_of(db, newer).read_text())
    data["match"]["1"]["schema"] = 99
    path_of(db, newer).write_text(json.dumps(data))
    for _ in range(2):
        rows, err = listed(db)
        assert rows == {kept: 1}
        assert f"1 match cannot be read: {newer} (saved by a newer Vicaire" in err
    assert path_of(db, newer).read_text() == json.dumps(data)  # never altered


def test_an_unrecoverable_match_is_reported_every_time(db):
    kept, lost = new(db, deals=("4 3 3",)), new(db, deals=("4 3 3", "6 2 2"))
    History(db).summaries()
    for path in (path_of(db, lost), path_of(db, lost).with_name(f"{lost}.json.bak")):
        path.write_bytes(b'{"match": {"1": {"id": ')
    rows, first = listed(db)
    assert rows == {kept: 1} and f"match {lost} was damaged" in first
    for _ in range(2):
        rows, err = listed(db)
        assert rows == {kept: 1}
        assert f"1 match cannot be read: {lost} (damaged" in err
    out = vicaire(db, "history").stderr
    assert "cannot be read" in out
    french = vicaire(db, "history", lang="fr_FR.UTF-8").stderr
    assert f"1 partie ne peut pas être lue\u00a0: {lost} (endommagée" in french


def test_a_damaged_match_without_backup_is_reported_every_time(db):
    kept, lost = new(db, deals=("4 3 3",)), new(db)  # a new match has no backup yet
    path_of(db, lost).write_bytes(b"\x00garbage")
    listed(db)
    for _ in range(2):
        rows, err = listed(db)
        assert rows == {kept: 1} and f"{lost} (damaged" in err


def test_deleting_a_match_ends_its_report(db):
    match_id = new(db, deals=("4 3 3", "6 2 2"))
    path_of(db, match_id).write_bytes(b"")  # damaged; restored from its backup
    assert "restored from its backup" in listed(db)[1]
    vicaire(db, "delete", match_id, "--yes")
    assert listed(db) == ({}, "")


def test_matches_replaced_by_a_file_says_the_folder_is_damaged(db):
    new(db, deals=("4 3 3",))
    shutil.rmtree(db / "matches")
    (db / "matches").write_text("not a folder")
    for args in (("history",), ("history", "--json"), ("show",)):
        proc = vicaire(db, *args, code=2)
        assert proc.stderr.count("\n") == 1
        assert "is damaged: matches in it is not a folder" in proc.stderr
        assert "No match" not in proc.stdout + proc.stderr


def test_a_folder_that_cannot_be_used_is_not_called_busy(tmp_path):
    proc = vicaire(tmp_path, "--db", "/proc", "new", "A", "B", "C", code=2)
    assert "cannot use the history folder /proc" in proc.stderr
    assert "busy" not in proc.stderr


def test_abandoning_a_won_match_says_it_is_already_won(db):
    from scorekeeper.rules import RuleSet

    match = Match(players=("A", "B", "C"), rules=RuleSet(target=50), deals=((10, 0, 0),))
    match_id = History(db).create(match).id  # a sweep: A wins the round and the match
    proc = vicaire(db, "abandon", match_id, code=2)
    assert "already won by A; there is nothing to abandon" in proc.stderr
    assert "no deal can follow" not in proc.stderr


# ------------------------------------------------------------ a read-only folder

NOBODY = 65534


def nobody_python() -> tuple[list[str], dict[str, str]] | None:
    """An interpreter that the user `nobody` can run with this project, or None."""
    if not hasattr(os, "setuid") or os.geteuid() != 0:
        return None
    paths = os.pathsep.join([ROOT, sysconfig.get_paths()["purelib"]])
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for exe in (sys.executable, shutil.which(version), f"/usr/bin/{version}",
                f"/usr/local/bin/{version}"):
        if not exe:
            continue
        try:
            probe = subprocess.run(
                [exe, "-c", "import scorekeeper.cli, tinydb, filelock, platformdirs"],
                env={**os.environ, "PYTHONPATH": paths}, capture_output=True, timeout=60,
                preexec_fn=lambda: os.setuid(NOBODY), cwd="/")
        except OSError:  # (nobody may not enter the folder of this interpreter)
            continue
        if probe.returncode == 0:
            return [exe], {"PYTHONPATH": paths}
    return None


@pytest.fixture
def shared_folder():
    """A folder outside pytest's private temporary folder, so that `nobody` can read it."""
    folder = Path(tempfile.mkdtemp(prefix="vicaire-ro-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def test_a_read_only_history_with_one_damaged_file_lists_the_others(shared_folder):
    runner = nobody_python()
    if runner is None:
        pytest.skip("no interpreter the user nobody can run here (tests run as root, "
                    "and the Python in use is in a folder nobody cannot enter)")
    command, extra = runner
    db = shared_folder / "db"
    intact, damaged = new(db, deals=("4 3 3",)), new(db, deals=("4 3 3", "6 2 2"))
    History(db).summaries()
    path_of(db, damaged).write_bytes(b'{"match": ')
    for folder, _, files in os.walk(db):
        os.chmod(folder, 0o555)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o444)
    env = {**environment(db), **extra, "HOME": str(shared_folder)}
    proc = subprocess.run([*command, "-m", "scorekeeper", "history", "--json"],
                          capture_output=True, text=True, env=env, timeout=60, cwd="/",
                          preexec_fn=lambda: os.setuid(NOBODY))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 0, proc.stderr
    assert {row["id"] for row in json.loads(proc.stdout)} == {intact}
    assert f"1 match cannot be read: {damaged}" in proc.stderr
    assert "Permission denied" not in proc.stdout
    shown = subprocess.run([*command, "-m", "scorekeeper", "show", intact, "--json"],
                           capture_output=True, text=True, env=env, timeout=60, cwd="/",
                           preexec_fn=lambda: os.setuid(NOBODY))
    assert shown.returncode == 0, shown.stderr
    assert [deal["tricks"] for deal in json.loads(shown.stdout)["deals"]] == [[4, 3, 3]]
    assert path_of(db, damaged).read_bytes() == b'{"match": '  # nothing was changed
    for folder, _, _ in os.walk(db):
        os.chmod(folder, stat.S_IRWXU)


def test_a_lone_backup_is_listed_as_it_is_after_the_index_was_compacted(db):
    match_id = new(db, deals=("4 3 3", "6 2 2"))
    history = History(db)
    history.summaries()
    with history._locked():
        history._compact()  # the index now holds the match's last line
    path_of(db, match_id).unlink()
    rows, err = listed(db)
    assert rows == {match_id: 1} and "restored from its backup" in err
