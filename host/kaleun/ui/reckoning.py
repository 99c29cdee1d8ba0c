"""The protractor and the range ruler of the strategic map (rulebook §9), in one place for the
console's `chart` and the window's map: course, distance and hours at full ahead surfaced from the
boat's square or position by dead reckoning (the navigator's plot, never the truth) to a square of
the naval grid or to the area of a mission objective."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from kaleun.core.messages import Msg


@dataclass(frozen=True)
class Leg:
    """A course laid off on the chart: where to, the course (whole degrees), the distance (nm), the hours
    at full ahead surfaced and that speed (kn), and the line the console prints and the window shows."""

    to: str
    course: int
    distance_nm: float
    hours: float
    speed_kn: float
    line: Msg


def full_ahead_kn() -> float:
    from kaleun.uboot.sea.boat import BOAT

    return float(BOAT["surfaced"]["speed_kn"]["full_ahead"])


def _nm(distance: float) -> Msg:
    return Msg.plural("{n:,} nm", "{n:,} nm", n=round(distance))


def to_square(game: Any, square: str) -> Leg | Msg:
    """From the boat's square by dead reckoning to `square` (square centre to square centre), or what
    stands in the way as a sentence. An unknown square raises `GridError`."""
    from kaleun.uboot.sea.grid import naval_grid

    if not game.has_module("navigation"):
        return Msg("This game has no strategic map.")
    here = game.module("navigation").dr_square()
    if here is None:
        return Msg("The boat's square is not known (off the strategic map).")
    grid = naval_grid()
    there = grid.square(square).name
    if there == here:
        return Msg("The boat is in {square} (dead reckoning).", square=here)
    course, distance = grid.course(here, there)
    full = full_ahead_kn()
    heading = round(course) % 360
    line = Msg("From {here} (dead reckoning) to {there}: course {course}, {distance}; {hours:.1f} h at full ahead "
               "surfaced ({speed:g} kn).", here=here, there=there, course=f"{heading:03d}", distance=_nm(distance),
               hours=distance / full, speed=full)
    return Leg(there, heading, distance, distance / full, full, line)


def to_area(game: Any, objective: Any) -> Leg:
    """From the boat's position by dead reckoning to the nearest part of an objective's area (a circle's rim,
    a box's or square's edge); inside it, to its centre."""
    from kaleun.uboot.sea import geo

    lat, lon = game.module("navigation").dr_position()
    area = objective.area
    inside = area.contains(lat, lon)
    clat, clon = area.centre if inside else area.nearest(lat, lon)
    course, distance = geo.rhumb(lat, lon, clat, clon)
    if not inside and area.point is not None:
        distance = max(0.0, distance - area.radius_nm)
    full = full_ahead_kn()
    heading = round(course) % 360
    if inside:  # on station by the plot: the way to its centre is not a way there
        line = Msg("In the area of \"{objective}\" by dead reckoning; its centre: course {course}, {distance}.",
                   objective=Msg.term(objective.text), course=f"{heading:03d}", distance=_nm(distance))
    else:
        line = Msg("To the area of \"{objective}\": course {course}, {distance}; {hours:.1f} h at full ahead "
                   "surfaced ({speed:g} kn).", objective=Msg.term(objective.text), course=f"{heading:03d}",
                   distance=_nm(distance), hours=distance / full, speed=full)
    return Leg(str(objective.id), heading, distance, distance / full, full, line)


def objectives_with_areas(game: Any, given_only: bool = True) -> Iterator[Any]:
    """The mission's objectives that name an area: those HQ has given (or, `given_only=False`, every one
    the crew knows of, not those still in a coded signal)."""
    if not game.has_module("mission") or not game.has_module("navigation"):
        return
    for objective in game.module("mission").objectives.values():
        if getattr(objective, "area", None) is None:
            continue
        state = getattr(objective, "state", "pending")
        if state == "given" or (not given_only and state != "pending"):
            yield objective


def signalled_squares(game: Any) -> list[tuple[str, Any]]:
    """The squares HQ's signals name (`{square}` in a signal's text: a convoy reported there, the boats
    closing on it) that the crew has decoded, newest first, each square once: the target areas HQ gave.
    A signal still coded (Enigma) names nothing yet. Returns (square, message)."""
    if not game.has_module("mission") or not game.has_module("navigation"):
        return []
    seen: set[str] = set()
    out: list[tuple[str, Any]] = []
    for message in reversed(getattr(game.module("mission"), "messages", [])):
        square = message.values.get("square") if message.state == "decoded" else None
        if isinstance(square, str) and square not in seen:
            seen.add(square)
            out.append((square, message))
    return out


def here(game: Any) -> Msg:
    """The boat's square by dead reckoning, as a sentence."""
    square = game.module("navigation").dr_square()
    if square is None:
        return Msg("The boat's square is not known (off the strategic map).")
    return Msg("The boat is in {square} (dead reckoning).", square=square)


def home(game: Any) -> Leg | None:
    """From the boat's position by dead reckoning home to the mission's base (its approach point off the port),
    along the route clear of land the return to base takes: the first leg's course and the whole way's distance;
    None when the mission has no base."""
    from kaleun.uboot.missions import passage
    from kaleun.uboot.sea import geo

    if not game.has_module("mission") or not game.has_module("navigation"):
        return None
    base_id = game.module("mission").spec.get("base")
    if not base_id:
        return None
    port = passage.base(str(base_id))
    lat, lon = game.module("navigation").dr_position()
    points = [(lat, lon), *passage.route(port, lat, lon)]
    legs = [geo.rhumb(*a, *b) for a, b in pairwise(points)]
    if not legs:
        return None
    distance = sum(d for _, d in legs)
    heading = round(legs[0][0]) % 360
    full = full_ahead_kn()
    line = Msg("Home to {base}: course {course} (the first leg of the way clear of land), {distance}; {hours:.1f} h "
               "at full ahead surfaced ({speed:g} kn).", base=Msg.term(port.name), course=f"{heading:03d}",
               distance=_nm(distance), hours=distance / full, speed=full)
    return Leg(port.id, heading, distance, distance / full, full, line)
