"""Rulebook §4.1 ("you lose the game together": a lost boat is graded F) and §4.3 (the campaign goes on with an E or
better; fame and GRT totals kept): a boat lost after it met its primary objective keeps its score in the debrief, and
the career record says plainly what happened. Its mission's line reads "boat lost", not the "lost" of a mission whose
time ran out (that one reads "failed"), and the totals line says how much of the score and GRT lost boats brought
(mission_rules.toml [career] `lost_boat_counts`, our choice: counted, and said so)."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.career import career_lines, career_messages, load_career, record_mission
from kaleun.core.engine import Engine
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.uboot.missions import scoring
from kaleun.uboot.missions.catalogue import catalogue
from missionkit import advance, do, one

MISSION = "prize_rules_1939"


def played(lose_the_boat: bool) -> Engine:
    """prize_rules_1939 cut to ten hours, its one primary objective met where the boat starts; then the boat is lost
    (two sections flooded) or the time runs out with the objective met (won)."""
    here = {"id": "here", "kind": "reach", "square": catalogue().missions[MISSION]["square"], "text": "Be here."}
    changes: dict[str, Any] = {"time_limit_h": 10, "encounter": [], "radio": [], "air_cover": "none",
                               "traffic": "none", "objective": [here]}
    g = new_game(0, MISSION, changes)
    g.take_events()
    advance(g, 1800.0)
    if lose_the_boat:
        do(g, {"do": "damage", "kind": "hull_breach", "section": 2})
        do(g, {"do": "damage", "kind": "hull_breach", "section": 5})
    end = one(advance(g, 11 * 3600.0), "mission_end")
    assert end["objectives"][0]["met"]
    return g


def failed_at_its_time_limit() -> Engine:
    """The same mission with its objective out of reach: the time runs out, the boat comes home (not lost)."""
    far = {"id": "far", "kind": "reach", "square": "AE76", "text": "Be far away."}
    g = new_game(1, MISSION, {"time_limit_h": 2, "encounter": [], "radio": [], "air_cover": "none",
                              "traffic": "none", "objective": [far]})
    g.take_events()
    end = one(advance(g, 3 * 3600.0), "mission_end")
    assert (end["result"], end["reason"]) == ("lost", "time_limit")
    return g


def test_4_1_a_boat_lost_with_its_primary_met_is_graded_f_and_keeps_its_score_in_the_debrief(home):
    g = played(lose_the_boat=True)
    final = g.module("mission").final
    assert (g.module("mission").result, final["grade"], final["score"]) == ("lost", "F", 1000)
    assert not scoring.passes_campaign(final["grade"])  # §4.3: the campaign ends with it


def test_4_3_the_career_says_which_mission_lost_the_boat_and_which_failed_at_its_time_limit(home):
    record_mission(played(lose_the_boat=False))
    record_mission(played(lose_the_boat=True))
    record_mission(failed_at_its_time_limit())
    lines = career_lines(load_career())
    assert lines[0] == ("Career: 3 missions, score 2,000, fame 2,000, 0 GRT in 0 ships sunk, 32 sailors lost. 1 boat "
                        "lost, its score 1,000 and 0 GRT counted."), lines
    rows = [line.split()[1:4] for line in lines if line.startswith("      ")]  # each mission's second line
    assert rows == [["won", "grade", "C"], ["boat", "lost", "grade"], ["failed", "grade", "F"]], lines


@pytest.mark.parametrize(("code", "said", "word"), [
    ("de", "1 Boot verloren, seine 1.000 Punkte und 0 BRT mitgezählt.",
     "Boot verloren"),
    ("ru", "1 лодка погибла, её очки 1\u00a0000 и 0 БРТ учтены.", "лодка погибла")])
def test_4_3_the_lost_boat_is_said_in_german_and_russian(home, code, said, word):
    record_mission(played(lose_the_boat=True))
    lines = [language(code).render(m) for m in career_messages(load_career())]
    assert lines[0].endswith(said), lines
    assert word in lines[-1], lines


def test_4_3_a_lost_boats_score_stays_out_of_the_totals_when_the_rules_say_so(home, monkeypatch):
    monkeypatch.setitem(scoring.RULES["career"], "lost_boat_counts", False)
    record_mission(played(lose_the_boat=False))
    record_mission(played(lose_the_boat=True))
    record = load_career()
    assert (record["totals"]["score"], record["totals"]["missions"], record["totals"]["crew_lost"]) == (1000, 2, 32)
    assert [m["score"] for m in record["missions"]] == [1000, 1000]  # the mission's own line keeps its score
    assert career_lines(record)[0].endswith("1 boat lost, its score 1,000 and 0 GRT not counted.")


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_3_the_window_set_up_shows_the_career_line_with_a_lost_boat_whole(home, code):
    """Page two of the window's set-up shows the career's totals under the crew's choices: with a boat lost, the
    line saying so is drawn whole at 800x480 in every language."""
    from window.fingers import choose_mission, shown
    from window.test_setup_screen import set_up_window

    record_mission(played(lose_the_boat=True))
    table, _ = set_up_window(code)
    choose_mission(table, "prize_rules_1939")
    table.tap("setup.next")
    table.window.cut.clear()
    table.render()
    said = " ".join(" ".join(shown(table)).split())
    assert {"en": "1 boat lost, its score", "de": "1 Boot verloren, seine",
            "ru": "1 лодка погибла, её очки"}[code] in said, said
    assert not table.window.cut, table.window.cut


def test_4_3_a_campaign_that_lost_its_boat_says_so(home):
    """§4.3: an F ends the campaign; the career's campaign line says the boat was lost, not only "graded below E"."""
    from kaleun.career import start_configured
    from kaleun.uboot.missions.setup import GameSetup

    started = start_configured(GameSetup(mission="", mode="campaign"))
    here = {"id": "here", "kind": "reach", "square": catalogue().missions[MISSION]["square"], "text": "Be here."}
    g = new_game(started.seed, MISSION, {**started.config["changes"], "time_limit_h": 10, "encounter": [],
                                         "radio": [], "air_cover": "none", "traffic": "none", "objective": [here]})
    g.take_events()
    advance(g, 1800.0)
    do(g, {"do": "damage", "kind": "hull_breach", "section": 2})
    do(g, {"do": "damage", "kind": "hull_breach", "section": 5})
    end = one(advance(g, 11 * 3600.0), "mission_end")
    assert (end["grade"], end.get("campaign_over")) == ("F", True)
    record_mission(g)
    record = load_career()
    assert record["campaign"]["state"] == "failed"
    lines = career_lines(record)
    assert ": ended: the boat was lost (grade F). 1 mission (F)" in lines[1], lines
    assert "окончена: лодка погибла (оценка F)" in language("ru").render(career_messages(record)[1])
