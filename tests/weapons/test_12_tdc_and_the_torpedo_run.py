"""The TDC and the torpedo run, with numbers a reader can check by hand (rulebook §7.5.3: the TDC
must be programmed and the tubes flooded before firing; the rest of the attack lived in the app, §8;
"test_12" names the rules digest's section 12, "Navigation and attack").

The shot used throughout: the boat heading 000 at periscope depth, stopped; a tramp steamer
(125 m long, 16.5 m beam, 7.8 m draught) 1,000 m dead ahead, crossing from port to starboard on
course 090 at 7.5 kn — 90° on its starboard bow. An electric torpedo (G7e, 30 kn = 15.433 m/s):

    lead angle     asin(7.5 / 30)                       = 14.48°  (the gyro angle: the bow points at it)
    run to keel    1,000 m / cos 14.48° = 1,032.8 m     → 66.92 s
    hull struck    half a beam earlier: the torpedo closes the target's track at 15.433 · cos 14.48°
                   = 14.943 m/s, so (1,000 - 8.25) m / 14.943 m/s = 66.37 s

With the speed estimated 3 kn too high (10.5 kn) the TDC leads by asin(10.5 / 30) = 20.49°: the
torpedo crosses the target's track 1,000 · tan 20.49° = 373.7 m east after 1,000 / (15.433 · cos
20.49°) = 69.17 s, when the target's centre has come 3.858 m/s · 69.17 s = 266.9 m: it passes
106.8 m ahead of the centre, 44 m clear of the bow — a miss.
"""

from __future__ import annotations

import math

import pytest
from kaleun.i18n import language
from weaponskit import advance, do, named, one, order, range_game, refused, tube, weapons

TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
G7E = 3  # the 1942 loadout: tubes 1-2 steam (G7a), 3-5 electric (G7e T III)
KN = 1852 / 3600


def _shot(speed_estimate: float, seed: int = 0):
    g = range_game(seed, vessels=[TRAMP])
    programmed = one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=speed_estimate),
                     "tdc_programmed")
    fired = order(g, "fire_torpedoes", tubes=[G7E])
    return g, programmed, fired, advance(g, 600)


def test_12_a_correct_solution_hits_at_the_computed_time():
    lead = math.degrees(math.asin(7.5 / 30))
    _g, _programmed, fired, events = _shot(7.5)
    torpedo = one(fired, "torpedo_fired")
    assert torpedo["gyro"] == pytest.approx(lead, abs=0.05) == pytest.approx(14.48, abs=0.05)
    assert torpedo["run_s"] == pytest.approx(1000 / math.cos(math.radians(lead)) / (30 * KN), abs=0.05)  # 66.9 s
    hit = one(events, "torpedo_hit")
    struck = (1000 - 16.5 / 2) / (30 * KN * math.cos(math.radians(lead)))
    assert hit["t"] == pytest.approx(struck, abs=0.01) == pytest.approx(66.37, abs=0.01)
    # the feed says it in whole seconds, as the "Torpedo 3: hit after 74 s"; the data keeps its tenths
    assert hit["run_s"] == 66.4 and hit["feed"] == "Torpedo 1 (tube 3): hit after 66 s!"
    assert hit["detonation"] == "contact" and hit["class"] == "tramp" and hit["aimed"] is True
    assert named(events, "torpedo_miss") == []


def test_12_a_speed_estimate_3_kn_too_high_misses_ahead_by_the_computed_distance():
    _g, _programmed, fired, events = _shot(10.5)
    lead = math.asin(10.5 / 30)
    assert one(fired, "torpedo_fired")["gyro"] == pytest.approx(math.degrees(lead), abs=0.05)
    crossing = 1000 * math.tan(lead) - 7.5 * KN * 1000 / (30 * KN * math.cos(lead))
    assert crossing == pytest.approx(106.8, abs=0.1)
    assert named(events, "torpedo_hit") == []
    miss = one(events, "torpedo_miss")
    assert miss["side"] == "ahead" and miss["passed_m"] == pytest.approx(crossing, abs=0.5)
    assert miss["run_s"] == pytest.approx(5000 / (30 * KN), abs=0.1)  # it ran its 5,000 m out
    # the feed says when in whole seconds, as every torpedo report: 5,000 m at 15.433 m/s = 324.0 s
    assert miss["feed"] == "Torpedo 1 (tube 3): missed; its run ended after 324 s."


def test_12_the_tdc_keeps_the_solution_current_as_time_passes():
    """Programmed 20 s before firing, the TDC tracks the target: the shot still hits."""
    g = range_game(vessels=[{**TRAMP, "bearing": 350}])
    order(g, "tdc", bearing=350, range_m=1000, course=90, speed_kn=7.5)
    before = weapons(g).tdc_status()["bow"]["gyro"]
    advance(g, 20)
    after = weapons(g).tdc_status()["bow"]["gyro"]
    assert after > before + 1  # the target has drawn right: the gyro angle follows it
    order(g, "fire_torpedoes", tubes=[G7E])
    assert named(advance(g, 600), "torpedo_hit")


def test_10_3_1_a_tdc_put_out_of_action_loses_its_solution():
    """§10.3.1: a major failure puts the TDC out of action until it is repaired (technical.toml: it
    cannot be programmed). [gap] our choice: it no longer tracks the target either, so the solution it
    held is lost and a fire order is refused until the TDC is repaired and programmed again."""
    g = range_game(vessels=[TRAMP], flooded=[1])
    one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5), "tdc_programmed")
    failed = do(g, {"do": "damage", "kind": "technical", "component": "tdc", "severity": "major_failure"})
    assert one(failed, "tdc_lost")["feed"] == "The TDC is out of action: its solution is lost."
    assert weapons(g).tdc_status() == {"programmed": False}
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == (
        "no TDC solution: the TDC is out of action until it is repaired")
    assert tube(g, 1)["state"] == "flooded"


def test_7_5_firing_needs_a_flooded_tube_and_a_programmed_tdc():
    g = range_game(vessels=[TRAMP], flooded=[])
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == "no TDC solution: program the TDC first"
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    rejected = one(order(g, "fire_torpedoes", tubes=[1]), "order_rejected")
    assert rejected["reason"] == "tube 1 is not flooded (flood it first)"
    assert rejected["feed"] == "Fire torpedoes refused: tube 1 is not flooded (flood it first)."
    order(g, "flood_tubes", tubes=[1])
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == "tube 1 is not flooded (it is still flooding)"
    flooded = one(advance(g, 30), "tubes_flooded")
    assert flooded["tubes"] == [1] and flooded["feed"] == "Tube 1 flooded, outer door open."
    one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")
    assert tube(g, 1)["state"] == "fired"
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == "tube 1 is not flooded (it is empty)"


def test_7_5_flooding_needs_a_loaded_tube():
    g = range_game(flooded=[2])
    assert refused(order(g, "flood_tubes", tubes=[2])) == "tube 2 is already flooded"
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    order(g, "fire_torpedoes", tubes=[2])
    assert refused(order(g, "flood_tubes", tubes=[2])) == "tube 2 is not loaded"


def test_7_5_flood_without_tubes_named_and_no_bow_tube_loaded_says_so():
    """`flood` floods the loaded bow tubes; with none loaded it said "tube 1 is not loaded", as if tube 1 had
    been asked for. The refusal names the loaded stern tube instead, in the table's words (no English command
    inside a German sentence), and with no tube loaded at all says only that."""
    g = range_game(flooded=[1, 2, 3, 4])
    events = order(g, "flood_tubes")
    assert refused(events) == "no bow tube is loaded to flood: reload one first, or name a loaded stern tube: 5"
    assert refused(order(g, "flood_tubes", tubes=[2])) == "tube 2 is already flooded"
    rejected = [e for e in g.apply({"do": "order", "order": "flood_tubes"}) if e.name == "order_rejected"]
    german = language("de").render(rejected[0].data["reason"])
    assert german == "kein Bugrohr ist zum Fluten geladen: erst eines nachladen, oder ein geladenes Heckrohr nennen: 5"
    every = range_game(flooded=[1, 2, 3, 4, 5])
    assert refused(order(every, "flood_tubes")) == "no tube is loaded to flood: reload one first"


def test_12_a_target_ahead_gets_no_stern_report():
    """A target fine on the bow: the bow tubes turn least, the TDC's report speaks of them alone."""
    g = range_game()
    programmed = one(order(g, "tdc", bearing=10, range_m=1500, course=90, speed_kn=7.5), "tdc_programmed")
    assert "stern tube" not in programmed["feed"] and "Gyro angle" in programmed["feed"]


def test_12_a_gyro_angle_beyond_the_limit_is_refused():
    """A target abeam to starboard, running away: the bow tubes would need 95° of gyro angle."""
    g = range_game()
    programmed = one(order(g, "tdc", bearing=95, range_m=1500, course=95, speed_kn=0), "tdc_programmed")
    assert programmed["bow"]["gyro"] == pytest.approx(95, abs=0.01) and not programmed["bow"]["within_limit"]
    assert "The gyro angle is beyond the limit of 90°: turn the boat." in programmed["feed"]
    # the report names the better shot too: the stern tube, 85° to port (180° - 95°)
    assert " From the stern tube: gyro angle 85° port, run " in programmed["feed"]
    assert programmed["feed"].count("beyond the limit") == 1  # the stern's 85° is within it
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == "gyro angle 95° is beyond the limit of 90° for tube 1"
    # the stern tube points the other way: 85° to port is within its limit
    one(order(g, "fire_torpedoes", tubes=[5]), "torpedo_fired")


def test_12_a_salvo_fans_out_over_the_spread():
    g = range_game(vessels=[TRAMP])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, spread_deg=4)
    fired = named(order(g, "fire_torpedoes", tubes=[3, 4]), "torpedo_fired")
    assert [f["gyro"] for f in fired] == pytest.approx([14.48 - 2, 14.48 + 2], abs=0.05)
    assert one(order(g, "fire_torpedoes", tubes=[5]), "order_rejected")  # the stern tube looks the other way


def test_12_the_tdc_works_from_the_crews_estimates_never_the_truth():
    """Programmed from a contact, the TDC holds the contact's estimated range, course and speed."""
    g = range_game(vessels=[{**TRAMP, "range_m": 3000}], surfaced=True)
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    order(g, "observe")
    contact = next(e for e in advance(g, 600) if e["event"] == "contact")
    programmed = one(order(g, "tdc", contact=contact["contact"]), "tdc_programmed")
    sea = weapons(g).sea
    seen = sea.picture.get(contact["contact"])
    assert programmed["course"] == round(seen["course"]) and programmed["speed_kn"] == seen["speed_kn"]
    truth = sea.truth(seen["entity"], g.t)
    assert (round(truth.course), truth.speed_kn) != (seen["course"], seen["speed_kn"])  # the estimate, not the truth


def test_12_a_hydrophone_contact_has_no_course_for_the_tdc():
    g = range_game(vessels=[{**TRAMP, "range_m": 2000}])
    order(g, "hydrophone")
    contact = weapons(g).sea.picture.active()[0]["id"]
    reason = refused(order(g, "tdc", contact=contact))
    assert reason == (f"the TDC needs the target's course or angle on the bow ({contact} has no course estimate: "
                      "the hydrophone gives none)")
    one(order(g, "tdc", contact=contact, aob=90), "tdc_programmed")


def test_12_what_the_tdc_still_needs_is_read_out_as_a_list():
    """The attack: a refused order says exactly why, readable aloud: "range, course or angle on the bow and
    speed", never a bare run of commas ("range, course or angle on the bow, speed")."""
    g = range_game()
    assert refused(order(g, "tdc", bearing=10)) == (
        "the TDC needs the target's range, course or angle on the bow and speed")
    assert refused(order(g, "tdc", bearing=10, range_m=1000, speed_kn=7)) == (
        "the TDC needs the target's course or angle on the bow")
    assert refused(order(g, "tdc", bearing=10, course=90)) == "the TDC needs the target's range and speed"


def test_12_a_gyro_angle_just_beyond_the_limit_is_not_rounded_onto_it():
    """90.3° is beyond the 90° limit: the TDC's report and the refusal say 90.3°, not "90°" (a refusal
    "gyro angle 90° is beyond the limit of 90°" contradicts itself aloud). A fan's outer torpedo is told
    the same way (88° + half of a 5° spread = 90.5°); angles well clear of the limit stay whole degrees."""
    g = range_game()
    programmed = one(order(g, "tdc", bearing=90.3, range_m=1500, course=90.3, speed_kn=0), "tdc_programmed")
    assert programmed["bow"]["gyro"] == pytest.approx(90.3, abs=0.01)
    assert programmed["feed"].startswith("TDC set: range 1,500 m, speed 0.0 kn, angle on the bow 180°. "
                                         "Gyro angle 90.3° starboard, run 73 s. The gyro angle is beyond the "
                                         "limit of 90°: turn the boat.")
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == "gyro angle 90.3° is beyond the limit of 90° for tube 1"
    order(g, "tdc", bearing=88, range_m=1500, course=88, speed_kn=0, spread_deg=5)
    assert refused(order(g, "fire_torpedoes", tubes=[1, 2])) == "gyro angle 90.5° is beyond the limit of 90° for tube 2"
    order(g, "tdc", bearing=95, range_m=1500, course=95, speed_kn=0)
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == "gyro angle 95° is beyond the limit of 90° for tube 1"


def test_12_a_mixed_salvo_says_each_torpedos_own_run_time():
    """The attack, the torpedo run (run time and result in the feed) with §7.5.3's salvo of several tubes: a G7a at
    40 kn (tube 1) and a G7e at 30 kn (tube 3) fired together at the tramp 1,000 m ahead reach its track
    at different times. By hand: the G7a leads asin(7.5 / 40) = 10.81°, runs 1,000 / cos 10.81° = 1,018 m
    in 1,018 / 20.578 m/s = 49.5 s; the G7e leads 14.48° and runs 1,032.8 m in 66.9 s. The salvo's feed
    and data give each tube its own run time (not the G7a's 49 s for both), and each torpedo's result
    carries the time of its own run."""
    g = range_game(vessels=[TRAMP])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    fired = order(g, "fire_torpedoes", tubes=[1, G7E])
    steam, electric = named(fired, "torpedo_fired")
    assert (steam["type"], electric["type"]) == ("G7a", "G7e")
    assert steam["run_s"] == pytest.approx(1000 / math.cos(math.asin(7.5 / 40)) / (40 * KN), abs=0.05)  # 49.5 s
    assert electric["run_s"] == pytest.approx(1000 / math.cos(math.asin(7.5 / 30)) / (30 * KN), abs=0.05)  # 66.9 s
    salvo = one(fired, "salvo")
    assert salvo["tubes"] == [1, 3] and salvo["run_s"] == [49, 67]
    assert salvo["feed"] == "Tubes 1, 3: torpedoes away! Run times 49 s for tube 1; 67 s for tube 3."
    results = {e["tube"]: e for e in advance(g, 600) if e["event"] in ("torpedo_hit", "torpedo_miss")}
    assert results[1]["run_s"] == pytest.approx(49.1, abs=0.1)  # struck the hull half a beam before the keel line
    assert results[3]["run_s"] != results[1]["run_s"]


def test_12_a_salvo_of_one_kind_says_one_run_time():
    """Two G7e of one speed in a fan of 0°: one run time for both, as before."""
    g = range_game(vessels=[TRAMP])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    salvo = one(order(g, "fire_torpedoes", tubes=[3, 4]), "salvo")
    assert salvo["run_s"] == [67, 67]
    assert salvo["feed"] == "Tubes 3, 4: torpedoes away! Run time 67 s."


def test_12_a_salvo_names_the_tube_whose_run_is_beyond_its_torpedos_range():
    """A ship stopped 6,000 m dead ahead: the G7a (7,500 m at 40 kn) reaches it after 6,000 / 20.578 =
    292 s; the G7e's 5,000 m do not (its 6,000 m would take 389 s). The salvo says which tube's run is too
    long, not that "the torpedo" of both is."""
    g = range_game()
    order(g, "tdc", bearing=0, range_m=6000, course=90, speed_kn=0)
    salvo = one(order(g, "fire_torpedoes", tubes=[1, G7E]), "salvo")
    assert salvo["feed"] == ("Tubes 1, 3: torpedoes away! Run times 292 s for tube 1; 389 s for tube 3. "
                             "The run of tube 3 is longer than its torpedo's range.")


def test_8_4_torpedoes_are_fired_surfaced_or_at_periscope_depth_never_deeper():
    """§8.4 ("Torpedos abfeuern"): torpedoes are fired from the TDC view, which the crew reaches from the
    periscope view (at periscope depth, 10 m or shallower) or from the bridge's binoculars (surfaced). At
    15 m — deeper than the periscope reaches — the order is refused and the tube stays flooded; back at
    periscope depth it fires."""
    g = range_game(vessels=[TRAMP], flooded=[G7E])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    one(order(g, "new_depth", depth_m=15), "order_accepted")
    advance(g, 120)
    assert g.module("boat").depth_at(g.t) == pytest.approx(15)
    assert refused(order(g, "fire_torpedoes", tubes=[G7E])) == (
        "the boat is too deep to fire (15 m): torpedoes are fired surfaced or at periscope depth, 10 m or shallower")
    assert tube(g, G7E)["state"] == "flooded"
    order(g, "new_depth", depth_m=10)
    advance(g, 240)
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    one(order(g, "fire_torpedoes", tubes=[G7E]), "torpedo_fired")


def test_8_4_the_tdc_is_programmed_surfaced_or_at_periscope_depth_never_deeper():
    """§8.4 ("TDC"): the TDC view is reached from the periscope view (at periscope depth, 10 m or
    shallower) or from the lookouts' view on the bridge (surfaced, §8.3): the target's data are taken by
    eye. The book gives no TDC from the hydrophone (torpedoes.toml [boat]), so at 15 m the order is
    refused, even with every figure given, and the TDC stays unprogrammed; back at periscope depth, or
    surfaced, it is programmed."""
    g = range_game(vessels=[TRAMP], flooded=[G7E])
    one(order(g, "new_depth", depth_m=15), "order_accepted")
    advance(g, 120)
    assert g.module("boat").depth_at(g.t) == pytest.approx(15)
    assert refused(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)) == (
        "the TDC needs the target in sight: come to periscope depth or surface (the boat is at 15 m; periscope "
        "depth is 10 m or shallower)")
    assert weapons(g).tdc_status() == {"programmed": False}
    order(g, "new_depth", depth_m=10)
    advance(g, 240)
    one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5), "tdc_programmed")
    surfaced = range_game(vessels=[TRAMP], flooded=[G7E], surfaced=True)
    one(order(surfaced, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5), "tdc_programmed")


def test_a_g7a_runs_at_the_setting_the_tdc_is_given_and_the_s_boats_44_kn_is_refused():
    """The attack, torpedo stores and tubes: "G7a (TI, steam: 30/40/44 kn settings ...) — check which settings U-boats
    used" (torpedoes.toml [G7a]: U-boats set 40 kn for 7,500 m or 30 kn for 12,000 m; the 44 kn setting needed
    the S-boats' reinforced engine). `torpedo_kn` 30 makes tube 1's G7a run at 30 kn for 12,000 m and the
    TDC leads it as a 30 kn torpedo (asin(7.5 / 30) = 14.48°, 66.9 s to the tramp's keel line: it hits);
    44 kn is refused, naming the settings aboard, and changes nothing."""
    g = range_game(vessels=[TRAMP])
    assert refused(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, torpedo_kn=44)) == (
        "no torpedo in the tubes runs at 44 kn (settings: 40, 30)")
    assert weapons(g).tdc_status() == {"programmed": False}
    one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, torpedo_kn=30), "tdc_programmed")
    fired = one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")
    assert (fired["type"], fired["speed_kn"], fired["range_m"]) == ("G7a", 30, 12000)
    assert fired["gyro"] == pytest.approx(14.48, abs=0.05)
    assert fired["run_s"] == pytest.approx(1000 / math.cos(math.asin(7.5 / 30)) / (30 * KN), abs=0.05)
    assert one(advance(g, 600), "torpedo_hit")["tube"] == 1
    # at the default 40 kn setting the same G7a leads asin(7.5 / 40) = 10.81° and runs 7,500 m
    g = range_game(vessels=[TRAMP])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    fast = one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")
    assert (fast["speed_kn"], fast["range_m"]) == (40, 7500) and fast["gyro"] == pytest.approx(10.81, abs=0.05)


def test_12_the_tdc_keeps_the_solution_current_as_the_boat_moves_and_turns():
    """The attack, the TDC: the TDC "keeps the solution current as the boat and time move". Programmed with the
    true figures of a tramp 2,000 m off at 340°, the boat then runs at half ahead (4 kn at periscope depth)
    and turns from 000 to 330 for three minutes: the TDC's bearing and range are then the truth's (it moved
    its picture of the target and of the boat), the bearing from the bow has grown by the 30° turned away,
    and the torpedo fired from there hits."""
    g = range_game(vessels=[{**TRAMP, "bearing": 340, "range_m": 2000}], telegraph="half_ahead")
    order(g, "tdc", bearing=340, range_m=2000, course=90, speed_kn=7.5)
    order(g, "new_course", course=330)
    advance(g, 180)
    boat = g.module("boat")
    assert boat.heading_at(g.t) == pytest.approx(330) and boat.speed_at(g.t) == pytest.approx(4.0)
    bow = weapons(g).tdc_status()["bow"]
    sea = g.module("sea")
    truth = sea.truth(next(iter(sea.vessels)), g.t)
    assert bow["range_m"] == pytest.approx(truth.range_nm * 1852, abs=2) and bow["range_m"] < 1600
    assert bow["bearing"] == pytest.approx(truth.bearing, abs=0.1)
    assert bow["rel_bearing"] == pytest.approx((truth.bearing - 330) % 360, abs=0.1)
    order(g, "fire_torpedoes", tubes=[G7E])
    assert named(advance(g, g.t + 600), "torpedo_hit")


def test_12_an_angle_on_the_bow_without_a_bearing_asks_for_the_bearing_alone():
    """The angle on the bow is measured from the target's bearing: given without one, the TDC asks for the
    bearing, not for the course or angle on the bow it was just given; nothing is programmed."""
    g = range_game(vessels=[TRAMP])
    assert refused(order(g, "tdc", aob=90, range_m=1000, speed_kn=7.5)) == "the TDC needs the target's bearing"
    assert refused(order(g, "tdc", range_m=1000, speed_kn=7.5)) == (
        "the TDC needs the target's bearing and course or angle on the bow")
    assert weapons(g).tdc_status() == {"programmed": False}


@pytest.mark.parametrize("course, said", [
    (0, "angle on the bow 180°. Gyro angle 0°, run 60 s."),  # running away: a stern chase
    (180, "angle on the bow 0°. Gyro angle 0°, run 41 s."),  # coming straight on
    (90, "angle on the bow 90° starboard. Gyro angle 11° starboard, run 49 s."),
    (270, "angle on the bow 90° port. Gyro angle 11° port, run 49 s."),
])
def test_12_a_target_bow_on_or_stern_on_has_no_side(course, said):
    """The TDC's report (the attack: "the TDC ... computes the gyro angle"): an angle on the bow of 0° (bow-on) or
    180° (stern-on) and a gyro angle of 0° lie on neither side. The report said "angle on the bow 180°
    starboard. Gyro angle 0° port" for a ship running straight away."""
    g = range_game(vessels=[TRAMP])
    fed = one(order(g, "tdc", bearing=0, range_m=1000, course=course, speed_kn=7.5), "tdc_programmed")["feed"]
    assert fed == f"TDC set: range 1,000 m, speed 7.5 kn, {said}"


def test_9_2_1_the_attack_disc_says_a_bow_on_enemy_without_a_side_in_every_language():
    """§9.2.1: the disc's angle on the bow, read out by the console: 0° (the enemy coming straight on) has no
    side; 80° keeps its side, as in the rulebook's worked example."""
    from kit import console_typed

    bow_on = console_typed("en", "disc own=0 enemy=180 bearing=0")
    assert "true bearing 000, angle on the bow 0°\n" in bow_on
    assert "angle on the bow 80° starboard" in console_typed("en", "disc own=290 enemy=70 bearing=40")
    assert "Lagewinkel 80° Steuerbord" in console_typed("de", "disc own=290 enemy=70 bearing=40")
    assert "курсовой угол 80° правого борта" in console_typed("ru", "disc own=290 enemy=70 bearing=40")
    assert "Lagewinkel 0°\n" in console_typed("de", "disc own=0 enemy=180 bearing=0")


def test_a_refused_pistol_stays_in_the_feed_a_resumed_table_reads(caplog):
    """The TDC refused for a pistol not issued ("the magnetic pistol is not issued in June 1942") names the
    pistol as the TDC sheet does, a word with its own translation (gettext's context: "Magnet" in German).
    The feed's record kept in the save refused such a message ("unknown key 'context'"), left the refusal
    out with a warning, and a resumed table did not show it. It is kept now, and reads in German too."""
    import json
    import logging

    from kaleun.i18n import language
    from kaleun.saves import load_checked, save_text
    from kaleun.ui.feedlog import past_of

    g = range_game(vessels=[TRAMP])
    with caplog.at_level(logging.WARNING):
        refusal = one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, pistol="magnetic"),
                      "order_rejected")
        resumed = load_checked(json.loads(save_text(g)))
    assert refusal["reason"] == "the magnetic pistol is not issued in June 1942 (the boats carry contact pistols only)"
    assert not [r for r in caplog.records if "leaves out" in r.getMessage()]
    kept = [e for e in past_of(resumed) if e.name == "order_rejected"]
    assert [e.feed is not None and str(e.feed) for e in kept] == [refusal["feed"]]
    assert "Magnet" in language("de").render(kept[0].feed) and "Aufschlag" in language("de").render(kept[0].feed)


def test_7_5_3_a_salvo_typed_with_spaces_fires_the_tubes_named():
    """§7.5.3 at the console: a First Officer says the salvo as "fire 1 2" (and "flood 3 4"); the console took
    only `fire 1,2` and refused "fire: what is '2'? usage: fire [N,N]" in the middle of the attack. Numbers typed
    with spaces for the tubes are the list of tubes; a word that is no number is still refused."""
    from kit import console_typed

    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}],
                   flooded=(1, 2))
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    heard: list = []
    out = console_typed("en", "fire 1 2", "flood 3 4", "fire 3 x", game=g, heard=heard)
    assert [e.data["tube"] for e in heard if e.name == "torpedo_fired"] == [1, 2]
    assert [e.data.get("tubes") for e in heard if e.name == "order_accepted" and e.data["order"] == "flood_tubes"] == [
        [3, 4]]
    assert "! fire: what is 'x'? usage: fire [N,N]" in out


def test_12_a_tdc_order_with_nothing_to_go_on_says_where_a_target_comes_from():
    """§12: the TDC is programmed from a contact's data (or the attack disc, or figures given). A bare `tdc` said
    only that it needs the target's bearing, range, course and speed; with no ship in contact it now says what finds
    one, and with ships in contact which to choose."""
    g = range_game(vessels=[{**TRAMP, "range_m": 3000}], surfaced=True)
    assert refused(order(g, "tdc")) == ("the TDC needs a target, and no ship is in contact yet (the lookouts, the "
                                        "periscope or the hydrophone find one)")
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    order(g, "observe")
    contact = next(e for e in advance(g, 600) if e["event"] == "contact")["contact"]
    assert refused(order(g, "tdc")) == f"the TDC needs a target, one of the ships in contact ({contact})"
    assert weapons(g).tdc_status() == {"programmed": False}
