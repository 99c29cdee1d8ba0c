"""§12 (the attack: "torpedo depth setting"; "the depth setting against the draught decides contact or magnetic
detonation") with §8.2 (identification by class, the identification sheet giving the class's draught): the TDC set
on a ship the crew has identified says when its depth setting will not do for her — as deep as her draught or
deeper, a contact pistol runs under her keel; more than the magnetic pistol's reach under it (torpedoes.toml
[pistols] magnetic_reach_m, 3 m), the magnetic pistol does not fire. It says nothing of a ship not identified
(the crew does not know her draught) nor of a setting that suits her, and the warning is what the sea then does."""

from __future__ import annotations

from typing import Any

import pytest
from weaponskit import advance, do, named, one, order, range_game

#: a Tramp steamer (ships.toml: 7.8 m draught) 1,000 m ahead crossing left to right
TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}


def _in_the_periscope(start: str = "1942-06-20T12:00:00", identified: bool = True) -> Any:
    g = range_game(1, start=start, vessels=[TRAMP])
    order(g, "periscope")
    if identified:
        do(g, {"do": "identify", "contact": "c1"})
        assert g.module("sea").picture.get("c1")["class"] == "tramp"
    return g


def _programmed(g: Any, **fields: Any) -> str:
    return str(one(order(g, "tdc", contact="c1", **fields), "tdc_programmed")["feed"])


@pytest.mark.parametrize("depth", [7.8, 9.0])
def test_12_a_contact_pistol_set_as_deep_as_the_identified_ship_s_draught_is_said_to_run_under_her(depth: float):
    g = _in_the_periscope()
    said = _programmed(g, depth_m=depth)
    assert said.endswith(f" Depth {depth:g} m: c1 (Tramp steamer) draws 7.8 m, a contact pistol runs under her "
                         "keel.")


def test_12_set_shallower_than_her_draught_the_tdc_says_nothing_of_the_depth():
    g = _in_the_periscope()
    assert "Depth" not in _programmed(g, depth_m=5)


def test_12_a_ship_not_identified_gives_the_crew_no_draught_and_the_tdc_says_nothing():
    g = _in_the_periscope(identified=False)
    assert "Depth" not in _programmed(g, depth_m=12)


def test_12_the_magnetic_pistol_set_too_far_under_the_keel_is_said_not_to_fire():
    """December 1942: the Pi 2 magnetic pistol is issued. Under the keel within 3 m it fires (10 m under a 7.8 m
    draught); at 11 m it is more than 3 m under it."""
    g = _in_the_periscope(start="1943-03-01T12:00:00")
    assert "Depth" not in _programmed(g, depth_m=10, pistol="magnetic")
    said = _programmed(g, depth_m=11, pistol="magnetic")
    assert said.endswith(" Depth 11 m: c1 (Tramp steamer) draws 7.8 m, the magnetic pistol does not fire more than "
                         "3 m under her keel.")


def test_12_what_the_tdc_warned_of_happens_the_contact_pistol_runs_under_the_keel():
    g = _in_the_periscope()
    _programmed(g, depth_m=9, speed_kn=7.5, course=90)
    events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, g.t + 300)
    assert one(events, "torpedo_under")["why"] == "ran under the keel"
    assert not named(events, "torpedo_hit")

