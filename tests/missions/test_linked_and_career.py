"""Linked missions (rulebook §5.2, §8.6, §10.3.8): crew health, the dead, torpedoes and ammunition, technical
damage, flooded sections and supplies carry over to the next part, across a save and a restart; the career
record and the campaign (§4.3: E or better to go on)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from kaleun.boards.loader import default_board
from kaleun.career import CareerError, career_lines, career_path, load_career, record_mission, start_configured
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.saves import load_saved_game, save_game
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import HOST, read_events, run_kaleun, write_script
from missionkit import advance, do, named, one, order, spend_refill_kit

H = 3600.0
SCRIPTS = Path(__file__).resolve().parent / "scripts"
DEAD = ["captain-circle/1", "captain-hexagon/1", "engineer-square/1"]


def first_part_ended(home: Path) -> tuple[dict, int]:
    """Part 1 of the autumn 1940 patrol, shortened to two hours, with losses, damage and torpedoes spent."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                                       "air_cover": "none"})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    assert g.module("crew").health.kits == 1  # one refill kit for the second part (§5.2)
    do(g, {"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    do(g, {"do": "damage", "kind": "hull_breach", "section": 1})
    order(g, "flood_tubes", tubes=[2])
    advance(g, 600)  # the breach floods section 1 unrepaired
    order(g, "tdc", source="manual", bearing=10, range_m=2000, course=90, speed_kn=8)
    order(g, "fire_torpedoes", tubes=[2])
    spend_refill_kit(g)
    left = g.module("weapons").torpedoes_left()
    end = one(advance(g, 2 * H), "mission_end")
    assert end["reason"] == "time_limit"
    assert g.module("crew").breaches.flooded == [1]
    entry = record_mission(g)
    assert entry is not None and entry["mission"] == "sc_convoy_1940" and entry["mode"] == "linked"
    return load_career(), left


def test_5_2_what_carries_over_to_the_next_part_across_a_save_and_a_restart(home):
    record, torpedoes = first_part_ended(home)
    assert record["patrol"]["next"] == "weather_1940" and career_path().exists()
    # the next evening: a new game of the next part, from the record on disk
    g = start_configured(GameSetup(mission="", seed=5, mode="linked"))
    assert g.config["mission"] == "weather_1940"
    events = [e.to_json() for e in g.take_events()]
    carried = one(events, "carried_over")
    assert carried["mission"] == "sc_convoy_1940"
    # engineer-square was killed; the two captain's men in the bow room drowned when it flooded
    assert carried["dead"] == DEAD and carried["flooded"] == [1]
    assert carried["torpedoes"] == torpedoes and carried["kits"] == 0
    assert "3 sailors are dead: take their figures off the model." in carried["feed"]
    crew = g.module("crew")
    assert crew.sailor("engineer-square", 0).dead and crew.pos["engineer-square"] is None
    assert crew.breaches.flooded == [1] and all(p != 1 for p in crew.pos.values())
    # the equipment kept in the flooded bow room (the water pump) is gone; the rest is where it starts
    assert crew.hazards.items["water_pump"] is None
    assert crew.hazards.items["extinguisher"] == 5 and crew.hazards.items["toolbox_1"] == 2
    assert g.module("technical").job("periscope").severity == "failure"
    weapons = g.module("weapons")
    assert weapons.torpedoes_left() == torpedoes and weapons.tubes[2]["torpedo"] is None
    assert crew.health.kits == 0
    # saved and resumed, the part goes on the same
    save_game(g, home / "part2.json")
    again = load_saved_game(home / "part2.json")
    assert again.module("crew").sailor("engineer-square", 0).dead
    assert again.module("crew").breaches.flooded == [1] and again.module("weapons").torpedoes_left() == torpedoes
    assert [e.to_json() for e in again.advance_to(6 * H)] == [e.to_json() for e in g.advance_to(6 * H)]


def test_5_2_the_carry_over_replays_from_the_command_line(home):
    first_part_ended(home)
    carry = home / "carry.json"
    carry.write_text(json.dumps({"carry": load_career()["patrol"]["carry"]}))
    script = write_script(home / "s.jsonl", [{"t": 60, "do": "report"}])
    out = home / "events.jsonl"
    result = run_kaleun("run", "--mission", "weather_1940", "--changes", f"@{carry}", "--script", str(script),
                        "--events", str(out), home=home)
    assert result.returncode == 0, result.stderr
    events = read_events(out)
    assert named(events, "carried_over")[0]["dead"] == DEAD
    report = named(events, "report")[0]
    assert report["crew"]["flooded"] == [1]


def replay(game, mission: str, kind: str):
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(SCRIPTS / f"{mission}.{kind}.jsonl")
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_4_3_the_campaign_goes_on_with_e_or_better_and_ends_with_f(home):
    g = start_configured(GameSetup(mission="", mode="campaign"))
    assert g.config["mission"] == "prize_rules_1939"
    replay(g, "prize_rules_1939", "win")
    record_mission(g)
    record = load_career()
    assert record["campaign"]["next"] == "minefield_1939" and record["campaign"]["state"] == "running"
    with pytest.raises(CareerError, match="the campaign goes on with minefield_1939"):
        start_configured(GameSetup(mission="gibraltar_1941", mode="campaign"))
    g = start_configured(GameSetup(mission="", mode="campaign"))
    assert g.config["mission"] == "minefield_1939"
    end = one(replay(g, "minefield_1939", "lose"), "mission_end")
    assert end["grade"] == "F"
    record_mission(g)
    record = load_career()
    assert record["campaign"]["state"] == "failed" and record["campaign"]["grades"] == ["B", "F"]
    assert record["totals"]["missions"] == 2 and record["totals"]["ships"] == 2
    lines = career_lines(record)
    assert lines[0].startswith("Career: 2 missions")
    assert "Campaign (since" in lines[1] and "ended: a mission was graded below E" in lines[1]
    assert lines[1].endswith("2 missions (B F), score 1,528, fame 1,000, 10,553 GRT.")  # its fame and GRT totals
    shown = run_kaleun("career", home=home)
    assert shown.returncode == 0 and "prize_rules_1939" in shown.stdout and "grade F" in shown.stdout
    # host/README.md's `kaleun career` is this campaign as the command prints it (but the day it was played)
    text = (HOST / "README.md").read_text(encoding="utf-8")
    readme = text[text.index("$ kaleun career\n") + len("$ kaleun career\n"):]
    readme = readme[:readme.index("```")]
    dated = re.compile(r"\d{1,2} [A-Z][a-z]+ \d{4} *")  # "14 March 2025", "14 Mar 2025 " (a column)
    assert dated.sub("DAY", readme).splitlines() == dated.sub("DAY", shown.stdout).splitlines()


def test_a_mission_is_booked_once_and_a_damaged_record_is_refused_and_kept(home):
    g = start_configured(GameSetup(mission="prize_rules_1939"))
    replay(g, "prize_rules_1939", "win")
    assert record_mission(g) is not None
    assert record_mission(g) is None
    path = career_path()
    path.write_text("{broken")
    with pytest.raises(CareerError, match="the career record is damaged"):
        load_career()
    assert path.read_text() == "{broken"
    result = run_kaleun("career", home=home)
    assert result.returncode == 2 and "the file was kept as it is" in result.stderr


def test_5_2_a_single_mission_or_a_campaign_played_in_between_leaves_the_linked_patrol_as_it_was(home):
    """§5.2: a linked patrol is played over several evenings; a group that plays something else in between
    (a single mission, a mission of its campaign) still finds its patrol where it left it."""
    record, torpedoes = first_part_ended(home)
    waiting = record["patrol"]
    single = start_configured(GameSetup(mission="torpedo_crisis_1940"))
    replay(single, "torpedo_crisis_1940", "win")
    assert record_mission(single) is not None
    campaign = start_configured(GameSetup(mission="", mode="campaign"))
    replay(campaign, "prize_rules_1939", "win")
    assert record_mission(campaign) is not None
    record = load_career()
    assert record["patrol"] == waiting and record["campaign"]["next"] == "minefield_1939"
    g = start_configured(GameSetup(mission="", seed=5, mode="linked"))
    assert g.config["mission"] == "weather_1940"
    carried = one([e.to_json() for e in g.take_events()], "carried_over")
    assert carried["dead"] == DEAD and carried["torpedoes"] == torpedoes


def test_4_3_the_campaign_keeps_its_own_patrol_beside_a_linked_one(home):
    """§4.3 with §5.2: the campaign reaches a linked patrol's first part while the group has another linked
    patrol going; each keeps its own carry-over."""
    first_part_ended(home)  # autumn_1940, linked
    record = load_career()
    record["campaign"] = {"state": "running", "started": "2025-03-14T20:00:00", "done": [], "next": "sc_convoy_1940",
                          "score": 0, "fame": 0, "grt": 0, "grades": [], "patrol": None}
    from kaleun.career import save_career

    save_career(record)
    g = start_configured(GameSetup(mission="", seed=3, mode="campaign"))
    assert g.config["mission"] == "sc_convoy_1940"
    assert not named([e.to_json() for e in g.take_events()], "carried_over")  # not the linked one
    # the campaign's part 1, shortened to an hour and won where it starts (a grade to go on with)
    setup = GameSetup(mission="sc_convoy_1940", seed=4, mode="campaign")
    g = new_game(4, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                       "air_cover": "none", "par_grt": 0,
                                       "objective": [{"id": "here", "kind": "reach", "square": "AL03",
                                                      "text": "Be in AL03."}]})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    assert one(advance(g, 2 * H), "mission_end")["reason"] == "time_limit"
    assert record_mission(g) is not None
    record = load_career()
    assert record["patrol"]["mode"] == "linked" and record["patrol"]["carry"]["flooded"] == [1]
    assert record["campaign"]["patrol"]["mode"] == "campaign" and record["campaign"]["patrol"]["carry"]["flooded"] == []
    lines = career_lines(record)
    assert sum("goes on with Weather boat" in line for line in lines) == 2


def test_5_2_wounds_provisions_cigarettes_ammunition_and_the_medical_chest_carry_over(home):
    """§5.2: besides the dead, the torpedoes and the flooding, a sailor's ailment card with its chips, the
    provision pyramid as the meals left it, the cigarettes smoked, the guns' rounds spent and the medical
    supplies used go on to the next part."""
    setup = GameSetup(mission="sc_convoy_1940", seed=6, mode="linked")
    g = new_game(6, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                                       "air_cover": "none", "ammo": {"gun_88": 57, "gun_20": 410}})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "event", "wounds": 1, "exhaustion": 2})
    assert one(order(g, "prepare_meal", take=[1, 2, 3]), "order_accepted")
    replaced = one(order(g, "prepare_meal", replace=4), "provisions_replaced")["old"]  # a chip to the discards
    order(g, "mobilize")
    do(g, {"do": "place", "figure": "officer-square", "section": 8})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "chips", "figure": "officer-square", "add": 1})
    assert named(do(g, {"do": "smoke", "role": "officer"}), "smoke_break")
    spend_refill_kit(g)
    crew = g.module("crew")
    assert crew.cigarettes.left["officer"] == 1 and crew.health.kits == 0
    before = {"ailments": [dict(a) for a in crew.sailor("navigator-square", 0).ailments],
              "food": {k: v for k, v in crew.food.to_state().items() if k in ("pyramid", "supply", "discard",
                                                                             "spoiled")},
              "cigarettes": dict(crew.cigarettes.left), "health": crew.health.to_state()}
    assert before["ailments"] and before["food"]["discard"] == [replaced]
    one(advance(g, 3 * H), "mission_end")
    assert record_mission(g) is not None
    nxt = start_configured(GameSetup(mission="", seed=7, mode="linked"))
    carried = one([e.to_json() for e in nxt.take_events()], "carried_over")
    assert "navigator-square/1" in carried["wounded"]
    assert carried["ammo"] == {"gun_88": 57, "gun_20": 410}
    crew = nxt.module("crew")
    assert [dict(a) for a in crew.sailor("navigator-square", 0).ailments] == before["ailments"]
    assert {k: v for k, v in crew.food.to_state().items() if k in before["food"]} == before["food"]
    assert crew.cigarettes.left == before["cigarettes"]
    assert crew.health.to_state() == before["health"]
    assert nxt.module("weapons").ammo == {"gun_88": 57, "gun_20": 410}



def test_9_4_3_5_2_spoiled_food_stays_spoiled_in_the_next_part():
    """§9.4.3 with §5.2: a food type that spoiled in one part is gone for the rest of the patrol, and the
    discards wait for the next refill: the next part starts with the same provisions, to the chip."""
    from kaleun.uboot.missions.carry import apply_carry, extract

    g = new_game(6, "sc_convoy_1940", {"time_limit_h": 2, "encounter": [], "radio": [], "air_cover": "none"})
    carry = extract(g)
    food = carry["food"]
    food["spoiled"] = ["meat"]  # as _spoil leaves it: no meat anywhere, the old discards are the supply
    food["pyramid"] = [k for k in food["pyramid"] if k != "meat"]
    food["pyramid"] += ["bread"] * (6 - len(food["pyramid"]))
    food["supply"] = [k for k in food["supply"] if k != "meat"]
    food["discard"], food["supply"] = food["supply"][:3], food["supply"][3:]
    nxt = new_game(7, "sc_convoy_1940", {"time_limit_h": 2, "encounter": [], "radio": [], "air_cover": "none"})
    apply_carry(nxt, carry)
    state = nxt.module("crew").food.to_state()
    assert {k: state[k] for k in food} == food and state["spoiled"] == ["meat"] and len(state["discard"]) == 3

def test_5_2_every_carried_item_survives_kaleun_play_linked_and_kaleun_resume_in_new_processes(home):
    """§5.2, §8.6, §10.3.8 across processes, as a group plays a linked patrol: part 1 ends with the dead, a
    wounded sailor, a flooded section, a failed periscope, torpedoes and rounds spent, a meal eaten,
    cigarettes smoked and the refill kit used, and is booked in the career record. The next evening
    `kaleun play --linked` (a new process) starts part 2 from the record; the game is saved on `quit`
    and `kaleun resume` (another process) continues it. The resumed part 2 still holds every carried item
    exactly as part 1 left it."""
    from kaleun.uboot.missions.carry import extract
    from missionkit import Terminal

    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                                       "air_cover": "none", "ammo": {"gun_88": 57, "gun_20": 410}})
    g.take_events()
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    do(g, {"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    do(g, {"do": "ailment", "figure": "navigator-square", "deck": "event", "wounds": 1, "exhaustion": 2})
    do(g, {"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    do(g, {"do": "damage", "kind": "hull_breach", "section": 1})
    assert one(order(g, "prepare_meal", take=[1, 2, 3]), "order_accepted")
    order(g, "mobilize")
    do(g, {"do": "place", "figure": "officer-square", "section": 8})
    do(g, {"do": "end_mobilize"})
    do(g, {"do": "chips", "figure": "officer-square", "add": 1})
    assert named(do(g, {"do": "smoke", "role": "officer"}), "smoke_break")
    order(g, "flood_tubes", tubes=[2])
    advance(g, 600)  # the breach floods section 1 unrepaired
    order(g, "tdc", source="manual", bearing=10, range_m=2000, course=90, speed_kn=8)
    order(g, "fire_torpedoes", tubes=[2])
    spend_refill_kit(g)
    assert one(advance(g, 3 * H), "mission_end")["reason"] == "time_limit"
    assert record_mission(g) is not None
    carry = load_career()["patrol"]["carry"]
    assert carry["flooded"] == [1] and carry["weapons"]["ammo"] == {"gun_88": 57, "gun_20": 410}
    assert carry["cigarettes"]["officer"] == 1 and carry["health"]["kits"] == 0

    for args, said in ((("play", "--console", "--linked", "--seed", "5"), "The patrol goes on from Slow convoy."),
                       (("resume", "--console"), "resuming Weather boat")):  # the next evening, then a restart
        with Terminal(home, *args) as term:
            term.expect(said)
            term.expect(">")
            term.send("quit")
            term.expect("Game saved.")
            assert term.close() == 0

    resumed = load_saved_game(home / "autosave.json")
    assert resumed.config["mission"] == "weather_1940"
    now = extract(resumed)
    for item in ("sailors", "health", "food", "cigarettes", "flooded", "weapons"):
        assert now[item] == carry[item], item
    assert [(j["component"], j["severity"]) for j in now["technical"]] == \
        [(j["component"], j["severity"]) for j in carry["technical"]]
    crew = resumed.module("crew")
    assert crew.sailor("engineer-square", 0).dead and crew.pos["engineer-square"] is None
    assert crew.sailor("navigator-square", 0).ailments and crew.breaches.flooded == [1]
    assert resumed.module("technical").job("periscope").severity == "failure"


def test_5_2_the_table_is_told_where_to_stand_figures_out_of_a_flooded_section_in_its_language():
    """§10.3.8 with §5.2: a section flooded in the last part stays flooded; the figures that would start there
    stand in the nearest dry section, and the First Officer reads where, by figure names in the table's
    language (never the figures' ids)."""
    from kaleun.i18n import language
    from kaleun.uboot.missions.carry import extract
    from kaleun.uboot.missions.setup import start_game

    first = new_game(3, "sc_convoy_1940")
    first.take_events()
    carry = {**extract(first), "flooded": [3]}
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=carry))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    assert carried.data["moved"]["captain-square"] == 2
    german = language("de").render(carried.feed)
    assert "Kapitän-Quadrat in Sektion 2" in german and "captain-square" not in german
    assert language("de").missing(carried.feed) == [] and language("ru").missing(carried.feed) == []


def test_5_2_the_table_is_told_which_crew_tiles_get_their_ailment_chips_back():
    """§5.2 with §8.6: the crew's health carries over, and the ailment chips lie on the crew tiles of the table, which
    is set up anew on the next evening. The First Officer reads out whose tiles get which chips again (by the sailor's
    name, in the table's language), so the tiles show what the game holds."""
    from kaleun.i18n import language
    from kaleun.uboot.missions.carry import extract
    from kaleun.uboot.missions.setup import start_game

    first = new_game(3, "sc_convoy_1940")
    first.take_events()
    first.apply({"do": "ailment", "figure": "navigator-square", "deck": "event", "wounds": 1, "exhaustion": 2})
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=extract(first)))
    carried = next(e for e in g.take_events() if e.name == "carried_over")
    assert carried.data["wounded"] == ["navigator-square/1"]
    assert "Put the ailment chips back on the crew tiles: Navigator (1 red cross, 2 exhaustion chips)." \
        in str(carried.feed)
    assert language("de").missing(carried.feed) == [] and language("ru").missing(carried.feed) == []


def test_4_3_a_mission_that_ends_on_a_full_disk_is_booked_on_leaving_or_by_kaleun_resume(home, tmp_path, monkeypatch):
    """Nothing lost: the career record cannot be written when the mission ends (the storage is
    full). Leaving the table tries again; if that fails too, `kaleun resume` of the save books it
    (once: a booked game is not booked twice)."""
    import errno

    from kaleun import career
    from kaleun.runtime.debrief_output import DebriefOutput

    g = start_configured(GameSetup(mission="prize_rules_1939"))
    real_save = career.save_career
    full = {"on": True}

    def save_career(record, path=None):
        if full["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_save(record, path)

    monkeypatch.setattr(career, "save_career", save_career)
    output = DebriefOutput(g, tmp_path, "session")
    replay(g, "prize_rules_1939", "win")
    assert g.module("mission").over
    output.write()                                  # what the table does on mission_end
    assert output.unbooked and not career_path().exists()
    output.close()                                  # still full on leaving: still unbooked
    assert output.unbooked and not career_path().exists()
    save = tmp_path / "ended.json"
    save_game(g, save)
    monkeypatch.setattr(career, "save_career", real_save)
    resumed = run_kaleun("resume", "--save", str(save), home=home)
    assert resumed.returncode != 0 and "that mission is over" in resumed.stderr
    assert "is booked in" in resumed.stderr and "it was not booked when the mission ended" in resumed.stderr
    booked = load_career()["missions"]
    assert [m["mission"] for m in booked] == ["prize_rules_1939"] and booked[0]["result"] == "won"
    again = run_kaleun("resume", "--save", str(save), home=home)
    assert "is booked in" not in again.stderr and len(load_career()["missions"]) == 1
    full["on"] = False                              # the table's own retry on leaving books once too
    output2 = DebriefOutput(g, tmp_path, "session2")
    output2.unbooked = True
    output2.close()
    assert len(load_career()["missions"]) == 1


def test_4_3_a_mission_that_ends_with_a_damaged_career_record_tells_the_crew_how_it_is_booked(home, tmp_path):
    """Finding: a mission that ended while `career.json` was damaged said so only in an English log line
    (`ERROR kaleun.runtime.debrief_output: ...`), and the crew read "start a new game". Now the crew is told in the
    table's language, once, where the result is kept and how it is booked; the damaged record is kept as it is, and
    `kaleun resume` books the result once the record is moved away."""
    from kaleun.i18n import language
    from kaleun.ui.session import make_runtime

    g = start_configured(GameSetup(mission="prize_rules_1939"))
    career_path().write_text('{"format": "kaleun-career", "version": 1, "missions": [')  # cut short meanwhile
    damaged = career_path().read_bytes()
    runtime = make_runtime(g, default_board())
    told: list = []
    runtime.problems = [told.append]
    try:
        replay(g, "prize_rules_1939", "win")
        assert g.module("mission").over
        runtime.debrief.write()                     # what the table does on mission_end
        runtime.debrief.close()                     # leaving: tried again, not said again
    finally:
        runtime.close()
    assert len(told) == 1, told
    said = str(told[0])
    assert said.startswith(f"The mission's result could not be booked in the career record: {career_path()}: the "
                           "career record is damaged (not valid JSON"), said
    assert said.endswith("Its save keeps it: once the record is repaired or moved away, kaleun resume books it.")
    assert language("de").missing(told[0]) == [] and language("ru").missing(told[0]) == []
    assert career_path().read_bytes() == damaged
    save = tmp_path / "ended.json"
    save_game(g, save)
    career_path().rename(career_path().with_name("career-damaged.json"))  # done as the crew was told
    resumed = run_kaleun("resume", "--save", str(save), home=home)
    assert "is booked in" in resumed.stderr, resumed.stderr
    assert [m["result"] for m in load_career()["missions"]] == ["won"]


def test_4_3_a_mission_started_while_the_career_record_is_damaged_says_so_at_the_start(home):
    """The crew hears at the start of a mission with objectives, in the table's language, that the career record
    cannot be read and that the mission's result will be kept for it; the record stays as it is."""
    import subprocess
    import sys

    from kit import kaleun_env

    career_path().write_text('{"format": "kaleun-career", "version": 1, "missions": [')
    damaged = career_path().read_bytes()

    def play(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", *args], capture_output=True,
                              text=True, input="quit\n", env=kaleun_env(home), timeout=120, cwd=home)
        assert done.returncode == 0, done.stderr
        return done.stderr

    said = play("--mission", "prize_rules_1939")
    assert f"kaleun: {career_path()}: the career record is damaged (not valid JSON (Expecting value at column 56)); " \
           "the file was kept as it is. The mission is played; its result is booked in the career record once the " \
           "record is repaired or moved away (kaleun resume of its save books it)." in said, said
    assert "Die Mission wird gespielt" in play("--mission", "prize_rules_1939", "--language", "de")
    assert "career record" not in play()  # the training patrol has no objectives: nothing to book
    assert career_path().read_bytes() == damaged


def test_5_2_a_new_linked_patrol_says_it_gives_up_the_one_in_progress(home):
    """§5.2: a linked patrol carries the boat and crew from part to part. A group that names another patrol's part
    with --linked (or in the terminal's set-up) starts a new patrol, and the one in progress with its carry-over is
    replaced once the new part is booked: the group is told so before it plays, and how to go on instead."""
    import subprocess
    import sys

    from kaleun.mission_commands import interactive_setup
    from kit import kaleun_env

    def play(*args: str) -> str:
        return subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", *args], capture_output=True,
                              text=True, input="quit\n", env=kaleun_env(home), timeout=120, cwd=home).stderr

    first_part_ended(home)
    told = ("A new linked patrol begins with Contact keeper: the linked patrol Autumn 1940 in progress (next: "
            "Weather boat) is given up with what it carries over once this part ends. To go on with it instead: "
            "kaleun play --linked.")
    assert f"kaleun: {told}" in play("--linked", "--mission", "shadow_1941")
    out = io.StringIO()
    interactive_setup(io.StringIO("shadow_1941\nlinked\n\n\n\n\n"), out, record=load_career())
    assert told in out.getvalue()
    # going on with the patrol in progress, or naming its next part, gives nothing up
    for args in (("--linked",), ("--linked", "--mission", "weather_1940")):
        assert "given up" not in play(*args)


def test_5_2_the_table_is_told_which_supplies_and_cigarettes_the_last_part_left():
    """§5.2 with §6.13 and §8.6: medical supplies, refill kits and cigarettes are chips the table lays out anew at
    each set-up, a fresh boat's by the rulebook. What the last part used stays used: the First Officer reads out
    which supplies stay off the chest, the refill kits left and whose cigarettes are fewer."""
    from kaleun.i18n import language
    from kaleun.uboot.missions.carry import extract
    from kaleun.uboot.missions.setup import start_game

    first = new_game(3, "sc_convoy_1940")
    first.take_events()
    carry = extract(first)
    carry["health"]["stock"]["bandages"] -= 2
    carry["health"]["kits"] = 1
    carry["cigarettes"]["officer"] = 1
    g = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=carry))
    feed = next(e for e in g.take_events() if e.name == "carried_over").feed
    assert str(feed) == ("The patrol goes on from Slow convoy. Medical supplies used and not restocked stay off the "
                         "chest: 2 bandages. 1 refill kit left. Cigarettes left: First Officer 1. 14 torpedoes left. "
                         "Fuel left: 91 %.")  # Slow convoy began 794 nm out of Lorient, with 103 t
    assert g.module("crew").health.stock["bandages"] == carry["health"]["stock"]["bandages"]
    assert language("de").missing(feed) == [] and language("ru").missing(feed) == []
    fresh = start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=extract(first)))
    said = str(next(e for e in fresh.take_events() if e.name == "carried_over").feed)
    assert said == "The patrol goes on from Slow convoy. 14 torpedoes left. Fuel left: 91 %."  # no stores used


def test_5_2_a_part_that_ended_unbooked_is_booked_before_the_next_linked_part_starts(home):
    """§5.2: the linked patrol goes on from the part just played. Finding: a part that ended while the career
    record could not be written (a full disk; a damaged record the crew then moved away) stayed unbooked unless the
    crew typed `kaleun resume`; `kaleun play --linked` then read the record without it and started that part over.
    Now a new game first books the finished mission in the autosave: the next part starts, with the carry-over."""
    import subprocess
    import sys

    from kit import kaleun_env

    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                                       "air_cover": "none"})
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    do(g, {"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    assert one(advance(g, 2 * H), "mission_end")["reason"] == "time_limit"
    save_game(g, home / "autosave.json")  # quit after the end: booking it failed, the record is not there
    assert not career_path().exists()

    def play(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", *args], capture_output=True,
                              text=True, input="quit\n", env=kaleun_env(home), timeout=120, cwd=home)

    started = play("--linked")
    assert started.returncode == 0, started.stderr
    assert f"kaleun: the mission's result (lost, grade F) is booked in {career_path()} now: it was not booked when " \
           "the mission ended." in started.stderr, started.stderr
    assert "The patrol goes on from Slow convoy. 1 sailor is dead" in started.stdout, started.stdout
    record = load_career()
    assert [m["mission"] for m in record["missions"]] == ["sc_convoy_1940"]
    assert record["patrol"]["next"] == "weather_1940"
    again = play("--mission", "training")  # the booked game (kept aside now) is never booked twice
    assert "is booked in" not in again.stderr and len(load_career()["missions"]) == 1


def test_5_2_a_new_linked_patrol_started_by_script_says_how_to_go_on_by_script(home):
    """`kaleun run --linked --mission shadow_1941` while autumn_1940 goes on: the group playing by table script is
    told to go on with the patrol in progress by `kaleun run --linked`, not by `kaleun play --linked`."""
    first_part_ended(home)
    script = home / "wait.jsonl"
    script.write_text('{"t": 0, "do": "end"}\n', encoding="utf-8")
    said = run_kaleun("run", "--linked", "--mission", "shadow_1941", "--script", str(script), "--events",
                      str(home / "e.jsonl"), home=home).stderr
    assert ("kaleun: A new linked patrol begins with Contact keeper: the linked patrol Autumn 1940 in progress (next: "
            "Weather boat) is given up with what it carries over once this part ends. To go on with it instead: "
            "kaleun run --linked --script SCRIPT --events EVENTS.") in said, said


def test_5_2_the_next_evening_a_part_not_over_in_the_autosave_is_named_when_play_linked_would_start_again(home):
    """§5.2, a patrol over several evenings: the group stopped in the middle of a part and types `kaleun play
    --linked` the next evening instead of `kaleun resume`. The part is booked only when it ends, so for a first
    part the record has no patrol yet: the group is told the autosave holds it, not that no patrol is in progress;
    for a later part the game starts that part again from its beginning, and the group is told so before it plays,
    with the file the game not over is kept as."""
    import subprocess
    import sys

    from kit import kaleun_env

    def play(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", *args], capture_output=True,
                              text=True, input="quit\n", env=kaleun_env(home), timeout=120, cwd=home)

    assert play("--linked", "--mission", "sc_convoy_1940").returncode == 0  # evening 1, stopped midway
    refused = play("--linked")
    assert refused.returncode == 2
    assert ("kaleun: no linked patrol is in progress in the career record: the autosave holds Slow convoy of the "
            "linked patrol Autumn 1940, not over yet (a part is booked when it ends): continue it with kaleun resume"
            ) in refused.stderr, refused.stderr
    assert "„Herbst 1940“" in play("--linked", "--language", "de").stderr
    record = career_path()
    record.write_text("{", encoding="utf-8")  # a damaged record is said as it is, not as one without a patrol
    damaged = play("--linked")
    assert damaged.returncode == 2 and "the career record is damaged" in damaged.stderr, damaged.stderr
    record.unlink()
    first_part_ended(home)
    assert play("--linked").returncode == 0  # part 2 begun, stopped midway
    again = play("--linked")
    assert again.returncode == 0
    told = ("kaleun: The autosave holds Weather boat of the linked patrol Autumn 1940, not over yet: this game plays "
            "the part again from its beginning. To go on with that one instead, quit this game and resume the one "
            "kept (named below).")
    assert told in again.stderr and "the previous game was kept as" in again.stderr.split(told)[1], again.stderr
    single = play("--mission", "weather_1940")  # a single mission gives no linked part up: nothing to say
    assert "The autosave holds" not in single.stderr


def test_4_3_kaleun_career_with_a_damaged_record_says_what_to_do(home, capsys):
    """§4.3/§5.2: a group whose career record is damaged is told by `kaleun career` what to do about it (repair it or
    move it away), what moving it away loses and keeps, and how a linked patrol and a campaign go on; a record a newer
    Kaleun wrote is told to update Kaleun instead."""
    from kaleun.cli import main

    path = career_path()
    path.write_text("{broken")
    assert main(["career"]) == 2
    said = capsys.readouterr().err
    assert "the career record is damaged" in said, said
    assert f"What to do: repair the file (a copy from a backup, or its JSON mended) or move it away (mv {path} " \
           f"{path}.damaged)." in said, said
    assert "kaleun play --campaign begins a new campaign" in said and "kaleun play --linked" in said, said
    assert "a campaign goes on only from the repaired file" in said, said
    assert path.read_text() == "{broken"
    path.write_text('{"format": "kaleun-career", "version": 99}')
    assert main(["career"]) == 2
    said = capsys.readouterr().err
    assert "a newer Kaleun wrote it (update this one)" in said and "What to do" not in said, said
