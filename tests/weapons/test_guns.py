"""The deck guns (rulebook §6.5 order table and §8.4: 88 mm gun on the fore deck, section 7; 20 mm gun on
the bridge, section 8; guns.toml for ranges, rates, hits and ammunition)."""

from __future__ import annotations

import itertools

import pytest
from kaleun.core.errors import CommandError
from kaleun.uboot.weapons.guns import GUN
from weaponskit import advance, do, named, one, order, range_game, refused, weapons


def _tally(ceased: dict) -> str:
    """What a cease fire for a reason adds to its line: the engagement's shots (the flak's bursts) and hits (none
    when it fired none)."""
    if not ceased["shots"]:
        return ""
    shots, hits = ceased["shots"], ceased["hits"]
    shot = "burst" if ceased["gun"] == "gun_20" else "shot"
    return f", {shots} {shot}{'' if shots == 1 else 's'}, {hits} hit{'' if hits == 1 else 's'}"


def _surfaced_with(vessels=(), aircraft=None, seed: int = 0, **changes):
    g = range_game(seed, vessels=vessels, surfaced=True, flooded=[], aircraft=aircraft or [], **changes)
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    order(g, "observe")
    return g


def _a_tramp_in_sight_and_a_corvette_5_nm_off():
    """The boat surfaced (seed 3) with the target tramp and a Flower-class corvette 9 km off, two minutes on: the game
    and the tramp's contact, for the 88 mm gun."""
    corvette = {"class": "flower", "bearing": 300, "range_m": 9000, "course": 90, "speed_kn": 10}
    g = _surfaced_with([TARGET, corvette], seed=3)
    advance(g, 120)
    sea = g.module("sea")
    return g, next(c["id"] for c in sea.picture.active() if sea.vessels[c["entity"]].cls.id == "tramp")


def _first_contact(g, kind: str = "ship") -> str:
    for _ in range(40):
        active = [c for c in g.module("sea").picture.active() if c["kind"] == kind]
        if active:
            return str(active[0]["id"])
        advance(g, g.t + 30)
    raise AssertionError("no contact")


TARGET = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}


def test_the_88mm_gun_fires_its_rounds_counts_them_and_can_sink_a_merchant():
    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    opened = one(order(g, "gun_88", target=cid, rounds=60), "gun_firing")
    assert opened["feed"] == f"88 mm gun: open fire on {cid}, 60 rounds."
    events = advance(g, g.t + 600)
    rounds = named(events, "gun_round")
    ceased = one(events, "gun_ceased")
    assert ceased["shots"] == len(rounds) and ceased["hits"] == sum(r["hit"] for r in rounds) > 0
    assert weapons(g).ammo["gun_88"] == 220 - len(rounds)
    assert named(events, "ship_damaged")
    # keep firing until she goes down (a tramp takes about 7-15 shell hits)
    for _ in range(4):
        if named(events, "ship_sunk"):
            break
        if cid not in {c["id"] for c in g.module("sea").picture.active()}:
            break
        order(g, "gun_88", target=cid, rounds=60)
        events = advance(g, g.t + 600)
    assert any(s["cause"] == "gunfire" for s in weapons(g).status()["sunk"])


def test_the_guns_need_the_boat_surfaced_a_workable_sea_and_ammunition():
    g = range_game(vessels=[TARGET], flooded=[])  # at periscope depth
    assert refused(order(g, "gun_88", target="c1")) == "the boat must be surfaced to man the guns"
    storm = _surfaced_with([TARGET], weather="storm")
    # weather.toml: a storm is sea state 7, beyond the 5 the gun crews can work ([guns] max_sea_state); rain is 5
    assert refused(order(storm, "gun_88", target="c1")) == "the sea is too heavy for the gun crews (sea state 7)"
    rain = _surfaced_with([TARGET], weather="rain")
    assert "too heavy" not in refused(order(rain, "gun_88", target="c9"))  # refused only for the unknown target
    empty = _surfaced_with([TARGET], ammo={"gun_88": 0})
    assert refused(order(empty, "gun_88", target="c1")) == "no ammunition left for the 88 mm gun"


def test_the_88mm_gun_refuses_a_target_out_of_range_or_unknown():
    g = _surfaced_with([{**TARGET, "range_m": 9500}], seed=1)
    cid = _first_contact(g)
    # the gun's reach, not the true range (5.1 nm): the crew knows its own estimates only
    assert refused(order(g, "gun_88", target=cid)) == f"{cid} is out of range (the gun reaches 4 nm)"
    assert refused(order(g, "gun_88", target="c99")) == f"there is no contact c99 (contacts: {cid})"  # the one known


def test_diving_stops_the_gun():
    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    order(g, "gun_88", target=cid, rounds=40)
    advance(g, g.t + 20)
    ceased = one(order(g, "dive"), "gun_ceased")
    assert ceased["reason"] == "the boat dived"


def test_the_20mm_flak_drives_off_or_shoots_down_an_attacking_aircraft():
    outcomes = []
    for seed in range(12):
        g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.8}], seed=seed)
        opened = order(g, "gun_20", bursts=30)
        assert not named(opened, "order_rejected"), opened
        events = advance(g, g.t + 300)
        outcomes += [e["event"] for e in events if e["event"] in ("aircraft_shot_down", "aircraft_driven_off")]
        shots = sum(1 for e in events if e["event"] == "gun_round")
        assert weapons(g).ammo["gun_20"] == 4000 - 20 * shots
    assert "aircraft_driven_off" in outcomes or "aircraft_shot_down" in outcomes


def test_the_20mm_flak_both_drives_aircraft_off_and_shoots_them_down():
    """Over a dozen attacks by a Liberator in 1943 the flak shoots some down and drives others off
    (guns.toml: two burst hits bring one down; a hit that does not may turn the pilot away)."""
    outcomes = []
    for seed in range(12):
        g = _surfaced_with(aircraft=[{"type": "liberator", "bearing": 90, "range_nm": 1.8}], seed=seed,
                           start="1943-06-20T12:00:00")
        order(g, "gun_20", bursts=30)
        events = advance(g, g.t + 900)
        outcomes += [e["event"] for e in events if e["event"] in ("aircraft_shot_down", "aircraft_driven_off")]
        for down in named(events, "aircraft_shot_down"):
            assert down["feed"] == "The Consolidated Liberator (VLR) is hit and crashes into the sea!"
            assert g.module("sea").aircraft == {}  # gone from the sky
    assert "aircraft_driven_off" in outcomes and "aircraft_shot_down" in outcomes


def test_the_20mm_flak_needs_an_aircraft_in_range():
    g = _surfaced_with()
    assert refused(order(g, "gun_20")) == "no aircraft in sight within the 20 mm gun's range (2,037 m)"


def test_12_an_escort_answers_the_88mm_gun_with_its_own():
    """Shelling a merchant shows the boat (the muzzle flashes): the corvette 5 nm off turns towards it,
    opens fire on the surfaced boat and its shells hit it (attacks.toml, [gunfire])."""
    g, tramp = _a_tramp_in_sight_and_a_corvette_5_nm_off()
    sea = g.module("sea")
    events = order(g, "gun_88", target=tramp, rounds=60) + advance(g, 1800)
    assert named(events, "escort_alert") and named(events, "escort_chase")
    assert one(events, "gunfire")["escort"] == next(v.id for v in sea.vessels.values() if v.is_escort)
    shells = [e for e in events if e["event"] == "damage" and e["cause"].startswith("shell hit from")]
    assert shells


def test_12_a_shell_hit_names_the_escort_as_the_crew_knows_it():
    """A shell hit's cause names the escort as the gunfire alarm does: by its contact until the crew has
    identified it, by its class once identified; never the class the crew has not seen."""
    g, tramp = _a_tramp_in_sight_and_a_corvette_5_nm_off()
    sea = g.module("sea")
    escort = next(v.id for v in sea.vessels.values() if v.is_escort)
    order(g, "gun_88", target=tramp, rounds=60)
    before, after = set(), set()
    for _ in range(60):
        contact = sea.picture.of(escort)
        if contact is not None and not contact["identified"] and before:
            g.apply({"do": "identify", "contact": contact["id"]})
        known = contact is not None and contact["identified"]
        events = advance(g, g.t + 30)
        causes = {e["cause"] for e in events if e["event"] == "damage" and e["cause"].startswith("shell hit from")}
        (after if known else before).update(causes)
        if g.module("boat").lost:
            break
    cid = sea.picture.of(escort)["id"]
    assert before == {f"shell hit from contact {cid}"}
    assert after == {f"shell hit from the Flower-class corvette ({cid})"}

def test_a_rounds_chance_falls_with_range_and_is_lower_in_a_rough_sea_and_by_night():
    """The attack, deck guns (guns.toml, our figures): the 88 mm gun's round hits with 0.45 at point-blank
    range, falling in a straight line to 0.06 at its 4 nm; × 0.45 in a sea of state 5, × 0.5 at night.
    At 1 nm: 0.45 - 0.39 / 4 = 0.3525 by day in a calm sea, 0.159 in a sea of state 5, 0.176 at night;
    beyond 4 nm nothing. The 20 mm burst: 0.35 close in to 0.05 at 1.1 nm (0.2 at 0.55 nm), × 0.6 in a sea of
    state 5 (it took no notice of the sea: the flak on a rolling bridge hit as often as in a calm), and as often
    by night as by day (it fires only at an aircraft its gunners see)."""
    from kaleun.uboot.weapons.guns import GUN, hit_p

    gun = GUN["gun_88"]
    assert hit_p(gun, 0.0, 2, True) == 0.45
    assert hit_p(gun, 1.0, 2, True) == pytest.approx(0.3525)
    assert hit_p(gun, 1.0, 5, True) == pytest.approx(0.3525 * 0.45)
    assert hit_p(gun, 1.0, 2, False) == pytest.approx(0.17625)
    assert hit_p(gun, 4.01, 2, True) == 0.0
    assert hit_p(GUN["gun_20"], 0.55, 2, True) == pytest.approx(0.2)
    assert hit_p(GUN["gun_20"], 0.55, 5, True) == pytest.approx(0.2 * 0.6)
    assert hit_p(GUN["gun_20"], 0.55, 4, False) == hit_p(GUN["gun_20"], 0.55, 4, True) == pytest.approx(0.2 * 0.75)


@pytest.mark.parametrize("start, weather, chance", [("1941-12-20T12:00:00", "clear", 0.3525),
                                                    ("1941-12-20T23:00:00", "clear", 0.17625),
                                                    ("1941-12-20T12:00:00", "rain", 0.3525 * 0.45)])
def test_the_88mm_gun_fires_15_rounds_a_minute_and_hits_as_often_as_its_chance(start, weather, chance):
    """A tanker lying stopped 1 nm off, four guns' worth of 60 rounds (seeds 0-3): a round every 4 s
    (15 a minute), and the share that hits within 0.08 of the chance above — by day, at night, and in
    rain (sea state 5, the roughest sea the gun crews can work in)."""
    shots = hits = 0
    for seed in range(4):
        g = _surfaced_with([{"class": "t2_tanker", "bearing": 40, "range_m": 1852.0, "course": 40, "speed_kn": 0}],
                           seed=seed, start=start, weather=weather)
        one(order(g, "gun_88", target=_first_contact(g), rounds=60), "gun_firing")
        rounds = named(advance(g, g.t + 900), "gun_round")
        assert {round(b["t"] - a["t"], 6) for a, b in itertools.pairwise(rounds)} == {4.0}
        shots += len(rounds)
        hits += sum(r["hit"] for r in rounds)
    assert shots > 200 and hits / shots == pytest.approx(chance, abs=0.08)


def test_the_20mm_flak_engages_only_an_aircraft_in_sight():
    """§8.4 (the 20 mm gun on the bridge, sensors.toml: an aircraft is seen 0.1 nm off on a foggy night): a
    Wellington 1.8 nm off that nobody can see is no target — the order is refused as if no aircraft were
    there (it tells the crew nothing the lookouts do not know) and leaves the weapons as they were; by
    day in clear weather the same aircraft is engaged."""
    import json

    night = _surfaced_with(aircraft=[{"type": "wellington", "bearing": 90, "range_nm": 1.8}],
                           start="1942-12-20T23:00:00", weather="fog")
    before = json.dumps(weapons(night).to_state(), sort_keys=True)
    assert refused(order(night, "gun_20")) == "no aircraft in sight within the 20 mm gun's range (2,037 m)"
    assert json.dumps(weapons(night).to_state(), sort_keys=True) == before
    day = _surfaced_with(aircraft=[{"type": "wellington", "bearing": 90, "range_nm": 1.8}])
    one(order(day, "gun_20"), "gun_firing")


def test_10_3_a_gun_put_out_of_action_ceases_fire_at_once():
    """technical.toml: a major failure of the 88 mm gun means "the deck gun cannot fire" — a gun firing
    its ordered rounds when it fails fires no round more, and says why it ceased."""
    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    one(order(g, "gun_88", target=cid, rounds=60), "gun_firing")
    advance(g, g.t + 20)
    do(g, {"do": "damage", "kind": "technical", "component": "gun_88", "severity": "major_failure"})
    rounds = weapons(g).ammo["gun_88"]
    events = advance(g, g.t + 120)
    assert named(events, "gun_round") == []
    ceased = one(events, "gun_ceased")
    assert ceased["reason"] == "the gun is out of action"
    assert ceased["feed"] == f"88 mm gun: cease fire (the gun is out of action){_tally(ceased)}."
    assert weapons(g).ammo["gun_88"] == rounds


def test_the_guns_never_fire_rounds_they_no_longer_have():
    """Ammunition is counted and shown (the attack, deck guns): the flak fires bursts of one 20-round magazine
    (guns.toml); with 50 rounds left it fires 20, 20, then the last 10, and ceases fire for want of
    ammunition — never below nought, never a round that is not there. The 88 mm gun with 3 rounds
    left fires 3 of the 10 ordered and ceases the same way."""
    ran_dry = []
    for seed in range(12):
        g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.8}], seed=seed,
                           ammo={"gun_20": 50})
        opened = one(order(g, "gun_20", bursts=30), "gun_firing")
        assert opened["rounds"] == 3 and opened["feed"] == "20 mm gun: open fire with its last 3 bursts."
        events = advance(g, g.t + 300)
        bursts = [r["rounds"] for r in named(events, "gun_round")]
        assert sum(bursts) == 50 - weapons(g).ammo["gun_20"] and weapons(g).ammo["gun_20"] >= 0
        assert all(b == 20 for b in bursts[:-1])
        if weapons(g).ammo["gun_20"] == 0:
            assert bursts == [20, 20, 10]
        over = named(events, "aircraft_shot_down") + named(events, "aircraft_driven_off")
        if bursts == [20, 20, 10] and not over:  # the last ten rounds did not end the attack
            ceased = one(events, "gun_ceased")
            assert ceased["feed"] == f"20 mm gun: cease fire (no ammunition left){_tally(ceased)}."
            assert ceased["shots"] == 3
            ran_dry.append(seed)
    assert ran_dry  # some of the Sunderlands pressed on until the magazines were empty
    g = _surfaced_with([TARGET], seed=3, ammo={"gun_88": 3})
    opened = one(order(g, "gun_88", target=_first_contact(g), rounds=10), "gun_firing")
    # the First Officer says what the gun will fire: its last three rounds, not the ten ordered
    assert opened["rounds"] == 3
    assert opened["feed"] == f"88 mm gun: open fire on {opened['target']} with its last 3 rounds."
    events = advance(g, g.t + 120)
    assert [r["rounds"] for r in named(events, "gun_round")] == [1, 1, 1] and weapons(g).ammo["gun_88"] == 0
    ceased = one(events, "gun_ceased")
    assert ceased["feed"] == f"88 mm gun: cease fire (no ammunition left){_tally(ceased)}."
    assert ceased["shots"] == 3
    assert refused(order(g, "gun_88", target=_first_contact(g))) == "no ammunition left for the 88 mm gun"


@pytest.mark.parametrize("gun", ["gun_88", "gun_20"])
def test_a_gun_ceases_fire_when_the_sea_gets_up_beyond_what_its_crew_can_work(gun):
    """The attack, deck guns: the guns are worked surfaced in a sea of state 5 or less (weather.toml [guns]).
    A sea that gets up while a gun fires its ordered rounds stops it at its next round, with the
    reason read aloud: the gun crews are not left on a swept deck firing with a calm sea's chance."""
    if gun == "gun_88":
        g = _surfaced_with([TARGET], seed=3)
        opened = order(g, "gun_88", target=_first_contact(g), rounds=60)
    else:
        g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.8}], seed=0)
        opened = order(g, "gun_20", bursts=30)
    one(opened, "gun_firing")
    advance(g, g.t + 10)
    assert weapons(g).firing[gun] is not None
    rounds = weapons(g).ammo[gun]
    events = do(g, {"do": "weather", "kind": "storm", "hold": True})  # sea state 7
    events += advance(g, g.t + 300)
    assert named(events, "gun_round") == []
    ceased = one(events, "gun_ceased")
    assert ceased["reason"] == "the sea has got up to state 7, too heavy for the gun crews"
    name = "88 mm gun" if gun == "gun_88" else "20 mm gun"
    assert ceased["feed"] == (f"{name}: cease fire (the sea has got up to state 7, too heavy for the gun crews)"
                              f"{_tally(ceased)}.")
    assert weapons(g).ammo[gun] == rounds and weapons(g).firing[gun] is None


@pytest.mark.parametrize("gun", ["gun_88", "gun_20"])
def test_an_order_given_again_while_the_gun_fires_keeps_its_rate_of_fire(gun):
    """guns.toml: the 88 mm gun fires 15 aimed rounds a minute, the flak a 20-round burst every 8 s. A crew
    repeating "open fire!" while the gun is firing gives it new rounds to fire, not a faster gun: the next
    round comes when the gun is ready, not the moment the order is repeated."""
    if gun == "gun_88":
        g = _surfaced_with([TARGET], seed=3)
        fields = {"target": _first_contact(g), "rounds": 60}
        every = 4.0
    else:
        g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.0}], seed=1)
        fields = {"bursts": 30}
        every = 8.0
    one(order(g, gun, **fields), "gun_firing")
    events = advance(g, g.t + 1)
    for _ in range(3):
        events += order(g, gun, **fields)
        events += advance(g, g.t + 1)
    events += advance(g, g.t + 20)
    times = [r["t"] for r in named(events, "gun_round")]
    assert len(times) >= 2
    assert all(b - a >= every - 1e-6 for a, b in itertools.pairwise(times)), times


def test_a_gun_that_loses_its_target_in_fog_says_so_not_out_of_range():
    """A gun ceases fire when its target passes out of sight as well as out of range (guns.py); the feed
    names which: a ship 1.2 nm off in fog (seen 0.5 nm) is out of sight, within the gun's 4 nm."""
    g = _surfaced_with([TARGET], seed=3)
    one(order(g, "gun_88", target=_first_contact(g), rounds=60), "gun_firing")
    advance(g, g.t + 10)
    events = do(g, {"do": "weather", "kind": "fog", "hold": True})
    events += advance(g, g.t + 60)
    ceased = one(events, "gun_ceased")
    assert ceased["feed"] == f"88 mm gun: cease fire (the target is out of sight){_tally(ceased)}."


def test_the_flak_is_told_when_the_aircraft_flies_off_not_that_it_is_out_of_range():
    """After its attack, or driven off, an aircraft heads home: the flak that was firing ceases "the aircraft
    is flying off", and an order to fire at it then is refused with that reason — never "open fire" followed
    at once by "out of range" for an aircraft a few hundred metres off."""
    checked = 0
    for seed in range(12):
        g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.8}], seed=seed)
        order(g, "gun_20", bursts=30)
        plane = next(iter(g.module("sea").aircraft.values()))
        events: list = []
        while plane.ai["mode"] != "leave" and g.t < 300:  # until it has attacked or been driven off
            events += advance(g, g.t + 2)
        if named(events, "aircraft_shot_down"):
            continue
        assert plane.ai["mode"] == "leave"
        events += advance(g, g.t + 10)
        assert {c["reason"] for c in named(events, "gun_ceased")} <= {None, "the aircraft is flying off"}
        contact = g.module("sea").picture.of(plane.id)
        if contact is None or contact["lost"]:
            continue
        reason = refused(order(g, "gun_20", target=contact["id"]))
        assert reason in (f"{contact['id']} is flying off", f"{contact['id']} is not in sight of the 20 mm gunners")
        checked += 1
    assert checked


def test_the_captain_can_order_cease_fire_without_an_activation():
    """"Cease fire!" is a word to the gun crews, not an order ([gap] our choice): the gun stops at once with
    the shots and hits it fired, no chip is paid, no round leaves the gun after it; a gun that is not
    firing is told so and nothing changes."""
    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    order(g, "gun_88", target=cid, rounds=60)
    advance(g, g.t + 30)
    ammo = weapons(g).ammo["gun_88"]
    chips = g.module("crew").to_state()
    ceased = one(do(g, {"do": "cease_fire", "gun": "gun_88"}), "gun_ceased")
    assert ceased["reason"] is None and ceased["shots"] == 220 - ammo
    assert ceased["feed"].startswith("88 mm gun: cease fire, ")
    assert g.module("crew").to_state() == chips
    assert not named(advance(g, g.t + 600), "gun_round")
    assert weapons(g).ammo["gun_88"] == ammo
    with pytest.raises(CommandError, match="88 mm gun is not firing"):
        g.apply({"do": "cease_fire", "gun": "gun_88"})
    with pytest.raises(CommandError, match="no gun is firing"):
        g.apply({"do": "cease_fire"})


def test_7_5_3_the_20mm_gun_has_one_name_in_the_order_and_in_the_feed():
    """§7.5.3 (the order table: "20-mm-Geschütz", «20-мм орудие»): the crew gives the order "20 mm gun"
    and hears of that gun by that name — the order's echo, the gun opening and ceasing fire, the refusals
    and a failure of the gun — never of a "20 mm flak" the order table does not name. In English and in
    the table's Russian (the rulebook's «20-мм орудие», never «зенитка»)."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language
    from kaleun.uboot.orders import ORDER_NAMES

    g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.8}])
    said: list[Msg] = []
    for command in ({"do": "order", "order": "gun_20", "bursts": 3}, {"do": "cease_fire"},
                    {"do": "order", "order": "gun_20", "target": "c99"}):
        for event in g.apply(command):
            said += [m for m in (event.feed, event.data.get("reason")) if isinstance(m, Msg)]
    g.apply({"do": "order", "order": "dive"})
    g.advance_to(g.t + 60)
    for event in g.apply({"do": "order", "order": "gun_20"}):
        said += [m for m in (event.feed, event.data.get("reason")) if isinstance(m, Msg)]
    english = [str(m) for m in said]
    assert "Order: 20 mm gun, open fire." in english and "20 mm gun: open fire, 3 bursts." in english
    assert any(line.startswith("20 mm gun: cease fire, ") for line in english)
    name = {"en": ORDER_NAMES["gun_20"], "ru": "20-мм орудие"}
    for code in name:
        lang = language(code)
        assert lang.render(Msg.term(ORDER_NAMES["gun_20"])) == name[code]
        lines = [lang.render(m) for m in said]
        gun_lines = [line for line in lines if "20" in line]
        assert len(gun_lines) >= 3, lines
        assert all(name[code].lower() in line.lower() for line in gun_lines), gun_lines
        assert not [line for line in lines if "flak" in line.lower() or "зенитк" in line.lower()], lines


def test_the_88mm_gun_is_landed_from_mid_1943_and_a_later_patrol_has_none():
    """The order table's 88 mm gun (§6.5, §8.4) is dated in guns.toml (`until`): from about the middle of
    1943 the Type VIIC boats landed it at their refits for more flak ([gap] the last day is our choice,
    30 June 1943). A patrol that sails on 1 July 1943 has none: its order is refused with the reason a
    First Officer reads aloud, and neither the weapons' status, the console nor the attack screen and the
    target sheet show an 88 mm gun; the 20 mm flak stays. A patrol that sailed on 30 June keeps the gun."""
    from kaleun.i18n import language as Language
    from kaleun.ui import console_views
    from window.fingers import Table_, shown
    from window.test_convoy_by_touch import choose_contact

    late = _surfaced_with([TARGET], start="1943-07-01T12:00:00")
    cid = _first_contact(late)
    assert list(weapons(late).status()["guns"]) == ["gun_20"]
    console = "\n".join(console_views.weapons(late, Language("en")))
    assert "20 mm gun: 4,000 rounds" in console and "88 mm" not in console
    table = Table_(game=late)
    table.tap("tab.attack")
    assert not any("88 mm" in line for line in shown(table)) and table.window.targets.get("weapon.gun_88") is None
    assert table.target("weapon.gun_20") is not None
    table.tap("tab.plot")
    choose_contact(table, cid)
    assert table.target("target.tdc") is not None and table.window.targets.get("target.gun") is None
    assert refused(order(late, "gun_88", target=cid)) == (
        "the boat has no 88 mm gun: boats sailing after June 1943 have it landed at their refit (more flak on "
        "the tower instead)")
    early = _surfaced_with([TARGET], start="1943-06-30T12:00:00")
    assert list(weapons(early).status()["guns"]) == ["gun_88", "gun_20"]
    one(order(early, "gun_88", target=_first_contact(early)), "gun_firing")


def test_6_5_a_boat_at_sea_keeps_its_88mm_gun_until_it_is_back_in_base():
    """guns.toml `until` dates the gun by the day the patrol sailed, never by the game's day: a boat that
    sailed on 30 June 1943 still has the gun on 1 July, and its order opens fire then. The later part of a
    linked patrol finds the boat at sea (it sailed with the first part), so the patrol that sailed from
    Lorient in October 1940 keeps its gun in a part 2 set in July 1943, and the window's order menu offers
    it; a patrol that sails on 5 July 1943 has none — neither the status nor the order menu shows it."""
    from kaleun.uboot.game import new_game
    from window.fingers import Table_

    early = _surfaced_with([dict(TARGET, range_m=1500)], start="1943-06-30T23:55:00")
    cid = _first_contact(early)
    advance(early, 6 * 60)
    assert early.clock.at(early.t).isoformat() == "1943-07-01T00:01:00"
    assert list(weapons(early).status()["guns"]) == ["gun_88", "gun_20"]
    one(order(early, "gun_88", target=cid), "gun_firing")

    at_sea = new_game(0, "weather_1940", {"start": "1943-07-10T08:00:00"})  # part 2 of the autumn 1940 patrol
    assert weapons(at_sea).sailed().isoformat() == "1940-10-17"  # part 1, sc_convoy_1940, sailed that day
    assert list(weapons(at_sea).status()["guns"]) == ["gun_88", "gun_20"]
    table = Table_(game=at_sea)
    table.tap("tab.orders")
    assert table.target("order.gun_88") is not None and table.target("order.gun_20") is not None

    late = new_game(0, "sc_convoy_1940", {"start": "1943-07-05T14:00:00"})  # part 1: the patrol sails then
    assert weapons(late).sailed().isoformat() == "1943-07-05"
    assert list(weapons(late).status()["guns"]) == ["gun_20"]
    table = Table_(game=late)
    table.tap("tab.orders")
    assert table.target("order.gun_20") is not None and table.window.targets.get("order.gun_88") is None


def test_6_5_every_part_of_a_patrol_that_sailed_after_june_1943_is_without_the_88mm_gun():
    """`guns.patrol_sailed`: a later part's sailing day is its patrol's first part's start, whatever day the
    part itself begins; a mission outside a patrol sails on its own start."""
    from datetime import date

    from kaleun.uboot.weapons import guns

    missions = {"first": {"start": "1943-07-02T06:00:00", "patrol": "summer_1943", "part": 1},
                "second": {"start": "1943-07-20T06:00:00", "patrol": "summer_1943", "part": 2},
                "third": {"start": "1943-08-01T06:00:00", "patrol": "summer_1943", "part": 3},
                "other": {"start": "1943-06-01T06:00:00", "patrol": "spring_1943", "part": 1}}
    for mid in ("second", "third"):
        sailed = guns.patrol_sailed(missions[mid], missions)
        assert sailed == date(1943, 7, 2) and not guns.aboard("gun_88", sailed) and guns.aboard("gun_20", sailed)
    single = {"start": "1943-06-30T20:00:00"}
    assert guns.patrol_sailed(single, missions) == date(1943, 6, 30) and guns.aboard("gun_88", date(1943, 6, 30))


def test_6_5_the_console_help_lists_no_gun_the_boat_does_not_carry():
    """The console's `help` names the orders a crew can give: a patrol that sailed on 5 July 1943 carries no
    88 mm gun, so its help has no `gun` line (as the window's order menu has no button), while a boat that
    carries it has one."""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    def help_lines(start: str) -> list[str]:
        game = new_game(0, "sc_convoy_1940", {"start": start})
        runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)
        out = io.StringIO()
        console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
        runtime.step()
        begin = len(out.getvalue())
        console.handle("help")
        return out.getvalue()[begin:].splitlines()

    def gun_lines(lines: list[str]) -> list[str]:
        return [line for line in lines if line.split()[:1] in (["gun"], ["flak"])]

    assert [line.split()[0] for line in gun_lines(help_lines("1940-10-17T08:00:00"))] == ["gun", "flak"]
    assert [line.split()[0] for line in gun_lines(help_lines("1943-07-05T14:00:00"))] == ["flak"]


def test_an_order_given_again_at_the_same_target_tells_the_whole_engagement_at_cease_fire():
    """The gun crew's "cease fire, 27 shots, 2 hits" is the engagement's tally. An order given again while the gun
    fired at the same ship started the count afresh: the rounds fired before it were never told, and its first
    hit afterwards was taken for the engagement's first. At another target the first engagement ceases, told
    with its own tally, before the gun opens fire on the new one."""
    g = _surfaced_with([TARGET, {**TARGET, "bearing": 80, "range_m": 2600}], seed=3)
    for _ in range(40):
        ships = sorted((c["id"] for c in g.module("sea").picture.active() if c["kind"] == "ship"),
                       key=lambda c: int(c[1:]))
        if len(ships) == 2:
            break
        advance(g, g.t + 30)
    first, other = ships
    events = order(g, "gun_88", target=first, rounds=60)
    events += advance(g, g.t + 30)
    events += order(g, "gun_88", target=first, rounds=60)
    events += advance(g, g.t + 30)
    events += do(g, {"do": "cease_fire", "gun": "gun_88"})
    ceased = one(events, "gun_ceased")
    rounds = named(events, "gun_round")
    assert ceased["shots"] == len(rounds) > 8
    assert ceased["hits"] == sum(1 for r in rounds if r["hit"])
    assert ceased["feed"].startswith(f"88 mm gun: cease fire, {len(rounds)} shots")
    events = order(g, "gun_88", target=first, rounds=60)
    events += advance(g, g.t + 10)
    events += order(g, "gun_88", target=other, rounds=60)
    names = [e["event"] for e in events]
    switched = one(events, "gun_ceased")
    assert switched["target"] == first and switched["shots"] == len(named(events, "gun_round"))
    assert names.index("gun_ceased") < len(names) - 1 - names[::-1].index("gun_firing")


@pytest.mark.parametrize("gun", ["gun_88", "gun_20"])
def test_8_4_an_order_given_again_at_the_same_target_says_the_gun_is_already_firing(gun):
    """§8.4, the deck guns: the order given again while the gun fires at the same ship or aircraft said
    "open fire" again, as if the gun had just started. It says the gun is already firing, with the rounds
    (bursts) it now has from this order; the engagement's tally carries on. At another target the gun
    does open fire anew."""
    if gun == "gun_88":
        g = _surfaced_with([TARGET], seed=3)
        fields = {"target": _first_contact(g), "rounds": 10}
        first, again = "88 mm gun: open fire on c1, 10 rounds.", "88 mm gun: already firing on c1; 10 more rounds."
    else:
        g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.0}], seed=1)
        fields = {"bursts": 5}
        first, again = "20 mm gun: open fire, 5 bursts.", "20 mm gun: already firing at the aircraft; 5 more bursts."
    assert one(order(g, gun, **fields), "gun_firing")["feed"] == first
    events = advance(g, g.t + 5)
    assert named(events, "gun_round") and not named(events, "gun_ceased")
    shots = weapons(g).firing[gun]["shots"]
    assert one(order(g, gun, **fields), "gun_firing")["feed"] == again
    assert weapons(g).firing[gun]["shots"] == shots  # the same engagement fires on


@pytest.mark.parametrize("gun", ["gun_88", "gun_20"])
def test_8_4_an_order_given_again_draws_on_the_same_ammunition_and_creates_none(gun):
    """§8.4 and the order table (§6.5) say only "fire the gun"; the rulebook leaves rounds to the app (digest
    §12: "gun ammunition" is not in the rulebook). Our choice stays: an order given again while the gun fires
    gives it that order's rounds (bursts) from now on. But every round comes out of the one store: after four
    orders given one on the other, the rounds fired are exactly what the store lost, an order never promises
    more than is left, and the store never goes below nought."""
    if gun == "gun_88":
        g = _surfaced_with([{**TARGET, "class": "tanker"}], seed=3, ammo={"gun_88": 12})
        fields, unit = {"target": _first_contact(g), "rounds": 10}, 1
    else:
        g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 1.0}], seed=1,
                           ammo={"gun_20": 130})
        fields, unit = {"bursts": 3}, int(GUN[gun]["burst"])
    store = weapons(g).ammo[gun]
    fired = 0
    for _ in range(4):
        before = weapons(g).ammo[gun]
        given = order(g, gun, **fields)
        if named(given, "order_rejected"):
            assert before == 0 and refused(given).startswith("no ammunition left")
            break
        promised = one(given, "gun_firing")["rounds"]
        assert promised * unit <= before + unit - 1  # no more rounds (bursts, the last one short) than are left
        events = advance(g, g.t + 6)
        fired += sum(r["rounds"] for r in named(events, "gun_round"))
        assert weapons(g).ammo[gun] == store - fired >= 0
    fired += sum(r["rounds"] for r in named(advance(g, g.t + 300), "gun_round"))
    assert weapons(g).ammo[gun] == store - fired >= 0 and fired > 0


@pytest.mark.parametrize("error_nm, near", [(0.0, True), (30.0, False)])
def test_12_the_muzzle_flashes_give_the_escorts_a_datum_to_within_the_datas_error(monkeypatch, error_nm, near):
    """Rules as data: the 88 mm gun's first hit shows the boat to the escorts to within attacks.toml's
    `gun_flash_error_nm` (our choice), not a number in the code: without error the corvette's datum is where the
    boat stood, with 30 nm far off it."""
    import math

    from kaleun.uboot.sea import attacks, geo

    assert attacks.ATTACKS["escort"]["gun_flash_error_nm"] == 0.2
    monkeypatch.setitem(attacks.ATTACKS["escort"], "gun_flash_error_nm", error_nm)
    g, tramp = _a_tramp_in_sight_and_a_corvette_5_nm_off()
    sea = g.module("sea")
    order(g, "gun_88", target=tramp, rounds=60)
    escort = next(v for v in sea.vessels.values() if v.is_escort)
    while not named(advance(g, g.t + 1), "escort_alert"):
        assert g.t < 1800, "the gun never showed the boat"
    lat, lon, when = escort.ai["datum"]
    boat = sea.boat_now(when)
    off_nm = math.hypot(*geo.offset(boat.lat, boat.lon, lat, lon))
    assert (off_nm < 0.01) if near else (off_nm > 5.0)


def test_8_4_the_88mm_gun_ceases_fire_when_its_shell_dooms_the_ship_and_keeps_the_other_rounds():
    """An order keeps the gun firing while the target is in range and in sight: the shell that dooms the ship is
    its last ("Hit hard: c1 is settling and will go down.", then "88 mm gun: cease fire (the target is going
    down)."): the gun layer sees her settle, and the order's other rounds stay in the locker. An order at a ship
    already going down is refused: she goes under whatever is fired at her ([gap] our choice: the rulebook's order
    is only "fire the gun", §6.5; the boat has 220 rounds)."""
    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    order(g, "gun_88", target=cid, rounds=60)
    events = advance(g, g.t + 300)
    doomed = [e for e in named(events, "ship_damaged") if e["state"] == "sinking"]
    assert doomed, "60 rounds at 2,500 m did not doom the tramp"
    ceased = one(events, "gun_ceased")
    assert ceased["t"] == doomed[0]["t"] and ceased["reason"] == "the target is going down"
    assert ceased["feed"] == f"88 mm gun: cease fire (the target is going down){_tally(ceased)}."
    assert ceased["shots"] < 60 and ceased["shots"] == len(named(events, "gun_round"))
    assert weapons(g).ammo["gun_88"] == 220 - ceased["shots"]
    assert cid in {c["id"] for c in g.module("sea").picture.active()}, "the tramp is gone already"
    assert refused(order(g, "gun_88", target=cid)) == f"{cid} is going down already: no round is wasted on her"
    assert weapons(g).ammo["gun_88"] == 220 - ceased["shots"]


def test_8_4_a_torpedo_that_dooms_the_ship_the_gun_fires_at_makes_it_cease_fire():
    """The gun fires at a tramp; a torpedo dooms her between two rounds: the next round is not fired, the gun
    ceases fire ("the target is going down")."""
    from kaleun.uboot.sea import shipdamage

    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    order(g, "gun_88", target=cid, rounds=60)
    advance(g, g.t + 10)
    sea = g.module("sea")
    v = next(iter(sea.vessels.values()))
    assert shipdamage.hit(sea, v, v.cls.structure, "torpedo", g.t) == "sinking"
    left = weapons(g).ammo["gun_88"]
    events = advance(g, g.t + 30)
    assert named(events, "gun_round") == []
    assert one(events, "gun_ceased")["reason"] == "the target is going down"
    assert weapons(g).ammo["gun_88"] == left


def _until(g, name: str, limit: float = 900.0) -> list:
    events: list = []
    while g.t < limit and not named(events, name):
        events += advance(g, g.t + 10)
    return events


def test_8_4_the_lookouts_see_an_aircraft_turn_in_and_the_flak_waits_for_it_to_come_within_reach():
    """§8.4, the flak on the bridge. The lookouts have a Sunderland in sight 7 nm off; when it sees the boat and
    turns in to attack they call it (the moment to dive, or to man the flak): "The Short Sunderland (c1) turns in to
    attack the boat!" (`aircraft_attacking`, the aircraft alarm). The flak ordered then, 6 nm off — three times its
    2 km reach — is not refused for its range: the gunners wait for it, letting no burst of the order pass while it
    runs in, and fire their bursts within 2 km ([gap] our choice)."""
    g = _surfaced_with(aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 7.0}], seed=0)
    turning = one(_until(g, "aircraft_attacking"), "aircraft_attacking")
    assert turning["feed"] == "The Short Sunderland (c1) turns in to attack the boat!"
    assert turning["aircraft"] == "c1" and turning["type"] == "sunderland" and turning["range_nm"] > 3 * 1.1
    one(order(g, "gun_20", target="c1", bursts=4), "gun_firing")
    events = advance(g, g.t + 600)
    rounds = named(events, "gun_round")
    assert rounds and all(r["range_m"] <= 1.1 * 1852 + 1 for r in rounds)
    ceased = one(events, "gun_ceased")
    assert ceased["shots"] == len(rounds) and ceased["reason"] != "the aircraft is out of range"
    assert weapons(g).ammo["gun_20"] == 4000 - 20 * len(rounds)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_8_3_an_aircraft_that_turned_in_unseen_is_reported_attacking_at_the_first_sighting(seed):
    """§8.3 (the lookouts' view) and sea-facts ("Wellington + Leigh Light: night attacks on surfaced boats"): an
    aircraft that saw the boat first — out of the sun, the clouds, the dark; nobody on the bridge then — turns in
    unannounced. When lookouts go up and first see it, it is running in already: their report says so, the only
    warning the crew gets ("... The Short Sunderland (c1) is running in to attack the boat!"), and
    `aircraft_attacking` follows it (`unseen`: no line of its own), before its pass."""
    g = range_game(seed, surfaced=True, flooded=[], aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 9.0}])
    plane = next(iter(g.module("sea").aircraft.values()))
    events: list = []
    while plane.ai["mode"] != "attack" and g.t < 900:
        events += advance(g, g.t + 5)
    assert plane.ai["mode"] == "attack" and named(events, "aircraft_attacking") == []  # turned in unseen
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    events = order(g, "observe") + advance(g, g.t + 600)
    report = next(e for e in events if e["event"] == "contact_report" and e["aircraft"])
    assert report["feed"].startswith("Lookouts report aircraft bearing ")
    assert report["feed"].endswith("! The Short Sunderland (c1) is running in to attack the boat!")
    attacking = one(events, "aircraft_attacking")
    assert attacking["unseen"] is True and "feed" not in attacking
    assert (attacking["t"], attacking["aircraft"], attacking["type"]) == (report["t"], "c1", "sunderland")
    assert one(events, "aircraft_attack")["t"] > report["t"]  # the warning came before the pass


def test_8_4_an_aircraft_nobody_on_the_bridge_has_seen_turns_in_unannounced():
    """Without lookouts on observation duty the crew has no contact of the aircraft: nobody calls its turn in, the
    first the crew hears of it is its pass ("Aircraft attack! ...")."""
    g = range_game(1, surfaced=True, flooded=[], aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 7.0}])
    events = advance(g, 900)
    assert named(events, "aircraft_attack") and named(events, "aircraft_attacking") == []


def test_8_4_the_guns_keep_their_hits_of_the_patrol_across_engagements_and_a_save():
    """§8.4 the 88 mm gun's rounds and hits are the weapons' to count: each engagement's shots and hits add up over
    the patrol (the weapons' status, which the attack screen shows beside the torpedoes' tally), a save keeps
    them, and a save from before the tally loads with none."""
    from kaleun.uboot.game import load_game

    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    order(g, "gun_88", target=cid, rounds=5)
    events = advance(g, g.t + 120)
    ceased = named(events, "gun_ceased")
    assert ceased
    first = weapons(g).status()["guns"]["gun_88"]
    assert (first["shots"], first["hits"]) == (ceased[0]["shots"], ceased[0]["hits"]) and first["shots"] == 5
    order(g, "gun_88", target=cid, rounds=3)
    advance(g, g.t + 5)
    firing = weapons(g).status()["guns"]["gun_88"]
    assert firing["firing"] and firing["shots"] > first["shots"]  # the engagement under way counts at once
    advance(g, g.t + 120)
    total = weapons(g).status()["guns"]["gun_88"]
    assert total["shots"] == 8 and total["hits"] >= first["hits"]
    state = g.to_state()
    assert load_game(state).module("weapons").status()["guns"]["gun_88"]["shots"] == 8
    del state["modules"]["weapons"]["gun_tally"]
    old = load_game(state).module("weapons").status()["guns"]["gun_88"]
    assert (old["shots"], old["hits"]) == (0, 0)


def test_12_gunfire_names_the_escort_as_the_crew_knows_it():
    """§9 of the console, an alarm says what is new: the corvette that answers the 88 mm gun is named by the crew's
    contact of it, and by its class only once identified (never the truth the crew has not seen)."""
    g, tramp = _a_tramp_in_sight_and_a_corvette_5_nm_off()
    sea = g.module("sea")
    events = order(g, "gun_88", target=tramp, rounds=60) + advance(g, 1800)
    fire = one(events, "gunfire")
    contact = sea.picture.of(fire["escort"])
    assert contact is not None and fire["contact"] == contact["id"] and not contact["identified"]
    assert fire["feed"] == f"Gunfire! Contact {contact['id']} opens fire."  # not "the Flower-class corvette"


def test_8_4_a_cease_fire_for_a_reason_keeps_the_engagements_shots_and_hits_on_the_feed():
    """The gun's feed line counts its rounds quietly ("88 mm gun firing at c1: 14 rounds, 6 hits.") and the cease
    fire replaces it. A cease fire the gun crew gave for a reason ("the target is going down", "no ammunition
    left") said only the reason, so the count was gone from the feed, and the console, which prints no round,
    never told how many hits the gun made. It says both."""
    from kaleun.core.events import Event
    from kaleun.i18n import language
    from kaleun.ui.feedlog import FeedLog

    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    heard: list[Event] = list(g.apply({"do": "order", "order": "gun_88", "target": cid, "rounds": 60}))
    heard += g.advance_to(g.t + 300)
    (ceased,) = [e for e in heard if e.name == "gun_ceased"]
    shots, hits = ceased.data["shots"], ceased.data["hits"]
    assert shots > 1 and hits > 1 and ceased.data["reason"] == "the target is going down"
    for code, line in (("en", f"88 mm gun: cease fire (the target is going down), {shots} shots, {hits} hits."),
                       ("de", f"88-mm-Geschütz: Feuer eingestellt (das Ziel sinkt), {shots} Schuss, {hits} Treffer.")):
        log = FeedLog(code)
        printed = [change.news for e in heard if (change := log.add(e)) is not None and change.news]
        assert line in printed and line in [feed.text for feed in log.lines]
    russian = language("ru").render(ceased.feed)
    assert russian.startswith("88-мм орудие: огонь прекращён (") and f"), {shots} выстрел" in russian


def test_8_4_the_consoles_weapons_view_tells_the_guns_hits_as_the_attack_screen_does():
    """The console keeps parity with the window: the attack screen's tally gives "88 mm: 8 of 20 shots hit" once a
    gun has fired; the console's `weapons` view gave the rounds left and the torpedoes' tally, never a gun hit."""
    from kaleun.i18n import language
    from kaleun.ui.console_views import weapons as weapons_view

    g = _surfaced_with([TARGET], seed=3)
    assert not any("shots hit" in line for line in weapons_view(g, language("en")))
    order(g, "gun_88", target=_first_contact(g), rounds=60)
    advance(g, g.t + 300)
    guns = weapons(g).status()["guns"]
    shots, hits = guns["gun_88"]["shots"], guns["gun_88"]["hits"]
    assert shots > 1 and hits > 1
    assert f"88 mm: {hits} of {shots} shots hit" in weapons_view(g, language("en"))
    assert f"88 mm: {hits} Treffer/{shots} Schuss" in weapons_view(g, language("de"))
    assert f"88 мм: {hits} из {shots} в цель" in weapons_view(g, language("ru"))


def test_8_3_the_guns_hits_are_told_per_gun_never_added_up():
    """§8.3 the 88 mm gun fires rounds at ships, the 20 mm flak bursts at aircraft: a tally "Gun hits: 9 of 21
    shots" added the two up, as if one gun had fired 21 shells. The `weapons` view names each gun's hits apart, in
    each language (the window's attack screen reads the same lines)."""
    from kaleun.i18n import language
    from kaleun.ui.console_views import weapons as weapons_view

    g = _surfaced_with([TARGET], seed=3)
    weapons(g).gunnery.ceased.update({"gun_88": {"shots": 20, "hits": 8}, "gun_20": {"shots": 1, "hits": 1}})
    assert "88 mm: 8 of 20 shots hit · 20 mm: 1 of 1 burst hit" in weapons_view(g, language("en"))
    assert "88 mm: 8 Treffer/20 Schuss · 20 mm: 1 Treffer/1 Stoß" in weapons_view(g, language("de"))
    assert "88 мм: 8 из 20 в цель · 20 мм: 1 из 1 очер. в цель" in weapons_view(g, language("ru"))
    assert not [line for line in weapons_view(g, language("en")) if "21" in line or "Gun hits" in line]
    # the flak alone: its bursts, no 88 mm line
    flak = _surfaced_with([TARGET], seed=3)
    weapons(flak).gunnery.ceased.update({"gun_20": {"shots": 3, "hits": 1}})
    told = weapons_view(flak, language("en"))
    assert "20 mm: 1 of 3 bursts hit" in told and not [line for line in told if "shots hit" in line]


def test_4_1_the_rounds_a_gun_fired_when_the_mission_ended_stay_in_the_tally():
    """§4.1: the mission ends (all hands lost) while the 88 mm gun is firing. The gun stops without a word, but the
    shots and hits of that engagement were dropped from the tally (`weapons` view: no gun hits at all) while
    its ammunition stayed spent. They stay counted: every round fired is a shot of the tally."""
    g = _surfaced_with([TARGET], seed=3)
    cid = _first_contact(g)
    one(order(g, "gun_88", target=cid, rounds=60), "gun_firing")
    rounds = named(advance(g, g.t + 20), "gun_round")
    assert rounds
    do(g, {"do": "adjust_morale", "by": -11, "why": "morale cards"})
    assert one(do(g, {"do": "damage", "kind": "environmental", "condition": "fire", "section": 5}), "mission_end")
    gun = weapons(g).status()["guns"]["gun_88"]
    assert (gun["firing"], gun["shots"], gun["hits"]) == (False, len(rounds), sum(r["hit"] for r in rounds))
    assert gun["rounds"] == 220 - len(rounds)


@pytest.mark.parametrize(("lang", "words"), [("en", "bursts"), ("de", "Feuerstöße"), ("ru", "очеред")])
def test_8_4_the_flaks_cease_fire_counts_bursts_as_its_order_gave_them(lang, words):
    """§8.4 the 20 mm gun is ordered in bursts ("20 mm gun: open fire, 30 bursts."), and its cease fire said "3
    shots, 1 hit" — another count than the order's, for the same bursts. It says bursts, in every language; the
    88 mm gun's cease fire still counts its shots (rounds)."""
    from kaleun.i18n import language

    g = _surfaced_with(aircraft=[{"type": "liberator", "bearing": 90, "range_nm": 3}], seed=0)
    advance(g, 20)  # the lookouts have reported it
    opened = one(order(g, "gun_20", bursts=30), "gun_firing")
    assert opened["feed"] == "20 mm gun: open fire, 30 bursts."
    (event,) = [e for e in g.advance_to(g.t + 600) if e.name == "gun_ceased"]
    ceased = event.to_json()
    bursts = ceased["shots"]
    assert bursts > 1 and ceased["hits"] >= 1
    said = language(lang).render(event.feed)
    if lang == "en":
        hits = ceased["hits"]
        assert said.endswith(f", {bursts} bursts, {hits} hit{'' if hits == 1 else 's'}."), said
    assert f"{bursts} {words}" in said and "shot" not in said and "Schuss" not in said and "выстрел" not in said
