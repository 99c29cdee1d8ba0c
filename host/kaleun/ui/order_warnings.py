"""What the First Officer should hear before an order the game would carry out: sailors left on
the bridge when the boat dives (rulebook §3), a depth below test depth, at crush depth or on the
bottom the echo sounder gives, a torpedo run longer than the torpedo goes or too short for its pistol to
arm, a weapon order without its view (no lookout on the bridge, the periscope down; §8.3, §8.4), its crew
short at their stations (§6.5), also when the order is refused for something else first. The order
assistant of the console (`check ORDER`) and of the window's order sheet both show these, from one place.
Pure: reads the game's public status, changes nothing."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg, join
from kaleun.uboot.figures import figure_term
from kaleun.uboot.orders import order_term
from kaleun.uboot.sea.boat import CRUSH_M, TEST_M
from kaleun.uboot.weapons.arsenal import TORPEDOES
from kaleun.ui.actions import aboard


def order_warnings(game: Any, answer: Mapping[str, Any], mobilize: Msg | None = None) -> list[Msg]:
    """The warnings for the order the order desk's `preview` answered (`answer`: its `order`,
    `params` and the crew's `left_outside`), whether or not it would be accepted (in enforce mode
    a dive refused for want of its crew still kills the lookouts once the crew is there). `mobilize` is the
    Mobilize order as the player gives it there: the console's typed word (`mobilisieren`, `смена_позиций`);
    by default the order's name, as the window's order button shows it."""
    order = answer.get("order")
    params: Mapping[str, Any] = answer.get("params") or {}
    out: list[Msg] = []
    outside = answer.get("left_outside") or []
    if outside:
        out.append(Msg.plural("Warning: {figures} is still on the bridge or deck and dies in the dive; "
                              "{mobilize} and bring him down first.",
                              "Warning: {figures} are still on the bridge or deck and die in the dive; "
                              "{mobilize} and bring them down first.", n=len(outside),
                              figures=join([figure_term(str(f)) for f in outside]),
                              mobilize=mobilize if mobilize is not None else order_term("mobilize")))
    out += _crew_warnings(game, answer)
    if order == "new_depth" and "depth_m" in params:
        out += depth_warnings(game, float(params["depth_m"]))
    if order == "fire_torpedoes":
        out += _range_warnings(game, [int(t) for t in params.get("tubes") or []])
    if order in VIEW_ORDERS and game.has_module("weapons"):
        out += _view_warnings(game, str(order), answer)
    return out


def _crew_warnings(game: Any, answer: Mapping[str, Any]) -> list[Msg]:
    """An order refused for something of its own ("the water pump lies in section 1") whose crew is short at their
    stations as well (§6.5): that is named too, so putting the first thing right is not met by a second refusal.
    Enforced, it would be refused for that as well; where the crew rules only advise, it would go ahead without.
    None for a weapon the boat does not carry: no crew would lay a gun that is not there."""
    if answer.get("accepted") or not aboard(game, answer.get("order")):
        return []
    out = [Msg("Warning: also {missing}: the order would be refused for that as well.", missing=more)
           for more in answer.get("also") or []]
    if answer.get("missing"):
        out.append(Msg("Warning: also {missing}: once the rest is in order, the order would go ahead without it.",
                       missing=answer["missing"]))
    return out


#: the weapon orders given from a view (§8.3 the lookouts' view surfaced, §8.4 the periscope's submerged)
VIEW_ORDERS = ("tdc", "fire_torpedoes", "gun_88", "gun_20")


def _view_warnings(game: Any, order: str, answer: Mapping[str, Any]) -> list[Msg]:
    """The view a weapon order lacks (§8.3, §8.4), named with whatever else the preview says: accepted (the crew
    rules only advise), it would go ahead without it; refused for another reason first ("tube 1 is not
    flooded"), it is named too, so the First Officer sees everything missing at once; refused for the view
    itself (enforced), the refusal says it."""
    weapons = game.module("weapons")
    missing = weapons.view_missing(order)
    if missing is None:
        return []
    if answer.get("accepted"):
        return [Msg("Warning: {missing}: the order would go ahead without it.", missing=missing)]
    refusal = weapons.view_refusal(order)
    if refusal is None:  # the crew rules only advise: the view does not stop the order
        return [Msg("Warning: also {missing}: once the rest is in order, the order would go ahead without it.",
                    missing=missing)]
    if refusal == answer.get("reason"):
        return []
    return [Msg("Warning: also {missing}: the order would be refused for that as well.", missing=missing)]


def depth_warnings(game: Any, depth: float) -> list[Msg]:
    """A depth ordered at or below the bottom under the keel (the echo sounder's), at or below crush
    depth, or below test depth (boat.toml `[depth]`)."""
    out: list[Msg] = []
    boat = game.module("boat").status() if game.has_module("boat") else {}
    seabed = boat.get("seabed_m")
    if seabed is not None and depth >= float(seabed):
        out.append(Msg("Warning: the echo sounder gives {water} m of water here: at {depth} m the boat strikes "
                       "the bottom.", water=round(float(seabed)), depth=round(depth)))
    if depth >= CRUSH_M:
        out.append(Msg("Warning: {depth} m is at or below crush depth ({crush} m): the hull gives way and the boat "
                       "is lost.", depth=round(depth), crush=round(CRUSH_M)))
    elif depth > TEST_M:
        out.append(Msg("Warning: {depth} m is below test depth ({test} m): the hull groans and may spring leaks.",
                       depth=round(depth), test=round(TEST_M)))
    return out


def beyond_reach(game: Any, facing: str, solution: Mapping[str, Any]) -> float | None:
    """The range of the torpedo the TDC's `solution` for `facing` is made for, when the run is
    longer than that (it would stop short); else None."""
    reach = game.module("weapons").reach_m(facing)
    if reach is None or float(solution.get("run_m", 0)) <= reach + 1e-6:
        return None
    return float(reach)


def too_close(solution: Mapping[str, Any]) -> float | None:
    """The run a torpedo makes before its pistol is armed (torpedoes.toml `pistols.arming_m`), when the TDC's
    `solution` runs shorter than that (the torpedo would strike without exploding); else None (also when the
    torpedo cannot catch the target at all: that solution has no run)."""
    arming = float(TORPEDOES["pistols"]["arming_m"])
    if not solution.get("reachable", True) or float(solution.get("run_m", arming)) >= arming - 1e-6:
        return None
    return arming


def _range_warnings(game: Any, tubes: list[int]) -> list[Msg]:
    """The run of each tube's own torpedo against its range and its pistol's arming run: a tube's solution is made
    for the speed its torpedo runs at (a cold G7e beside a warm one goes 28 kn, 3,000 m), so a salvo of tube 4 is
    not warned with the range of tube 1's cold torpedo. One warning for tubes alike."""
    if not game.has_module("weapons"):
        return []
    module = game.module("weapons")
    if module.fire_control.target_sunk() is not None or module.tdc is None:
        return []  # no TDC solution (or its target has gone down): the refusal says why
    out: list[Msg] = []
    said: set[tuple[str, int, int]] = set()
    for number in tubes:
        tube = module.stores.tubes.get(number)
        if tube is None or not tube.get("torpedo"):
            continue  # an empty tube, or mines: the order's own check says so
        facing = next(str(t["facing"]) for t in module.status()["tubes"] if int(t["tube"]) == number)
        speed, reach, _warm = module.fire_control.run_of(number)
        sol = module.solution(facing, speed)
        if sol is None or not sol.reachable:
            continue
        run = round(sol.run_m)
        if sol.run_m > reach + 1e-6 and ("far", run, round(reach)) not in said:
            said.add(("far", run, round(reach)))
            out.append(Msg("Warning: the run of {run:,} m is longer than the torpedo's range of {reach:,} m: the "
                           "torpedoes stop short. Close in first.", run=run, reach=round(reach)))
        arming = too_close({"reachable": sol.reachable, "run_m": sol.run_m})
        if arming is not None and ("near", run, round(arming)) not in said:
            said.add(("near", run, round(arming)))
            out.append(Msg("Warning: the run of {run:,} m is shorter than the {arming:,} m a torpedo runs before its "
                           "pistol is armed: it would strike without exploding. Open the range first.",
                           run=run, arming=round(arming)))
    return out


def return_warnings(game: Any) -> list[Msg]:
    """What heading home now gives up (§4.2: home with a primary objective not met, the patrol is broken off):
    each primary objective still open, in its own words; a passage home that the time limit cuts short, and what
    that means (the line the return's order is answered with); fuel that does not last the passage home; and,
    played linked, the parts of the linked patrol the return home leaves unsailed (§5.2, mission_rules.toml
    [linked]). Nothing once the objectives are all met, failed or not given, the boat is home in time with the fuel
    to get there and no part is left to sail."""
    if not game.has_module("mission"):
        return []
    mission = game.module("mission")
    out: list[Msg] = []
    open_ = [o for o in mission.objectives.values() if o.primary and o.active]
    if open_:
        out.append(Msg.plural("Warning: a primary objective is still open: {what} Heading home now breaks the patrol "
                              "off.", "Warning: primary objectives are still open: {what} Heading home now breaks the "
                              "patrol off.", n=len(open_), what=join([o.text_msg() for o in open_], " ")))
    hours = _hours_home(mission)
    if hours is not None:  # the passage home reckoned once for both (the sheet asks at every frame)
        late = _late_home(mission, hours)
        if late is not None:
            out.append(late)
        short = mission.short_of_fuel(hours)
        if short is not None:
            out.append(short)
    left = _unsailed_if_home(mission)
    if left:
        from kaleun.core.messages import and_list
        from kaleun.uboot.missions.catalogue import patrol_titled, titled

        out.append(Msg.plural("Warning: the return home ends the linked patrol {patrol}: its part {parts} will not be "
                              "sailed.", "Warning: the return home ends the linked patrol {patrol}: its parts {parts} "
                              "will not be sailed.", n=len(left), patrol=patrol_titled(mission.spec["patrol"]),
                              parts=and_list([titled(m) for m in left])))
    return out


@functools.lru_cache(maxsize=64)
def _route_home(base: str, lat: float, lon: float) -> tuple[tuple[float, float], ...]:
    from kaleun.uboot.missions import passage

    return tuple(passage.route(passage.base(base), lat, lon))


def _hours_home(mission: Any) -> float | None:
    """The hours the passage home takes, set off now (None: there is no passage to make: the mission is over, the
    boat is already on its way, or the mission has no base)."""
    if mission.over or mission.passage is not None or "base" not in mission.spec:
        return None
    lat, lon = mission.engine.module("boat").position_at(mission.engine.t)
    # the route from within about half a mile of the boat, looked for once there (the sheet asks at every frame)
    return float(mission.way_home(list(_route_home(str(mission.spec["base"]), round(lat, 2), round(lon, 2))))[3])


def _late_home(mission: Any, hours: float) -> Msg | None:
    """The passage home of `hours`, set off now, ends after the mission's time limit (§4.2): how long it takes and
    what the time-out then means, as the line said once the return is ordered (None: home in time, or it does not
    matter)."""
    if mission.limit_at is None:
        return None
    late = mission.late_home(hours)
    if late is None:
        return None
    return Msg("{warning} {said}", warning=Msg.plural("Warning: the passage home takes about {n} hour.",
                                                      "Warning: the passage home takes about {n} hours.",
                                                      n=max(1, round(hours))), said=late[0])


def _unsailed_if_home(mission: Any) -> list[str]:
    """The parts of the linked patrol a return home would leave unsailed (none: not played linked, the last part,
    or mission_rules.toml [linked] sails the next part refitted)."""
    from kaleun.uboot.missions.carry import home_ends_patrol, unsailed

    patrol = mission.spec.get("patrol")
    if (mission.spec.get("setup") or {}).get("mode") != "linked" or not patrol or not home_ends_patrol():
        return []
    return unsailed(str(patrol), mission.mission)
