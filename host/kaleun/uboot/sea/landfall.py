"""Ships that reach a coast: a convoy, or a merchant on a track of its own, that would run onto land (or
onto water shallower than its draught) ends its voyage before it does: it has reached its destination
coast, makes port and leaves the sea (the `made_port` event). An island is not a destination: land no
wider than `round_nm` across is steered round by the smallest turn off the base course that clears it
(`convoy_detour`), and the base course is taken up again as soon as its way ahead is clear.
The look ahead is cheap: a convoy looks when each of its zigzag legs begins, a lone merchant when its track
begins, then each time it has run half the look's reach, and when it comes near the coast it saw ahead; out
in the open ocean a look is one test of a box against the seabed's squares (`Seabed.open_ocean`). How far
and how finely they look: `convoys.toml` [landfall].

The crew hears of it only when it held one of the ships as a contact: the feed names its own contacts
that made for the coast; a ship nobody saw leaves without a word in the feed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from kaleun.core.messages import Msg, and_list
from kaleun.uboot import data
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.seabed import seabed
from kaleun.uboot.sea.vessels import Group, Vessel

LANDFALL = data.load("convoys")["landfall"]
#: how far ahead (nm) a ship looks for land
LOOK_NM = float(LANDFALL["look_nm"])
#: the zigzag's sideways wander (nm) either side of a formation
BEAM_NM = float(LANDFALL["beam_nm"])
#: the look's spacing (nm) along and across the way ahead
STEP_NM = float(LANDFALL["step_nm"])
#: how close (nm) a lone merchant runs in to the coast before it makes port
OFFING_NM = float(LANDFALL["offing_nm"])
#: land at most this wide (nm, either way) is an island a convoy steers round rather than a coast it makes for
ROUND_NM = float(LANDFALL["round_nm"])
#: the turns (deg) a convoy tries off its base course to clear an island: every step up to the most
DETOUR_STEP_DEG = float(LANDFALL["detour_step_deg"])
DETOUR_MOST_DEG = float(LANDFALL["detour_most_deg"])
#: the agenda's key of a lone merchant's look ahead
TASK = "port"


def shoal_ahead(starts: list[tuple[float, float]], course: float, reach_nm: float,
                draught: float) -> tuple[float, str] | None:
    """(how far, the name of the place in seabed.toml) of the first water shallower than `draught` on the
    lines from each start position along `course` for `reach_nm`, looked at every `STEP_NM` (the nearest
    first; the shallows begin up to `STEP_NM` short of the distance given); None if all of the way ahead is
    deep enough."""
    bed = seabed()
    reach_deg = reach_nm / geo.NM_PER_DEG
    south = min(lat for lat, _lon in starts) - reach_deg
    north = max(lat for lat, _lon in starts) + reach_deg
    if south > -80.0 and north < 80.0:
        wide = reach_deg / math.cos(math.radians(max(abs(south), abs(north))))
        west = min(lon for _lat, lon in starts) - wide
        east = max(lon for _lat, lon in starts) + wide
        if west > -180.0 and east < 180.0 and bed.open_ocean(south, north, west, east, draught):
            return None  # nothing drawn anywhere near: the open ocean
    steps = max(1, math.ceil(reach_nm / STEP_NM))
    for i in range(steps + 1):
        dist = reach_nm * i / steps
        for lat, lon in starts:
            here = geo.destination(lat, lon, course, dist)
            area = bed.area_at(*here)
            if area is not None and area.depth_m < draught:
                return dist, area.name
    return None


def made_good(group: Group, now: float) -> float:
    """The course a convoy makes good: its base course, or the emergency turn's while that lasts (the zigzag
    legs swing either side of it)."""
    return geo.norm360(group.base_course + (group.turn_away if now < group.alarm_until else 0.0))


def _starts(group: Group, now: float, course: float) -> list[tuple[float, float]]:
    """The points a convoy's look along `course` starts from: across the front of its formation, over its
    breadth and the zigzag's wander, every `STEP_NM`."""
    s, c = geo.unit(course)
    # the formation in the frame of the course: how far ahead its front is, how far it reaches to either side
    ahead = [east * s + north * c for east, north in group.offsets.values()]
    side = [east * c - north * s for east, north in group.offsets.values()]
    left, right = min(side) - BEAM_NM, max(side) + BEAM_NM
    lines = max(1, math.ceil((right - left) / STEP_NM))
    glat, glon = group.at(now)
    front = max(ahead)
    return [geo.shift(glat, glon, front * s + across * c, front * c - across * s)
            for across in (left + (right - left) * k / lines for k in range(lines + 1))]


def is_island(name: str) -> bool:
    """Whether the land (or shoal) of seabed.toml called `name` is no wider than `ROUND_NM` either way."""
    for area in seabed().areas:
        if area.name == name:
            south, north, west, east = area.box
            mid = math.radians((south + north) / 2.0)
            return max(north - south, (east - west) * math.cos(mid)) * geo.NM_PER_DEG <= ROUND_NM
    return False


def _clearing_turn(starts: Callable[[float], list[tuple[float, float]]], course: float,
                   draught: float) -> float | None:
    """The smallest turn off `course` (up to `DETOUR_MOST_DEG`, starboard first at equal size) whose way ahead
    (looked along from `starts(new course)`) is clear for `LOOK_NM`; None when no such turn clears it."""
    turns = int(DETOUR_MOST_DEG // DETOUR_STEP_DEG)
    for k in range(1, turns + 1):
        for turn in (k * DETOUR_STEP_DEG, -k * DETOUR_STEP_DEG):
            ahead = geo.norm360(course + turn)
            if shoal_ahead(starts(ahead), ahead, LOOK_NM, draught) is None:
                return turn
    return None


def convoy_look(sea: Any, group: Group, now: float) -> bool:
    """A convoy's look ahead as a leg begins: land (or water too shallow for its deepest ship) within
    `LOOK_NM` ahead of its front, over its breadth and the zigzag's wander. An island it steers round (a
    detour off its base course, taken back when the base course is clear again); at a coast it makes port
    now. True when it has made port."""
    if not group.offsets:
        return False
    course = made_good(group, now)
    draught = max(sea.vessels[vid].cls.draft_m for vid in group.offsets)
    found = shoal_ahead(_starts(group, now, course), course, LOOK_NM, draught)
    if found is None:
        if group.resume is not None:
            back = geo.norm360(course - group.base_course + group.resume)
            if shoal_ahead(_starts(group, now, back), back, LOOK_NM, draught) is None:
                group.base_course, group.resume = group.resume, None
                sea.emit("convoy_detour", group=group.id, island=None, course=group.base_course)
        return False
    if is_island(found[1]):
        turn = _clearing_turn(lambda ahead: _starts(group, now, ahead), course, draught)
        if turn is not None:
            if group.resume is None:
                group.resume = group.base_course
            group.base_course = geo.norm360(group.base_course + turn)
            sea.emit("convoy_detour", group=group.id, island=found[1], course=group.base_course)
            return False
    ships = list(group.offsets)
    _make_port(sea, ships, found[1], group=group.id)
    del sea.groups[group.id]
    sea.cancel(f"leg:{group.id}")
    sea.cancel(f"gwatch:{group.id}")
    return True


def ship_look(sea: Any, v: Vessel, now: float) -> None:
    """A merchant on a track of its own looks ahead when its track begins: with no land within `LOOK_NM` it
    looks again when it has run half of that; with land ahead it runs on until it is `OFFING_NM` off the
    coast (looking again then, a step short of it) and makes port. An island ahead it steers round as a
    convoy does, and takes its course up again when the way along it is clear. A lone escort on patrol
    looks the same way and steers round any land a turn clears (a coast too); a hunting one does not look
    here (it keeps clear at each of its steps: `escorts.clear_of_land`)."""
    track = v.track
    key = f"{TASK}:{v.id}"
    if v.is_escort and v.ai.get("mode") != "patrol":
        sea.cancel(key)  # a hunting escort steers clear of the coast at every step (escorts.clear_of_land)
        return
    if track is None or v.id not in sea.vessels:
        return
    if track.speed <= 0.0 or v.ai.get("mode") == "stopped" or v.ai.get("sinking_at") is not None:
        sea.cancel(key)  # it makes no way: it goes nowhere
        return
    draught = v.cls.draft_m
    here = track.at(now)
    detour = v.ai.get("resume")
    if detour is not None and detour[1] != track.course:
        del v.ai["resume"]  # it has turned since for a reason of its own (it flees, it was hit)
        detour = None
    found = shoal_ahead([here], track.course, LOOK_NM, draught)
    if found is None and detour is not None and shoal_ahead([here], detour[0], LOOK_NM, draught) is None:
        del v.ai["resume"]
        track = v.track = track.steer(now, course=detour[0])
    elif found is not None and (v.is_escort or is_island(found[1])):
        turn = _clearing_turn(lambda ahead: [here], track.course, draught)
        if turn is not None:
            course = geo.norm360(track.course + turn)
            v.ai["resume"] = [track.course if detour is None else detour[0], course]
            track = v.track = track.steer(now, course=course)
            found = None
    if found is None:
        sea.schedule(key, now + LOOK_NM / 2.0 / track.speed * 3600.0)
        return
    dist, coast = found
    run = dist - STEP_NM - OFFING_NM  # the shallows begin up to a step short of `dist`
    if run > 0.0:
        sea.schedule(key, now + run / track.speed * 3600.0)
        return
    sea.cancel(key)
    _make_port(sea, [v.id], coast)


def _make_port(sea: Any, ships: list[str], coast: str, group: str | None = None) -> None:
    """The ships reach the coast and leave the sea; the crew hears of those it held as contacts."""
    held = []
    for vid in ships:
        contact = sea.picture.of(vid)
        if contact is not None and not contact["lost"]:
            held.append(contact["id"])
    feed = (Msg.plural("Contact {contacts} has run in to the coast and made port.",
                       "Contacts {contacts} have run in to the coast and made port.",
                       n=len(held), contacts=and_list(held)) if held else None)
    sea.emit("made_port", feed=feed, group=group, ships=list(ships), contacts=held, coast=coast)
    for vid in ships:
        sea.remove_vessel(vid, "made port")
