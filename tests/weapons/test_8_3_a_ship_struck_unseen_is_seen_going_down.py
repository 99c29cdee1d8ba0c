"""§8.3/§8.4 (the lookouts' and the periscope's reports, the target data): a miss on the target runs on into a
ship of the convoy nobody had reported and dooms her. The crew was never told: the hit's line says "the ship".
When a look then finds her, she is seen settling: the feed says so and her contact carries `going_down`, as a
reported ship's does from the feed's "is settling" line — so the only-ship rule (§8.4) aims no torpedo or round
at her, and the target data says "going down"."""

from __future__ import annotations

from typing import Any

from kaleun.core.engine import Engine
from weaponskit import advance, named, one, order, range_game, ships_reported

#: the near tramp is the target; the Hog Islander beyond it takes the torpedo aimed with too slow a speed
CONVOY = [{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5},
          {"class": "hog_islander", "bearing": 352, "range_m": 1900, "course": 90, "speed_kn": 7.5}]


def _struck_unseen() -> Engine:
    """The miss of test_12_hits_and_sinkings's convoy shot, fired at periscope depth on the crew's figures alone,
    strikes the Hog Islander, nobody having either ship in the picture: she is doomed, and the crew knows nothing
    of her."""
    g = range_game(2, vessels=CONVOY)
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=4.0)
    order(g, "fire_torpedoes", tubes=[3])
    events = advance(g, 200)
    hit = one(events, "torpedo_hit")
    assert hit["class"] == "hog_islander" and hit["ship"] is None
    doomed = one(events, "ship_damaged")
    assert doomed["state"] == "sinking" and doomed["ship"] is None
    assert doomed["feed"] == "Hit hard: the ship is settling and will go down."
    assert g.module("sea").picture.of(hit["vessel"]) is None
    return g


def _contact_of(g: Engine, vessel: str) -> dict[str, Any]:
    seen = g.module("sea").picture.of(vessel)
    assert seen is not None
    return next(c for c in g.module("sea").status()["contacts"] if c["contact"] == seen["id"])


def test_8_4_the_periscope_finds_the_ship_a_miss_struck_settling_and_her_contact_says_going_down() -> None:
    g = _struck_unseen()
    vessel = next(v.id for v in g.module("sea").vessels.values() if v.cls.name == "Hog Islander")
    events = order(g, "periscope")
    doomed = _contact_of(g, vessel)
    assert doomed.get("going_down") is True
    said = one(events, "ship_seen_settling")
    assert said["contacts"] == [doomed["contact"]] and said["sensor"] == "periscope"
    assert said["feed"] == f"Periscope: {doomed['contact']} is settling and will go down."
    target = next(c for c in g.module("sea").status()["contacts"] if c["contact"] != doomed["contact"])
    assert "going_down" not in target  # the ship still afloat is not said to go down
    assert not named(order(g, "periscope"), "ship_seen_settling")  # told once, not at every look


def test_8_3_the_lookouts_find_the_ship_a_miss_struck_settling_and_the_gun_s_only_target_is_the_other() -> None:
    """The boat surfaces after the shot and the lookouts report both ships; the settling one is no candidate of
    the only-ship rule, so the 88 mm gun given without a target would take the other (one rule,
    `ui/only_target.py`)."""
    from kaleun.ui import only_target

    g = _struck_unseen()
    order(g, "surface")
    one(advance(g, g.t + 300), "boat_surfaced")
    vessel = next(v.id for v in g.module("sea").vessels.values() if v.cls.name == "Hog Islander")
    ships = ships_reported(g, 2)
    assert len(ships) == 2
    doomed = _contact_of(g, vessel)
    assert doomed.get("going_down") is True
    other = next(cid for cid in ships if cid != doomed["contact"])
    assert only_target.only_ship_in_reach(g, "gun_88") == (other, 4.0)
