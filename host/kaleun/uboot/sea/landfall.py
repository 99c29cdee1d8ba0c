"""Ships that reach a coast: a convoy, or a merchant on a track of its own, that would run onto land (or
onto water shallower than its draught) ends its voyage before it does: it has reached its destination
coast, makes port and leaves the sea (the `made_port` event). The look ahead is cheap: a convoy looks when
each of its zigzag legs begins, a lone merchant when its track begins, then each time it has run half the
look's reach, and when it comes near the coast it saw ahead; out in the open ocean a look is one test of a
box against the seabed's squares (`Seabed.open_ocean`). How far and how finely they look: `convoys.toml`
[landfall].

The crew hears of it only when it held one of the ships as a contact: the feed names its own contacts
that made for the coast; a ship nobody saw leaves without a word in the feed.
"""

from __future__ import annotations

import math
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
        if west > -180.0 and east < 180.0 and bed.open_ocean(south, north, west, east):
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


def convoy_look(sea: Any, group: Group, now: float) -> bool:
    """A convoy's look ahead as a leg begins: land (or water too shallow for its deepest ship) within
    `LOOK_NM` ahead of its front, over its breadth and the zigzag's wander, and it makes port now. True when
    it has."""
    if not group.offsets:
        return False
    course = made_good(group, now)
    s, c = geo.unit(course)
    # the formation in the frame of the course: how far ahead its front is, how far it reaches to either side
    ahead = [east * s + north * c for east, north in group.offsets.values()]
    side = [east * c - north * s for east, north in group.offsets.values()]
    left, right = min(side) - BEAM_NM, max(side) + BEAM_NM
    lines = max(1, math.ceil((right - left) / STEP_NM))
    glat, glon = group.at(now)
    front = max(ahead)
    starts = [geo.shift(glat, glon, front * s + across * c, front * c - across * s)
              for across in (left + (right - left) * k / lines for k in range(lines + 1))]
    draught = max(sea.vessels[vid].cls.draft_m for vid in group.offsets)
    found = shoal_ahead(starts, course, LOOK_NM, draught)
    if found is None:
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
    coast (looking again then, a step short of it) and makes port."""
    track = v.track
    if track is None or v.is_escort or v.id not in sea.vessels:
        return
    key = f"{TASK}:{v.id}"
    if track.speed <= 0.0 or v.ai.get("mode") == "stopped" or v.ai.get("sinking_at") is not None:
        sea.cancel(key)  # it makes no way: it goes nowhere
        return
    found = shoal_ahead([track.at(now)], track.course, LOOK_NM, v.cls.draft_m)
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
