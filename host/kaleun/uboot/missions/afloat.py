"""Where a mission file sets the boat and the enemy down at the start: in water deep enough for each of them.

Part of the mission file's check (`catalogue.check_mission`). A mission that puts the boat, a convoy or a ship
on land (or in water shallower than its draught; `seabed.toml`) is refused with `FILE:LINE: problem`, as the
sea would otherwise begin with the boat aground or a convoy steaming across Ireland:

- the boat at its `position` (else its `square`'s centre): the seabed's `draft_m`;
- a convoy of the set-up, placed by `bearing` and `range_nm` from the boat: every station of its formation
  (`convoys.toml` [formation] and the screen's stations), the merchants against the deepest draught of the
  classes that may be drawn for it in the mission's year, each escort against its class's;
- a vessel of the set-up: its class's draught;
- an `[[encounter]]` placed at a `square` or `point` (and its own `bearing`, `range_nm` from there): where it
  is when it comes, checked the same way; one placed around the boat at the start (`at_h = 0`) as the set-up's
  are. An encounter placed around the boat later depends on where the boat has gone and is not checked here;
  the sea keeps the traffic it draws off the land itself;
- a rendezvous that drifts (`drift`): hour by hour until its window closes (else the mission's time limit), its
  point must stay on the water: a drift that carries a dinghy up a beach is the file's mistake.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from kaleun.core.args import finite_number
from kaleun.core.messages import Msg
from kaleun.uboot import data
from kaleun.uboot.missions.areas import _lat, _lon
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.classes import sailing, ship_classes
from kaleun.uboot.sea.grid import naval_grid
from kaleun.uboot.sea.seabed import seabed

Path = tuple[str | int, ...]
CONVOYS: Mapping[str, Any] = data.load("convoys")


def _number(value: Any) -> float | None:
    """A number a float can hold (a whole number of 400 digits is none: the check beside says so), else None."""
    return float(value) if finite_number(value) else None


def _placed(table: Mapping[str, Any], lat: float, lon: float, default_range: float) -> tuple[float, float] | None:
    """Where a table with `bearing` and `range_nm` lies from (lat, lon), as the sea places it (None: a field that
    is no number, refused by its own check)."""
    bearing, dist = _number(table.get("bearing", 0.0)), _number(table.get("range_nm", default_range))
    if bearing is None or dist is None:
        return None
    return geo.destination(lat, lon, bearing, dist)


def _convoy_stations(table: Mapping[str, Any], lat: float, lon: float,
                     year: int) -> Iterator[tuple[float, float, float]]:
    """Every ship's place at the start of a convoy centred at (lat, lon), with the draught it needs there (the
    geometry of `sea.scenario.add_convoy`)."""
    form = CONVOYS["formation"]
    columns, per_column = table.get("columns", 5), table.get("ships_per_column", form["ships_per_column"])
    course = _number(table.get("course", 90.0))
    if not isinstance(columns, int) or not isinstance(per_column, int) or course is None:
        return
    classes = ship_classes()
    merchants = sailing(CONVOYS["merchants"], year)
    deepest = max((classes[cid].draft_m for cid in merchants), default=0.0)
    col_gap, row_gap = float(form["column_spacing_nm"]), float(form["ship_spacing_nm"])
    s, c = geo.unit(course)

    def at(ahead: float, starboard: float) -> tuple[float, float]:
        return geo.shift(lat, lon, ahead * s + starboard * c, ahead * c - starboard * s)

    for col in range(columns):
        for row in range(per_column):
            yield *at(((per_column - 1) / 2 - row) * row_gap, (col - (columns - 1) / 2) * col_gap), deepest
    stations = CONVOYS["screen"]["stations"]
    escorts = table.get("escorts", [])
    for i, cid in enumerate(escorts if isinstance(escorts, list) else []):
        if cid not in classes:
            continue
        ahead, starboard = (float(x) for x in stations[i % len(stations)])
        ahead += (per_column - 1) / 2 * row_gap * (1 if ahead > 0 else -1 if ahead < 0 else 0)
        starboard += (columns - 1) / 2 * col_gap * (1 if starboard > 0 else -1 if starboard < 0 else 0)
        yield *at(ahead, starboard), classes[cid].draft_m


def _where(lat: float, lon: float) -> str:
    """A place as the mission's areas name it: "53.02°N 7.99°W"."""
    return f"{_lat(lat)} {_lon(lon)}"


def _aground(lat: float, lon: float, draft: float) -> tuple[float, str] | None:
    """(depth, place) when a ship drawing `draft` m would be on land or aground at (lat, lon)."""
    bed = seabed()
    depth = bed.depth_at(lat, lon)
    return None if depth >= draft else (depth, bed.place_at(lat, lon))


def _problem(who: Msg, lat: float, lon: float, depth: float, place: str, draft: float) -> Msg:
    if depth <= 0.0:
        return Msg("{who} would start on land: {where} is {place}", who=who, where=_where(lat, lon),
                   place=Msg.term(place))
    return Msg("{who} would start aground: {depth:g} m of water at {where} ({place}), less than the {draft:g} m "
               "it draws", who=who, depth=depth, where=_where(lat, lon), place=Msg.term(place), draft=draft)


def check_afloat(c: Any, spec: Mapping[str, Any], path: Path, start: tuple[float, float] | None, year: int) -> None:
    """Add a problem to the checker `c` for the boat, a convoy, a vessel or an encounter placed at a fixed place
    that the mission sets down on land or aground (see the module's doc). A table with a problem of its own is
    left alone: it is refused already, and a size out of range is not laid out."""
    from kaleun.uboot.missions.catalogue import _dotted

    refused = [where for where, _problem in c.problems]

    def sound(where: Path) -> bool:
        return not any(p[:len(where)] == where for p in refused)

    if start is not None:
        lat, lon = start
        draft = float(seabed().draft_m)
        if (found := _aground(lat, lon, draft)) is not None:
            key = "position" if "position" in spec else "square"
            c.add((*path, key), Msg("{key}: {problem}", key=key,
                                    problem=_problem(Msg("the boat"), lat, lon, *found, draft)))
        for kind in ("convoy", "vessel"):
            tables = spec.get(kind, [])
            for i, table in enumerate(tables if isinstance(tables, list) else []):
                if isinstance(table, Mapping) and sound((*path, kind, i)):
                    _check_group(c, kind, table, (*path, kind, i), lat, lon, 10.0, year, _dotted((*path, kind, i)))
    objectives = spec.get("objective", [])
    for i, table in enumerate(objectives if isinstance(objectives, list) else []):
        if isinstance(table, Mapping) and "drift" in table and sound((*path, "objective", i)):
            _check_drift(c, table, (*path, "objective", i, "drift"), spec.get("time_limit_h"))
    encounters = spec.get("encounter", [])
    for i, table in enumerate(encounters if isinstance(encounters, list) else []):
        if not isinstance(table, Mapping) or ("square" in table and "point" in table):
            continue  # refused by its own check
        if "square" in table or "point" in table:
            origin, default_range = _fixed_place(table), 0.0
        elif _at_start(table.get("at_h")):  # around the boat before it has moved: where the set-up's are
            origin, default_range = start, 10.0
        else:
            continue  # placed around the boat when it comes: where the boat has gone
        sets = next((k for k in ("convoy", "vessel") if isinstance(table.get(k), Mapping)), None)
        if origin is not None and sets is not None and sound((*path, "encounter", i)):
            where = (*path, "encounter", i)
            _check_group(c, sets, table[sets], (*where, sets), *origin, default_range, year, _dotted(where))


def _check_drift(c: Any, table: Mapping[str, Any], where: Path, time_limit_h: Any) -> None:
    """A drifting rendezvous's point, hour by hour until its window closes (else the mission's time limit): on the
    water all the way (a drift with no end to it is not checked)."""
    from kaleun.uboot.missions.catalogue import _dotted
    from kaleun.uboot.missions.objectives import drifted_point

    window = table.get("window_h")
    end = _number(window[1]) if isinstance(window, list) and len(window) == 2 else _number(time_limit_h)
    point = table.get("point")
    if end is None or not (isinstance(point, list) and len(point) == 2 and all(_number(x) is not None
                                                                               for x in point)):
        return
    for hour in range(1, math.ceil(end) + 1):
        lat, lon = drifted_point(table, min(float(hour), end) * 3600.0)
        if seabed().depth_at(lat, lon) <= 0.0:
            c.add(where, Msg("{key}: the drift carries the point ashore within {hours} h, at {where} ({place}), "
                             "before its time is up at {end:g} h", key=_dotted(where), hours=hour,
                             where=_where(lat, lon), place=Msg.term(seabed().place_at(lat, lon)), end=end))
            return


def _at_start(at_h: Any) -> bool:
    """An encounter's `at_h` that brings it at the start (0, or the window [0, 0])."""
    times = at_h if isinstance(at_h, list) else [at_h]
    return bool(times) and all(_number(x) == 0.0 for x in times)


def _fixed_place(table: Mapping[str, Any]) -> tuple[float, float] | None:
    if "square" in table:
        square = table["square"]
        try:
            return naval_grid().centre(square) if isinstance(square, str) else None
        except ValueError:
            return None
    point = table["point"]
    if isinstance(point, list) and len(point) == 2 and all(_number(x) is not None for x in point):
        return float(point[0]), float(point[1])
    return None


def _check_group(c: Any, kind: str, table: Mapping[str, Any], where: Path, lat: float, lon: float,
                 default_range: float, year: int, named: str) -> None:
    """A convoy's or a vessel's place (by its `bearing` and `range_nm` from lat, lon; the sea's default range:
    10 nm from the boat, none from an encounter's place)."""
    placed = _placed(table, lat, lon, default_range)
    if placed is None:
        return
    if kind == "convoy":
        for s_lat, s_lon, draft in _convoy_stations(table, *placed, year):
            if (found := _aground(s_lat, s_lon, draft)) is not None:
                c.add(where, Msg("{key}: {problem}", key=named, problem=_problem(
                    Msg("a ship of the convoy"), s_lat, s_lon, *found, draft)))
                return
        return
    cls = ship_classes().get(table.get("class"))  # type: ignore[arg-type]
    if cls is not None and (found := _aground(*placed, cls.draft_m)) is not None:
        c.add(where, Msg("{key}: {problem}", key=named, problem=_problem(
            Msg("the {ship}", ship=Msg.term(cls.name)), *placed, *found, cls.draft_m)))
