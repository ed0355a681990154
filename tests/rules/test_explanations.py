"""The sentence for each deal names who arrived, who tied, what is spent, who won."""

from scorekeeper.i18n.outcomes import explain, needs_text, short
from scorekeeper.rules import Match, RuleSet, replay

PLAYERS = ("Amélie", "Bruno", "Chloé")


def sentences(*deals, lang="en", **options):
    state = replay(Match(players=PLAYERS, deals=deals, **options))
    return [explain(o, PLAYERS, lang) for o in state.outcomes]


def test_round_won_sentence():
    assert sentences((4, 3, 3), (6, 2, 2))[-1] == (
        "Amélie arrives at 10 and wins the round: 50 points.")
    assert sentences((4, 3, 3), (6, 2, 2), lang="fr")[-1] == (
        "Amélie arrive à 10 et gagne la manche\u00a0: 50 points.")


def test_tie_sentence_names_the_rule_and_what_each_must_reach():
    text = sentences((4, 4, 2), (2, 2, 6), (2, 2, 6), (2, 2, 6))[-1]
    assert "Tie: Amélie and Bruno arrive together at 10, so nobody wins" in text
    assert "Chloé also arrives at 20, but a lower total is tied." in text
    assert "Amélie must now reach 15, Bruno must now reach 15, Chloé must now reach 25" in text
    fr = sentences((5, 5, 0), (5, 5, 0), lang="fr")[-1]
    assert fr.startswith("Égalité\u00a0: Amélie et Bruno arrivent ensemble à 10")


def test_sweep_and_match_won_sentences():
    text = sentences((10, 0, 0), rules=RuleSet(target=50))[-1]
    assert text == ("Amélie takes all 10 tricks: a sweep wins the round at once, 50 points. "
                    "Amélie wins the match with 50 points!")


def test_late_arrival_sentence_and_nobody():
    texts = sentences((3, 2, 5), (2, 1, 7), (5, 2, 3))
    assert texts[0] == "Nobody arrives; the round goes on."
    assert texts[-1].endswith("Chloé also arrives, at 15, but the lowest total wins.")


def test_short_phrases():
    state = replay(Match(players=PLAYERS, deals=((5, 5, 0), (5, 5, 0), (0, 5, 5))))
    assert [short(o, PLAYERS) for o in state.outcomes] == [
        "", "tie at 10 (Amélie and Bruno)", "Bruno wins at 15: +20"]


def test_needs_text():
    assert needs_text((3, 8, 10), 7) == "3 (→10), 8 (→15) or 10 (sweep)"
    assert needs_text((7, 10), 3, "fr") == "7 (→10) ou 10 (capot)"
    assert needs_text((), 0) == "—"


def test_two_late_arrivals_make_one_sentence_in_both_languages():
    deals = ((5, 3, 2), (3, 3, 4), (3, 2, 5), (4, 2, 4))  # Bruno 10; Amélie and Chloé 15
    assert sentences(*deals)[-1] == (
        "Bruno arrives at 10 and wins the round: 50 points. "
        "Amélie and Chloé also arrive, at 15, but the lowest total wins.")
    assert sentences(*deals, lang="fr")[-1] == (
        "Bruno arrive à 10 et gagne la manche\u00a0: 50 points. "
        "Amélie et Chloé arrivent aussi, à 15, mais c'est le total le plus bas qui gagne.")
    apart = ((3, 3, 4), (3, 0, 7), (2, 5, 3), (1, 1, 8), (3, 5, 2), (8, 1, 1))
    assert sentences(*apart)[-1].endswith(
        "Amélie and Chloé also arrive, at 20 and 25, but the lowest total wins.")
