"""The Hartlepool field's sloop and collier keep off the coast (rulebook §4.1 missions as data; ships never look at
the seabed, so a mission's set-up must not sail them over land): each comes down from off the Tyne over the field
and on along the coast of north-east England and Yorkshire for the mission's whole time without touching land
(they once ran onto the coast at Staithes two hours after the field)."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import MISSIONS
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.seabed import seabed


@pytest.mark.parametrize("index", [0, 1])
def test_4_1_the_minefield_missions_ships_sail_clear_of_land(index):
    mission = MISSIONS["minefield_1939"]
    encounter = mission["encounter"][index]
    ship = encounter["vessel"]
    origin = geo.destination(*encounter["point"], ship["bearing"], ship["range_nm"])
    bed = seabed()
    # over the field: the field's point lies on the ship's track
    past = geo.rhumb(*origin, *encounter["point"])
    assert abs(geo.norm180(past[0] - ship["course"])) < 0.5 and past[1] == pytest.approx(ship["range_nm"], abs=0.5)
    # 20 hours at its speed: the sloop is placed 3 hours in, the collier after the field (some 10 hours in)
    steps = int(ship["speed_kn"] * 20 * 2)
    ashore = [p for k in range(steps + 1) if bed.depth_at(*(p := geo.destination(*origin, ship["course"], k / 2))) <= 0]
    assert ashore == [], (ship["class"], ashore[:1])
