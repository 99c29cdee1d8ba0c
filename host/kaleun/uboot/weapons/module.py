"""The `weapons` engine module: tubes and torpedo stores, the TDC, the attack disc, the guns.

Orders it carries out (rulebook §6.5 order table, §7.5.3, §9.2; the crew engine checks who executes
them): `reload_torpedo`, `flood_tubes`, `tdc`, `fire_torpedoes`, `lay_mines`, `gun_88`, `gun_20`.
The table's attack disc reaches it as the `attack_disc` command. Torpedoes it fires leave the boat
into the sea (`sea/torpedo_run.py`); mines it lays go to the bottom (`sea/minefield.py`); shells and
flak hit ships and aircraft of the sea directly.

A tube is `empty` → `loading` (a reload order, minutes) → `loaded` → `flooding` → `flooded` (its
outer door open) → `fired` (empty again until reloaded). Reloads come from the room's racks. The two
torpedoes of the deck containers are brought inside first (`reload_torpedo` with `from: deck`: surfaced,
in a calm sea, over hours, through a torpedo room's hatch into its racks, where there is room) and are
then loaded like any other reload. A major failure of the tubes (technical.toml) stops a reload or a
flooding under way in their room (§10.3.1). Every tally the missions need —
torpedoes fired, hits, ships and GRT sunk — is kept here.
"""

from __future__ import annotations

import copy
import logging
import math
from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.errors import CommandError
from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg, and_list, join
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
    Obj,
    Text,
    Tuple,
    Whole,
)
from kaleun.uboot.orders import Effect, OrderDesk
from kaleun.uboot.sea import geo, minefield, torpedo_run
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.sea.machinery import component_state
from kaleun.uboot.sea.seabed import seabed
from kaleun.uboot.weapons import arsenal, guns
from kaleun.uboot.weapons.arsenal import BOAT, PISTOLS, is_mine, load_name, mine_type, torpedo_type, tubes
from kaleun.uboot.weapons.disc import RINGS, Disc
from kaleun.uboot.weapons.tdc import Solution, Target, aob_text, solve, spread_offsets, target_from

log = logging.getLogger(__name__)

#: a tube's states, as the console's weapons view names them (translated)
TUBE_STATES = (N_("empty"), N_("loading"), N_("loaded"), N_("flooding"), N_("flooded"), N_("fired"))
ROOM_NAMES = {1: N_("bow room"), 6: N_("stern room")}
#: the pistols as players read them
PISTOL_NAMES = {"contact": N_("contact"), "magnetic": N_("magnetic")}
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
GYRO_LIMIT = float(BOAT["gyro_limit_deg"])
#: which tube's torpedo the TDC works with: the one nearest to firing
READINESS = {"flooded": 0, "flooding": 1, "loaded": 2, "loading": 3}
DEPTHS = (float(BOAT["depth_setting_m"][0]), float(BOAT["depth_setting_m"][1]))


def _tube_list(tubes_: list[int]) -> str:
    return ", ".join(str(t) for t in tubes_)


TORPEDO_TYPE = Text(lambda: arsenal.torpedo_types())
MINE_TYPE = Text(lambda: arsenal.mine_types())
#: what a tube or a reload slot holds: a torpedo, or a tube load of mines
LOAD = Text(lambda: arsenal.load_ids())
#: a tube holds a torpedo (`torpedo`) or a tube load of mines (`mines`, a mine type), never both
TUBE = Obj(state=Text(TUBE_STATES), torpedo=Maybe(TORPEDO_TYPE), loaded_at=Maybe(TIME), until=Maybe(TIME),
           # source "deck": a save from before deck torpedoes went into the racks first (it loads as any other)
           source=Maybe(Text(("racks", "deck"))), optional={"mines": Maybe(MINE_TYPE)})
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
    optional={"mines_laid": COUNT, "stowing": List(STOWING, most=10), "running": List(RUNNING, most=100)})



def _gyro_said(gyro: float) -> int | float:
    """A gyro angle as the crew is told it: whole degrees, unless rounding would put it on the other side
    of the limit (90.3° is beyond 90°: said as 90.3°, never as 90°)."""
    angle = abs(gyro)
    beyond = angle > GYRO_LIMIT + 1e-9
    whole = round(angle)
    if (whole > GYRO_LIMIT + 1e-9) == beyond:
        return whole
    tenths = round(angle, 1)
    if beyond:
        return tenths if tenths > GYRO_LIMIT + 1e-9 else round(GYRO_LIMIT + 0.1, 1)
    return min(tenths, GYRO_LIMIT)


def _beyond_limits(sol: Solution, reach: float | None) -> list[Msg]:
    """What the TDC's report warns of for one facing: a gyro angle beyond the limit, a run longer than
    the torpedo of those tubes goes."""
    out = []
    if not sol.within(GYRO_LIMIT):
        out.append(Msg(" The gyro angle is beyond the limit of {limit}°: turn the boat.", limit=round(GYRO_LIMIT)))
    if reach is not None and sol.run_m > reach + 1e-6:
        out.append(Msg(" The run of {run:,} m is longer than the torpedo's range of {reach:,} m: close in.",
                       run=round(sol.run_m), reach=round(reach)))
    return out


def _salvo_said(runs: list[tuple[int, float, bool]]) -> Msg:
    """The salvo's feed line from (tube, run s by the TDC's solution, run beyond the torpedo's range) of each
    torpedo: one run time when they all run alike, else each with its own (a G7a at 40 kn beside a G7e at
    30 kn reaches the target later: "Run times 104 s for tubes 1, 2; 138 s for tube 3"), never the shortest
    for all; a run beyond the range is said for the tubes it concerns."""
    fired = [n for n, _r, _f in runs]
    by_time: dict[int, list[int]] = {}
    for number, run_s, _far in runs:
        by_time.setdefault(round(run_s), []).append(number)
    if len(by_time) == 1:
        feed = Msg.plural("Tube {tubes}: torpedo away! Run time {seconds} s.",
                          "Tubes {tubes}: torpedoes away! Run time {seconds} s.", n=len(runs),
                          tubes=_tube_list(fired), seconds=next(iter(by_time)))
    else:
        times = join([Msg.plural("{seconds} s for tube {tubes}", "{seconds} s for tubes {tubes}", n=len(ts),
                                 seconds=seconds, tubes=_tube_list(ts)) for seconds, ts in by_time.items()], "; ")
        feed = Msg("Tubes {tubes}: torpedoes away! Run times {times}.", tubes=_tube_list(fired), times=times)
    far = [n for n, _r, too_far in runs if too_far]
    if far and far == fired:
        feed = feed + Msg(" The run is longer than the torpedo's range.")
    elif far:
        feed = feed + Msg.plural(" The run of tube {tubes} is longer than its torpedo's range.",
                                 " The runs of tubes {tubes} are longer than their torpedoes' range.", n=len(far),
                                 tubes=_tube_list(far))
    return feed


class Weapons(Module):
    name = "weapons"
    state_shape = WEAPONS_STATE
    subscribes = ("boat_submerged", "ship_sunk", "mission_end", "torpedo_hit", "torpedo_dud", "torpedo_miss",
                  "torpedo_premature", "weather", "technical_condition", "section_flooded")

    def __init__(self, loadout: Mapping[str, Any] | None = None, flooded: list[int] | None = None,
                 ammo: Mapping[str, int] | None = None) -> None:
        """`loadout` overrides the date's (torpedoes.toml); `flooded` tubes start flooded (a set piece
        that begins at action stations); `ammo` sets the guns' rounds."""
        self.loadout = loadout
        self._start_flooded = list(flooded or [])
        self.tubes: dict[int, dict[str, Any]] = {}
        self.racks: dict[int, list[str]] = {}
        self.deck: list[str] = []
        #: deck torpedoes on their way into a room's racks: room, torpedo, until
        self.stowing: list[dict[str, Any]] = []
        self.tdc: dict[str, Any] | None = None
        self.disc = Disc()
        self.ammo: dict[str, int] = {gun: int(guns.GUN[gun]["rounds"]) for gun in guns.GUNS}
        for gun, rounds in (ammo or {}).items():
            if gun not in guns.GUNS or isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
                raise ValueError(f"ammo: {gun!r} = {rounds!r} (guns: {', '.join(guns.GUNS)}; whole rounds)")
            self.ammo[gun] = rounds
        self.firing: dict[str, dict[str, Any] | None] = dict.fromkeys(guns.GUNS)
        self.fired = 0
        self.hits = 0
        self.mines_laid = 0
        self.sunk: list[dict[str, Any]] = []
        #: torpedoes in the water as the crew reckons them (`RUNNING`), until their result is reported
        self.running: list[dict[str, Any]] = []

    def attach(self, engine: Any) -> None:
        super().attach(engine)
        desk: OrderDesk = engine.module("orders")
        desk.register("reload_torpedo", Effect(self._parse_reload, self._check_reload, self._reload,
                                               self._describe_reload))
        desk.register("flood_tubes", Effect(self._parse_tubes_to_flood, self._check_flood, self._flood,
                                            lambda p: Msg.plural("flood tube {tubes}", "flood tubes {tubes}",
                                                                 n=len(p["tubes"]), tubes=_tube_list(p["tubes"]))))
        desk.register("tdc", Effect(self._parse_tdc, self._check_tdc, self._program, self._describe_tdc))
        desk.register("lay_mines", Effect(self._parse_tubes_to_lay, self._check_lay, self._lay,
                                          lambda p: Msg.plural("lay mines from tube {tubes}",
                                                               "lay mines from tubes {tubes}", n=len(p["tubes"]),
                                                               tubes=_tube_list(p["tubes"]))))
        desk.register("fire_torpedoes", Effect(self._parse_tubes_to_fire, self._check_fire, self._fire,
                                               lambda p: Msg.plural("fire tube {tubes}", "fire tubes {tubes}",
                                                                    n=len(p["tubes"]), tubes=_tube_list(p["tubes"]))))
        desk.register("gun_88", Effect(self._parse_gun_88, self._check_gun_88, self._open_88,
                                       lambda p: Msg("88 mm gun, open fire on {target}", target=p["target"])))
        desk.register("gun_20", Effect(self._parse_gun_20, self._check_gun_20, self._open_20,
                                       lambda p: Msg("20 mm gun, open fire on {target}", target=p["target"])
                                       if p["target"] else Msg("20 mm gun, open fire")))
        if not self.tubes:
            self._stow(self.loadout or arsenal.loadout(engine.clock.at(engine.t)))

    def _stow(self, load: Mapping[str, Any]) -> None:
        """Sail with a loadout: the tubes loaded (torpedoes warm, or mines), the racks and deck containers full."""
        now = self.engine.t
        for number, tid in zip(sorted(tubes()), load["tubes"], strict=True):
            if is_mine(tid):
                self.tubes[number] = {"state": "loaded", "torpedo": None, "mines": tid, "loaded_at": now,
                                      "until": None, "source": None}
                continue
            kind = torpedo_type(tid)
            self.tubes[number] = {"state": "loaded", "torpedo": tid, "mines": None,
                                  "loaded_at": now - kind.warm_h * 3600.0, "until": None, "source": None}
        self.racks = {int(room): list(rack) for room, rack in load["racks"].items()}
        self.deck = list(load["deck"])
        for number in self._start_flooded:
            if number not in self.tubes:
                raise ValueError(f"tubes_flooded: there is no tube {number!r}")
            if self.tubes[number]["mines"] is not None:
                raise ValueError(f"tubes_flooded: tube {number} holds mines")
            self.tubes[number]["state"] = "flooded"

    # -- helpers ----------------------------------------------------------------------------------
    @property
    def boat(self) -> Any:
        return self.engine.module("boat")

    @property
    def sea(self) -> Any:
        return self.engine.module("sea")

    def _now_date(self) -> Any:
        return self.engine.clock.at(self.engine.t)

    def _period(self) -> arsenal.Period:
        return arsenal.period(self._now_date())

    def _tech(self, component: str) -> tuple[bool, bool]:
        return component_state(self.engine, component)

    def out_of_action(self, component: str) -> bool:
        """A major failure of the component (technical.toml): its orders are refused, a gun stops firing."""
        return self._tech(component)[0]

    def _over(self) -> bool:
        return self.engine.has_module("mission") and bool(self.engine.module("mission").over)

    def torpedoes_left(self) -> int:
        loaded = sum(1 for t in self.tubes.values() if t["torpedo"] is not None)
        racks = sum(1 for r in self.racks.values() for x in r if not is_mine(x))
        return loaded + racks + len(self.deck) + len(self.stowing)

    def mines_left(self) -> int:
        """Mines aboard: in the tubes and in the racks (a rack slot holds one tube load)."""
        loads = [t["mines"] for t in self.tubes.values() if t.get("mines")]
        loads += [x for r in self.racks.values() for x in r if is_mine(x)]
        return sum(mine_type(x).per_tube for x in loads)

    def _tube_arg(self, args: Args, key: str = "tubes") -> list[int] | None:
        """Tube numbers from `tubes` (a list or one number) or `tube`; None when neither is given."""
        if args.has("tubes"):
            raw = args.any("tubes")
        elif args.has("tube"):
            one = args.any("tube")
            raw = [one]
            known = tubes()
            if isinstance(one, bool) or not isinstance(one, int) or one not in known:  # said of the field given
                raise CommandError(Msg("{command}: tube must be a tube number {first}-{last}, got {value}",
                                       command=args.name, first=min(known), last=max(known), value=repr(one)))
        else:
            return None
        if isinstance(raw, int) and not isinstance(raw, bool):
            raw = [raw]
        known = tubes()
        if (not isinstance(raw, list) or not raw
                or any(isinstance(t, bool) or not isinstance(t, int) or t not in known for t in raw)):
            raise CommandError(Msg("{command}: tubes must be a list of tube numbers {first}-{last}, got {value}",
                                   command=args.name, first=min(known), last=max(known), value=repr(raw)))
        if len(set(raw)) != len(raw):
            raise CommandError(Msg("{command}: a tube is named twice in {value}", command=args.name, value=repr(raw)))
        return sorted(raw)

    # -- reload --------------------------------------------------------------------------------------
    def _parse_reload(self, args: Args) -> dict[str, Any]:
        source = args.str("from", default="racks", choices=("racks", "deck"))
        kind = args.str("torpedo", default=None, choices=arsenal.load_ids())
        if source == "deck":
            return {"room": self._room_arg(args), "from": "deck", "torpedo": kind}
        if args.has("room"):
            raise CommandError(Msg("{command}: room goes with from deck (a deck torpedo brought into a room's "
                                   "racks); a reload from the racks names its tube", command=args.name))
        chosen = self._tube_arg(args)
        if chosen is None:
            empty = self._empty_tube(kind)
            if empty is None:  # no tube to name: the order's check says so ("no tube is empty")
                return {"from": source, "torpedo": kind}
            chosen = [empty]
        if len(chosen) != 1:
            raise CommandError(Msg("{command}: one torpedo is reloaded per order, got tubes {value}", command=args.name,
                                   value=repr(chosen)))
        return {"tube": chosen[0], "from": source, "torpedo": kind}

    def _empty_tube(self, kind: str | None) -> int | None:
        """The tube a reload that names none loads: the lowest empty tube whose room's racks hold a reload
        (of the type named), else the lowest empty tube (its check says why not); None when none is empty."""
        empty = sorted(n for n, t in self.tubes.items() if t["state"] in ("empty", "fired"))
        for number in empty:
            rack = self.racks.get(tubes()[number].room, [])
            if rack and (kind is None or kind in rack):
                return number
        return empty[0] if empty else None

    def _room_arg(self, args: Args) -> int:
        """The torpedo room a deck torpedo goes into (`room`; default the first with a free rack, bow first)."""
        rooms = sorted(int(r) for r in BOAT["stores"])
        if args.has("tube") or args.has("tubes"):
            raise CommandError(Msg("{command}: a deck torpedo goes into a torpedo room's racks, not into a tube: "
                                   "give the room ({rooms}), not a tube", command=args.name,
                                   rooms=" or ".join(str(r) for r in rooms)))
        if not args.has("room"):
            flooded = self._flooded_rooms()
            return next((r for r in rooms if r not in flooded and self._free_racks(r) > 0), rooms[0])
        room = args.any("room")
        if isinstance(room, bool) or not isinstance(room, int) or room not in rooms:
            raise CommandError(Msg("{command}: room must be a torpedo room ({rooms}), got {value}", command=args.name,
                                   rooms=" or ".join(str(r) for r in rooms), value=repr(room)))
        return room

    def _flooded_rooms(self) -> set[int]:
        """Torpedo rooms in a flooded section (§10.3.8: it can never be entered again this patrol)."""
        flooded = self.engine.module("crew").flooded if self.engine.has_module("crew") else []
        return {int(s) for s in flooded if str(s) in BOAT["stores"]}

    def _in_flooded_room(self, numbers: list[int]) -> Msg | None:
        """Why tubes cannot be worked: the first of them in a flooded torpedo room."""
        flooded = self._flooded_rooms()
        for number in numbers:
            room = tubes()[number].room
            if room in flooded:
                return Msg("tube {tube} is in the flooded {room}: nobody can reach it", tube=number,
                           room=Msg.term(ROOM_NAMES[room]))
        return None

    def _lose_room(self, room: int) -> None:
        """A torpedo room floods (§10.3.8: what is inside is lost): its tubes' loads, its racks and a deck torpedo
        on its way down through its hatch are lost with it ([gap] our choice: the rulebook names chips only)."""
        inside = [self.tubes[n] for n in sorted(self.tubes) if tubes()[n].room == room]
        lost = [str(t["torpedo"] or t.get("mines")) for t in inside if t["torpedo"] or t.get("mines")]
        lost += self.racks.pop(room, [])
        lost += [str(s["torpedo"]) for s in self.stowing if int(s["room"]) == room]
        self.stowing = [s for s in self.stowing if int(s["room"]) != room]
        for tube in inside:
            tube.update({"state": "empty", "torpedo": None, "mines": None, "loaded_at": None, "until": None,
                         "source": None})
        if lost:
            torpedoes = sum(1 for x in lost if not is_mine(x))
            left = self.torpedoes_left()
            self.emit("torpedoes_lost", feed=Msg.plural(
                "The {room} is flooded: {n} load is lost with it ({left} aboard).",
                "The {room} is flooded: {n} loads are lost with it ({left} aboard).",
                n=len(lost), room=Msg.term(ROOM_NAMES[room]),
                left=Msg.plural("{n} torpedo left", "{n} torpedoes left", n=left)),
                room=room, loads=lost, torpedoes=torpedoes)

    def _free_racks(self, room: int) -> int:
        """Reload places free in a room's racks (those of torpedoes on their way down count as taken)."""
        coming = sum(1 for s in self.stowing if int(s["room"]) == room)
        return int(BOAT["stores"][str(room)]) - len(self.racks.get(room, [])) - coming

    def _describe_reload(self, p: dict[str, Any]) -> Msg:
        if p["from"] == "deck":
            return Msg("bring a torpedo down from the deck containers into the {room}",
                       room=Msg.term(ROOM_NAMES[p["room"]]))
        return Msg("reload tube {tube}", tube=p["tube"])

    def _check_reload(self, p: dict[str, Any]) -> Msg | None:
        if self.boat.lost:
            return Msg("the boat is lost")
        if p["from"] == "deck":
            return self._check_bring_inside(p)
        if "tube" not in p:
            return Msg("no tube is empty")
        number = p["tube"]
        refusal = self._in_flooded_room([number])
        if refusal is not None:
            return refusal
        tube = self.tubes[number]
        state = tube["state"]
        if state not in ("empty", "fired"):
            return {"loading": Msg("tube {tube} is already being loaded", tube=number),
                    "loaded": Msg("tube {tube} is already loaded", tube=number),
                    "flooding": Msg("tube {tube} is loaded and being flooded", tube=number),
                    "flooded": Msg("tube {tube} is loaded and flooded: fire it first", tube=number)}[state]
        room = tubes()[number].room
        rack = self.racks.get(room, [])
        if not rack:
            coming = [s for s in self.stowing if int(s["room"]) == room]
            if coming:
                return Msg("no reloads are left in the {room} (a torpedo from the deck containers is on its way "
                           "down: {minutes} min)", room=Msg.term(ROOM_NAMES[room]),
                           minutes=math.ceil((min(float(s["until"]) for s in coming) - self.engine.t) / 60.0))
            return Msg("no reloads are left in the {room}", room=Msg.term(ROOM_NAMES[room]))
        if p["torpedo"] is not None and p["torpedo"] not in rack:
            if is_mine(p["torpedo"]):
                return Msg("there are no {mines} in the {room}'s racks", mines=Msg.term(load_name(p["torpedo"])),
                           room=Msg.term(ROOM_NAMES[room]))
            return Msg("there is no {torpedo} in the {room}'s racks", torpedo=Msg.term(load_name(p["torpedo"])),
                       room=Msg.term(ROOM_NAMES[room]))
        return None

    def _check_bring_inside(self, p: dict[str, Any]) -> Msg | None:
        """Why a deck torpedo cannot be brought into the room's racks now (surfaced, calm sea, a free rack)."""
        room = p["room"]
        if not self.deck:
            return Msg("the deck containers are empty")
        if room in self._flooded_rooms():
            return Msg("the {room} is flooded: nobody can stow a torpedo there", room=Msg.term(ROOM_NAMES[room]))
        if p["torpedo"] is not None and is_mine(p["torpedo"]):
            return Msg("the deck containers hold torpedoes, not mines")
        if p["torpedo"] is not None and p["torpedo"] not in self.deck:
            return Msg("there is no {torpedo} in the deck containers", torpedo=Msg.term(load_name(p["torpedo"])))
        if not self.boat.surfaced:
            return Msg("a torpedo comes down from the deck containers only while the boat is surfaced")
        weather = self.sea.weather
        max_sea = int(BOAT["deck_transfer_max_sea"])
        if weather is not None and weather.sea_state > max_sea:
            return Msg("the sea is too rough to open the torpedo hatch (sea state {state}; {most} or calmer "
                       "needed)", state=weather.sea_state, most=max_sea)
        if any(int(s["room"]) == room for s in self.stowing):
            return Msg("a torpedo is already coming down through the {room}'s hatch", room=Msg.term(ROOM_NAMES[room]))
        if self._free_racks(room) <= 0:
            return Msg.plural("the {room}'s racks are full ({n} reload): load a tube from them first",
                              "the {room}'s racks are full ({n} reloads): load a tube from them first",
                              n=int(BOAT["stores"][str(room)]), room=Msg.term(ROOM_NAMES[room]))
        return None

    def _reload(self, p: dict[str, Any]) -> None:
        if p["from"] == "deck":
            self._bring_inside(p)
            return
        number = p["tube"]
        room = tubes()[number].room
        store = self.racks[room]
        kind = p["torpedo"] or store[0]
        store.remove(kind)
        minutes = float(BOAT["reload_min"][str(room)])
        if self._tech("bow_tubes" if room == 1 else "stern_tube")[1]:
            minutes *= 1.5  # a fault in the tube's gear slows the work
        seconds = minutes * 60.0
        now = self.engine.t
        mines = is_mine(kind)
        self.tubes[number].update({"state": "loading", "torpedo": None if mines else kind,
                                   "mines": kind if mines else None, "loaded_at": None, "until": now + seconds,
                                   "source": p["from"]})
        name = Msg.term(load_name(kind))
        feed = (Msg("Tube {tube}: loading {mines}, ready in {minutes} min.", tube=number, mines=name,
                    minutes=round(seconds / 60)) if mines else
                Msg("Tube {tube}: loading a {torpedo}, ready in {minutes} min.", tube=number, torpedo=name,
                    minutes=round(seconds / 60)))
        self.emit("tube_loading", feed=feed, tube=number, torpedo=kind, source=p["from"], ready_s=round(seconds))

    def _bring_inside(self, p: dict[str, Any]) -> None:
        """A deck torpedo starts its way down the room's torpedo hatch into its racks (hours)."""
        room = p["room"]
        kind = p["torpedo"] or self.deck[0]
        self.deck.remove(kind)
        seconds = float(BOAT["deck_transfer_h"]) * 3600.0
        self.stowing.append({"room": room, "torpedo": kind, "until": self.engine.t + seconds})
        self.emit("torpedo_stowing", feed=Msg("A {torpedo} is coming down from the deck containers into the {room}: "
                                              "in its rack in {minutes} min.", torpedo=Msg.term(load_name(kind)),
                                              room=Msg.term(ROOM_NAMES[room]), minutes=round(seconds / 60)),
                  room=room, torpedo=kind, ready_s=round(seconds))

    # -- flood ---------------------------------------------------------------------------------------
    def _parse_tubes_to_flood(self, args: Args) -> dict[str, Any]:
        chosen = self._tube_arg(args)
        if chosen is None:
            chosen = [n for n, t in sorted(self.tubes.items()) if t["state"] == "loaded" and t["torpedo"]
                      and tubes()[n].facing == "bow"] or [1]
        return {"tubes": chosen}

    def _check_flood(self, p: dict[str, Any]) -> Msg | None:
        if self.boat.lost:
            return Msg("the boat is lost")
        refusal = self._in_flooded_room(p["tubes"])
        if refusal is not None:
            return refusal
        for number in p["tubes"]:
            state = self.tubes[number]["state"]
            if self.tubes[number].get("mines"):
                return Msg("tube {tube} holds mines: the lay mines order floods it and lays them", tube=number)
            if state == "flooded":
                return Msg("tube {tube} is already flooded", tube=number)
            if state == "flooding":
                return Msg("tube {tube} is already being flooded", tube=number)
            if state == "loading":
                return Msg("tube {tube} is not loaded yet", tube=number)
            if state != "loaded":
                return Msg("tube {tube} is not loaded", tube=number)
        return None

    def _flood(self, p: dict[str, Any]) -> None:
        until = self.engine.t + float(BOAT["flood_s"])
        for number in p["tubes"]:
            self.tubes[number].update({"state": "flooding", "until": until})

    # -- the attack disc -----------------------------------------------------------------------------
    def commands(self) -> Mapping[str, Handler]:
        return {"attack_disc": self._attack_disc, "cease_fire": self._cease_fire}

    def _cease_fire(self, args: Args) -> None:
        """The Captain's "cease fire!" to a gun crew: a word, not an order (no activation; [gap] our
        choice, the rulebook has no order for it). Without `gun`, every gun that fires stops."""
        gun = args.str("gun", default=None, choices=tuple(guns.GUNS))
        args.str("via", default="script")
        args.finish()
        firing = [g for g in ((gun,) if gun else guns.GUNS) if self.firing[g] is not None]
        if not firing:
            raise CommandError(Msg("{gun} is not firing", gun=Msg.term(str(guns.GUN[gun]["name"])))
                               if gun else Msg("no gun is firing"))
        for g in firing:
            self.cease(g, None)

    def _attack_disc(self, args: Args) -> None:
        values: dict[str, int] = {}
        for ring in RINGS:
            if args.has(ring):
                values[ring] = args.int(ring, lo=0, hi=359)
        args.str("via", default="script")
        args.finish()
        if not values:
            raise CommandError(Msg("{command}: needs at least one of: {fields}", command=args.name,
                                   fields=", ".join(RINGS)))
        self.disc.set(values)
        self.emit("attack_disc", **self.disc.status())

    # -- TDC -----------------------------------------------------------------------------------------
    def _parse_tdc(self, args: Args) -> dict[str, Any]:
        p: dict[str, Any] = {
            "contact": args.str("contact", default=None),
            "source": args.str("source", default=None, choices=("contact", "disc", "manual")),
            "bearing": args.float("bearing", default=None, lo=0, hi=360),
            "range_m": args.float("range_m", default=None, lo=50, hi=25000),
            "course": args.float("course", default=None, lo=0, hi=360),
            "aob": args.float("aob", default=None, lo=-180, hi=180),
            "speed_kn": args.float("speed_kn", default=None, lo=0, hi=40),
            "torpedo_kn": args.float("torpedo_kn", default=None, lo=1, hi=60),
            "depth_m": args.float("depth_m", default=float(BOAT["default_depth_m"]), lo=DEPTHS[0], hi=DEPTHS[1]),
            "pistol": args.str("pistol", default=None, choices=PISTOLS),
            "spread_deg": args.float("spread_deg", default=0.0, lo=0, hi=float(BOAT["spread_max_deg"])),
        }
        if args.has("range_nm"):
            if p.get("range_m") is not None:
                raise CommandError(Msg("{command}: give range_m or range_nm, not both", command=args.name))
            p["range_m"] = args.float("range_nm", lo=0.03, hi=13.5) * M_PER_NM
        if p.get("course") is not None and p.get("aob") is not None:
            raise CommandError(Msg("{command}: give the target's course or its angle on the bow (aob), not both",
                                   command=args.name))
        if p["source"] is None:
            p["source"] = "contact" if p.get("contact") is not None else "manual"
        if p["source"] == "contact" and p.get("contact") is None:
            raise CommandError(Msg("{command}: source 'contact' needs the field 'contact'", command=args.name))
        return {k: v for k, v in p.items() if v is not None}  # what was given (echoed in the order's events)

    def _describe_tdc(self, p: dict[str, Any]) -> Msg:
        if p["source"] == "disc":
            return Msg("program the TDC from the attack disc")
        if p.get("contact") is not None:
            return Msg("program the TDC on {contact}", contact=p["contact"])
        return Msg("program the TDC")

    def _check_tdc(self, p: dict[str, Any]) -> Msg | None:
        if self.boat.lost:
            return Msg("the boat is lost")
        model = self._model(p)
        if isinstance(model, Msg):
            return model
        period = self._period()
        if p.get("pistol") is not None and p.get("pistol") not in period.pistols:
            when = self._now_date()
            return Msg("the {pistol} pistol is not issued in {month} {year} (the boats carry {pistols} pistols only)",
                       pistol=Msg.term(PISTOL_NAMES.get(p["pistol"], p["pistol"])),
                       month=Msg.term(MONTHS[when.month - 1]), year=str(when.year),
                       pistols=and_list([Msg.term(PISTOL_NAMES.get(x, x)) for x in period.pistols]))
        wanted = p.get("torpedo_kn")
        if wanted is not None:
            aboard = sorted({kn for t in self.tubes.values() if t["torpedo"] for kn in
                             torpedo_type(t["torpedo"]).speeds()}, reverse=True)
            if not any(abs(kn - wanted) < 1e-6 for kn in aboard):
                settings = join([f"{kn:g}" for kn in aboard]) if aboard else Msg("none")
                return Msg("no torpedo in the tubes runs at {speed:g} kn (settings: {settings})", speed=wanted,
                           settings=settings)
        return None

    def _model(self, p: Mapping[str, Any]) -> Target | Msg:
        """The TDC's picture of the target from the order's inputs, or why it cannot be made."""
        boat = self.boat
        now = self.engine.t
        heading = boat.heading_at(now)
        blat, blon = boat.position_at(now)
        bearing = course = speed = range_m = None
        t0 = now
        contact = None
        if p.get("contact") is not None:
            contact = self.sea.picture.get(p.get("contact"))
            if contact is None:
                known = ", ".join(sorted(self.sea.picture.contacts, key=lambda c: int(c[1:]))) or "none yet"
                return Msg("there is no contact {contact} (contacts: {known})", contact=p["contact"],
                           known=known if known != "none yet" else Msg("none yet"))
            if contact["lost"]:
                return Msg("contact {contact} is lost", contact=p["contact"])
            if contact["kind"] != "ship":
                return Msg("{contact} is an aircraft, not a ship", contact=p["contact"])
            range_m = float(contact["range_nm"]) * M_PER_NM
            speed = float(contact["speed_kn"])
            course = contact["course"]
            if p["source"] == "contact":
                t0 = float(contact["t"])
                bearing = float(contact["bearing"])
                if "from" in contact:
                    blat, blon = (float(x) for x in contact["from"])
        if p["source"] == "disc":
            unset = self.disc.missing()
            if unset:
                return Msg("the attack disc is not set: set the {missing}",
                           missing=and_list([Msg.term(m) for m in unset]))
            disc = self.disc
            assert disc.bearing is not None and disc.own_course is not None and disc.enemy_course is not None
            bearing = geo.norm360(heading + disc.bearing)
            course = geo.norm360(heading + disc.enemy_course - disc.own_course)
            t0 = now
            blat, blon = boat.position_at(now)
        # explicit inputs override
        given = {k: float(v) for k, v in p.items() if k in ("bearing", "range_m", "speed_kn", "course", "aob")}
        if "bearing" in given:
            bearing = geo.norm360(heading + given["bearing"])
            t0 = now
            blat, blon = boat.position_at(now)
        range_m = given.get("range_m", range_m)
        speed = given.get("speed_kn", speed)
        if "course" in given:
            course = given["course"]
        elif "aob" in given and bearing is not None:
            course = geo.norm360(bearing + 180.0 - given["aob"])
        missing: list[Msg | str] = [Msg(name) for name, v in (
            (N_("bearing"), bearing), (N_("range"), range_m), (N_("course or angle on the bow"), course),
            (N_("speed"), speed)) if v is None]
        if missing:
            if contact is not None and course is None:
                return Msg("the TDC needs the target's {missing} ({contact} has no course estimate: the hydrophone "
                           "gives none)", missing=and_list(missing), contact=p["contact"])
            return Msg("the TDC needs the target's {missing}", missing=and_list(missing))
        assert bearing is not None and range_m is not None and course is not None and speed is not None
        return target_from(blat, blon, t0, bearing, range_m, course, speed)

    def _program(self, p: dict[str, Any]) -> None:
        target = self._model(p)
        assert isinstance(target, Target)
        period = self._period()
        self.tdc = {"target": target.to_json(), "source": p["source"], "contact": p.get("contact"),
                    "torpedo_kn": p.get("torpedo_kn"), "depth_m": p["depth_m"],
                    "pistol": p.get("pistol") or period.pistols[0], "spread_deg": p["spread_deg"],
                    "programmed": self.engine.t}
        sol = self.solution("bow")
        assert sol is not None
        degrees, side = aob_text(sol.aob)
        parts = [Msg("TDC set{on}: range {range:,} m, speed {speed} kn, angle on the bow {aob}° {side}.",
                     on=Msg(" on {contact}", contact=p.get("contact")) if p.get("contact") else "",
                     range=round(sol.range_m), speed=round(target.speed, 1), aob=degrees, side=Msg.term(side))]
        if not sol.reachable:
            parts.append(Msg(" The torpedo cannot catch the target."))
        else:
            _degrees, gside = aob_text(sol.gyro)
            parts.append(Msg(" Gyro angle {gyro}° {side}, run {seconds} s.", gyro=_gyro_said(sol.gyro),
                             side=Msg.term(gside),
                             seconds=round(sol.run_s)))
            parts += _beyond_limits(sol, self.reach_m("bow"))
        parts += self._stern_report(sol)
        self.emit("tdc_programmed", feed=join(parts, ""), **self.tdc_status())

    def _stern_report(self, bow: Solution) -> list[Msg]:
        """The stern tube's solution too, when it holds a torpedo and is the better shot (the bow
        tubes cannot reach or would turn further), with its own limits: its torpedo may be another
        type with another range (a T5 aft, G7a forward)."""
        reach = self.reach_m("stern")
        sol = self.solution("stern")
        if reach is None or sol is None or not sol.reachable:
            return []
        if bow.reachable and self.reach_m("bow") is not None and abs(bow.gyro) <= abs(sol.gyro):
            return []
        _degrees, side = aob_text(sol.gyro)
        return [Msg(" From the stern tube: gyro angle {gyro}° {side}, run {seconds} s.", gyro=_gyro_said(sol.gyro),
                    side=Msg.term(side), seconds=round(sol.run_s)), *_beyond_limits(sol, reach)]

    def _torpedo_speed(self, kind: arsenal.TorpedoType) -> float:
        """The speed the TDC works with for a torpedo of this type (its setting when warm)."""
        wanted = self.tdc["torpedo_kn"] if self.tdc else None
        if wanted is not None:
            try:
                return kind.setting(wanted)[0]
            except ValueError:
                pass
        return kind.settings[0][0]

    def _running(self, number: int) -> tuple[float, float, bool]:
        """(speed kn, range m, warm) of the torpedo in a tube as it would run if fired now: at its setting
        (the TDC's torpedo speed), or cold (a G7e's 28 kn, 3,000 m) until its battery is warm."""
        tube = self.tubes[number]
        kind = torpedo_type(tube["torpedo"])
        speed, reach = kind.setting(self._torpedo_speed(kind))
        warm = (tube["loaded_at"] is not None
                and self.engine.t - float(tube["loaded_at"]) >= kind.warm_h * 3600.0 - 1e-6)
        if kind.cold is not None and not warm:
            return kind.cold[0], kind.cold[1], False
        return speed, reach, True

    def solution(self, facing: str, torpedo_kn: float | None = None) -> Solution | None:
        """The TDC's solution now for a tube facing bow or stern (None when it is not programmed), for the
        speed its torpedo runs at (`torpedo_kn`; default: the first tube ready to fire that way)."""
        if self.tdc is None:
            return None
        if torpedo_kn is None:  # the torpedo of the first tube ready to fire (flooded, else loaded)
            first = self._first_ready(facing)
            torpedo_kn = (self._running(first)[0] if first is not None
                          else float(self.tdc["torpedo_kn"] or 30.0))
        now = self.engine.t
        boat = self.boat
        lat, lon = boat.position_at(now)
        return solve(Target.from_json(self.tdc["target"]), now, lat, lon, boat.heading_at(now), torpedo_kn, facing)

    def _first_ready(self, facing: str) -> int | None:
        """The tube facing bow or stern whose torpedo fires first: flooded, else flooding, loaded, loading."""
        ready = [(READINESS.get(t["state"], 9), n) for n, t in self.tubes.items()
                 if t["torpedo"] and tubes()[n].facing == facing]
        return min(ready)[1] if ready else None

    def reach_m(self, facing: str) -> float | None:
        """How far the torpedo the solution is made for would run (None: no torpedo that way): the first tube
        ready to fire facing bow or stern, at its speed setting, or its cold range when it is not warm yet."""
        first = self._first_ready(facing)
        if first is None:
            return None
        return float(self._running(first)[1])

    def tdc_status(self) -> dict[str, Any]:
        if self.tdc is None:
            return {"programmed": False}
        target = Target.from_json(self.tdc["target"])
        out: dict[str, Any] = {"programmed": True, "source": self.tdc["source"], "contact": self.tdc["contact"],
                               "course": round(target.course), "speed_kn": round(target.speed, 1),
                               "depth_m": self.tdc["depth_m"], "pistol": self.tdc["pistol"],
                               "spread_deg": self.tdc["spread_deg"], "gyro_limit": GYRO_LIMIT}
        for facing in ("bow", "stern"):
            sol = self.solution(facing)
            assert sol is not None
            out[facing] = {"bearing": round(sol.bearing, 1), "rel_bearing": round(sol.rel_bearing, 1),
                           "range_m": round(sol.range_m), "aob": round(sol.aob, 1), "gyro": round(sol.gyro, 1),
                           "lead": round(sol.lead, 1), "run_s": round(sol.run_s, 1), "run_m": round(sol.run_m),
                           "track_angle": round(sol.track_angle, 1), "reachable": sol.reachable,
                           "within_limit": sol.within(GYRO_LIMIT)}
        return out

    # -- fire ----------------------------------------------------------------------------------------
    def _parse_tubes_to_fire(self, args: Args) -> dict[str, Any]:
        chosen = self._tube_arg(args)
        if chosen is None:
            chosen = [min((n for n, t in self.tubes.items() if t["state"] == "flooded"), default=1)]
        return {"tubes": chosen}

    def _check_fire(self, p: dict[str, Any]) -> Msg | None:
        boat = self.boat
        if boat.lost:
            return Msg("the boat is lost")
        refusal = self._in_flooded_room(p["tubes"])
        if refusal is not None:
            return refusal
        depth = boat.depth_at(self.engine.t)
        limit = float(boat.periscope_depth_m)  # §8.4: fired from the periscope's view or the bridge's
        if not boat.surfaced and depth > limit + 1e-6:
            return Msg("the boat is too deep to fire ({depth:.0f} m): torpedoes are fired surfaced or at periscope "
                       "depth, {limit:.0f} m or shallower", depth=depth, limit=limit)
        if self.tdc is None:
            if self.out_of_action("tdc"):
                return Msg("no TDC solution: the TDC is out of action until it is repaired")
            return Msg("no TDC solution: program the TDC first")
        for number in p["tubes"]:
            tube = self.tubes[number]
            if tube["state"] != "flooded":
                what = {"empty": Msg("it is empty"), "fired": Msg("it is empty"), "loading": Msg("it is being loaded"),
                        "loaded": Msg("flood it first"), "flooding": Msg("it is still flooding")}[tube["state"]]
                return Msg("tube {tube} is not flooded ({what})", tube=number, what=what)
        offsets = spread_offsets(len(p["tubes"]), float(self.tdc["spread_deg"]))
        for number, offset in zip(p["tubes"], offsets, strict=True):
            sol = self.solution(tubes()[number].facing, self._running(number)[0])
            assert sol is not None
            if not sol.reachable:
                return Msg("no TDC solution for tube {tube}: the torpedo cannot catch the target", tube=number)
            gyro = sol.gyro + offset
            if abs(gyro) > GYRO_LIMIT + 1e-9:
                return Msg("gyro angle {gyro}° is beyond the limit of {limit}° for tube {tube}", gyro=_gyro_said(gyro),
                           tube=number, limit=round(GYRO_LIMIT))
        return None

    def _fire(self, p: dict[str, Any]) -> None:
        assert self.tdc is not None
        now = self.engine.t
        boat = self.boat
        lat, lon = boat.position_at(now)
        heading = boat.heading_at(now)
        period = self._period()
        rng = self.rng
        tdc_sick = self._tech("tdc")[1]
        offsets = spread_offsets(len(p["tubes"]), float(self.tdc["spread_deg"]))
        aim = self._aim()
        runs = []
        for number, offset in zip(p["tubes"], offsets, strict=True):
            tube = self.tubes[number]
            spec = tubes()[number]
            kind = torpedo_type(tube["torpedo"])
            speed, reach, warm = self._running(number)
            sol = self.solution(spec.facing, speed)  # the TDC leads for the speed it will run at
            assert sol is not None
            gyro = sol.gyro + offset
            if tdc_sick:
                gyro += rng.gauss(0.0, 1.5)  # [gap] a faulty TDC sets the gyro angles a little wrong
            line = heading + (180.0 if spec.facing == "stern" else 0.0)
            pistol = str(self.tdc["pistol"])
            premature = None
            if pistol == "magnetic" and rng.random() < period.premature:
                # once armed, anywhere on the run to the target (after it, a premature would be none)
                arm = float(arsenal.TORPEDOES["pistols"]["arming_m"])
                premature = rng.uniform(arm, max(arm, min(reach, sol.run_m)))
            self.fired += 1
            launch = {
                "number": self.fired, "tube": number, "type": kind.id, "name": kind.name, "speed": speed,
                "range_m": reach, "depth": float(self.tdc["depth_m"]) + period.deeper_m,
                "set_depth": float(self.tdc["depth_m"]), "pistol": pistol, "course": geo.norm360(line + gyro),
                "lat": lat, "lon": lon, "wake": kind.wake, "premature_m": premature, "aim": aim,
                "rates": {"dud": period.dud, "shallow_factor": period.shallow_factor,
                          "shallow_deg": float(arsenal.TORPEDOES["pistols"]["shallow_track_deg"]),
                          "magnetic_fail": period.magnetic_fail,
                          "reach": float(arsenal.TORPEDOES["pistols"]["magnetic_reach_m"]),
                          "under_keel": float(arsenal.TORPEDOES["pistols"]["under_keel_factor"]),
                          "arming": float(arsenal.TORPEDOES["pistols"]["arming_m"]),
                          "warhead": kind.warhead_kg},
                "pattern": self._pattern(kind, sol, geo.norm360(line + gyro)),
                "homing": dict(kind.homing) if kind.homing else None,
            }
            tube.update({"state": "fired", "torpedo": None, "loaded_at": None, "until": None})
            self.emit("torpedo_fired", torpedo=f"t{self.fired}", number=self.fired, tube=number, type=kind.id,
                      speed_kn=speed, range_m=round(reach), gyro=round(gyro, 1), depth_m=launch["set_depth"],
                      pistol=pistol, run_s=round(sol.run_s, 1), warm=warm)
            torpedo_run.launch(self.sea, launch)
            self.running.append({"torpedo": f"t{self.fired}", "tube": number, "contact": self.tdc["contact"],
                                 "fired": now, "hit_at": None if sol.run_m > reach else now + sol.run_s,
                                 "spent_at": now + reach / (speed * M_PER_NM / 3600.0)})
            runs.append((number, sol.run_s, sol.run_m > reach))
        fired = [n for n, _r, _f in runs]
        seconds = [round(r) for _n, r, _far in runs]
        self.emit("salvo", feed=_salvo_said(runs), tubes=fired, run_s=seconds)

    def _aim(self) -> str | None:
        """The ship the TDC is laid on: its contact's ship, else the ship nearest the TDC's point."""
        assert self.tdc is not None
        sea = self.sea
        if self.tdc["contact"] is not None:
            v = sea.vessel_for_contact(self.tdc["contact"])
            if v is not None:
                return str(v.id)
        now = self.engine.t
        tlat, tlon = Target.from_json(self.tdc["target"]).at(now)
        best, best_d = None, 0.5  # nm
        for v in sea.vessels.values():
            lat, lon = sea.vpos(v, now)
            d = math.hypot(*geo.offset(tlat, tlon, lat, lon))
            if d < best_d:
                best, best_d = v.id, d
        return best

    def _pattern(self, kind: arsenal.TorpedoType, sol: Solution, course: float) -> dict[str, Any] | None:
        """A FAT's ladder (torpedoes.toml `pattern`): straight for the TDC's run to the target (within
        `straight_m`), then legs of `leg_m` that step towards the ships coming on — against the target's
        course as the TDC has it: the first turn is away from the side the target is heading for."""
        if kind.pattern is None:
            return None
        assert self.tdc is not None
        lo, hi = (float(x) for x in kind.pattern["straight_m"])
        target_course = Target.from_json(self.tdc["target"]).course
        heading_right = math.sin(math.radians(target_course - course)) > 0
        return {"straight_m": max(lo, min(hi, sol.run_m)), "leg_m": float(kind.pattern["leg_m"]),
                "side": -1.0 if heading_right else 1.0, "turn_m": float(kind.pattern["turn_m"])}

    # -- mines ---------------------------------------------------------------------------------------
    def _parse_tubes_to_lay(self, args: Args) -> dict[str, Any]:
        chosen = self._tube_arg(args)
        if chosen is None:  # every tube loaded with mines (else the first holding any, to say why not)
            chosen = ([n for n, t in sorted(self.tubes.items()) if t.get("mines") and t["state"] == "loaded"]
                      or [n for n, t in sorted(self.tubes.items()) if t.get("mines")] or [min(tubes())])
        return {"tubes": chosen}

    def _check_lay(self, p: dict[str, Any]) -> Msg | None:
        """Why the mines cannot be laid now (our rules: the rulebook has no mines)."""
        boat = self.boat
        if boat.lost:
            return Msg("the boat is lost")
        refusal = self._in_flooded_room(p["tubes"])
        if refusal is not None:
            return refusal
        for number in p["tubes"]:
            tube = self.tubes[number]
            if tube["state"] == "loading":
                return Msg("tube {tube} is still being loaded", tube=number)
            if tube["torpedo"] is not None:
                return Msg("tube {tube} holds a torpedo, not mines", tube=number)
            if not tube.get("mines"):
                return Msg("tube {tube} is empty", tube=number)
        if boat.surfaced:
            return Msg("mines are laid submerged, unseen: dive first")
        now = self.engine.t
        depth = boat.depth_at(now)
        limit = float(BOAT["max_laying_depth_m"])
        if depth > limit + 1e-6:
            return Msg("the boat is too deep to lay mines ({depth:.0f} m): the tubes eject at {limit:.0f} m or "
                       "shallower", depth=depth, limit=limit)
        water = seabed().depth_at(*boat.position_at(now))
        for kind in sorted({str(self.tubes[n]["mines"]) for n in p["tubes"]}):
            mine = mine_type(kind)
            if water > mine.max_water_m + 1e-6:
                return Msg("the water is {water:.0f} m deep here: {mines} must lie in {most:.0f} m of water or less",
                           water=water, mines=Msg.term(mine.name), most=mine.max_water_m)
        return None

    def _lay(self, p: dict[str, Any]) -> None:
        """The tubes' mines go to the bottom along the boat's track: the last one under the boat, each
        earlier one `spacing_m` further astern (the boat lays them one after another as it creeps ahead)."""
        now = self.engine.t
        boat = self.boat
        lat, lon = boat.position_at(now)
        astern = geo.norm360(boat.heading_at(now) + 180.0)
        water = seabed().depth_at(lat, lon)
        kinds = []
        for number in p["tubes"]:
            tube = self.tubes[number]
            kinds += [mine_type(str(tube["mines"]))] * mine_type(str(tube["mines"])).per_tube
            tube.update({"state": "fired", "torpedo": None, "mines": None, "loaded_at": None, "until": None,
                         "source": None})
        specs: list[dict[str, Any]] = []
        back_m = 0.0
        for kind in reversed(kinds):
            mlat, mlon = geo.destination(lat, lon, astern, back_m / M_PER_NM) if back_m > 0 else (lat, lon)
            specs.append({"type": kind.id, "lat": mlat, "lon": mlon, "water_m": water,
                          "armed": now + kind.arm_min * 60.0, "radius_m": kind.radius_m, "fire_p": kind.fire_p,
                          "damage": list(kind.damage)})
            back_m += kind.spacing_m
        specs.reverse()
        field = minefield.lay(self.sea, specs)
        self.mines_laid += len(specs)
        arm = max(k.arm_min for k in kinds)
        names = sorted({k.id for k in kinds})
        feed = Msg.plural("{tubes}: {mines} laid in {water} m of water; they arm in {n} minute.",
                          "{tubes}: {mines} laid in {water} m of water; they arm in {n} minutes.",
                          tubes=Msg.plural("Tube {tubes}", "Tubes {tubes}", n=len(p["tubes"]),
                                           tubes=_tube_list(p["tubes"])),
                          mines=Msg.plural("{n} mine", "{n} mines", n=len(specs)), water=round(water), n=round(arm))
        self.emit("mines_laid", feed=feed, tubes=list(p["tubes"]), type=names[0] if len(names) == 1 else names,
                  count=len(specs), field=field, water_m=round(water, 1), arm_min=round(arm, 1))

    # -- guns ----------------------------------------------------------------------------------------
    def _parse_gun_88(self, args: Args) -> dict[str, Any]:
        most = int(guns.GUN["gun_88"]["max_rounds_per_order"])
        return {"target": args.str("target"), "rounds": args.int("rounds", default=10, lo=1, hi=most)}

    def _parse_gun_20(self, args: Args) -> dict[str, Any]:
        most = int(guns.GUN["gun_20"]["max_bursts_per_order"])
        return {"target": args.str("target", default=None), "bursts": args.int("bursts", default=10, lo=1, hi=most)}

    def _gun_ready(self, gun: str) -> Msg | None:
        if self.boat.lost:
            return Msg("the boat is lost")
        if not self.boat.surfaced:
            return Msg("the boat must be surfaced to man the guns")
        weather = self.sea.weather
        if weather is not None:
            heavy = weather.guns_usable()
            if heavy:
                return heavy
        if self.ammo[gun] <= 0:
            return Msg("no ammunition left for the {gun}", gun=Msg.term(str(guns.GUN[gun]["name"])))
        return None

    def _gun_ready_at(self, gun: str) -> float:
        """When a gun ordered to open fire fires its first round: now, or — when it is firing already (the
        order given again) — when its next round is due: a repeated order never fires faster than the gun's
        rate (guns.toml)."""
        firing = self.firing[gun]
        return self.engine.t if firing is None else max(self.engine.t, float(firing["next"]))

    def _check_gun_88(self, p: dict[str, Any]) -> Msg | None:
        problem = self._gun_ready("gun_88")
        if problem:
            return problem
        found = guns.target_ship(self, p["target"])
        return found if isinstance(found, Msg) else None

    def _open_88(self, p: dict[str, Any]) -> None:
        v = guns.target_ship(self, p["target"])
        assert not isinstance(v, Msg)
        self.firing["gun_88"] = {"target": v.id, "contact": p["target"], "left": p["rounds"], "shots": 0, "hits": 0,
                                 "next": self._gun_ready_at("gun_88")}
        self.emit("gun_firing", feed=Msg.plural("88 mm gun: open fire on {target}, {n} round.",
                                                "88 mm gun: open fire on {target}, {n} rounds.", target=p["target"],
                                                n=p["rounds"]),
                  gun="gun_88", target=p["target"], rounds=p["rounds"])

    def _check_gun_20(self, p: dict[str, Any]) -> Msg | None:
        problem = self._gun_ready("gun_20")
        if problem:
            return problem
        found = guns.target_aircraft(self, p["target"])
        return found if isinstance(found, Msg) else None

    def _open_20(self, p: dict[str, Any]) -> None:
        plane = guns.target_aircraft(self, p["target"])
        assert not isinstance(plane, Msg)
        contact = self.sea.picture.of(plane.id)
        self.firing["gun_20"] = {"target": plane.id, "contact": contact["id"] if contact else None,
                                 "left": p["bursts"], "shots": 0, "hits": 0, "next": self._gun_ready_at("gun_20")}
        self.emit("gun_firing", feed=Msg.plural("20 mm gun: open fire, {n} burst.",
                                                "20 mm gun: open fire, {n} bursts.", n=p["bursts"]),
                  gun="gun_20", target=contact["id"] if contact else None, rounds=p["bursts"])

    def cease(self, gun: str, why: Msg | None) -> None:
        firing = self.firing[gun]
        if firing is None:
            return
        self.firing[gun] = None
        name = Msg.term(str(guns.GUN[gun]["name"]))
        if why is None:
            feed = Msg.plural("{gun}: cease fire, {n} shot, {hits}.", "{gun}: cease fire, {n} shots, {hits}.",
                              n=firing["shots"], gun=name, hits=Msg.plural("{n} hit", "{n} hits", n=firing["hits"]))
        else:
            feed = Msg("{gun}: cease fire ({why}).", gun=name, why=why)
        self.emit("gun_ceased", feed=feed, gun=gun, shots=firing["shots"], hits=firing["hits"],
                  target=firing["contact"], reason=why)

    # -- time ----------------------------------------------------------------------------------------
    def next_wake(self) -> float | None:
        times = [float(t["until"]) for t in self.tubes.values() if t["until"] is not None]
        times += [float(f["next"]) for f in self.firing.values() if f is not None]
        times += [float(s["until"]) for s in self.stowing]
        return min(times) if times else None

    def wake(self, now: float) -> None:
        done_flooding = []
        for number, tube in sorted(self.tubes.items()):
            if tube["until"] is None or float(tube["until"]) > now + 1e-9:
                continue
            tube["until"] = None
            if tube["state"] == "loading":
                tube["state"] = "loaded"
                tube["loaded_at"] = now
                load = str(tube["torpedo"] or tube.get("mines"))
                self.emit("tube_loaded", feed=Msg("Tube {tube} loaded ({torpedo}).", tube=number,
                                                  torpedo=Msg.term(load_name(load))),
                          tube=number, torpedo=load)
            elif tube["state"] == "flooding":
                tube["state"] = "flooded"
                done_flooding.append(number)
        if done_flooding:
            self.emit("tubes_flooded", feed=Msg.plural("Tube {tubes} flooded, outer door open.",
                                                       "Tubes {tubes} flooded, outer doors open.",
                                                       n=len(done_flooding), tubes=_tube_list(done_flooding)),
                      tubes=done_flooding)
        for down in [s for s in self.stowing if float(s["until"]) <= now + 1e-9]:
            self.stowing.remove(down)
            room = int(down["room"])
            self.racks.setdefault(room, []).append(str(down["torpedo"]))
            self.emit("torpedo_stowed", feed=Msg("The {torpedo} from the deck containers is down in the {room}'s "
                                                 "racks.", torpedo=Msg.term(load_name(str(down["torpedo"]))),
                                                 room=Msg.term(ROOM_NAMES[room])),
                      room=room, torpedo=down["torpedo"])
        for gun in guns.GUNS:
            firing = self.firing[gun]
            if firing is not None and float(firing["next"]) <= now + 1e-9:
                guns.shoot(self, gun, firing, now)

    # -- what others tell us -------------------------------------------------------------------------
    def on_event(self, event: Event) -> None:
        name, d = event.name, event.data
        if name == "boat_submerged":
            for gun in guns.GUNS:
                self.cease(gun, Msg("the boat dived"))
            self._stop_deck_transfers(N_("The {torpedo} could not be brought down into the {room} before the dive: "
                                         "it stays in its deck container."), "dive")
        elif name == "weather":
            if int(d.get("sea_state") or 0) > int(BOAT["deck_transfer_max_sea"]):
                self._stop_deck_transfers(N_("The sea is getting up, the {room}'s torpedo hatch is shut: the "
                                             "{torpedo} stays in its deck container."), "sea")
        elif name == "technical_condition":
            if d.get("severity") == "major_failure":
                self._stop_tube_work(str(d.get("component")))
                if d.get("component") == "tdc" and self.tdc is not None:
                    # [gap] our choice: an out-of-action TDC no longer tracks the target (§10.3.1: the component
                    # does not work until repaired), so the solution it held is lost with it
                    self.tdc = None
                    self.emit("tdc_lost", feed=Msg("The TDC is out of action: its solution is lost."))
        elif name == "section_flooded":
            if str(d.get("section")) in BOAT["stores"]:
                self._lose_room(int(d["section"]))
        elif name == "torpedo_hit":
            self.hits += 1
            self._reported(d.get("torpedo"))
        elif name in ("torpedo_dud", "torpedo_miss", "torpedo_premature"):
            self._reported(d.get("torpedo"))
        elif name == "ship_sunk":
            self.sunk.append({"ship": d.get("ship"), "class": d.get("class"), "type": d.get("type"),
                              "grt": int(d.get("grt") or 0), "cause": d.get("cause"), "t": round(self.engine.t, 3)})
        elif name == "mission_end":
            for gun in guns.GUNS:
                self.firing[gun] = None
            for tube in self.tubes.values():
                tube["until"] = None
            self.deck += [str(s["torpedo"]) for s in self.stowing]  # half-way down: back into its container
            self.stowing = []
            self.running = []

    def _reported(self, torpedo: Any) -> None:
        """A torpedo's result is in (hit, dud, miss, premature): it is no longer counted as running."""
        self.running = [r for r in self.running if r["torpedo"] != torpedo]

    def _blocked(self, order: str, room: int) -> bool:
        """Does a major failure (technical.toml `disables`) make `order` impossible in this torpedo room now?"""
        if not self.engine.has_module("technical"):
            return False
        return self.engine.module("technical").blocks(order, bool(self.boat.surfaced), (room,)) is not None

    def _stop_tube_work(self, component: str) -> None:
        """A major failure puts tubes out of action (§10.3.1: the component does not work until repaired):
        a reload under way stops and its torpedo goes back into the room's racks, a tube being flooded
        stays dry with its outer door shut. Either order must be given again once the tubes are repaired
        ([gap] our choice: the rulebook says only that the component is out of action)."""
        flooding: list[int] = []
        for number, tube in sorted(self.tubes.items()):
            room = tubes()[number].room
            if tube["state"] == "loading" and tube["until"] is not None and self._blocked("reload_torpedo", room):
                load = str(tube["torpedo"] or tube.get("mines"))
                self.racks.setdefault(room, []).insert(0, load)  # the next reload takes it first
                tube.update({"state": "empty", "torpedo": None, "mines": None, "loaded_at": None, "until": None,
                             "source": None})
                name = Msg.term(load_name(load))
                feed = (Msg("Tube {tube}: loading stopped (the tube is out of action); the {mines} go back into "
                            "the {room}'s racks.", tube=number, mines=name, room=Msg.term(ROOM_NAMES[room]))
                        if is_mine(load) else
                        Msg("Tube {tube}: loading stopped (the tube is out of action); the {torpedo} goes back into "
                            "the {room}'s racks.", tube=number, torpedo=name, room=Msg.term(ROOM_NAMES[room])))
                self.emit("tube_loading_stopped", feed=feed, tube=number, torpedo=load, component=component)
            elif tube["state"] == "flooding" and self._blocked("flood_tubes", room):
                tube.update({"state": "loaded", "until": None})
                flooding.append(number)
        if flooding:
            self.emit("tube_flooding_stopped",
                      feed=Msg.plural("Tube {tubes}: flooding stopped (the tube is out of action).",
                                      "Tubes {tubes}: flooding stopped (the tubes are out of action).",
                                      n=len(flooding), tubes=_tube_list(flooding)),
                      tubes=flooding, component=component)

    def _stop_deck_transfers(self, template: str, why: str) -> None:
        """A torpedo on its way down from a deck container goes back into it (the boat dives, or the sea
        gets too rough to keep the torpedo hatch open): the room's racks do not get it."""
        for down in list(self.stowing):
            self.stowing.remove(down)
            self.deck.append(str(down["torpedo"]))
            room = int(down["room"])
            self.emit("torpedo_stowing_stopped", feed=Msg(template, torpedo=Msg.term(load_name(str(down["torpedo"]))),
                                                          room=Msg.term(ROOM_NAMES[room])),
                      room=room, torpedo=down["torpedo"], reason=why)

    # -- state ---------------------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        now = self.engine.t
        rows = []
        for number, tube in sorted(self.tubes.items()):
            spec = tubes()[number]
            kind = torpedo_type(tube["torpedo"]) if tube["torpedo"] else None
            mines = mine_type(tube["mines"]) if tube.get("mines") else None
            warm = (kind is not None and tube["loaded_at"] is not None
                    and now - float(tube["loaded_at"]) >= kind.warm_h * 3600.0 - 1e-6)
            rows.append({"tube": number, "room": spec.room, "facing": spec.facing, "state": tube["state"],
                         "torpedo": tube["torpedo"], "name": kind.name if kind else mines.name if mines else None,
                         "warm": bool(warm) if kind is not None and kind.cold is not None else None,
                         "mines": mines.id if mines else None, "mine_count": mines.per_tube if mines else 0,
                         "ready_in_s": None if tube["until"] is None else round(float(tube["until"]) - now)})
        return {"tubes": rows, "racks": {str(k): list(v) for k, v in sorted(self.racks.items())},
                "deck": list(self.deck),
                "stowing": [{"room": int(s["room"]), "torpedo": s["torpedo"],
                             "ready_in_s": round(float(s["until"]) - now)} for s in self.stowing],
                "torpedoes_left": self.torpedoes_left(), "mines_left": self.mines_left(),
                "mines_laid": self.mines_laid, "tdc": self.tdc_status(),
                "disc": self.disc.status(),
                "guns": {gun: {"rounds": self.ammo[gun], "firing": self.firing[gun] is not None,
                               "target": (self.firing[gun] or {}).get("contact")} for gun in guns.GUNS},
                "fired": self.fired, "hits": self.hits, "sunk": [dict(s) for s in self.sunk],
                "grt_sunk": sum(int(s["grt"]) for s in self.sunk),
                # the crew's reckoning from the TDC's solution, not the truth: hit_in_s counts down to the hit
                # the solution expects (None once that time has passed, or when the run is beyond the range)
                "running": [{"torpedo": r["torpedo"], "tube": r["tube"], "contact": r["contact"],
                             "run_s": round(now - float(r["fired"])),
                             "hit_in_s": (round(float(r["hit_at"]) - now)
                                          if r["hit_at"] is not None and float(r["hit_at"]) > now else None),
                             "run_left_s": max(0, round(float(r["spent_at"]) - now))} for r in self.running]}

    def to_state(self) -> dict[str, Any]:
        return {"tubes": {str(k): dict(v) for k, v in self.tubes.items()},
                "racks": {str(k): list(v) for k, v in self.racks.items()}, "deck": list(self.deck),
                "tdc": copy.deepcopy(self.tdc), "disc": self.disc.to_state(), "ammo": dict(self.ammo),
                "firing": copy.deepcopy(self.firing), "fired": self.fired, "hits": self.hits,
                "sunk": copy.deepcopy(self.sunk), "mines_laid": self.mines_laid,
                "stowing": copy.deepcopy(self.stowing), "running": copy.deepcopy(self.running)}

    def load_state(self, state: Mapping[str, Any]) -> None:
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
        self.tubes, self.racks, self.deck, self.ammo, self.firing = tubes_, racks, deck, ammo, firing
        self.stowing = stowing
        self.tdc = None if state["tdc"] is None else dict(state["tdc"])
        if self.tdc is not None:
            Target.from_json(self.tdc["target"])
        self.disc.load_state(state["disc"])
        self.fired, self.hits = int(state["fired"]), int(state["hits"])
        self.mines_laid = int(state.get("mines_laid", 0))
        self.sunk = [dict(s) for s in state["sunk"]]
        self.running = [dict(r) for r in state.get("running", [])]  # a save from before has none

