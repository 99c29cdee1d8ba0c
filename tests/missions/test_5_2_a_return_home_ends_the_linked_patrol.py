"""Rulebook §4.2 (return to base) with §5.2 (linked missions): the rulebook says a return ends the game before the
mission's time is up and leaves open what it means for a linked patrol's parts still to come [gap]. Our choice
(mission_rules.toml [linked] `return_home_ends_patrol`): the patrol is the voyage, so the boat home ends the linked
patrol. The end names the parts not sailed and says the career record books nothing for them; the record's patrol
ends (the next `kaleun play --linked` begins a new patrol, and never finds the boat at sea again, damaged and
depleted, after it was home); `kaleun run` and a later `kaleun run --load` say so. The campaign goes through every
mission (§4.3): after a return home its next part sails refitted from its base, with no carry-over."""

from __future__ import annotations

import pytest
from kaleun.career import CareerError, career_lines, load_career, record_mission, save_career, start_configured
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import read_events, run_kaleun, write_script
from missionkit import advance, do, one

H = 3600.0
#: the boat starts a hundred miles off Lorient (home in about seven hours), the sea quiet
NEAR_HOME = {"encounter": [], "radio": [], "air_cover": "none", "position": [47.0, -6.0]}
ENDED = ("The return home ends the linked patrol Autumn 1940: its part Weather boat is not sailed, and the career "
         "record books nothing for it.")
BY_RUN = ("the return home ended the linked patrol Autumn 1940, its part Weather boat not sailed: start a new game "
          "with kaleun play.")
HOME_OBJECTIVE = [{"id": "home", "kind": "return", "text": "Bring the boat home."}]


def sail_home(mission: str, setup: GameSetup, changes: dict | None = None):
    """A game of `mission` set up as `setup`, sent home at once and played until it ends; its `mission_end`."""
    g = new_game(setup.seed, mission, {**changes_for(setup), **NEAR_HOME, **(changes or {})})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    assert one(do(g, {"do": "return_to_base"}), "return_to_base")["base"] == g.module("mission").spec["base"]
    return g, one(advance(g, 24 * H), "mission_end")


def test_5_2_a_part_ended_by_the_return_home_ends_the_linked_patrol_and_names_the_part_not_sailed(home):
    g, end = sail_home("sc_convoy_1940", GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    assert (end["result"], end["reason"]) == ("returned", "returned")
    assert end["feed"].startswith("The boat is home in Lorient.") and end["feed"].endswith(ENDED), end["feed"]
    assert "goes on" not in end["feed"]
    entry = record_mission(g)
    assert entry is not None and entry["mission"] == "sc_convoy_1940"
    record = load_career()
    assert record["patrol"] is None and record["totals"]["missions"] == 1  # the part not sailed is not booked
    assert not any(line.startswith("Linked patrol") for line in career_lines(record))
    with pytest.raises(CareerError, match="no linked patrol is in progress"):
        start_configured(GameSetup(mission="", seed=3, mode="linked"))
    fresh = start_configured(GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))  # a new patrol, afresh
    assert not [e for e in fresh.take_events() if e.name == "carried_over"]


def test_5_2_a_won_part_brought_home_ends_the_patrol_too(home):
    """A part whose primary objective is met and whose boat is home (won) ends the patrol as well."""
    g, end = sail_home("sc_convoy_1940", GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"),
                       {"objective": HOME_OBJECTIVE, "par_grt": 0})
    assert end["result"] == "won" and end["feed"].endswith(ENDED), end["feed"]
    assert record_mission(g) is not None and load_career()["patrol"] is None


def test_4_3_a_part_that_needs_its_primary_is_not_played_again_after_a_return_home(home):
    """§4.3 plays a part again when its primary objective is not met; a return home ends the patrol instead."""
    g, end = sail_home("shadow_1941", GameSetup(mission="shadow_1941", seed=1, mode="linked"))
    assert end["reason"] == "returned" and not end.get("part_again")
    assert not g.module("mission").part_again()
    assert "played again" not in end["feed"] and "The return home ends the linked patrol Spring 1941" in end["feed"]
    assert record_mission(g) is not None and load_career()["patrol"] is None


def test_5_2_with_the_other_choice_the_next_part_sails_refitted(home, monkeypatch):
    """mission_rules.toml [linked] `return_home_ends_patrol = false`: the patrol goes on, the boat refitted."""
    monkeypatch.setattr("kaleun.uboot.missions.carry.home_ends_patrol", lambda: False)
    g, end = sail_home("sc_convoy_1940", GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    assert end["feed"].endswith("The linked patrol Autumn 1940 goes on with Weather boat: the boat is home, so it "
                                "sails again refitted, with a fresh crew and full stores."), end["feed"]
    record_mission(g)
    patrol = load_career()["patrol"]
    assert patrol["next"] == "weather_1940" and patrol["carry"] is None
    nxt = start_configured(GameSetup(mission="", seed=5, mode="linked"))
    assert nxt.config["mission"] == "weather_1940"
    assert not [e for e in nxt.take_events() if e.name == "carried_over"]


def test_4_3_the_campaign_goes_on_after_a_return_home_with_the_next_part_refitted(home):
    record = load_career()
    record["campaign"] = {"state": "running", "started": "2025-03-14T20:00:00", "done": [], "next": "sc_convoy_1940",
                          "score": 0, "fame": 0, "grt": 0, "grades": [], "patrol": None}
    save_career(record)
    started = start_configured(GameSetup(mission="", seed=3, mode="campaign"))
    g, end = sail_home("sc_convoy_1940", GameSetup(mission="sc_convoy_1940", seed=3, mode="campaign",
                                                   campaign="2025-03-14T20:00:00"),
                       {**started.config["changes"], "objective": HOME_OBJECTIVE, "par_grt": 0})
    assert end["result"] == "won" and end["feed"].endswith(
        "The campaign goes on with Weather boat: the boat is home, so it sails again refitted, with a fresh crew and "
        "full stores."), end["feed"]
    record_mission(g)
    campaign = load_career()["campaign"]
    assert campaign["next"] == "weather_1940" and campaign["patrol"]["carry"] is None
    nxt = start_configured(GameSetup(mission="", seed=5, mode="campaign"))
    assert nxt.config["mission"] == "weather_1940"
    assert not [e for e in nxt.take_events() if e.name == "carried_over"]


def test_5_2_kaleun_run_and_a_later_load_say_the_return_home_ended_the_patrol(home):
    """By table script, the real mission (its aircraft may interrupt the passage: the crew heads home again)."""
    script = write_script(home / "home.jsonl", [{"t": 0, "do": "crew_options", "rules": "advise", "wear": False},
                                                *({"t": h * 3600, "do": "return_to_base"} for h in range(0, 72, 2)),
                                                {"t": 90 * 3600, "do": "end"}])
    save = home / "part1.json"
    run = run_kaleun("run", "--linked", "--mission", "sc_convoy_1940", "--script", str(script), "--events",
                     str(home / "ev.jsonl"), "--save", str(save), home=home)
    assert run.returncode == 0, run.stderr
    assert one(read_events(home / "ev.jsonl"), "mission_end")["feed"].endswith(ENDED)
    assert f"kaleun run: {BY_RUN}" in run.stderr, run.stderr
    assert load_career()["patrol"] is None
    later = run_kaleun("run", "--load", str(save), "--script", str(write_script(home / "none.jsonl", [])),
                       "--events", str(home / "ev2.jsonl"), home=home)
    assert f"kaleun run: {BY_RUN}" in later.stderr, later.stderr
    resumed = run_kaleun("resume", "--save", str(save), home=home)
    assert BY_RUN in resumed.stderr.replace("\n", " "), resumed.stderr
    # the result and the reason in words, not the codes ("returned: returned"), in the table's language too, and
    # the reason says what the result does not (not "heimgekehrt: heimgekehrt nach dem Rückmarsch")
    assert "that mission is over (returned: the mission not won)" in resumed.stderr, resumed.stderr
    assert "was over before the run (returned: the mission not won)" in later.stderr, later.stderr
    german = run_kaleun("resume", "--save", str(save), "--language", "de", home=home)
    assert "(heimgekehrt: Mission nicht erfüllt)" in german.stderr, german.stderr
    russian = run_kaleun("resume", "--save", str(save), "--language", "ru", home=home)
    assert "(возвращение: миссия не выполнена)" in russian.stderr, russian.stderr


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_2_the_windows_debrief_says_the_return_home_ended_the_patrol_whole(home, language):
    """The window's debrief shows the `mission_end` line under its headline, whole on the 7" screen."""
    from test_5_2_a_part_lost_with_the_boat_ends_the_patrol import debrief_cut

    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), **NEAR_HOME})
    told, cut = debrief_cut(g, language, [{"do": "crew_options", "rules": "advise", "wear": False},
                                          {"do": "return_to_base"}])
    assert g.module("mission").reason == "returned"
    title = {"en": "Weather boat", "de": "Wetterboot", "ru": "Метеоразведчик"}[language]
    assert title in told and cut == [], (told, cut)
