"""§8.3 the lookouts' view: a lone merchant that sights the surfaced boat by day turns away at full speed. When the
lookouts have her in sight, they see her turn and the feed says so ("Lookouts: c1 is turning away — she has seen
us."), so a crew knows why a shot on its old solution misses; a ship nobody on the bridge has in sight turns away
without a word (never the truth the crew could not know). A convoy whose lookouts sight the boat makes its emergency
turn away, reported the same way. Same seed, same events: the report draws no chance."""

from __future__ import annotations

import json

from kit import advance, do, named, order
from weaponskit import range_game

#: a tramp 9 km off to the east, steering for the boat at 7.5 kn, by day in clear weather: the lookouts see her long
#: before her own lookouts make out the low boat (convoys.toml `lookout_range_nm`)
TRAMP = {"class": "tramp", "bearing": 90, "range_m": 9000, "course": 270, "speed_kn": 7.5}
#: a tramp 2 km off, crossing ahead: she sights the boat at once, before anyone on the bridge has seen her
CLOSE = {"class": "tramp", "bearing": 90, "range_m": 2000, "course": 0, "speed_kn": 7.5}


def _surfaced(observe: bool, seed: int = 0, ship: dict = TRAMP):
    g = range_game(seed, vessels=[ship], surfaced=True, flooded=[])
    if observe:  # two lookouts on the bridge, on watch (§8.3)
        order(g, "mobilize")
        for figure in ("navigator-square", "navigator-triangle"):
            do(g, {"do": "place", "figure": figure, "section": 8})
        order(g, "observe")
    return g


def _until_she_flees(g) -> list[dict]:
    events: list[dict] = []
    vessel = next(iter(g.module("sea").vessels.values()))
    for minute in range(1, 61):
        events += advance(g, minute * 60.0)
        if vessel.ai.get("mode") == "flee":
            return events
    raise AssertionError("the tramp never sighted the boat")


def test_8_3_lookouts_who_have_her_in_sight_report_her_turning_away():
    g = _surfaced(observe=True)
    events = _until_she_flees(g)
    contact = g.module("sea").picture.of(next(iter(g.module("sea").vessels)))
    assert contact is not None and contact["tracked"]
    turned = named(events, "ship_turning_away")
    assert len(turned) == 1 and turned[0]["contact"] == contact["id"]
    assert turned[0]["feed"] == f"Lookouts: {contact['id']} is turning away — she has seen us."


def test_8_3_an_identified_ship_is_named_as_she_turns_away():
    g = _surfaced(observe=True)
    advance(g, 30.0)
    sea = g.module("sea")
    cid = sea.picture.active()[0]["id"]
    do(g, {"do": "identify", "contact": cid})
    turned = named(_until_she_flees(g), "ship_turning_away")
    assert len(turned) == 1
    name = sea.picture.get(cid)["name"]
    assert turned[0]["feed"] == f"Lookouts: the {name} ({cid}) is turning away — she has seen us."


def test_8_3_a_ship_nobody_on_the_bridge_has_in_sight_turns_away_unreported():
    """The tramp 2 km off sights the boat in her first minute and turns away before the lookouts have reported her;
    with no lookout posted at all, the watch officer alone notices only what comes within 1 nm (sensors.toml
    `unassigned_range_nm`): either way nobody saw her turn, and the feed says nothing of it."""
    for observe in (True, False):
        g = _surfaced(observe=observe, ship=CLOSE)
        events = _until_she_flees(g)
        assert named(events, "ship_turning_away") == []
        assert not [e for e in events if "turning away" in str(e.get("feed"))]


def test_8_3_the_same_seed_gives_the_same_events():
    first, second = _surfaced(observe=True, seed=4), _surfaced(observe=True, seed=4)
    a, b = _until_she_flees(first), _until_she_flees(second)
    assert json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


#: an SC convoy 6 nm to the east, steaming west for the boat, no escorts: seen long before it sights the boat
CONVOY = {"kind": "SC", "bearing": 90, "range_nm": 6.0, "course": 270, "escorts": []}


def _until_the_convoy_turns(observe: bool) -> list[dict]:
    g = range_game(0, surfaced=True, flooded=[], convoy=[CONVOY])
    if observe:
        order(g, "mobilize")
        for figure in ("navigator-square", "navigator-triangle"):
            do(g, {"do": "place", "figure": figure, "section": 8})
        order(g, "observe")
    events: list[dict] = []
    for minute in range(1, 121):
        events += advance(g, minute * 60.0)
        if named(events, "convoy_alarm"):
            return events
    raise AssertionError("the convoy never sighted the boat")


def test_8_3_lookouts_who_have_a_convoy_in_sight_report_its_emergency_turn():
    events = _until_the_convoy_turns(observe=True)
    reported = {c for e in named(events, "contact_report") for c in e["contacts"]}
    turned = named(events, "convoy_turning_away")
    assert len(turned) == 1
    assert turned[0]["feed"] == "Lookouts: the convoy is turning away — they have seen us."
    assert turned[0]["contacts"] and set(turned[0]["contacts"]) <= reported


def test_8_3_a_convoy_nobody_on_the_bridge_sees_turns_away_unreported():
    """No lookout posted: the watch officer alone notices only what comes within 1 nm; the convoy's lookouts sight
    the boat further off, and its turn goes unreported."""
    events = _until_the_convoy_turns(observe=False)
    assert named(events, "contact_report") == []
    assert named(events, "convoy_turning_away") == []
