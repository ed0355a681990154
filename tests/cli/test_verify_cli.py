"""`vicaire verify`: agrees on legal deals, names each broken rule, refuses junk (exit 2)."""

import copy
import json
import random

import pytest

from scorekeeper.i18n.cards import problem_text
from scorekeeper.rules.audit import audit
from scorekeeper.sim.deals import simulate_deal
from tests.cli.runner import run_vicaire


def _record(seed: int, bots: str = "random") -> dict:
    return simulate_deal(random.Random(seed), seed % 3, bots).to_json()


def _bare(rec: dict) -> dict:
    """As entered at the table: no hands, écart, winners or counts."""
    return {"dealer": rec["dealer"],
            "tricks": [{"leader": t["leader"], "cards": t["cards"]} for t in rec["tricks"]]}


def _verify(data, *extra: str, raw: str | None = None):
    text = raw if raw is not None else json.dumps(data)
    return run_vicaire(["verify", "-", *extra],
                       input=text, capture_output=True, text=True, timeout=60)


def _codes(rec: dict) -> list[tuple[str, int | None, int | None]]:
    problems = audit(rec).problems
    for p in problems:  # every broken rule has words in both languages
        for lang in ("en", "fr"):
            text = problem_text(p.code, p.trick, p.player, p.values, lang)
            assert p.code not in text and "{" not in text, text
    return [(p.code, p.trick, p.player) for p in problems]


def test_agrees_on_random_legal_deals_with_and_without_hands():
    for seed in range(400):
        rec = _record(seed, "random" if seed % 2 else "target")
        full = audit(rec)
        assert full.ok, full.problems
        assert list(full.counts) == rec["counts"]
        assert [t.winner for t in full.tricks] == [t["winner"] for t in rec["tricks"]]
        bare = audit(_bare(rec))
        assert bare.ok and list(bare.counts) == rec["counts"]


def test_cli_reports_winners_and_counts_as_json():
    rec = _record(3)
    out = _verify(_bare(rec), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["counts"] == rec["counts"] and data["problems"] == []
    assert [t["winner"] for t in data["tricks"]] == [t["winner"] for t in rec["tricks"]]


def _swap_to_revoke(rec: dict) -> tuple[dict, int, int] | None:
    """Make a player who followed suit play another card of theirs instead (with hands)."""
    for n, trick in enumerate(rec["tricks"]):
        lead = trick["cards"][0][-1]
        for i in (1, 2):
            card = trick["cards"][i]
            if card[-1] != lead:
                continue
            player = (trick["leader"] + i) % 3
            later = [(m, j) for m in range(n + 1, 10) for j in range(3)
                     if (rec["tricks"][m]["leader"] + j) % 3 == player
                     and rec["tricks"][m]["cards"][j][-1] != lead]
            if later:
                m, j = later[0]
                bad = copy.deepcopy(rec)
                bad["tricks"][n]["cards"][i], bad["tricks"][m]["cards"][j] = (
                    rec["tricks"][m]["cards"][j], card)
                return bad, n + 1, player
    return None


def test_catches_a_player_who_did_not_follow_suit():
    for seed in range(50):
        found = _swap_to_revoke(_record(seed))
        if found:
            bad, trick, player = found
            assert ("cards.revoke", trick, player) in _codes(bad)
            return
    pytest.fail("no deal to make a revoke from")


def test_catches_a_player_who_showed_out_and_later_played_the_suit():
    rec = {"dealer": 2, "tricks": [
        {"leader": 0, "cards": ["AS", "7H", "KS"]},   # player 1 shows out of spades
        {"leader": 1, "cards": ["QS", "JS", "10S"]},  # ...and leads a spade
    ]}
    codes = _codes(rec)
    assert ("cards.showed_out", 2, 1) in codes
    assert ("cards.trick_count", None, None) in codes


@pytest.mark.parametrize("change,expected", [
    (lambda r: r["tricks"][3]["cards"].__setitem__(1, r["tricks"][0]["cards"][0]),
     ("cards.played_twice", 4)),
    (lambda r: r["tricks"][2]["cards"].__setitem__(2, "1Z"), ("cards.no_such_card", 3)),
    (lambda r: r["tricks"][5]["cards"].pop(), ("cards.trick_size", 6)),
    (lambda r: r["tricks"].pop(), ("cards.trick_count", None)),
    (lambda r: r["tricks"][4].__setitem__("winner", (r["tricks"][4]["winner"] + 1) % 3),
     ("cards.wrong_winner", 5)),
    (lambda r: r["tricks"][6].__setitem__("leader", (r["tricks"][6]["leader"] + 1) % 3),
     ("cards.wrong_leader", 7)),
    (lambda r: r.__setitem__("counts", [10, 0, 0]), ("cards.wrong_counts", None)),
    (lambda r: r["tricks"][0]["cards"].__setitem__(0, r["ecart"][0]), ("cards.from_ecart", 1)),
    (lambda r: r["hands"][0].pop(), ("cards.hand_size", None)),
    (lambda r: r["hands"][1].__setitem__(0, r["hands"][0][0]), ("cards.dealt_twice", None)),
    (lambda r: r["ecart"].append("AH"), ("cards.ecart_size", None)),
    (lambda r: r.__setitem__("dealer", (r["dealer"] + 1) % 3), ("cards.first_leader", 1)),
])
def test_catches_each_kind_of_broken_rule_naming_the_trick(change, expected):
    rec = _record(21)
    change(rec)
    assert expected in [(c, t) for c, t, _ in _codes(rec)]


def test_card_not_in_the_players_hand():
    rec = _record(8)
    t = rec["tricks"][0]
    other = rec["hands"][(t["leader"] + 1) % 3][0]
    if other in t["cards"]:
        other = rec["hands"][(t["leader"] + 1) % 3][1]
    t["cards"][0] = other
    assert ("cards.not_in_hand", 1, t["leader"]) in _codes(rec)


def test_cli_lists_broken_rules_with_exit_1_in_both_languages():
    rec = _record(5)
    rec["tricks"][2]["winner"] = (rec["tricks"][2]["winner"] + 1) % 3
    out = _verify(rec)
    assert out.returncode == 1 and "trick 3" in out.stdout
    out = _verify(rec, "--json", "--lang", "fr")
    assert out.returncode == 1
    problem = json.loads(out.stdout)["problems"][0]
    assert problem["code"] == "cards.wrong_winner" and problem["trick"] == 3
    assert "pli 3" in problem["message"]


@pytest.mark.parametrize("raw", [
    "not json", "[]", "{}", '{"tricks": 3}', '{"tricks": [5]}',
    '{"tricks": [{"cards": ["AH", "KH", "QH"]}]}',
    '{"dealer": 7, "tricks": []}', '{"tricks": [{"leader": "x", "cards": []}]}',
    '{"dealer": 0, "tricks": [], "counts": "many"}', '{"hands": [[]], "tricks": []}',
])
def test_refuses_junk_with_exit_2_and_one_line(raw):
    out = _verify(None, raw=raw)
    assert out.returncode == 2
    assert out.stdout == "" and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_missing_file_is_exit_2(tmp_path):
    out = run_vicaire(["verify",
                       str(tmp_path / "none.json")], capture_output=True, text=True)
    assert out.returncode == 2 and "Traceback" not in out.stderr
