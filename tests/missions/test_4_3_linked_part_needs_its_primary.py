"""Rulebook §4.3 ("Verknüpfte Mission"): "Einige Verknüpfte Missionen setzen voraus, dass das primäre Ziel
zuerst erfüllt wird, um zur nächsten Mission zu gelangen" (Russian edition: "Иногда для перехода к следующей
связанной миссии необходимо достичь главной цели текущей миссии"). Which parts, and what happens instead, the
text leaves open [gap]: a part's file says it (`next_needs_primary`); played linked or in the campaign, such a
part with a primary objective not met is played again from where it began. Other parts go on whatever their
objectives (the boat not lost). The campaign's "at least an E to go on" (§4.3) is checked as before."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.career import career_lines, load_career, record_mission, save_career, start_configured
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text
from kaleun.uboot.missions.setup import GameSetup, changes_for, start_game
from missionkit import MISSION_TOML, advance, catalogue_refused, do, one

H = 3600.0
HERE = {"id": "here", "kind": "reach", "square": "AK52", "text": "Be in AK52."}  # where shadow_1941 starts
FAR = {"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}    # out of reach in an hour


def short_part(mission: str, mode: str, objectives: list[dict[str, Any]], seed: int = 3,
               carry: dict[str, Any] | None = None, before: tuple[dict[str, Any], ...] = (), **more: Any
               ) -> tuple[Any, dict[str, Any]]:
    """A part of a linked patrol shortened to an hour, its primary objectives replaced, run to its end."""
    setup = GameSetup(mission=mission, seed=seed, mode=mode, carry=carry)
    g = new_game(seed, mission, {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                 "air_cover": "none", "par_grt": 0, "objective": objectives, **more})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    for action in before:
        do(g, action)
    end = one(advance(g, 2 * H), "mission_end")
    assert end["reason"] == "time_limit"
    return g, end


def test_4_3_the_shipped_patrols_say_which_part_needs_its_primary_objective():
    missions = catalogue().missions
    assert missions["shadow_1941"].get("next_needs_primary") is True
    assert not missions["sc_convoy_1940"].get("next_needs_primary")


def test_4_3_a_linked_part_that_needs_its_primary_objective_is_played_again_until_it_is_met(home):
    g, end = short_part("shadow_1941", "linked", [HERE, FAR])
    assert end["result"] == "lost" and end["part_again"] is True
    assert "this part is played again from where it began" in end["feed"]
    assert record_mission(g) is not None
    record = load_career()
    assert record["patrol"] == {"id": "spring_1941", "mode": "linked", "from": "shadow_1941", "next": "shadow_1941",
                                "carry": None}
    assert any("Linked patrol Spring 1941 plays Contact keeper again (linked): a primary objective was not met."
               in line for line in career_lines(record))
    # the next evening's `kaleun resume` of the ended part says the same, not that the patrol goes on
    from kaleun.saves import save_game
    from kit import run_kaleun

    save_game(g, home / "autosave.json")
    resumed = run_kaleun("resume", "--console", home=home)
    assert resumed.returncode == 2
    assert ("the linked patrol Spring 1941 plays Contact keeper again (a primary objective was not met): kaleun play "
            "--linked.") in resumed.stderr, resumed.stderr
    # the next evening: the same part again, a fresh boat from its base with its refill kit for part 2 (§5.2)
    again = start_configured(GameSetup(mission="", seed=5, mode="linked"))
    assert again.config["mission"] == "shadow_1941"
    assert not [e for e in again.take_events() if e.name == "carried_over"]
    assert again.module("crew").health.kits == 1
    # met this time: the patrol goes on to its next part
    g, end = short_part("shadow_1941", "linked", [HERE], seed=5)
    assert end["result"] == "won" and "part_again" not in end
    record_mission(g)
    assert load_career()["patrol"]["next"] == "agents_1941"


def test_4_3_a_part_played_again_starts_with_what_the_boat_began_it_with(home):
    """The carry-over the part began with, not what the failed attempt left (torpedoes spent, the dead)."""
    from kaleun.uboot.missions.carry import extract

    first = start_game(GameSetup(mission="sc_convoy_1940", seed=1, mode="linked"))
    began = extract(first)
    g, end = short_part("weather_1940", "linked", [{**FAR, "square": "AE76"}], carry=began, next_needs_primary=True,
                        before=({"do": "kill", "figure": "engineer-square", "why": "washed overboard"},))
    assert end["part_again"] is True and g.module("crew").sailor("engineer-square", 0).dead
    record_mission(g)
    patrol = load_career()["patrol"]
    assert patrol["next"] == "weather_1940" and patrol["carry"] == began


def test_4_3_a_part_without_the_rule_goes_on_with_its_primary_objective_not_met(home):
    g, end = short_part("sc_convoy_1940", "linked", [HERE])  # AK52: far from where sc_convoy_1940 starts
    assert end["result"] == "lost" and "part_again" not in end
    assert "played again" not in end["feed"]
    record_mission(g)
    assert load_career()["patrol"]["next"] == "weather_1940"


def test_4_3_a_single_mission_is_not_held_back():
    g, end = short_part("shadow_1941", "single", [HERE, FAR])
    assert "part_again" not in end and not g.module("mission").part_again()


def campaign_at_shadow() -> None:
    record = load_career()
    record["campaign"] = {"state": "running", "started": "2025-03-14T20:00:00", "done": ["prize_rules_1939"],
                          "next": "shadow_1941", "score": 1528, "fame": 1000, "grt": 10553, "grades": ["B"],
                          "patrol": None}
    save_career(record)


def test_4_3_in_the_campaign_the_part_is_played_again_and_counts_once(home):
    """The campaign plays linked missions by their rules (§4.3): a D goes on, but not past this part."""
    campaign_at_shadow()
    g, end = short_part("shadow_1941", "campaign", [HERE, FAR])
    assert end["grade"] == "D" and end["part_again"] is True
    assert record_mission(g) is not None
    record = load_career()
    campaign = record["campaign"]
    assert campaign["state"] == "running" and campaign["next"] == "shadow_1941"
    assert campaign["done"] == ["prize_rules_1939"] and campaign["grades"] == ["B"] and campaign["score"] == 1528
    assert campaign["patrol"]["next"] == "shadow_1941" and campaign["patrol"]["carry"] is None
    assert record["missions"][-1]["mission"] == "shadow_1941" and record["missions"][-1]["mode"] == "campaign"
    assert start_configured(GameSetup(mission="", seed=6, mode="campaign")).config["mission"] == "shadow_1941"


def test_4_3_in_the_campaign_an_f_ends_it_even_where_the_part_would_be_played_again(home):
    """"Zusätzlich müsst ihr am Ende einer Mission mindestens ein ‚E‘ erreicht haben, um weitermachen zu
    können" (Russian: "оценку не ниже «Е»"): an F ends the campaign; no part is played again."""
    campaign_at_shadow()
    g, end = short_part("shadow_1941", "campaign", [FAR])
    assert end["grade"] == "F" and "part_again" not in end
    record_mission(g)
    campaign = load_career()["campaign"]
    assert campaign["state"] == "failed" and campaign["grades"] == ["B", "F"] and campaign["patrol"] is None


GOOD = MISSION_TOML.replace('briefing = "A test."\n', 'briefing = "A test."\nnext_needs_primary = true\n')


def test_4_3_next_needs_primary_is_refused_on_a_mission_outside_a_patrol_or_on_its_last_part(tmp_path, monkeypatch):
    with pytest.raises(MissionError) as err:
        check_text(GOOD, "mine.toml", "mine")
    assert err.value.problems == ["mine.toml:7: mine: next_needs_primary needs patrol: only a part of a linked "
                                  "patrol has a next part"]
    from kaleun.uboot.missions import catalogue as cat

    data = tmp_path / "data"
    (data / "missions").mkdir(parents=True)
    (data / "missions.toml").write_text("")
    (data / "missions" / "one.toml").write_text(GOOD.replace("next_needs_primary = true",
                                                                 'patrol = "p"\npart = 1\npatrol_name = "P"'))
    (data / "missions" / "two.toml").write_text(GOOD.replace("next_needs_primary", 'patrol = "p"\npart = 2\n'
                                                             'next_needs_primary'))
    monkeypatch.setattr(cat.resources, "files", lambda package: data)
    problems = catalogue_refused(monkeypatch)
    assert problems == ["missions/two.toml:1: two: next_needs_primary on the last part of patrol 'p': "
                                  "it has no next part"]
