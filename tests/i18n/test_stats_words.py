"""Why the statistics' records and head-to-head table show nothing, in both languages: each
case words what would show some (the bots' matches, the search, the season), as the
statistics' own empty line does."""

from __future__ import annotations

import pytest

from scorekeeper.i18n.stats import none_shown

NBSP = "\u00a0"


@pytest.mark.parametrize(("lang", "records", "bots", "season", "needle", "said"), [
    ("en", True, 2, True, "x", "No record among the matches counted. 2 matches played by the "
                               "bots are left out: b on the Statistics screen counts them."),
    ("en", False, 1, False, "", "No finished match among the matches counted. 1 match played "
                                "by the bots is left out: b on the Statistics screen counts it."),
    ("en", True, 0, True, "Zoé", "No record among the matches with “Zoé”."),
    ("en", False, 0, False, "Zoé", "No finished match with “Zoé”."),
    ("en", True, 0, True, "", "No record was set in this season."),
    ("en", False, 0, True, "", "No match was finished in this season."),
    ("en", True, 0, False, "", "No record yet: the records come with the first round won."),
    ("en", False, 0, False, "", "No finished match yet."),
    ("fr", True, 1, False, "", f"Aucun record parmi les parties comptées. 1 partie jouée par "
                               f"les robots est laissée de côté{NBSP}: b sur l'écran "
                               f"Statistiques la compte."),
    ("fr", False, 3, False, "", f"Aucune partie terminée parmi les parties comptées. 3 parties "
                                f"jouées par les robots sont laissées de côté{NBSP}: b sur "
                                f"l'écran Statistiques les compte."),
    ("fr", True, 0, False, "Zoé", f"Aucun record parmi les parties avec «{NBSP}Zoé{NBSP}»."),
    ("fr", False, 0, False, "Zoé", f"Aucune partie terminée avec «{NBSP}Zoé{NBSP}»."),
    ("fr", True, 0, True, "", "Aucun record n'a été établi sur cette période."),
    ("fr", False, 0, True, "", "Aucune partie n'a été terminée sur cette période."),
])
def test_an_empty_record_or_head_to_head_says_why(lang, records, bots, season, needle, said):
    assert none_shown(lang, records, bots, season, "b", needle) == said
