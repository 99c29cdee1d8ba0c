"""Hits, duds, prematures and sinkings (rulebook §7.3: +3 morale per ship sunk; the rest lived in the
app: torpedoes.toml, ships.toml). Rates are checked over many seeds; each game is deterministic."""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.sea import geo
from weaponskit import advance, named, one, order, range_game, weapons

SCRIPT = Path(__file__).parent / "scripts" / "periscope_attack.jsonl"


def _shot_at(cls: str, seed: int, start: str = "1942-06-20T12:00:00", tube: int = 3, range_m: float = 1000,
             **tdc):
    g = range_game(seed, start=start, vessels=[{"class": cls, "bearing": 0, "range_m": range_m, "course": 90,
                                                "speed_kn": 7.5}])
    order(g, "tdc", bearing=0, range_m=range_m, course=90, speed_kn=7.5, **tdc)
    events = order(g, "fire_torpedoes", tubes=[tube])
    return g, events + advance(g, 3 * 3600)


def test_a_small_tramp_sinks_from_one_hit_with_its_class_and_grt():
    hits = 0
    for seed in range(6):
        g, events = _shot_at("tramp", seed)
        if not named(events, "torpedo_hit"):
            one(events, "torpedo_dud")  # 1942: one contact pistol in twenty fails
            continue
        hits += 1
        sunk = one(events, "ship_sunk")
        assert (sunk["class"], sunk["grt"], sunk["cause"]) == ("tramp", 4800, "torpedo")
        assert sunk["feed"] == "The Tramp steamer (4,800 GRT) has gone down!"
        assert weapons(g).status()["grt_sunk"] == 4800
        morale = [e for e in events if e["event"] == "morale" and e["cause"].endswith("sunk")]
        assert morale and morale[0]["asked"] == 3  # §7.3: +3 morale per ship sunk (capped at XI)
    assert hits >= 5


def test_a_big_tanker_may_need_a_second_torpedo():
    afloat = 0
    for seed in range(8):
        g = range_game(seed, vessels=[{"class": "t2_tanker", "bearing": 0, "range_m": 1000, "course": 90,
                                       "speed_kn": 7.5}])
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
        events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 120)
        hit = named(events, "torpedo_hit")
        if not hit:
            continue  # a dud
        damaged = named(events, "ship_damaged")
        if damaged[0]["state"] == "sinking":
            assert named(advance(g, 3 * 3600), "ship_sunk")
            continue
        afloat += 1
        assert damaged and damaged[0]["state"] in ("crippled", "damaged")
        assert any(e["burning"] for e in damaged)  # a tanker's cargo burns
        # the coup de grâce on the stopped tanker: a torpedo or two more
        sea = g.module("sea")
        vessel = hit[0]["vessel"]
        sunk = []
        for tube_no in (4, 1, 2):
            truth = sea.truth(vessel, g.t)
            order(g, "tdc", bearing=geo.norm360(truth.bearing - g.module("boat").heading),
                  range_m=truth.range_nm * 1852, course=truth.course, speed_kn=0)
            one(order(g, "fire_torpedoes", tubes=[tube_no]), "torpedo_fired")
            advance(g, g.t + 300)
            if sea.vessels[vessel].ai.get("sinking_at") is not None:
                sunk += named(advance(g, g.t + 3 * 3600), "ship_sunk")
                break
        assert sunk and sunk[0]["class"] == "t2_tanker"
    assert afloat >= 4  # most T2 tankers survive one hit


@pytest.mark.parametrize("cls, burns", [("tanker", True), ("liberty", False)])
def test_a_tanker_doomed_by_one_hit_burns_as_it_goes_down(cls, burns):
    """The attack, sinking: a hit ship "slows, lists, burns, sinks after a delay" by its class; ships.toml gives
    the tankers a cargo that `burns`. A magnetic torpedo under the keel (March 1943, the Pi 2) does 1.6 times
    a side hit, so one is often enough for the motor tanker (structure 1.5): the blow that dooms her sets her
    burning as surely as one that only stops her, with its line in the feed. A Liberty ship doomed the same
    way goes down without a fire."""
    doomed = 0
    for seed in range(8):
        g = range_game(seed, start="1943-03-01T12:00:00", vessels=[{"class": cls, "bearing": 0, "range_m": 1000,
                                                                      "course": 90, "speed_kn": 7.5}])
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, pistol="magnetic", depth_m=10)
        events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 3 * 3600)
        damaged = named(events, "ship_damaged")
        if not damaged or damaged[0]["state"] != "sinking":
            continue  # the pistol failed, or the blow only stopped her
        doomed += 1
        assert damaged[0]["feed"] == "Hit hard: the ship is settling and will go down."
        fire = [e for e in damaged if e["feed"] == "Hit: the ship is on fire!"]
        assert len(fire) == (1 if burns else 0)
        assert all(e["burning"] is burns for e in damaged)
        assert one(events, "ship_sunk")["class"] == cls
    assert doomed >= 3


@pytest.mark.parametrize("cls, burns", [("t2_tanker", True), ("liberty", False)])
def test_a_burning_tanker_is_seen_from_far_off_at_night(cls, burns):
    """ships.toml: a tanker's cargo burns, "the fire is seen from far off"; sensors.toml `fire_light`: a ship on
    fire lights herself, seen as by day. On a clear December night (light 0.2: a large ship is seen 2.4 nm off)
    the boat cripples a ship 1,000 m off from the surface, then runs south at full ahead for half an hour:
    the T2 tanker, stopped and burning some 8 nm astern, stays in the lookouts' sight; a Liberty ship the
    same blow stopped, with no fire, is lost in the dark."""
    from weaponskit import post_lookout

    crippled = 0
    for seed in range(6):
        g = range_game(seed, start="1942-12-20T23:00:00", surfaced=True,
                       vessels=[{"class": cls, "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
        post_lookout(g)
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
        events = order(g, "fire_torpedoes", tubes=[1]) + advance(g, g.t + 120)
        damaged = named(events, "ship_damaged")
        if not damaged or damaged[0]["state"] != "crippled":
            continue  # a miss (the ship saw the boat and turned away), or not stopped
        crippled += 1
        assert damaged[-1]["burning"] is burns
        order(g, "new_course", course=180)
        order(g, "new_speed", speed="full_ahead")
        advance(g, g.t + 1800)
        sea = g.module("sea")
        vessel = damaged[0]["vessel"]
        assert sea.truth(vessel, g.t).range_nm > 6  # far beyond the 2.4 nm a ship is seen by night
        assert sea.picture.of(vessel)["lost"] is not burns
    assert crippled >= 1


def test_an_escort_breaks_up_from_one_hit():
    _g, events = _shot_at("flower", 0, range_m=1200)
    one(events, "torpedo_hit")
    assert one(events, "ship_sunk")["class"] == "flower"


def test_1940_the_torpedo_runs_two_metres_deeper_than_set_and_passes_under_a_corvette():
    """The depth-keeping fault (torpedoes.toml, periods): set to 3 m against a 3.5 m draught, it runs
    at 5 m and passes under; in mid-1942 the same shot strikes."""
    _g, events = _shot_at("flower", 1, start="1940-10-01T12:00:00", range_m=1200)
    under = one(events, "torpedo_under")
    assert under["why"] == "ran under the keel" and under["depth_m"] == 5.0
    assert named(events, "torpedo_hit") == [] and one(events, "torpedo_miss")["ran_under"]
    _g, events = _shot_at("flower", 0, start="1942-06-20T12:00:00", range_m=1200)
    one(events, "torpedo_hit")


@pytest.mark.parametrize("start", ["1939-12-01T12:00:00", "1940-04-14T12:00:00"])  # and off Norway in 1940
def test_1939_40_magnetic_pistols_fire_prematurely_at_the_datas_rate(start):
    """The attack, tests: torpedoes.toml's period "torpedo crisis" (September 1939 - June 1940) has 30 % of
    magnetic pistols fire on their own during the run — the run to the target, once armed
    (`pistols.arming_m`): a premature after the torpedo has struck or passed its target is none. 400 seeds ×
    a fan of 4 at a tramp 1,500 m off = 1,600 magnetic shots: 480 prematures expected, 432-528 accepted
    (30 % ± 3 points, about 2.6 standard deviations of sqrt(1600 · 0.3 · 0.7) = 18.3 shots; a rate of
    25 % or 35 % falls outside — and so does the 7 % a premature drawn along the torpedo's whole 7,500 m
    would give at 1,500 m)."""
    fired = prematures = 0
    for seed in range(400):
        g = range_game(seed, start=start, vessels=[{"class": "tramp", "bearing": 0, "range_m": 1500, "course": 90,
                                                    "speed_kn": 7.5}])
        order(g, "tdc", bearing=0, range_m=1500, course=90, speed_kn=7.5, pistol="magnetic")
        fired += len(named(order(g, "fire_torpedoes", tubes=[1, 2, 3, 4]), "torpedo_fired"))
        prematures += len(named(advance(g, 1200), "torpedo_premature"))
    assert fired == 1600
    assert prematures / fired == pytest.approx(0.30, abs=0.03)


@pytest.mark.parametrize("start, month", [("1941-06-01T12:00:00", "June 1941"), ("1942-06-01T12:00:00", "June 1942")])
def test_the_magnetic_pistol_is_not_issued_between_norway_and_the_pi_2(start, month):
    """torpedoes.toml [[periods]]: withdrawn after Norway (July 1940) until the Pi 2 (December 1942). The
    refusal is read aloud: it says what the boats carry, not the data's name of the period ("depth keeping
    cured: contact only" told a crew nothing)."""
    g = range_game(start=start)
    rejected = one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, pistol="magnetic"),
                   "order_rejected")
    assert rejected["reason"] == f"the magnetic pistol is not issued in {month} (the boats carry contact pistols only)"
    assert rejected["feed"] == ("Program the TDC refused: the magnetic pistol is not issued in "
                                f"{month} (the boats carry contact pistols only).")


def test_the_refused_magnetic_pistol_reads_aloud_in_russian():
    """The refusal read aloud at a Russian table named the one pistol the boats carry in the plural beside its
    singular name ("только взрыватели «контактный»"); it says "только взрыватель «контактный»"."""
    from kaleun.i18n import language

    g = range_game(start="1941-06-01T12:00:00")
    (event,) = [e for e in g.apply({"do": "order", "order": "tdc", "bearing": 0, "range_m": 1000, "course": 90,
                                    "speed_kn": 7.5, "pistol": "magnetic"}) if e.name == "order_rejected"]
    assert language("ru").render(event.feed) == (
        "Ввод данных в СРП: отказано — взрыватель «неконтактный» не выдаётся (на июнь 1941 года на лодках только "
        "взрыватель «контактный»).")


def test_a_magnetic_torpedo_set_under_the_keel_breaks_the_ships_back():
    g = range_game(4, start="1943-03-01T12:00:00", vessels=[{"class": "liberty", "bearing": 0, "range_m": 1000,
                                                               "course": 90, "speed_kn": 7.5}])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, pistol="magnetic", depth_m=10)
    order(g, "fire_torpedoes", tubes=[3])
    events = advance(g, 3 * 3600)
    hits = [e for e in events if e["event"] == "torpedo_hit"]
    assert len(hits) == 1 and hits[0]["detonation"] == "magnetic"  # (this seed's pistol works)


def test_a_miss_can_hit_another_ship_of_the_convoy():
    """Aimed at the near ship with too slow a speed estimate, the torpedo passes astern of it and
    strikes the ship beyond."""
    g = range_game(2, vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5},
                               {"class": "hog_islander", "bearing": 352, "range_m": 1900, "course": 90,
                                "speed_kn": 7.5}])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=4.0)
    order(g, "fire_torpedoes", tubes=[3])
    hit = one(advance(g, 600), "torpedo_hit")
    assert hit["class"] == "hog_islander" and hit["aimed"] is False


def _escort_datums(tube: int, seed: int) -> list[float]:
    """Distances (nm) from the firing point to where the escorts look for the boat after a hit at 4,000 m."""
    g = range_game(seed, vessels=[{"class": "tramp", "bearing": 0, "range_m": 4000, "course": 90, "speed_kn": 7.5},
                                  {"class": "flower", "bearing": 10, "range_m": 7000, "course": 270,
                                   "speed_kn": 10}])
    boat = g.module("boat")
    lat, lon = boat.position_at(0)
    order(g, "tdc", bearing=0, range_m=4000, course=90, speed_kn=7.5)
    order(g, "fire_torpedoes", tubes=[tube])
    events = advance(g, 400)
    assert named(events, "torpedo_hit") or named(events, "torpedo_dud")  # a dud's clang tells the same
    sea = g.module("sea")
    hunters = [v for v in sea.vessels.values() if v.is_escort and v.ai.get("datum")]
    assert hunters
    return [math.hypot(*geo.offset(lat, lon, v.ai["datum"][0], v.ai["datum"][1])) for v in hunters]


def test_a_steam_torpedos_wake_leads_the_escorts_to_the_firing_point_an_electric_does_not():
    """The attack, sinking (attacks.toml [escort]). The hit comes 4,000 m (2.16 nm) from the boat,
    by day. After a G7a the escorts follow its wake of bubbles back to the firing point itself, to
    within wake_error_nm = 0.15 nm; after a G7e (no wake) they can only take a datum back along the
    torpedo's line at a guessed run of torpedo_run_nm = 1.0 nm from the hit — about 1.16 nm short of
    the firing point (to within torpedo_datum_error_nm = 0.5 nm). Over eight seeds: the steam datums
    average under 0.35 nm from the firing point, the electric ones over 0.8 nm."""
    steam = [d for seed in range(8) for d in _escort_datums(1, seed)]  # G7a: a wake of bubbles
    electric = [d for seed in range(8) for d in _escort_datums(3, seed)]  # G7e: no wake
    assert sum(steam) / len(steam) < 0.35
    assert sum(electric) / len(electric) > 0.8


def test_a_ship_goes_down_after_its_delay_and_a_coup_de_grace_hastens_it():
    """shipdamage.py: a mortal blow dooms a ship to go under after `sink_min` (ships.toml) — shorter the
    harder it was hit; another hit on a ship already going down halves the time it has left."""
    from kaleun.uboot.sea import shipdamage

    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 3000, "course": 90, "speed_kn": 7.5}])
    sea = g.module("sea")
    v = next(iter(sea.vessels.values()))
    lo, hi = v.cls.sink_min
    assert shipdamage.hit(sea, v, v.cls.structure, "torpedo", g.t) == "sinking"
    doomed_at = float(v.ai["sinking_at"])
    assert lo * 60 <= doomed_at - g.t <= hi * 60
    assert sea.vmotion(v)[1] == 0.0  # it stops
    advance(g, g.t + 120)
    left = doomed_at - g.t
    assert shipdamage.hit(sea, v, 0.5, "torpedo", g.t) == "sinking"
    hastened = float(v.ai["sinking_at"])
    assert hastened == pytest.approx(g.t + max(30.0, left / 2)) and hastened < doomed_at
    sunk = one(advance(g, doomed_at), "ship_sunk")
    assert sunk["t"] == pytest.approx(hastened, abs=1e-3) and sunk["cause"] == "torpedo"


def test_7_3_morale_rises_for_a_ship_sunk_the_crew_never_saw_without_its_internal_id():
    """§7.3: +3 morale for every enemy ship sunk — also one the crew never had as a contact (at night a
    fan's miss runs on into the next ship of a convoy). The feed names a ship the crew knows by its
    contact (c3) and an unseen one as "a ship", never by the sea's internal vessel id ("v1 sunk")."""
    from kaleun.core.messages import Msg

    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    g.module("crew").change_morale(-4, Msg("a test"))  # down from XI, so that the rise is told
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 3600)
    sunk = one(events, "ship_sunk")
    assert sunk["vessel"] == "v1" and g.module("sea").picture.of("v1") is None  # never a contact
    morale = one([e for e in events if e["event"] == "morale"], "morale")
    assert (morale["change"], morale["cause"]) == (3, "a ship sunk")
    assert morale["feed"] == "Morale rises to X (a ship sunk)."


def test_7_3_a_ship_sunk_the_crew_never_saw_has_no_contact_in_the_event_as_in_its_hit():
    """§7.3 / host/README.md "The attack", events: `ship` is the crew's contact, or null for a ship the crew never
    had as one. The hit said null, the sinking of the same ship said "v1" — the sea's internal vessel id, which a
    script reading `ship` took for a contact."""
    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 3600)
    hit, sunk = one(events, "torpedo_hit"), one(events, "ship_sunk")
    assert hit["ship"] is None and hit["vessel"] == sunk["vessel"] == "v1"
    assert sunk["ship"] is None
    assert weapons(g).status()["sunk"][0]["ship"] is None  # the tally holds no internal id either


def test_7_3_a_ship_sunk_the_crew_saw_is_named_by_its_contact():
    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "periscope")
    order(g, "tdc", contact="c1")
    events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 3600)
    assert one(events, "ship_sunk")["ship"] == "c1"
    morale = one([e for e in events if e["event"] == "morale"], "morale")
    assert morale["cause"] == "c1 sunk"


@pytest.mark.parametrize("range_m, armed", [(150, False), (600, True)])
def test_a_torpedo_that_strikes_before_its_pistol_is_armed_does_not_detonate(range_m, armed):
    """torpedoes.toml `arming_m` (250 m, [gap]): a pistol arms only after the torpedo has run that far, so a
    shot at 150 m strikes the tramp unarmed ("before its pistol was armed ... no detonation") and the ship
    sails on, while the same shot at 600 m blows up. The same seeds, every one of six."""
    for seed in range(6):
        _g, events = _shot_at("tramp", seed, range_m=range_m)
        if armed:
            assert named(events, "torpedo_hit") or one(events, "torpedo_dud").get("why") != "unarmed"
            continue
        dud = one(events, "torpedo_dud")
        speed_kn = one(events, "torpedo_fired")["speed_kn"]
        assert dud["why"] == "unarmed" and dud["run_s"] * speed_kn * 1852 / 3600 < 250
        assert "before its pistol was armed (250 m run) — no detonation." in dud["feed"]
        assert named(events, "torpedo_hit") == [] and named(events, "ship_sunk") == []


@pytest.mark.parametrize("pistol, depth_m, fires", [("contact", 9, False), ("magnetic", 9, True),
                                                      ("magnetic", 12, False)])
def test_12_the_depth_setting_against_the_draught_decides_contact_or_magnetic_detonation(pistol, depth_m, fires):
    """The attack, the torpedo run: "the depth setting against the draught decides contact or magnetic detonation".
    March 1943 (the Pi 2 period: both pistols, no depth-keeping fault); the tramp draws 7.8 m (ships.toml). Set to
    9 m a contact pistol passes under the keel and never fires; a magnetic pistol passes 1.2 m under it,
    within torpedoes.toml's magnetic_reach_m (3 m), and fires under the keel (but for its 5 % failures and
    prematures); set to 12 m (4.2 m under) the magnetic pistol is out of reach and passes under too."""
    detonations = []
    for seed in range(10):
        _g, events = _shot_at("tramp", seed, start="1943-03-01T12:00:00", pistol=pistol, depth_m=depth_m)
        hits = named(events, "torpedo_hit")
        detonations += [h["detonation"] for h in hits]
        if not fires:
            assert hits == [] and named(events, "torpedo_dud") == []
            under = one(events, "torpedo_under")
            assert under["why"] == "ran under the keel" and under["depth_m"] == depth_m
            assert one(events, "torpedo_miss")["ran_under"]
    if fires:
        assert len(detonations) >= 8 and set(detonations) == {"magnetic"}
    else:
        assert detonations == []


@pytest.mark.parametrize("start, course, rate", [
    ("1940-04-14T12:00:00", 90, 0.25),   # the torpedo crisis: a contact pistol fails one time in four ...
    ("1940-04-14T12:00:00", 180, 0.50),  # ... twice as often striking bow-on (shallow_factor 2, within 40°)
    ("1941-06-01T12:00:00", 90, 0.10),   # contact pistols only, after Norway: one in ten
])
def test_12_contact_pistols_are_duds_at_the_rate_of_their_date_and_track_angle(start, course, rate):
    """The attack, the torpedo run: "duds and prematures by date and pistol" (torpedoes.toml [[periods]], `dud`,
    `shallow_factor`, `shallow_track_deg`). One G7e with its contact pistol at a tramp 1,500 m ahead, 400
    seeds: every one strikes the hull (track angle 76° crossing, 180° bow-on), and the share of duds is the
    period's rate — times two at a fine angle — within 5 points (2.3 standard deviations at 25 %; a period
    read for the wrong date, or the angle ignored, falls outside). One torpedo a game: in a salvo the ship a
    first torpedo stops is missed by the next, so the strikes that follow a dud would be counted twice."""
    duds = strikes = 0
    for seed in range(400):
        g = range_game(seed, start=start, vessels=[{"class": "tramp", "bearing": 0, "range_m": 1500, "course": course,
                                                    "speed_kn": 7.5}])
        order(g, "tdc", bearing=0, range_m=1500, course=course, speed_kn=7.5)
        order(g, "fire_torpedoes", tubes=[3])
        events = advance(g, 1200)
        duds += len(named(events, "torpedo_dud"))
        strikes += len(named(events, "torpedo_dud")) + len(named(events, "torpedo_hit"))
    assert strikes == 400
    assert duds / strikes == pytest.approx(rate, abs=0.05)


def test_12_a_lone_ship_stopped_by_a_hit_lies_on_the_heading_it_was_struck_on():
    """A lone ship struck flees the boat (its flight is set off by the blow), but one the blow stops makes no way
    to turn: it lies on the heading it was struck on. It swung round on the spot to its flight's course (from 090
    to about 010), so the second torpedo of the same salvo, arriving with the first, struck a hull lying along its
    own track: its run_s 47.2 at 49.1 s, at a track angle of 0°."""
    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    fired = order(g, "fire_torpedoes", tubes=[1, 2])  # two G7a on one solution, no spread: one track
    hits = named(fired + advance(g, 120), "torpedo_hit")
    assert [h["torpedo"] for h in hits] == ["t1", "t2"]
    first, second = hits
    assert second["t"] == pytest.approx(first["t"], abs=1e-6)
    assert second["run_s"] == first["run_s"] == round(first["t"], 1)  # the time it struck, since it was fired at 0
    assert second["track_angle"] == first["track_angle"] == 79
    sea = g.module("sea")
    course, speed = sea.vmotion(sea.vessels[first["vessel"]])
    assert (round(course), speed) == (90, 0.0)


@pytest.mark.parametrize("seed", [0, 2])
def test_12_the_coup_de_grace_on_a_crippled_tanker_from_the_crews_target_data(seed):
    """A T2 tanker crippled by one hit lies stopped and burning. The First Officer takes its target data again
    through the periscope and programs the TDC from them: the crew's plot restarts when the ship stops (it
    averaged the stopped ship with its old 8 kn: "speed 4.0 kn", and the coup de grâce missed ahead), and
    the torpedo hits."""
    g = range_game(seed, vessels=[{"class": "t2_tanker", "bearing": 0, "range_m": 1200, "course": 90,
                                   "speed_kn": 7.5}])
    order(g, "periscope")
    order(g, "tdc", contact="c1")
    events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 200)
    assert one(events, "torpedo_hit")["ship"] == "c1"
    assert {e["state"] for e in named(events, "ship_damaged")} == {"crippled"}
    order(g, "periscope")
    programmed = one(order(g, "tdc", contact="c1"), "tdc_programmed")
    assert programmed["speed_kn"] <= 1.0
    events = order(g, "fire_torpedoes", tubes=[4]) + advance(g, g.t + 300)
    hit = one(events, "torpedo_hit")
    assert hit["ship"] == "c1" and hit["aimed"] is True
    assert one(events, "ship_damaged")["state"] == "sinking"


@pytest.mark.parametrize("ship", ["tramp", "hog_islander"])
def test_12_hqs_advice_in_the_torpedo_crisis_strikes_the_side_not_under_the_keel(ship):
    """The torpedo crisis mission (April 1940): HQ's signal tells the crew how to set the torpedoes. It said
    "depth 2 m less than the target's draught" while the torpedoes ran 2 m deeper than set (torpedoes.toml
    `deeper_m`): set as advised, every one ran exactly at the keel and passed under. Set as the signal now says,
    the contact pistol strikes the side (or is a dud: the crisis's contact pistols failed too)."""
    import tomllib
    from pathlib import Path

    from kaleun.uboot.data import __file__ as data_init
    from kaleun.uboot.weapons.arsenal import TORPEDOES

    mission = tomllib.loads((Path(data_init).parent / "missions" / "torpedo_crisis_1940.toml").read_text("utf-8"))
    advice = next(r["text"] for r in mission["radio"] if "Torpedo inspectorate" in r["text"])
    less = float(re.search(r"set (\d+) m or more less than the target's draught", advice).group(1))
    crisis = next(p for p in TORPEDOES["periods"] if p["name"] == "torpedo crisis")
    assert f"run {crisis['deeper_m']:g} m deeper than set" in advice
    g0 = range_game(vessels=[{"class": ship, "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    draught = next(iter(g0.module("sea").vessels.values())).cls.draft_m
    results = []
    for seed in range(6):
        g = range_game(seed, start="1940-04-16T12:00:00",
                       vessels=[{"class": ship, "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, pistol="contact",
              depth_m=round(draught - less, 1))
        events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 400)
        results += [e["event"] for e in events if e["event"] in ("torpedo_hit", "torpedo_dud", "torpedo_under")]
    assert results and set(results) <= {"torpedo_hit", "torpedo_dud"} and "torpedo_hit" in results


def test_12_every_torpedo_report_gives_its_run_time_in_whole_seconds():
    """§12, the torpedo run: "Run time and result in the feed ("Torpedo 3: hit after 74 s")". Every report's feed
    (hit, premature, miss, dud) says the run time in whole seconds, as the salvo and the TDC say theirs, its
    event's `run_s` (tenths of a second) rounded half up — never "after 364.5 s" (1940 magnetic pistols: the
    first seeds give prematures)."""
    reports = []
    for seed in range(12):
        g = range_game(seed, start="1939-12-01T12:00:00", vessels=[
            {"class": "tramp", "bearing": 0, "range_m": 1500, "course": 90, "speed_kn": 7.5}])
        order(g, "tdc", bearing=0, range_m=1500, course=90, speed_kn=7.5, pistol="magnetic")
        order(g, "fire_torpedoes", tubes=[1, 2, 3, 4])
        reports += [e for e in advance(g, 1200) if e["event"] in ("torpedo_hit", "torpedo_premature",
                                                                    "torpedo_miss", "torpedo_dud")]
    assert {e["event"] for e in reports} >= {"torpedo_premature", "torpedo_hit", "torpedo_miss"}
    for e in reports:
        whole = math.floor(e["run_s"] + 0.5)
        assert isinstance(e["run_s"], float) and f"after {whole} s" in e["feed"], e
        assert not re.search(r"\d\.\d", e["feed"]), e


def test_12_what_a_hit_does_is_the_data_files_choice(monkeypatch):
    """A hit's effect is not in the rulebook (the app sank the ships): torpedoes.toml [pistols] gives the standard
    warhead and the spread of a hit's effect (our choice). Held at exactly 1, a G7e's 280 kg side hit does one
    standard hit (1.0), whatever the seed; with the data's spread the hits of six seeds differ within 0.6-1.4."""
    from kaleun.uboot.sea import torpedo_run

    def side_hits() -> list[float]:
        return [one(events, "torpedo_hit")["damage"] for seed in range(6)
                for events in [_shot_at("liberty", seed)[1]] if named(events, "torpedo_hit")]

    spread = side_hits()
    assert spread and all(0.6 <= d <= 1.4 for d in spread) and len(set(spread)) > 1
    monkeypatch.setitem(torpedo_run.HIT, "hit_least", 1.0)
    monkeypatch.setitem(torpedo_run.HIT, "hit_most", 1.0)
    assert set(side_hits()) == {1.0}


def test_12_a_coup_de_grace_never_puts_off_a_ship_going_down():
    """Another hit on a ship already going down halves the time she has left, yet not below half a minute: with
    20 s left she goes down in those 20 s, not in 30 (the half minute gave a sinking ship more time)."""
    from kaleun.uboot.sea import shipdamage

    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 3000, "course": 90, "speed_kn": 7.5}])
    sea = g.module("sea")
    v = next(iter(sea.vessels.values()))
    assert shipdamage.hit(sea, v, v.cls.structure, "torpedo", g.t) == "sinking"
    advance(g, float(v.ai["sinking_at"]) - 20)
    assert shipdamage.hit(sea, v, 1.0, "torpedo", g.t) == "sinking"
    assert float(v.ai["sinking_at"]) == pytest.approx(g.t + 20)
    assert one(advance(g, g.t + 25), "ship_sunk")["t"] == pytest.approx(g.t - 5, abs=1e-3)


@pytest.mark.parametrize("where, said, effect", [("lone", "Hit: the ship is damaged and slows down.", "slows"),
                                                 ("convoy", "Hit: the ship is damaged and falls back.", "falls_back"),
                                                 ("escort", "Hit: the ship is damaged.", "damaged")])
def test_12_a_hurt_ship_is_said_as_what_it_does(where, said, effect):
    """From a quarter of its structure (ships.toml [damage] `straggle_share`) a merchant of a convoy falls out of its
    formation ("falls back"); a lone ship has no convoy to fall back from: she slows down; an escort fights on at
    its own speeds (only stopped or doomed does it leave the fight). At the start nobody has seen the ship yet:
    the feed calls it "the ship"."""
    from kaleun.uboot.sea import shipdamage

    if where == "lone":
        g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1500, "course": 90, "speed_kn": 7.5}])
    else:
        g = range_game(convoy=[{"kind": "SC", "bearing": 0, "range_nm": 1.0, "course": 90, "columns": 1,
                                "ships_per_column": 1, "escorts": ["flower"]}])
    sea = g.module("sea")
    v = next(v for v in sea.vessels.values() if v.is_escort == (where == "escort"))
    speed = sea.vmotion(v)[1]
    shipdamage.hit(sea, v, 0.3 * v.cls.structure, "gunfire", g.t)
    told = [e.to_json() for e in g.take_events() if e.name == "ship_damaged"]
    assert (told[0]["state"], told[0]["ship"], told[0]["feed"]) == ("damaged", None, said)
    assert told[0]["effect"] == effect  # a script reads what she does without the feed's words
    after = sea.vmotion(v)[1]
    assert (after == speed) if where == "escort" else (after < speed)


def test_12_a_ship_a_torpedo_stopped_is_never_said_to_slow_down_when_the_gun_hits_her():
    """A lone tanker stopped and listing from one torpedo ("Hit: c1 is stopped and listing."), then shelled by the
    88 mm gun for the coup de grâce: the first shell hit said "Hit: c1 is damaged and slows down.", of a ship lying
    stopped. Her hits say only what changes: the fire, that she settles."""
    from weaponskit import do, post_lookout

    g = range_game(seed=0, surfaced=True, flooded=[1],
                   vessels=[{"class": "tanker", "bearing": 60, "range_m": 2000, "course": 0, "speed_kn": 9}])
    post_lookout(g)
    advance(g, 60)
    sea = g.module("sea")
    vessel = sea.picture.get("c1")["entity"]
    truth, (course, speed) = sea.truth(vessel, g.t), sea.vmotion(sea.vessels[vessel])
    one(order(g, "tdc", bearing=truth.bearing, range_m=truth.range_nm * 1852, course=course, speed_kn=speed),
        "tdc_programmed")
    events = order(g, "fire_torpedoes", tubes=[1]) + advance(g, g.t + 400)
    assert named(events, "ship_damaged")[0]["feed"] == "Hit: c1 is stopped and listing."
    order(g, "mobilize")
    for figure in ("captain-hexagon", "officer-square", "navigator-hexagon"):
        do(g, {"do": "place", "figure": figure, "section": 7})
    events = order(g, "gun_88", target="c1", rounds=60) + advance(g, g.t + 900)
    assert named(events, "gun_round"), "the gun fired"
    said = [e["feed"] for e in named(events, "ship_damaged")]
    assert said and not [line for line in said if "slows down" in line or "falls back" in line], said
    assert all(e["state"] in ("crippled", "sinking") for e in named(events, "ship_damaged"))


def test_12_the_tdc_set_on_a_ship_the_crew_was_told_is_going_down_says_so():
    """§12 "sinks after a delay, or stays afloat for a coup de grâce": a torpedo at a ship already settling only
    hastens her end (shipdamage.py); the TDC set on her says so, as the gun refuses a round at her (guns.py)."""
    from kaleun.uboot.sea import shipdamage

    g = range_game(1, vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "periscope")
    assert "going down" not in one(order(g, "tdc", contact="c1"), "tdc_programmed")["feed"]
    sea = g.module("sea")
    v = next(iter(sea.vessels.values()))
    shipdamage.hit(sea, v, v.cls.structure, "torpedo", g.t)
    assert one(order(g, "tdc", contact="c1"), "tdc_programmed")["feed"].endswith(
        " c1 is going down already: a torpedo only hastens her end.")


def test_12_one_hit_that_stops_and_fires_a_tanker_says_each_in_its_own_event():
    """The attack, sinking: a hit ship "slows, lists, burns". One torpedo that stops a T2 tanker and sets her
    cargo burning gives two `ship_damaged` events at the same moment with the same state; their `effect`
    tells them apart for a script that does not read the feed: `stopped`, then `on_fire`."""
    seen = 0
    for seed in range(6):
        g = range_game(seed, vessels=[{"class": "t2_tanker", "bearing": 0, "range_m": 1000, "course": 90,
                                       "speed_kn": 7.5}])
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
        damaged = named(order(g, "fire_torpedoes", tubes=[3]) + advance(g, 120), "ship_damaged")
        if not damaged or damaged[0]["state"] != "crippled":
            continue  # a dud, or a blow that dooms her at once
        seen += 1
        assert [(e["effect"], e["feed"]) for e in damaged] == [("stopped", "Hit: the ship is stopped and listing."),
                                                               ("on_fire", "Hit: the ship is on fire!")]
        assert damaged[0]["t"] == damaged[1]["t"]
    assert seen >= 2


def _missed_wake(tube: int, seed: int, start: str = "1942-06-20T12:00:00",
                 corvette: float = 25.0) -> tuple[list[dict], list[float]]:
    """A torpedo fired at a tramp 2,000 m ahead with a speed estimate of 16 kn for her 7.5 (it runs on ahead of
    her, on a course of about 23.6°), a corvette lying stopped 2,600 m off at `corvette`° (25°: some 60 m off its
    track; 37°: some 0.3 nm). The events, and how far (nm) from the firing point each escort with a datum looks
    for the boat."""
    g = range_game(seed, start=start, vessels=[
        {"class": "tramp", "bearing": 0, "range_m": 2000, "course": 90, "speed_kn": 7.5},
        {"class": "flower", "bearing": corvette, "range_m": 2600, "course": 0, "speed_kn": 0}])
    lat, lon = g.module("boat").position_at(0)
    order(g, "tdc", bearing=0, range_m=2000, course=90, speed_kn=16)
    events = order(g, "fire_torpedoes", tubes=[tube]) + advance(g, 900)
    # it misses (an escort alerted as the wake passed her may run the boat down before the run ends)
    assert not named(events, "torpedo_hit")
    sea = g.module("sea")
    return events, [math.hypot(*geo.offset(lat, lon, v.ai["datum"][0], v.ai["datum"][1]))
                    for v in sea.vessels.values() if v.is_escort and v.ai.get("datum")]


def test_12_a_steam_torpedo_that_misses_leaves_a_wake_the_escorts_follow_back_an_electric_does_not():
    """The attack, sinking (attacks.toml [escort] `wake_sight_nm`): a G7a's wake of bubbles shows whether it hits
    or not. By day in clear weather (visibility 15 nm x 0.1 > 0.8 nm: seen out to 0.8 nm) the corvette near the
    track of a G7a that missed sees its wake in most seeds; the escorts are alerted ("a torpedo wake") and look
    for the boat at the firing point to within wake_error_nm = 0.15 nm, as after a hit. A G7e that misses the
    same way leaves no wake: nobody is alerted."""
    steam = [_missed_wake(1, seed) for seed in range(8)]
    seen = [datums for events, datums in steam if named(events, "escort_alert")]
    assert len(seen) >= 5
    assert all(named(events, "escort_alert")[0]["reason"] == "a torpedo wake" for events, _ in steam
               if named(events, "escort_alert"))
    assert all(datums and max(datums) < 0.5 for datums in seen)
    for seed in range(8):
        events, datums = _missed_wake(3, seed)  # G7e: no wake
        assert not named(events, "escort_alert") and not datums


def test_12_a_missing_wake_is_hard_to_see_at_night():
    """At night the light factor of 0.2 (weather.toml) cuts the wake's sight to 0.16 nm: over eight September
    nights a corvette some 0.3 nm off a G7a's track, within its 0.8 nm by day and beyond it by night, sees the wake
    far less often than by day (a G7a both times: no pattern runner yet, whose ladder may pass a ship close)."""
    night = sum(1 for seed in range(8) if named(_missed_wake(1, seed, "1942-09-20T02:00:00", 37.0)[0], "escort_alert"))
    day = sum(1 for seed in range(8) if named(_missed_wake(1, seed, corvette=37.0)[0], "escort_alert"))
    assert night < day - 3


def test_12_a_ship_a_steam_torpedo_ran_under_saw_its_wake_pass_over_her():
    """In October 1940 a torpedo set to 3 m runs at 5 m and passes under a Hunt's 3.8 m keel at 1,200 m. By the
    end of a G7a's run (7,500 m, about 5 minutes) the destroyer at 25 kn is some 2 nm off its track, beyond the
    wake's 0.8 nm by day; yet its wake passed right over her: her lookouts had it at no distance, and with the
    chance of one look (sensors.toml `visual_p` = 0.5) she reports it in about half of twelve seeds. A G7e's run
    under her leaves nothing seen."""
    def alerted(tube: int, seed: int) -> bool:
        g = range_game(seed, start="1940-10-01T12:00:00", vessels=[{"class": "hunt", "bearing": 0, "range_m": 1200,
                                                                    "course": 90, "speed_kn": 25}])
        order(g, "tdc", bearing=0, range_m=1200, course=90, speed_kn=25)
        events = order(g, "fire_torpedoes", tubes=[tube]) + advance(g, 900)
        one(events, "torpedo_under")
        return bool(named(events, "escort_alert"))

    assert sum(alerted(1, seed) for seed in range(12)) >= 4
    assert not any(alerted(3, seed) for seed in range(12))


def _wake_meets_a_hunt(seed: int) -> Any:
    """A Hunt 1,000 m ahead and 200 m (0.11 nm) to starboard of a G7a's track steams south at 25 kn, meeting it."""
    g = range_game(seed, vessels=[{"class": "hunt", "bearing": 11.3, "range_m": 1020, "course": 180,
                                   "speed_kn": 25}])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=0)
    return g


def test_12_a_ship_the_wake_passed_early_saw_it_then_though_she_steamed_out_of_sight_since():
    """attacks.toml [escort] `wake_sight_nm`: each ship is judged where she was when the G7a passed nearest her,
    and reports it then. The Hunt meets the torpedo at 40 + 25 = 65 kn (33.4 m/s): it passes her 1,000 m / 33.4 m/s
    = 30 s after it was fired, at 0.11 nm, well within the wake's 0.8 nm by day. By the end of its run (7,500 m at
    40 kn, about 364 s) she is some 3,700 m (2 nm) astern of the firing point, beyond sight of any of its wake:
    judged there she would never see it; judged where it passed her she reports it in some of twelve seeds (one
    look's chance falls off with distance, sensors.toml `visual_p` = 0.5), and the escorts are alerted at the look
    after it passed her (a torpedo near ships looks every 10 s), not when its run ends five minutes later."""
    seen = 0
    for seed in range(12):
        g = _wake_meets_a_hunt(seed)
        events = order(g, "fire_torpedoes", tubes=[1]) + advance(g, 900)
        assert not named(events, "torpedo_hit") and not named(events, "torpedo_under")
        fired = float(one(events, "torpedo_fired")["t"])
        wakes = [e for e in named(events, "escort_alert") if e["reason"] == "a torpedo wake"]
        if wakes:
            seen += 1
            assert 30.0 - 1.0 <= float(wakes[0]["t"]) - fired <= 30.0 + 10.0 + 1.0
    assert seen >= 3


def test_12_a_game_saved_while_a_steam_torpedo_runs_resumes_to_the_same_log():
    """A save taken while a G7a runs, before its wake passes the Hunt, resumes to the same events: the wake's report
    (or none) and the rest of the run come alike, in seeds where she reports it and where she does not."""
    from kaleun.uboot.game import load_game

    reported = set()
    for seed in range(4):
        g = _wake_meets_a_hunt(seed)
        order(g, "fire_torpedoes", tubes=[1])
        advance(g, g.t + 15.0)
        resumed = load_game(json.loads(json.dumps(g.to_state())))
        later = advance(g, 900)
        assert advance(resumed, 900) == later
        reported.add(any(e["reason"] == "a torpedo wake" for e in named(later, "escort_alert")))
    assert reported == {True, False}


def test_12_two_wakes_of_one_fan_are_one_alarm():
    """attacks.toml [escort] `one_blow_s`: blows within 60 s are one salvo's. The convoy exercise's periscope attack
    script fires a fan of three G7a: the two that miss leave two wakes ending at the same moment, and the escorts
    are alerted to "a torpedo wake" once, not once per wake."""
    out = io.StringIO()
    ScriptRun(new_game(0, "exercise_convoy_battle"), default_board(), EventWriter(out)).run(SCRIPT)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    misses = named(events, "torpedo_miss")
    assert len(misses) == 2 and {e["type"] for e in misses} == {"G7a"}
    assert len([e for e in named(events, "escort_alert") if e["reason"] == "a torpedo wake"]) == 1


def test_12_a_coup_de_grace_on_a_ship_going_down_says_she_settles_faster():
    """§12 "sinks after a delay, or stays afloat for a coup de grâce" (shipdamage.py): a torpedo that strikes a ship
    already settling halves the time she has left, and the log says so — a `ship_damaged` with effect
    `settling_faster` and the minutes she has left now ("Hit again: c1 is settling faster."), and she goes down
    when those minutes are up."""
    seen = 0
    for seed in range(10):
        g = range_game(seed, vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90,
                                       "speed_kn": 7.5}])
        order(g, "periscope")
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
        first = named(order(g, "fire_torpedoes", tubes=[3]) + advance(g, 120), "ship_damaged")
        if not first or first[0]["effect"] != "settling" or first[0]["minutes"] < 3:
            continue  # a dud, or a ship going down too soon for a second torpedo
        order(g, "periscope")
        order(g, "tdc", contact="c1")
        events = order(g, "fire_torpedoes", tubes=[4]) + advance(g, 240)
        if not named(events, "torpedo_hit"):
            continue  # a dud or a miss on the crew's estimates
        seen += 1
        hit, told = one(events, "torpedo_hit"), one(events, "ship_damaged")
        assert (told["effect"], told["state"], told["ship"]) == ("settling_faster", "sinking", "c1")
        assert told["feed"] == "Hit again: c1 is settling faster." and told["t"] == hit["t"]
        assert told["minutes"] < first[0]["minutes"]
        sunk = one(advance(g, hit["t"] + told["minutes"] * 60 + 10), "ship_sunk")
        assert sunk["t"] == pytest.approx(hit["t"] + told["minutes"] * 60, abs=4)
    assert seen >= 2


def test_12_a_torpedo_that_strikes_a_stopped_ship_without_dooming_her_is_said():
    """shipdamage.py: a second torpedo into a T2 tanker already stopped and listing that does not yet bring her
    damage to her structure (ships.toml 1.8 hits) leaves her stopped; the log says the blow all the same — a
    `ship_damaged` with effect `hit_again` in state `crippled` ("Hit again: the ship is still afloat.")."""
    from kaleun.uboot.sea import shipdamage

    g = range_game(vessels=[{"class": "t2_tanker", "bearing": 0, "range_m": 3000, "course": 90, "speed_kn": 7.5}])
    sea = g.module("sea")
    v = next(iter(sea.vessels.values()))
    assert shipdamage.hit(sea, v, 0.6 * v.cls.structure, "torpedo", g.t) == "crippled"
    g.take_events()
    assert shipdamage.hit(sea, v, 0.2 * v.cls.structure, "torpedo", g.t) == "crippled"
    told = [e.to_json() for e in g.take_events() if e.name == "ship_damaged"]
    assert [(e["effect"], e["state"], e["feed"]) for e in told] == [
        ("hit_again", "crippled", "Hit again: the ship is still afloat.")]


def test_12_a_torpedo_that_strikes_a_straggler_without_stopping_her_is_said():
    """shipdamage.py: a T2 tanker a first torpedo put out of her convoy (a quarter of her structure: damaged,
    straggling, burning) takes a second blow that neither stops nor dooms her: her state stays `damaged`, yet the log
    says the blow — `hit_again` ("Hit again: the ship is still afloat."), not a second "falls back" and no second
    fire. A shell's hit says nothing here (its `gun_round` tells it)."""
    from kaleun.uboot.sea import shipdamage

    g = range_game(vessels=[{"class": "t2_tanker", "bearing": 0, "range_m": 3000, "course": 90, "speed_kn": 7.5}])
    sea = g.module("sea")
    v = next(iter(sea.vessels.values()))
    first = shipdamage.STRAGGLE_SHARE
    assert shipdamage.hit(sea, v, first * v.cls.structure, "torpedo", g.t) == "damaged"
    assert v.ai.get("straggling") and v.ai.get("burning")
    g.take_events()
    second = (shipdamage.STOP_SHARE - first) / 4
    assert shipdamage.hit(sea, v, second * v.cls.structure, "torpedo", g.t) == "damaged"
    told = [e.to_json() for e in g.take_events() if e.name == "ship_damaged"]
    assert [(e["effect"], e["state"], e["feed"]) for e in told] == [
        ("hit_again", "damaged", "Hit again: the ship is still afloat.")]
    assert shipdamage.hit(sea, v, second * v.cls.structure, "gunfire", g.t) == "damaged"
    assert not [e for e in g.take_events() if e.name == "ship_damaged"]


def test_12_a_miss_names_the_ship_it_passed_though_the_crew_never_had_her_as_a_contact():
    """The attack, the torpedo run: "Run time and result in the feed" — a miss's `passed_m` says where the torpedo
    crossed its target's track. With the TDC laid on a point (no contact: nobody has reported the tramp), the
    target is the ship nearest that point; the event names her by `vessel`, as a hit does, so a reader of the log
    knows whose track the torpedo crossed 'ahead' even when `ship` (the crew's contact) is null."""
    events, _datums = _missed_wake(3, 0)
    miss = one(events, "torpedo_miss")
    assert (miss["ship"], miss["vessel"], miss["side"]) == (None, "v1", "ahead") and miss["passed_m"] > 0
