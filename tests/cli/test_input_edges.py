"""Arguments and files at the edges: each refused with exit 2 and one line, nothing changed.
Real processes on real folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.runner import Vicaire

PLAYERS = ["Amélie", "Bruno", "Chloé"]


@pytest.fixture
def vicaire(tmp_path: Path) -> Vicaire:
    return Vicaire(tmp_path / "db")


@pytest.fixture
def match_id(vicaire: Vicaire) -> str:
    match_id = vicaire.new(extra=("--target", "50"))
    vicaire("add", match_id, "4", "3", "3")
    return match_id


def write(tmp_path: Path, text: str, name: str = "m.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------- item 3: huge numbers, surrogates


@pytest.mark.parametrize("command", ["replay", "import", "verify"])
@pytest.mark.parametrize("where", ["target", "deals"])
def test_a_5000_digit_integer_is_refused_in_one_line(vicaire, tmp_path, command, where):
    huge = "9" * 5000
    if where == "target":
        text = '{"players": ["A", "B", "C"], "target": ' + huge + ', "deals": []}'
    else:
        text = '{"players": ["A", "B", "C"], "deals": [[' + huge + ', 0, 0]], "tricks": []}'

    path = write(tmp_path, text)
    err = vicaire(command, path, ok=False).stderr
    assert err == (f"vicaire: {path}: the file holds a number far too long to be a score or a "
                   "count\n")
    assert vicaire.listing() == []


@pytest.mark.parametrize("command", ["replay", "import", "verify"])
def test_a_file_of_200_mb_is_refused_in_one_line_whatever_it_was_to_be(vicaire, tmp_path,
                                                                         command):
    """`verify` reads a deal record, not a match file: the refusal used to say "a match file
    is much smaller" to all three. The file is not read beyond the limit (32 MB)."""
    path = write(tmp_path, '{"players": ["A", "B", "C"], "deals": []}')
    with open(path, "r+b") as file:
        file.truncate(200 << 20)  # (sparse: nothing written)
    err = vicaire(command, path, ok=False).stderr
    assert err == (f"vicaire: {path}: the file is larger than 32 MB, far too big for a match "
                   "file or a deal record\n")
    assert vicaire.listing() == []


def test_a_4000_digit_deal_is_refused_in_a_short_line(vicaire, tmp_path):
    path = write(tmp_path, '{"players": ["A", "B", "C"], "deals": [[' + "7" * 4000 + ', 0, 0]]}')
    err = vicaire("replay", path, ok=False).stderr
    assert err == (f"vicaire: {path}: deal 1: 777777777777… tricks is impossible: each player "
                   "takes 0 to 10\n")


def test_a_lone_surrogate_as_a_card_is_shown_escaped(vicaire, tmp_path):
    path = write(tmp_path, '{"tricks": [{"leader": 0, "cards": ["\\ud800", "AH", "KH"]}]}')
    out = vicaire("verify", path, ok=None)
    assert out.returncode == 1
    assert 'trick 1, player 0: "\\ud800" is not a card' in out.stdout
    data = json.loads(vicaire("verify", path, "--json", ok=None).stdout)
    assert data["tricks"][0]["cards"][0] == "\\ud800"


# ------------------------------------------------------------- item 8: loose arguments


@pytest.mark.parametrize("deal", [("4_0", "3", "3"), ("４", "３", "３"), ("+4", "3", "3"),
                                  ("4.0", "3", "3"), ("", "4", "6"), ("1" * 5000, "0", "0")])
def test_deals_are_ascii_digits(vicaire, match_id, deal):
    err = vicaire("add", match_id, *deal, ok=False).stderr
    assert "tricks" in err
    assert vicaire.deals(match_id) == [[4, 3, 3]]


def test_edit_takes_an_ascii_deal_number(vicaire, match_id):
    for number in ("١", "1_0", "0", "2", "1\x1f"):
        vicaire("edit", match_id, number, "5", "3", "2", ok=False)
    vicaire("edit", match_id, "1", "5", "3", "2")
    assert vicaire.deals(match_id) == [[5, 3, 2]]


@pytest.mark.parametrize("command", [("add", "", "4", "3", "3"), ("add", " ", "4", "3", "3"),
                                     ("undo", ""), ("show", ""), ("abandon", ""),
                                     ("export", ""), ("edit", "", "1", "5", "3", "2"),
                                     ("delete", "", "--yes")])
def test_an_empty_id_is_refused(vicaire, match_id, command):
    err = vicaire(*command, ok=False).stderr
    assert err.startswith("vicaire: the match id is empty")
    assert vicaire.deals(match_id) == [[4, 3, 3]]
    assert vicaire.listing()[0]["status"] == "in_progress"


def test_a_second_id_is_refused(vicaire, match_id):
    proc = vicaire("add", match_id, "4", "3", "3", match_id, "4", "3", "3", ok=None)
    assert proc.returncode == 2 and "unrecognized arguments" in proc.stderr
    assert vicaire.deals(match_id) == [[4, 3, 3]]


def test_usage_lines_say_what_is_accepted(vicaire):
    add = vicaire("add", "--help").stdout
    assert "[ID] A B C\n" in add and "[[ID]" not in add and "digits 0-9" in add
    edit = vicaire("edit", "--help").stdout
    assert " ID DEAL_NUMBER A B C\n" in edit and "A B C A B C" not in edit


def test_new_takes_digits_only_for_its_numbers(vicaire):
    for option in ("--target", "--points-ten", "--points-higher", "--first-dealer"):
        proc = vicaire("new", "A", "B", "C", option, "1_0", ok=None)
        assert proc.returncode == 2 and option in proc.stderr
    assert vicaire.listing() == []


# -------------------------------------------------- item 7: abandon on a won match


def test_abandon_on_a_won_match_says_it_is_won(vicaire, match_id):
    vicaire("add", match_id, "6", "2", "2")  # Amélie reaches 10: 50 points, the target
    err = vicaire("abandon", match_id, ok=False).stderr
    assert err == (f"vicaire: match {match_id} is already won by Amélie; there is nothing to "
                   "abandon\n")
    assert vicaire.listing()[0]["status"] == "won"


# ----------------------------------------------------------- item 9: loose match files


@pytest.mark.parametrize("data,said", [
    ({"players": {"A": 1, "B": 2, "C": 3}, "deals": []}, '"players" in the match file must be'),
    ({"players": PLAYERS, "deals": {"1": [4, 3, 3]}}, '"deals" in the match file must be'),
    ({"version": True, "players": PLAYERS, "deals": []}, "version true is not supported"),
    ({"version": 1.0, "players": PLAYERS, "deals": []}, "version 1.0 is not supported"),
    ({"target": 300, "rules": {"target": 200}, "players": PLAYERS, "deals": []},
     'two targets: "target" 300 and "rules"."target" 200'),
    ({"target": 1, "rules": {"target": True}, "players": PLAYERS, "deals": []}, "two targets"),
    ({"players": PLAYERS, "deals": [{"a": 4, "b": 3, "c": 3}]}, "deal 1: a deal is three"),
    ({"players": PLAYERS, "deals": [], "id": "../../etc"}, '"id" must be 8 characters'),
    ({"players": PLAYERS, "deals": [], "id": 12345678}, '"id" must be 8 characters'),
])
@pytest.mark.parametrize("command", ["replay", "import"])
def test_loose_match_files_are_refused(vicaire, tmp_path, data, said, command):
    path = write(tmp_path, json.dumps(data))
    err = vicaire(command, path, ok=False).stderr
    assert said in err
    assert vicaire.listing() == []


def test_one_target_given_twice_alike_is_fine(vicaire, tmp_path):
    path = write(tmp_path, json.dumps({"target": 300, "rules": {"target": 300},
                                       "players": PLAYERS, "deals": []}))
    assert json.loads(vicaire("replay", path, "--json").stdout)["target"] == 300


def test_french_refusal_of_two_targets(vicaire, tmp_path):
    path = write(tmp_path, json.dumps({"target": 300, "rules": {"target": 200},
                                       "players": PLAYERS, "deals": []}))
    err = vicaire("replay", path, "--lang", "fr", ok=False).stderr
    assert "donne deux objectifs\u00a0: " in err


# ------------------------------------------------------------- item 10: verify


def _record(vicaire: Vicaire, tmp_path: Path, change) -> Path:
    data = json.loads(vicaire("simulate", "--seed", "5", "--json").stdout)
    change(data)
    return write(tmp_path, json.dumps(data), "deal.json")


@pytest.mark.parametrize("change,said", [
    (lambda r: r["tricks"][1].__setitem__("winner", 7), '"tricks[1].winner" must be player 0, '
     "1 or 2 (got 7)"),
    (lambda r: r["tricks"][1].__setitem__("winner", "2"), "(got “2”)"),
    (lambda r: r["tricks"][1].__setitem__("winner", True), "(got true)"),
    (lambda r: r["tricks"][3].__setitem__("leader", "1"), '"tricks[3].leader" must be player'),
    (lambda r: r["tricks"][3].__setitem__("leader", -1), "(got -1)"),
    (lambda r: r.__setitem__("dealer", 3), '"dealer" must be player 0, 1 or 2 (got 3)\n'),
    (lambda r: r["tricks"][0]["cards"].__setitem__(1, 5), 'a card is written as text, like "AH" '
     '(got 5 in "tricks[0].cards")'),
    (lambda r: r["hands"][2].__setitem__(0, {"card": "AH"}), '"hands[2]"'),
    (lambda r: r.__setitem__("counts", [4, 3, "3"]), '"counts" must be a list of 3 numbers'),
    (lambda r: r.__setitem__("counts", [11, 0, -1]), "(got [11, 0, -1])"),
])
def test_out_of_range_and_wrong_types_are_unusable_input(vicaire, tmp_path, change, said):
    path = _record(vicaire, tmp_path, change)
    err = vicaire("verify", path, ok=False).stderr
    assert said in err and "trick -" not in err


def test_an_empty_card_reads_well(vicaire, tmp_path):
    path = _record(vicaire, tmp_path, lambda r: r["tricks"][0]["cards"].__setitem__(1, ""))
    out = vicaire("verify", path, ok=None)
    assert out.returncode == 1 and '"" is not a card' in out.stdout
    assert ":  is not" not in out.stdout


def test_json_gives_one_type_per_field(vicaire, tmp_path):
    def wrong(r: dict) -> None:
        r["tricks"][2]["winner"] = (r["tricks"][2]["winner"] + 1) % 3
        r["counts"] = [10, 0, 0]

    path = _record(vicaire, tmp_path, wrong)
    problems = json.loads(vicaire("verify", path, "--json", ok=None).stdout)["problems"]
    winner = next(p for p in problems if p["code"] == "cards.wrong_winner")
    assert type(winner["stated"]) is int and type(winner["winner"]) is int
    counts = next(p for p in problems if p["code"] == "cards.wrong_counts")
    assert counts["stated"] == [10, 0, 0] and all(type(n) is int for n in counts["counts"])


# ------------------------------------------------------------- item 11: simulate


def test_simulate_refuses_target_without_match(vicaire):
    err = vicaire("simulate", "--target", "200", ok=False).stderr
    assert err == "vicaire: --target is the target of a whole match: add --match\n"


def test_simulate_match_stores_in_vicaire_db(vicaire):
    out = vicaire("simulate", "--match", "--seed", "3", "--target", "100").stdout
    [row] = vicaire.listing()
    assert row["simulated"] and f"Stored in the history as match {row['id']}" in out


def test_simulate_match_stores_nothing_without_a_chosen_history(vicaire, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    vicaire("simulate", "--match", "--seed", "3", "--target", "100",
            env={"VICAIRE_DB": "", "HOME": str(home), "XDG_DATA_HOME": str(home / "data")})
    assert not (home / "data").exists() and vicaire.listing() == []


# ------------------------------------------------- JSON nested too deeply; a mistyped command


@pytest.mark.parametrize("command", ["replay", "import", "verify"])
def test_json_nested_too_deeply_is_said_so(vicaire, tmp_path, command):
    path = write(tmp_path, "[" * 100_000 + "]" * 100_000)
    err = vicaire(command, path, ok=False).stderr
    assert err == (f"vicaire: {path}: the file's JSON is nested too deeply (lists or objects "
                   "within each other hundreds of times over): neither a match file nor a deal "
                   "record is\n")
    assert vicaire.listing() == []


@pytest.mark.parametrize(("typed", "meant"), [
    ("list", "history"), ("ls", "history"), ("shwo", "show"), ("exprot", "export"),
    ("rm", "delete"), ("version", "--version")])
def test_a_mistyped_command_is_answered_with_the_nearest_one(vicaire, typed, meant):
    proc = vicaire(typed, ok=None)
    assert proc.returncode == 2
    assert f"unknown command “{typed}”; did you mean {meant}? (the commands: " in proc.stderr
    french = vicaire(typed, "--lang", "fr", ok=None).stderr
    assert (f"commande inconnue\u00a0: «\u00a0{typed}\u00a0»\u00a0; vouliez-vous dire "
            f"{meant}\u00a0?") in french


def test_a_command_like_none_gets_the_list_alone(vicaire):
    err = vicaire("frobnicate", ok=None).stderr
    assert "unknown command “frobnicate” (the commands: replay, new," in err
    assert "did you mean" not in err
