"""What the `weapons` module shows and saves: the shape of a saved state (`WEAPONS_STATE`, checked
before a save is loaded), the `status()` the console, the window and the lamps read, and the
`to_state()` / `load_state()` of a save, gathered from the parts the module owns (the torpedo
stores, the fire control, the firing, the mine laying, the guns)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.messages import N_
from kaleun.core.shape import (
    ANGLE,
    COUNT,
    DEPTH_M,
    LAT,
    LON,
    SPEED,
    TIME,
    Int,
    List,
    Map,
    Maybe,
    Num,
    Obj,
    Text,
    Tuple,
    Whole,
)
from kaleun.uboot.weapons import arsenal, guns
from kaleun.uboot.weapons.arsenal import BOAT, PISTOLS, load_name, mine_type, torpedo_type, tubes
from kaleun.uboot.weapons.disc import RINGS
from kaleun.uboot.weapons.tdc import Target

if TYPE_CHECKING:
    from kaleun.uboot.weapons.module import Weapons

#: a tube's states, as the console's weapons view names them (translated)
TUBE_STATES = (N_("empty"), N_("loading"), N_("loaded"), N_("flooding"), N_("flooded"), N_("fired"))

TORPEDO_TYPE = Text(lambda: arsenal.torpedo_types())
MINE_TYPE = Text(lambda: arsenal.mine_types())
#: what a tube or a reload slot holds: a torpedo, or a tube load of mines
LOAD = Text(lambda: arsenal.load_ids())
#: a tube holds a torpedo (`torpedo`) or a tube load of mines (`mines`, a mine type), never both
TUBE = Obj(state=Text(TUBE_STATES), torpedo=Maybe(TORPEDO_TYPE), loaded_at=Maybe(TIME), until=Maybe(TIME),
           # source "deck": a save from before deck torpedoes went into the racks first (it loads as any other)
           # left_s: the work a tube being loaded or flooded still needed when the mission ended (it stays unfinished)
           source=Maybe(Text(("racks", "deck"))), optional={"mines": Maybe(MINE_TYPE), "left_s": Num(0, 1e6)})
#: a torpedo on its way down from a deck container into a torpedo room's racks
STOWING = Obj(room=Int(1, 8), torpedo=TORPEDO_TYPE, until=TIME)
#: a fired torpedo as the crew reckons it until its result is reported: the hit the TDC's solution expects
#: (None: the run is longer than the torpedo's range) and the end of its run by its range and speed
RUNNING = Obj(torpedo=Text(max_len=12), tube=Int(1, 8), contact=Maybe(Text(max_len=40)), fired=TIME,
              hit_at=Maybe(TIME), spent_at=TIME)
FIRING = Maybe(Obj(target=Text(max_len=40), contact=Maybe(Text(max_len=40)), left=COUNT, shots=COUNT, hits=COUNT,
                   next=TIME))
#: the shape of `Weapons.to_state()`, checked before a save is loaded
WEAPONS_STATE = Obj(
    tubes=Map(TUBE, keys=Whole(1, 5), most=5), racks=Map(List(LOAD, most=20), keys=Whole(1, 8), most=8),
    deck=List(TORPEDO_TYPE, most=10),
    tdc=Maybe(Obj(target=Tuple(TIME, LAT, LON, ANGLE, SPEED), source=Text(("contact", "disc", "manual")),
                  contact=Maybe(Text(max_len=40)), torpedo_kn=Maybe(SPEED), depth_m=DEPTH_M,
                  pistol=Text(PISTOLS), spread_deg=ANGLE, programmed=TIME)),
    disc=Obj({ring: Maybe(Int(0, 359)) for ring in RINGS}),
    ammo=Obj(gun_88=COUNT, gun_20=COUNT), firing=Obj(gun_88=FIRING, gun_20=FIRING), fired=COUNT, hits=COUNT,
    sunk=List(Obj({"ship": Maybe(Text(max_len=40)), "class": Maybe(Text(max_len=40)),
                   "type": Maybe(Text(max_len=40)), "grt": COUNT, "cause": Maybe(Text(max_len=40)), "t": TIME}),
              most=10_000),
    optional={"mines_laid": COUNT, "stowing": List(STOWING, most=10), "running": List(RUNNING, most=100),
              "gun_tally": Obj(gun_88=Obj(shots=COUNT, hits=COUNT), gun_20=Obj(shots=COUNT, hits=COUNT))})


def status(w: Weapons) -> dict[str, Any]:
    """The weapons as the `report` command, the console and the window show them."""
    now = w.engine.t
    stores, gunnery = w.stores, w.gunnery
    rows = []
    for number, tube in sorted(stores.tubes.items()):
        spec = tubes()[number]
        kind = torpedo_type(tube["torpedo"]) if tube["torpedo"] else None
        mines = mine_type(tube["mines"]) if tube.get("mines") else None
        warm = (kind is not None and tube["loaded_at"] is not None
                and now - float(tube["loaded_at"]) >= kind.warm_h * 3600.0 - 1e-6)
        rows.append({"tube": number, "room": spec.room, "facing": spec.facing, "state": tube["state"],
                     "torpedo": tube["torpedo"], "name": kind.name if kind else mines.name if mines else None,
                     "warm": bool(warm) if kind is not None and kind.cold is not None else None,
                     "mines": mines.id if mines else None, "mine_count": mines.per_tube if mines else 0,
                     "ready_in_s": None if tube["until"] is None else round(float(tube["until"]) - now),
                     # the mission ended with the tube's loading or flooding unfinished: what it still needed
                     "left_s": None if tube.get("left_s") is None else round(float(tube["left_s"]))})
    return {"tubes": rows, "racks": {str(k): list(v) for k, v in sorted(stores.racks.items())},
            "deck": list(stores.deck),
            "stowing": [{"room": int(s["room"]), "torpedo": s["torpedo"],
                         "ready_in_s": round(float(s["until"]) - now)} for s in stores.stowing],
            "torpedoes_left": stores.torpedoes_left(), "mines_left": stores.mines_left(),
            "mines_laid": w.mining.mines_laid, "tdc": w.fire_control.tdc_status(),
            "disc": w.fire_control.disc.status(),
            "guns": {gun: {"rounds": gunnery.ammo[gun], "firing": gunnery.firing[gun] is not None,
                           "target": (gunnery.firing[gun] or {}).get("contact"), **gunnery.tally(gun)}
                     for gun in guns.GUNS if gunnery.aboard(gun)},  # a gun landed before the patrol: none
            "fired": w.torpedo_firing.fired, "hits": w.torpedo_firing.hits, "sunk": [dict(s) for s in w.sunk],
            "grt_sunk": sum(int(s["grt"]) for s in w.sunk),
            # the crew's reckoning from the TDC's solution, not the truth: hit_in_s counts down to the hit
            # the solution expects (None once that time has passed — past_hit —, when the run is beyond the range,
            # or once the crew has seen its target go down: target_sunk, no hit is expected on a ship that is gone)
            "running": [_running(w, r, now) for r in w.torpedo_firing.running]}


def _running(w: Weapons, r: Mapping[str, Any], now: float) -> dict[str, Any]:
    """One torpedo in the water as the crew reckons it (`status()["running"]`)."""
    sunk = r["contact"] is not None and w.seen_sunk(r["contact"])
    due = None if r["hit_at"] is None else float(r["hit_at"])
    return {"torpedo": r["torpedo"], "tube": r["tube"], "contact": r["contact"],
            "run_s": round(now - float(r["fired"])), "target_sunk": sunk,
            "hit_in_s": round(due - now) if due is not None and due > now and not sunk else None,
            # the time the solution expected the hit has gone by with no report: it runs on
            "past_hit": due is not None and due <= now and not sunk,
            "run_left_s": max(0, round(float(r["spent_at"]) - now))}


def to_state(w: Weapons) -> dict[str, Any]:
    stores, fc, gunnery, firing = w.stores, w.fire_control, w.gunnery, w.torpedo_firing
    return {"tubes": {str(k): dict(v) for k, v in stores.tubes.items()},
            "racks": {str(k): list(v) for k, v in stores.racks.items()}, "deck": list(stores.deck),
            "tdc": copy.deepcopy(fc.tdc), "disc": fc.disc.to_state(), "ammo": dict(gunnery.ammo),
            "firing": copy.deepcopy(gunnery.firing), "fired": firing.fired, "hits": firing.hits,
            "gun_tally": copy.deepcopy(gunnery.ceased), "sunk": copy.deepcopy(w.sunk),
            "mines_laid": w.mining.mines_laid,
            "stowing": copy.deepcopy(stores.stowing), "running": copy.deepcopy(firing.running)}


def load_state(w: Weapons, state: Mapping[str, Any]) -> None:
    """Load a save (its shape checked already): every load named must be a known type, the tubes the boat's."""
    tubes_ = {int(k): dict(v) for k, v in state["tubes"].items()}
    if set(tubes_) != set(tubes()):
        raise ValueError(f"the saved tubes {sorted(tubes_)} are not the boat's {sorted(tubes())}")
    for number, tube in tubes_.items():
        if tube["state"] not in TUBE_STATES:
            raise ValueError(f"tube {number}: unknown state {tube['state']!r}")
        tube.setdefault("mines", None)  # a save from before mines
        if tube["torpedo"] is not None:
            torpedo_type(str(tube["torpedo"]))
        if tube["mines"] is not None:
            mine_type(str(tube["mines"]))
            if tube["torpedo"] is not None:
                raise ValueError(f"tube {number} holds a torpedo and mines at once")
    racks = {int(k): [str(x) for x in v] for k, v in state["racks"].items()}
    deck = [str(x) for x in state["deck"]]
    for kind in [t for rack in racks.values() for t in rack]:
        load_name(kind)
    for kind in deck:
        torpedo_type(kind)
    stowing = [dict(s) for s in state.get("stowing", [])]  # a save from before has none
    for down in stowing:
        torpedo_type(str(down["torpedo"]))
        if str(down["room"]) not in BOAT["stores"]:
            raise ValueError(f"a deck torpedo is on its way into room {down['room']}, which has no racks")
    ammo = {gun: int(state["ammo"][gun]) for gun in guns.GUNS}
    firing = {gun: (None if state["firing"][gun] is None else dict(state["firing"][gun])) for gun in guns.GUNS}
    tdc = None if state["tdc"] is None else dict(state["tdc"])
    if tdc is not None:
        Target.from_json(tdc["target"])
    w.stores.tubes, w.stores.racks, w.stores.deck, w.stores.stowing = tubes_, racks, deck, stowing
    w.gunnery.ammo, w.gunnery.firing = ammo, firing
    tally = state.get("gun_tally") or {}  # a save from before the guns' tally: none of it
    w.gunnery.ceased = {gun: {key: int(tally.get(gun, {}).get(key, 0)) for key in ("shots", "hits")}
                        for gun in guns.GUNS}
    w.fire_control.tdc = tdc
    w.fire_control.disc.load_state(state["disc"])
    w.torpedo_firing.fired, w.torpedo_firing.hits = int(state["fired"]), int(state["hits"])
    w.mining.mines_laid = int(state.get("mines_laid", 0))
    w.sunk = [dict(s) for s in state["sunk"]]
    w.torpedo_firing.running = [dict(r) for r in state.get("running", [])]  # a save from before has none
