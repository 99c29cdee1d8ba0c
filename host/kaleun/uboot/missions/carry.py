"""Linked missions: what one part of a patrol hands to the next (rulebook §5.2, §8.6, §10.3.8).

A linked patrol is played in parts on different evenings; the boat and its crew go on from where
the last part left them. What carries over (`extract` at the end of a part, `apply_carry` at the
start of the next, both plain data that a save and the career record keep):

- the crew's health: who is dead, every ailment with its red-cross and exhaustion chips;
- the medical chest (supplies, discards, the refill kits left: one per linked mission after the
  first, §5.2), the provisions (pyramid, supply, discards, what has spoiled) and the cigarettes;
- torpedoes and mines (what each tube holds, the racks, the deck containers) and the guns' ammunition;
- technical damage (every open condition, at its severity);
- flooded sections ("for linked missions: until the end of the whole patrol", §10.3.8);
- the diesel fuel left in the tanks (a part that sails again refitted from its base starts full; a boat nearly dry
  takes on fuel from HQ's supply ship between the parts, to mission_rules.toml [linked] `supply_t`).

[gap] Not carried: activation chips, tasks, the bars (each evening starts with a fresh watch), fires
and other environmental conditions, open hull breaches (both are dealt with before a part ends),
the battery (the boat has had time to charge), where figures stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.engine import Engine
from kaleun.core.messages import Msg, join
from kaleun.core.shape import (
    BOOL,
    COUNT,
    SECTION,
    TEXT,
    Int,
    List,
    Map,
    Maybe,
    Num,
    Obj,
    Shape,
    ShapeError,
    Text,
    Whole,
    check,
)

CARRY_VERSION = 1


def home_ends_patrol() -> bool:
    """Does a return home end the linked patrol (mission_rules.toml [linked] `return_home_ends_patrol`, our choice)?
    False: the next part sails refitted from its base, with no carry-over."""
    from kaleun.uboot import data

    return bool(data.load("mission_rules").get("linked", {}).get("return_home_ends_patrol", True))


def supply_t() -> float:
    """The fuel a boat begins a linked patrol's next part with at least (mission_rules.toml [linked] `supply_t`, our
    choice): a boat that carries less is met by HQ's supply ship between the parts. 0: none."""
    from kaleun.uboot import data

    return max(0.0, float(data.load("mission_rules").get("linked", {}).get("supply_t", 0.0)))


def supplied_t(tonnes: float) -> float:
    """The fuel HQ's supply ship brings a boat carrying `tonnes` between a linked patrol's parts: up to `supply_t`,
    none for less than the tenth of a tonne the First Officer reads out."""
    supplied = supply_t() - tonnes
    return supplied if supplied >= 0.05 else 0.0


def starting_fuel_t(tonnes: float) -> float:
    """The fuel (t) a linked patrol's next part starts with when the last part left `tonnes` in the tanks: what the
    supply ship brings a boat nearly dry (`supplied_t`) added, never more than the tanks hold."""
    from kaleun.uboot.sea.boat import FUEL_CAPACITY_T

    return min(FUEL_CAPACITY_T, tonnes + supplied_t(tonnes))


def torpedoes_carried(weapons: Mapping[str, Any]) -> int:
    """The torpedoes a carry-over's weapons hold (what the tubes hold, the racks, the deck containers; mines are no
    torpedoes): the count the next part starts with."""
    from kaleun.uboot.weapons.arsenal import is_mine

    loads = [str(x) for x in (weapons.get("tubes") or {}).values() if x is not None]
    loads += [str(x) for rack in (weapons.get("racks") or {}).values() for x in rack]
    return sum(1 for x in loads if not is_mine(x)) + len(weapons.get("deck") or [])


def starting_stores(carry: Mapping[str, Any]) -> tuple[int | None, float | None]:
    """The torpedoes and the fuel (percent of the tanks) a linked patrol's next part starts with, read from its
    carry-over (None: the carry-over holds none): the one reckoning the `carried_over` line at the next part's start
    and the career record's line for the patrol both say."""
    from kaleun.uboot.sea.boat import FUEL_CAPACITY_T

    weapons, fuel_t = carry.get("weapons"), carry.get("fuel_t")
    torpedoes = torpedoes_carried(weapons) if isinstance(weapons, Mapping) else None
    fuel = None if fuel_t is None else 100.0 * starting_fuel_t(float(fuel_t)) / FUEL_CAPACITY_T
    return torpedoes, fuel


def came_home(mission: Any) -> bool:
    """Did the mission (the `mission` module) end with the boat home after a return to base (rulebook §4.2)? A boat
    home hands nothing to a next part at sea: the linked patrol ends there (`home_ends_patrol`), or its next part
    (and in the campaign the next mission) sails refitted from its base."""
    return bool(mission.over and mission.reason == "returned")


def unsailed(patrol: str, mission: str) -> list[str]:
    """The parts of the linked patrol `patrol` after `mission` (none: the last part, or a mission not of it)."""
    from kaleun.uboot.missions.setup import patrol_parts

    parts = patrol_parts(patrol)
    return parts[parts.index(mission) + 1:] if mission in parts else []


def extract(engine: Engine) -> dict[str, Any]:
    """What the next part of the patrol inherits from this game (at its end, or any time)."""
    out: dict[str, Any] = {"version": CARRY_VERSION, "from": engine.config.get("mission"),
                           "date": engine.now_iso}
    if engine.has_module("crew"):
        crew = engine.module("crew")
        out["sailors"] = [{f: {"dead": s.dead, "ailments": [dict(a) for a in s.ailments],
                               "chips": [c for c in s.chips if c[0] in "WE"]} for f, s in row.items()}
                          for row in crew.states]
        out["health"] = crew.health.to_state()
        food = crew.food.to_state()
        out["food"] = {k: food[k] for k in ("pyramid", "supply", "discard", "spoiled")}
        out["cigarettes"] = dict(crew.cigarettes.left)
        out["flooded"] = sorted(crew.breaches.flooded)
    if engine.has_module("technical"):
        jobs = engine.module("technical").jobs
        out["technical"] = [{"component": j.component, "severity": j.severity, "cause": j.cause}
                            for _, j in sorted(jobs.items())]
    if engine.has_module("boat"):
        out["fuel_t"] = round(engine.module("boat").fuel_at(engine.t), 3)
    if engine.has_module("weapons"):
        weapons = engine.module("weapons")
        out["weapons"] = {"tubes": {str(n): t["torpedo"] or t.get("mines") for n, t in sorted(weapons.tubes.items())},
                          "racks": {str(k): list(v) for k, v in sorted(weapons.racks.items())},
                          "deck": list(weapons.deck), "ammo": dict(weapons.ammo)}
        unfinished = [n for n, t in sorted(weapons.tubes.items()) if t["state"] == "loading"]
        if unfinished:  # a reload the part's end left unfinished: done before the next part, which says so
            out["weapons"]["unfinished"] = unfinished
    return out


def carry_shape() -> Shape:
    """The shape of what `extract` gives (a save's set-up and the career record keep it), built from
    the crew's and the weapons' own state shapes."""
    from kaleun.uboot.crew.roster import FIGURES
    from kaleun.uboot.crew.sailors import MAX_CHIPS
    from kaleun.uboot.crew.saved import AILMENT, CHIP, CREW_CORE
    from kaleun.uboot.crew.technical import COMPONENTS, SEVERITY
    from kaleun.uboot.sea.boat import FUEL_CAPACITY_T
    from kaleun.uboot.weapons.module import LOAD, TORPEDO_TYPE

    food, cigarettes = CREW_CORE["food"], CREW_CORE["cigarettes"]
    assert isinstance(food, Obj) and isinstance(cigarettes, Obj)
    carried = Obj(dead=BOOL, ailments=List(AILMENT, most=1000), chips=List(CHIP, most=MAX_CHIPS))
    return Obj(version=Int(CARRY_VERSION, CARRY_VERSION), optional={
        "from": Maybe(Text(max_len=200)), "date": Maybe(TEXT),
        "sailors": List(Obj({figure: carried for figure in FIGURES}), size=2),
        "health": CREW_CORE["health"],
        "food": Obj({k: food.fields[k] for k in ("pyramid", "supply", "discard", "spoiled")}),
        "cigarettes": cigarettes.fields["left"],
        "flooded": List(SECTION, most=8),
        "fuel_t": Num(0, FUEL_CAPACITY_T),
        "technical": List(Obj(component=Text(COMPONENTS), severity=Text(SEVERITY), cause=TEXT), most=100),
        "weapons": Obj(tubes=Map(Maybe(LOAD), keys=Whole(1, 5), most=5),
                       racks=Map(List(LOAD, most=20), keys=Whole(1, 8), most=8),
                       deck=List(TORPEDO_TYPE, most=10), ammo=Obj(gun_88=COUNT, gun_20=COUNT),
                       optional={"unfinished": List(Int(1, 5), most=5)})})


def check_carry(carry: Any) -> str | None:
    """Why a carry-over cannot be used (None: it can): another version's, or not of its shape
    (a damaged save or career record), said with the place."""
    if not isinstance(carry, Mapping) or carry.get("version") != CARRY_VERSION:
        return "the carried-over patrol state is from another version of Kaleun or damaged"
    try:
        check(carry_shape(), carry, "carry")
    except ShapeError as exc:
        return f"the carried-over patrol state is damaged ({exc})"
    if "sailors" in carry and not {"health", "food", "cigarettes"} <= set(carry):
        return "the carried-over patrol state is damaged (the crew's health, food or cigarettes are missing)"
    return None


def apply_carry(engine: Engine, carry: Mapping[str, Any]) -> list[str]:
    """Start this game where the last part ended. Returns the sailors already dead; emits
    `carried_over` with a summary the First Officer reads out."""
    from kaleun.uboot.figures import figure_term

    problem = check_carry(carry)
    if problem is not None:
        raise ValueError(problem)
    from kaleun.uboot.crew.health import describe_chips
    from kaleun.uboot.crew.roster import ROSTER

    dead: list[str] = []
    wounded: list[str] = []
    tiles: list[Msg] = []  # the wounded's chips as the crew tiles must show them again
    moved: dict[str, int] = {}
    flooded = [int(s) for s in carry.get("flooded", [])]
    if engine.has_module("crew") and "sailors" in carry:
        crew = engine.module("crew")
        for row, states in enumerate(carry["sailors"]):
            for figure, saved in states.items():
                state = crew.states[row][figure]
                state.dead = bool(saved["dead"])
                state.ailments = [dict(a) for a in saved["ailments"]]
                state.chips = [str(c) for c in saved["chips"]]
                state.task = None
                sid = crew.sid(figure, row)
                if state.dead:
                    dead.append(sid)
                elif state.ailments:
                    wounded.append(sid)
                    tiles.append(Msg("{sailor} ({chips})", sailor=Msg.term(ROSTER[figure][row].name),
                                     chips=describe_chips(sum(c[0] == "W" for c in state.chips),
                                                          sum(c[0] == "E" for c in state.chips), 0)))
        crew.health.load_state(carry["health"])
        crew.food.pyramid = list(carry["food"]["pyramid"])
        crew.food.supply = list(carry["food"]["supply"])
        crew.food.discard = list(carry["food"]["discard"])
        crew.food.spoiled = list(carry["food"]["spoiled"])
        crew.cigarettes.left = {r: int(n) for r, n in carry["cigarettes"].items()}
        crew.breaches.flooded = list(flooded)
        for item, where in list(crew.hazards.items.items()):
            if where in flooded:
                crew.hazards.items[item] = None
        figures = engine.module("figures") if engine.has_module("figures") else None
        for figure in list(crew.pos):
            section = crew.pos[figure]
            if crew.sailor(figure).dead:
                crew.pos[figure] = None
                if figures is not None:
                    figures.where[figure] = None
            elif section is not None and section in flooded:
                dry = _dry_section(section, flooded)
                crew.pos[figure] = dry
                moved[figure] = dry
                if figures is not None:
                    figures.where[figure] = dry
    if engine.has_module("weapons") and "weapons" in carry:
        _stow(engine, carry["weapons"])
    technical = []
    if engine.has_module("technical"):
        tech = engine.module("technical")
        for job in carry.get("technical", []):
            if tech.add_condition(str(job["component"]), str(job["severity"]), "carried over") is not None:
                technical.append(f"{job['component']} ({job['severity']})")
    carried_torpedoes, carried_pct = starting_stores(carry)  # what the career record says of this part too
    fuel_pct = None
    supplied = 0.0
    if engine.has_module("boat") and "fuel_t" in carry:
        tonnes = float(carry["fuel_t"])
        supplied = supplied_t(tonnes)  # nearly dry: HQ's supply ship meets the boat between the parts
        engine.module("boat").set_fuel(starting_fuel_t(tonnes))
        fuel_pct = None if carried_pct is None else round(carried_pct, 1)
    torpedoes = carried_torpedoes if engine.has_module("weapons") and "weapons" in carry else (
        engine.module("weapons").torpedoes_left() if engine.has_module("weapons") else None)
    kits = engine.module("crew").health.kits if engine.has_module("crew") else 0
    from kaleun.uboot.missions.catalogue import titled

    parts = [Msg("The patrol goes on from {mission}.", mission=titled(carry.get("from")))]
    if dead:
        parts.append(Msg.plural("{n} sailor is dead: take his figure off the model.",
                                "{n} sailors are dead: take their figures off the model.", n=len(dead)))
    if tiles:
        parts.append(Msg("Put the ailment chips back on the crew tiles: {sailors}.", sailors=join(tiles, "; ")))
    if engine.has_module("crew") and "sailors" in carry:
        parts += _supplies_said(engine.module("crew"))
    if moved:
        parts.append(Msg("Flooded sections {sections}: stand {moves}.", sections=", ".join(map(str, flooded)),
                         moves=join([Msg("{figure} in section {section}", figure=figure_term(f), section=s)
                                     for f, s in moved.items()])))
    elif flooded:
        parts.append(Msg("Flooded sections: {sections}.", sections=", ".join(map(str, flooded))))
    unfinished = [int(n) for n in (carry.get("weapons") or {}).get("unfinished", [])]
    if unfinished and engine.has_module("weapons"):
        from kaleun.uboot.weapons.stores import tube_list

        parts.append(Msg.plural("Tube {tubes}, still being loaded when the last part ended, is loaded now.",
                                "Tubes {tubes}, still being loaded when the last part ended, are loaded now.",
                                n=len(unfinished), tubes=tube_list(unfinished)))
    if torpedoes is not None:
        parts.append(Msg.plural("{n} torpedo left.", "{n} torpedoes left.", n=torpedoes))
    fuel: dict[str, Any] = {} if fuel_pct is None else {"fuel_pct": fuel_pct}
    if supplied > 0.0:
        fuel["supplied_t"] = round(supplied, 3)
        parts.append(Msg("The boat was nearly dry: HQ sent a supply ship to meet it between the parts, and it took on "
                         "{tonnes:.1f} t of fuel.", tonnes=supplied))
    if fuel_pct is not None and fuel_pct < 100.0:  # full tanks, as a fresh boat's, are not worth a word
        parts.append(Msg("Fuel left: {pct:.0f} %.", pct=fuel_pct))
    engine.emit("carried_over", feed=Msg(" ".join(f"{{p{i}}}" for i in range(len(parts))),
                                         **{f"p{i}": p for i, p in enumerate(parts)}),
                mission=carry.get("from"), dead=dead, wounded=wounded, flooded=flooded, technical=technical,
                torpedoes=torpedoes, ammo=engine.module("weapons").ammo if engine.has_module("weapons") else None,
                kits=kits, moved=moved, **fuel)
    return dead


def _supplies_said(crew: Any) -> list[Msg]:
    """The chips the table lays out anew that the last part left fewer of (§5.2, §6.13, §8.6): medical supplies
    used, the refill kits left, each role's cigarettes (the rulebook's set-up gives a fresh boat's)."""
    from kaleun.uboot.crew.cigarettes import CIGARETTES
    from kaleun.uboot.crew.health import SUPPLIES, SUPPLY_NAMES
    from kaleun.uboot.figures import ROSTER as FIGURES_ROSTER

    out: list[Msg] = []
    health = crew.health
    used = [Msg("{n} {supply}", n=int(full) - int(health.stock.get(s, 0)), supply=Msg.term(SUPPLY_NAMES[s]))
            for s, full in SUPPLIES.items() if int(health.stock.get(s, 0)) < int(full)]
    if used:
        out.append(Msg("Medical supplies used and not restocked stay off the chest: {supplies}.",
                       supplies=join(used)))
    if health.kits:
        out.append(Msg.plural("{n} refill kit left.", "{n} refill kits left.", n=health.kits))
    full = int(CIGARETTES["per_role"])
    short = [Msg("{role} {n}", role=Msg.term(FIGURES_ROSTER["role_names"][role]), n=n)
             for role, n in crew.cigarettes.left.items() if n < full]
    if short:
        out.append(Msg("Cigarettes left: {roles}.", roles=join(short)))
    return out


def _dry_section(section: int, flooded: list[int]) -> int:
    """The nearest section inside the hull that is not flooded."""
    for step in range(1, 6):
        for cand in (section - step, section + step):
            if 1 <= cand <= 6 and cand not in flooded:
                return cand
    return 3


def _stow(engine: Engine, saved: Mapping[str, Any]) -> None:
    from kaleun.uboot.weapons.arsenal import is_mine, torpedo_type

    weapons = engine.module("weapons")
    now = engine.t
    for number, tube in weapons.tubes.items():
        torpedo = saved["tubes"].get(str(number))
        if torpedo is None:
            tube.update({"state": "empty", "torpedo": None, "mines": None, "loaded_at": None, "until": None,
                         "source": None})
        elif is_mine(str(torpedo)):
            tube.update({"state": "loaded", "torpedo": None, "mines": str(torpedo), "loaded_at": now, "until": None,
                         "source": None})
        else:
            kind = torpedo_type(str(torpedo))
            tube.update({"state": "loaded", "torpedo": str(torpedo), "mines": None,
                         "loaded_at": now - kind.warm_h * 3600.0, "until": None, "source": None})
    weapons.racks = {int(k): [str(x) for x in v] for k, v in saved["racks"].items()}
    weapons.deck = [str(x) for x in saved["deck"]]
    weapons.ammo = {gun: int(n) for gun, n in saved["ammo"].items()}


__all__ = ["CARRY_VERSION", "apply_carry", "check_carry", "extract", "starting_stores"]
