"""The shape of the sea's saved state (`Sea.to_state()`), checked before a save is loaded.

Besides each value's type and bounds it checks what ties the parts together: every ship
sailing in formation belongs to a convoy that keeps its station, ids match their keys, an
escort carries its whole hunting state, a convoy has a zigzag plan.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg
from kaleun.core.shape import (
    AMOUNT,
    ANGLE,
    BOOL,
    COUNT,
    DEPTH_M,
    LAT,
    LON,
    REAL,
    SPEED,
    TEXT,
    TIME,
    Either,
    Int,
    List,
    Map,
    Maybe,
    Num,
    Obj,
    ShapeError,
    Text,
    Tuple,
    check,
)
from kaleun.uboot import data
from kaleun.uboot.sea.classes import aircraft_types, ship_classes
from kaleun.uboot.sea.minefield import MINEFIELD

SHIPS = data.load("ships")
AIR = data.load("aircraft")
CONVOYS = data.load("convoys")

ID = Text(max_len=40, pattern=r"[a-z]\d{1,9}")
#: a straight track: t0, lat0, lon0, course, speed (vessels.Track)
TRACK = Tuple(TIME, LAT, LON, ANGLE, SPEED)
#: nm east, nm north
OFFSET = Tuple(REAL, REAL)
ESCORT_MODES = ("screen", "patrol", "transit", "search", "attack", "run", "open", "chase", "return")
SHIP_MODES = (*ESCORT_MODES, "lone", "flee", "stopped", "straggler")
AIRCRAFT_MODES = ("patrol", "orbit", "attack", "leave")

#: an escort's hunting state (escorts.initial_ai); merchants keep only a mode, if anything
SHIP_AI = {
    "mode": Text(SHIP_MODES), "dc": COUNT, "datum": Maybe(Tuple(LAT, LON, TIME)), "dvel": Tuple(SPEED, SPEED),
    "contact": BOOL, "give_up": TIME, "next_gun": TIME, "pings": COUNT, "guess": Maybe(DEPTH_M),
    "station": Maybe(OFFSET), "blind": COUNT, "misses": COUNT,
    # the plot's fixes: hours since the plot began, nm east and north of its first fix
    "fixes": List(Tuple(REAL, REAL, REAL), most=100_000),
    "plot": Maybe(Obj(origin=Tuple(LAT, LON), t0=TIME, sums=List(REAL, size=7))),
    "announced": BOOL, "under_since": TIME, "hunt_since": TIME,
    # a ship hit (shipdamage.py)
    # a lone merchant steering round an island (landfall.py): its course before, its course round
    "resume": Tuple(ANGLE, ANGLE),
    "damage": Num(0, 1e3), "sinking_at": TIME, "sink_cause": Text(max_len=40), "burning": BOOL, "straggling": BOOL,
}
ESCORT_KEYS = ("mode", "dc", "datum", "dvel", "contact", "give_up", "next_gun", "pings", "guess", "station",
               "blind", "misses", "fixes", "announced", "under_since")

GROUP = Obj(id=ID, kind=Text(lambda: CONVOYS["types"]), speed=SPEED, base_course=ANGLE,
            plan=List(Tuple(ANGLE, Num(1e-3, 1e6)), least=1, most=1000), ref=TRACK, leg=COUNT, leg_end=TIME,
            offsets=Map(OFFSET), alarm_until=TIME, turn_away=ANGLE, hits=List(TIME), scattered=BOOL,
            optional={"resume": ANGLE})
VESSEL = Obj(id=ID, cid=Text(lambda: ship_classes()), group=Maybe(ID), track=Maybe(TRACK),
             ai=Obj(optional=SHIP_AI))
AIRCRAFT = Obj(id=ID, tid=Text(lambda: aircraft_types()), track=TRACK,
               ai=Obj(mode=Text(AIRCRAFT_MODES),
                      optional={"dc": COUNT, "group": Maybe(ID), "angle": ANGLE, "until": TIME, "held": BOOL,
                                "target": Tuple(LAT, LON), "flak_hits": COUNT}))
# the escort or aircraft that dropped it (`escort`: saves from before it was kept have none)
CHARGE = Obj(dict(lat=LAT, lon=LON, depth=DEPTH_M, t=TIME, pattern=ID, source=TEXT, first=BOOL),
             optional={"escort": ID})
CONTACT = Obj({"id": ID, "entity": ID, "kind": Text(("ship", "aircraft")), "identified": BOOL,
               "type": Maybe(Text(max_len=40)), "class": Maybe(Text(max_len=100)), "name": Maybe(TEXT),
               "grt": Maybe(Num(0, 1e7)), "sensor": Text(max_len=40), "t": TIME, "lost": BOOL, "tracked": BOOL,
               "bearing": ANGLE, "range_nm": AMOUNT, "course": Maybe(ANGLE), "speed_kn": SPEED},
              # where the boat was when it was last reported, and the crew's plot of course and speed; a ship the
              # crew was told is going down (shipdamage: "settling and will go down")
              optional={"from": Tuple(LAT, LON), "plot": Tuple(Int(1, 1000), ANGLE, SPEED), "going_down": BOOL})
SCHEDULE_KEY = Text(max_len=60,
                    pattern=r"(ai|air|leg|gwatch|charge|sink|torp|port):[a-z]\d{1,9}|watch|prox|spawn|airspawn|cleanup|mines")
#: a torpedo in the water (torpedo_run.launch)
TORPEDO = Obj({
    "id": ID, "number": Int(1, 10_000), "tube": Int(1, 5), "type": Text(max_len=40), "name": Text(max_len=100),
    # a torpedo runs ahead: at no speed (or astern) its run would never end and a resume would hang
    "speed": Num(1, 100), "range_m": Num(0, 100_000), "depth": DEPTH_M, "set_depth": DEPTH_M,
    "pistol": Text(("contact", "magnetic")),
    "rates": Obj(dud=Num(0, 1), shallow_factor=Num(0, 100), shallow_deg=ANGLE, magnetic_fail=Num(0, 1),
                 reach=DEPTH_M, under_keel=Num(0, 100), warhead=Num(0, 10_000),
                 optional={"arming": Num(0, 10_000)}),
    "wake": BOOL, "fired": TIME, "from": Tuple(LAT, LON), "prev": Tuple(LAT, LON), "last": TIME,
    "run0": Num(0, 1e6), "leg": TRACK, "premature_m": Maybe(Num(0, 1e6)), "aim": Maybe(ID),
    # a ship near at the last look: where it was and its heading (a save from before the heading: without)
    "near": Map(Either(Tuple(LAT, LON, ANGLE), Tuple(LAT, LON))), "passed": List(ID), "crossing": Maybe(REAL),
    "pattern": Maybe(Obj(straight_m=Num(0, 1e6), leg_m=Num(0, 1e6), side=Num(-1, 1), turn_m=Num(0, 1e4),
                         next_turn_m=Num(0, 1e7), optional={"back": Maybe(ANGLE)})),
    "homing": Maybe(Obj(arm_m=Num(0, 1e6), cone_deg=ANGLE, reach_m=Num(0, 1e6), min_target_kn=SPEED,
                        turn_deg_per_s=Num(0, 360))),
}, optional={"homing_on": Maybe(ID), "wake_judged": List(ID), "wake_reported": BOOL})

SEA_STATE = Obj(
    groups=Map(GROUP, most=1000), vessels=Map(VESSEL, most=10_000), aircraft=Map(AIRCRAFT, most=1000),
    charges=Map(CHARGE, most=10_000), picture=Obj(contacts=Map(CONTACT, most=100_000), counter=COUNT),
    observing=BOOL, periscope_until=TIME, dived_at=TIME,
    traffic=Text(lambda: SHIPS["traffic"]["mean_hours"]), air_cover=Text(lambda: AIR["cover"]["mean_hours"]),
    stopped=BOOL, attacked_at=Map(TIME), ids=Obj(v=COUNT, g=COUNT, a=COUNT, k=COUNT, p=COUNT),
    sched=Map(Tuple(TIME, Int(0, 2**62)), keys=SCHEDULE_KEY, most=100_000), seq=Int(0, 2**62),
    optional={"torpedoes": Map(TORPEDO, most=1000), "minefield": MINEFIELD})


def check_sea_state(state: Any, path: str) -> None:
    """Raise ShapeError unless `state` could be the sea's saved state."""
    check(SEA_STATE, state, path)
    groups: Mapping[str, Any] = state["groups"]
    for key, group in groups.items():
        _same_id(key, group, f"{path}.groups")
        for vid in group["offsets"]:
            if vid not in state["vessels"]:
                raise ShapeError(Msg("{path}: the convoy keeps a station for a ship the save does not have",
                                     path=f"{path}.groups.{key}.offsets.{vid}"))
    for key, vessel in state["vessels"].items():
        where = f"{path}.vessels.{key}"
        _same_id(key, vessel, f"{path}.vessels")
        group = vessel["group"]
        if group is not None and group not in groups and vessel["track"] is None:
            raise ShapeError(Msg("{path}: the ship sails in convoy {group}, which the save does not have",
                                 path=f"{where}.group", group=repr(group)))
        if vessel["track"] is None and (group is None or key not in groups.get(group, {}).get("offsets", {})):
            raise ShapeError(Msg("{path}: a ship without a track of its own must keep a station in its convoy",
                                 path=where))
        if ship_classes()[vessel["cid"]].type == "escort":
            missing = [k for k in ESCORT_KEYS if k not in vessel["ai"]]
            if missing:
                raise ShapeError(Msg("{path}: an escort's hunting state lacks {keys}", path=f"{where}.ai",
                                     keys=", ".join(missing)))
    for key, plane in state["aircraft"].items():
        _same_id(key, plane, f"{path}.aircraft")
    for key, mine in state.get("minefield", {}).get("mines", {}).items():
        _same_id(key, mine, f"{path}.minefield.mines")
    for key, contact in state["picture"]["contacts"].items():
        _same_id(key, contact, f"{path}.picture.contacts")


def _same_id(key: str, item: Mapping[str, Any], path: str) -> None:
    if item["id"] != key:
        raise ShapeError(Msg("{path}: {expected} was expected, found {found}", path=f"{path}.{key}.id",
                         expected=repr(key), found=repr(item["id"])))
