"""The missions: data files, checked field by field.

Missions live in the package's data: `data/missions.toml` (a table per mission: the training
patrol, the open patrol and the exercise set pieces) and `data/missions/<id>.toml` (one mission
per file, the mission id is the file's name). The format is documented in host/README.md
("Missions, HQ and the patrol") and at the top of every mission file. A mistake is refused with
`FILE:LINE: MISSION: KEY: problem`, every mistake of a file at once (`MissionError`).

The catalogue is read once (`catalogue()`); `check_text` checks a file a group wrote
(`kaleun missions check FILE`).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from importlib import resources
from typing import Any

from kaleun.core.args import finite_number
from kaleun.core.shape import MAX_TEXT
from kaleun.uboot import data
from kaleun.uboot.missions.areas import AREA_KEYS, area_problems, has_area
from kaleun.uboot.sea.classes import aircraft_types, ship_classes
from kaleun.uboot.sea.grid import GridError, naval_grid
from kaleun.uboot.weapons import arsenal, guns

RULES = data.load("mission_rules")
BASES: Mapping[str, Mapping[str, Any]] = data.load("bases")
SHIPS: Mapping[str, Any] = data.load("ships")
WEATHER_KINDS = tuple(data.load("weather")["kinds"])
TELEGRAPH = tuple(data.load("boat")["telegraph"])
TRAFFIC = tuple(SHIPS["traffic"]["mean_hours"])
AIR_COVER = tuple(data.load("aircraft")["cover"]["mean_hours"])
CONVOY_TYPES: Mapping[str, Mapping[str, Any]] = data.load("convoys")["types"]
CONVOY_KINDS = tuple(CONVOY_TYPES)
ZIGZAGS = tuple(data.load("convoys")["zigzag"])
GUN_IDS = ("gun_88", "gun_20")

OBJECTIVE_KINDS = ("sink", "grt", "reach", "station", "report", "shadow", "rendezvous", "mines", "return")
REPORT_KINDS = ("convoy", "weather", "position", "contact")
SHIP_TYPES = ("merchant", "small", "escort", "any")
CAUSES = ("torpedo", "gunfire", "mine", "any")
ANSWERS = ("shadow", "attack", "boats_joining", "acknowledged")


class MissionError(ValueError):
    """Mistakes in mission files; str() is one `FILE:LINE: problem` per line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


Check = Callable[[Any], str | None]


# -- value checks (each returns a problem or None) -------------------------------------------------
def _text(value: Any) -> str | None:
    return None if isinstance(value, str) and value.strip() else f"must be text, got {value!r}"


def _text_of(most: int) -> Check:
    """Text of at most `most` characters: what a save keeps of it (an objective's id, HQ's words), so
    a mission that started is one whose saves load."""
    def check(value: Any) -> str | None:
        problem = _text(value)
        if problem is None and len(value) > most:
            return f"must be text of at most {most:,} characters, got {len(value):,}"
        return problem
    return check


_id = _text_of(64)
_words = _text_of(MAX_TEXT)


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, got {value!r}"


def _number(lo: float, hi: float, whole: bool = False, lo_open: bool = False) -> Check:
    def check(value: Any) -> str | None:
        ok_type = isinstance(value, int) if whole else isinstance(value, int | float)
        if isinstance(value, bool) or not ok_type or (isinstance(value, float) and not math.isfinite(value)):
            return f"must be a {'whole ' if whole else ''}number, got {value!r}"
        if value < lo or value > hi or (lo_open and value == lo):
            low = f"more than {lo:g}" if lo_open else f"at least {lo:g}"
            return f"= {value!r} is out of range: it must be {low} and at most {hi:g}"
        return None
    return check


def _choice(options: tuple[str, ...]) -> Check:
    def check(value: Any) -> str | None:
        if value not in options:
            return f"{value!r} is not one of: {', '.join(options)}"
        return None
    return check


def _sighted(value: Any) -> str | None:
    """A rendezvous's mark the lookouts can see: `{ what = "the dinghy", day_nm = 2.0, night_nm = 5.0 }`."""
    if not isinstance(value, Mapping):
        return f"must be a table {{ what = \"...\", day_nm = N, night_nm = N }}, got {value!r}"
    unknown = sorted(set(value) - {"what", "day_nm", "night_nm"})
    if unknown:
        return f"has no field {unknown[0]!r} (fields: what, day_nm, night_nm)"
    if "what" not in value or "day_nm" not in value:
        return "needs 'what' and 'day_nm'"
    for key, check in (("what", _text), ("day_nm", _number(0, 30)), ("night_nm", _number(0, 30))):
        if key in value and (problem := check(value[key])):
            return f"{key} {problem}" if problem.startswith("=") else f"{key}: {problem}"
    return None


def _date(value: Any) -> str | None:
    if not isinstance(value, str):
        return f"must be a date and time as text, e.g. \"1941-06-01T04:00:00\", got {value!r}"
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return f"{value!r} is not a date and time like \"1941-06-01T04:00:00\""
    if when.tzinfo is not None:  # the game's clock has none: comparing the two raised TypeError in the sea
        return f"{value!r} names a UTC offset; write the time without one, like \"1941-06-01T04:00:00\""
    if not 1939 <= when.year <= 1945:
        return f"{value!r} is not in the war years 1939-1945"
    return None


def _square(value: Any) -> str | None:
    if not isinstance(value, str):
        return f"must be a square name like \"AF76\", got {value!r}"
    try:
        naval_grid().square(value)
    except GridError as exc:
        return str(exc)
    return None


def _window(lo: float, hi: float) -> Check:
    """A time in hours, or a window [earliest, latest] the game draws from."""
    def check(value: Any) -> str | None:
        number = _number(lo, hi)
        if isinstance(value, list):
            if len(value) != 2 or any(number(v) for v in value):
                return f"must be hours or a window [earliest, latest] of hours from {lo:g} to {hi:g}, got {value!r}"
            if value[0] > value[1]:
                return f"window {value!r} ends before it starts"
            return None
        problem = number(value)
        return None if problem is None else f"must be hours or a window [earliest, latest], got {value!r}"
    return check


def _int_list(lo: int, hi: int) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi
                                               for v in value):
            return f"must be a list of whole numbers {lo}-{hi}, got {value!r}"
        return None
    return check


def _any(value: Any) -> str | None:
    return None


def _setup_note(value: Any) -> str | None:
    """The set-up a game was started with (`setup.changes_for`): its mode, patrol and part (and what the
    campaign a new one takes the place of came to)."""
    if not isinstance(value, Mapping) or set(value) - {"last_campaign"} != {"mode", "patrol", "part"} \
            or _last_campaign(value.get("last_campaign")) is not None \
            or value["mode"] not in ("single", "linked", "campaign") \
            or not (value["patrol"] is None or _text(value["patrol"]) is None) \
            or not (value["part"] is None or _number(1, 20, whole=True)(value["part"]) is None):
        return f"must be a table of mode, patrol and part, got {value!r}"[:300]
    return None


def _last_campaign(value: Any) -> str | None:
    """What an ended campaign came to, told when a new one begins (`GameSetup.last_campaign`)."""
    if value is None:
        return None
    grades = value.get("grades") if isinstance(value, Mapping) else None
    if not isinstance(value, Mapping) or set(value) != {"state", "grades", "score", "missions"} \
            or value["state"] not in ("failed", "complete", "given_up") \
            or not isinstance(grades, list) or len(grades) > 1000 or not all(_text(g) is None for g in grades) \
            or _number(-10**12, 10**12, whole=True)(value["score"]) is not None \
            or _number(0, 1000, whole=True)(value["missions"]) is not None:
        return "the last campaign must be a table of state, grades, score and missions"
    return None


def _carry(value: Any) -> str | None:
    from kaleun.uboot.missions.carry import check_carry

    return check_carry(value)


COMMON: dict[str, Check] = {
    "name": _text, "summary": _text, "start": _date, "square": _square, "position": _any,
    "course": _number(0, 359.999), "surfaced": _bool, "telegraph": _choice(TELEGRAPH),
    "crew_rules": _choice(("enforce", "advise")), "wear": _bool,
    "weather": _choice(WEATHER_KINDS), "weather_hold": _bool, "utc_offset_h": _number(-12, 14),
    "traffic": _choice(TRAFFIC), "air_cover": _choice(AIR_COVER),
    "tubes_flooded": _int_list(1, 5), "ammo": _any, "loadout": _choice(tuple(arsenal.named_loadouts())),
    "convoy": _any, "vessel": _any, "aircraft": _any,
    # the mission proper
    "base": _choice(tuple(BASES)), "briefing": _text, "time_limit_h": _number(0, 24 * 60, lo_open=True),
    "par_grt": _number(0, 1_000_000, whole=True), "patrol": _text, "part": _number(1, 20, whole=True),
    "campaign": _bool, "ends_when_met": _bool, "next_needs_primary": _bool, "event_cards": _any, "objective": _any,
    "radio": _any, "encounter": _any, "answers": _any,
}
#: fields a game's set-up adds to a mission (never in a mission file): see `setup.py`
SETUP_FIELDS = ("difficulty", "easy_watch_change", "linked_missions", "carry", "setup")

CONVOY_KEYS: dict[str, Check] = {
    "kind": _choice(CONVOY_KINDS), "bearing": _number(0, 360), "range_nm": _number(0, 200), "course": _number(0, 360),
    "columns": _number(1, 12, whole=True), "ships_per_column": _number(1, 10, whole=True), "escorts": _any,
    "zigzag": _choice(ZIGZAGS), "air_escort": _any, "aware": _bool, "speed_kn": _number(1, 20),
}
VESSEL_KEYS: dict[str, Check] = {
    "class": _any, "bearing": _number(0, 360), "range_nm": _number(0, 200), "course": _number(0, 360),
    "speed_kn": _number(0, 30), "mode": _choice(("patrol", "hunt")), "datum_error_nm": _number(0, 20),
}
AIRCRAFT_KEYS: dict[str, Check] = {
    "type": _any, "bearing": _number(0, 360), "range_nm": _number(0, 200), "course": _number(0, 360),
}
OBJECTIVE_COMMON: dict[str, Check] = {
    "id": _id, "kind": _choice(OBJECTIVE_KINDS), "text": _words, "primary": _bool,
    "fame": _number(0, 100_000, whole=True), "by_h": _number(0, 24 * 60, lo_open=True),
    **dict.fromkeys(AREA_KEYS, _any), "radius_nm": _any,
}
OBJECTIVE_KEYS: dict[str, dict[str, Check]] = {
    "sink": {"count": _number(1, 100, whole=True), "type": _choice(SHIP_TYPES), "class": _any,
             "cause": _choice(CAUSES), "convoy": _bool},
    "grt": {"grt": _number(1, 1_000_000, whole=True), "convoy": _bool},
    "reach": {},
    "station": {"hours": _number(0, 24 * 60, lo_open=True)},
    "report": {"report": _choice(REPORT_KINDS), "count": _number(1, 100, whole=True), "every_h": _number(0, 240)},
    "shadow": {"hours": _number(0, 240, lo_open=True)},
    "rendezvous": {"minutes": _number(0, 24 * 60, lo_open=True), "night": _bool, "surfaced": _bool,
                   "stopped": _bool, "window_h": _window(0, 24 * 60), "sighted": _sighted},
    "mines": {"count": _number(1, 1000, whole=True), "type": _choice(tuple(arsenal.mine_types()))},
    "return": {},
}
NEEDS_AREA = ("reach", "station", "rendezvous", "mines")
RADIO_KEYS: dict[str, Check] = {
    "id": _id, "at_h": _window(0, 24 * 60), "after": _id, "delay_h": _window(0, 24 * 60), "text": _words,
    "objective": _any, "encounter": _id,
}
ENCOUNTER_KEYS: dict[str, Check] = {
    "id": _id, "at_h": _window(0, 24 * 60), "after": _id, "delay_h": _window(0, 24 * 60),
    "convoy": _any, "vessel": _any, "aircraft": _any, "square": _square, "point": _any,
}
ANSWER_KEYS: dict[str, Check] = {
    "answer": _choice(ANSWERS), "weight": _number(0, 1000, lo_open=True), "text": _words, "objective": _any,
}


@dataclass
class _Checker:
    """Collects the problems of one mission, each with its path for the line number."""

    mission: str
    problems: list[tuple[tuple[str | int, ...], str]] = field(default_factory=list)

    def add(self, path: tuple[str | int, ...], problem: str) -> None:
        self.problems.append((path, problem))

    def keys(self, table: Any, known: Mapping[str, Check], path: tuple[str | int, ...], what: str) -> bool:
        if not isinstance(table, Mapping):
            self.add(path, f"{_dotted(path) or what} must be a table, got {table!r}")
            return False
        for key, value in table.items():
            check = known.get(key)
            where = (*path, key)
            if check is None:
                self.add(where, f"{_dotted(where)}: unknown key (known: {', '.join(sorted(known))})")
                continue
            problem = check(value)
            if problem is not None:
                self.add(where, f"{_dotted(where)} {problem}" if problem.startswith("=") else
                         f"{_dotted(where)}: {problem}")
        return True


def _dotted(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _tables(c: _Checker, spec: Mapping[str, Any], key: str, path: tuple[str | int, ...]) -> list[Any]:
    value = spec.get(key, [])
    if not isinstance(value, list):
        c.add((*path, key), f"{key} must be an array of tables ([[{key}]]), got {value!r}")
        return []
    return value


def check_mission(mission: str, spec: Mapping[str, Any], path: tuple[str | int, ...] = (),
                  allow_setup: bool = False) -> list[tuple[tuple[str | int, ...], str]]:
    """Every mistake of one mission's fields as (key path, problem), each once."""
    problems = list(dict.fromkeys(_check_mission(mission, spec, path, allow_setup)))
    if path:  # a table of missions.toml: the message names the mission once, before the key
        head = f"{_dotted(path)}."
        return [(p, problem[len(head):] if problem.startswith(head) else problem) for p, problem in problems]
    return problems


def _check_mission(mission: str, spec: Mapping[str, Any], path: tuple[str | int, ...],
                   allow_setup: bool) -> list[tuple[tuple[str | int, ...], str]]:
    c = _Checker(mission)
    known = dict(COMMON)
    if allow_setup:
        known.update(dict.fromkeys(SETUP_FIELDS, _any), linked_missions=_number(0, 20, whole=True),
                     setup=_setup_note, carry=_carry)
    if not c.keys(spec, known, path, mission):
        return c.problems
    missing = [key for key in ("name", "start", "square") if key not in spec]
    for key in missing:
        c.add(path, f"needs the field '{key}'")
    # a field refused by its own check is left out of the checks that build on it, so that every other
    # mistake of the file is still found at once (a misspelt key hid them all)
    refused = {p[len(path)] for p, _ in c.problems if len(p) > len(path)}
    if missing or "start" in refused:
        return c.problems
    sound = {k: v for k, v in spec.items() if k not in refused}
    day = datetime.fromisoformat(spec["start"]).date()
    _check_position(c, sound, path)
    _check_setup(c, sound, path, day)
    _check_mission_proper(c, sound, path, day, refused, in_file=not allow_setup)
    return c.problems


def _check_position(c: _Checker, spec: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
    if "position" not in spec:
        return
    south, north = naval_grid().latitudes
    value = spec["position"]
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(x, int | float) and not isinstance(x, bool) for x in value))
    if not ok or not south <= value[0] <= north or not -180 <= value[1] <= 180:
        c.add((*path, "position"), f"position must be [lat, lon] on the strategic map ({south:.1f} to "
                                   f"{north:.1f} N), got {value!r}")


def _check_setup(c: _Checker, spec: Mapping[str, Any], path: tuple[str | int, ...], day: date) -> None:
    """The sea's set-up: ship classes in service on the mission's day, aircraft of its year."""
    for i, table in enumerate(_tables(c, spec, "convoy", path)):
        _check_convoy(c, table, (*path, "convoy", i), day, _where_of(spec, "position"))
    for i, table in enumerate(_tables(c, spec, "vessel", path)):
        _check_vessel(c, table, (*path, "vessel", i), day)
    for i, table in enumerate(_tables(c, spec, "aircraft", path)):
        _check_aircraft(c, table, (*path, "aircraft", i), day)
    _check_loadout(c, spec, path)
    ammo = spec.get("ammo")
    if ammo is not None and (not isinstance(ammo, Mapping) or any(
            k not in GUN_IDS or isinstance(v, bool) or not isinstance(v, int) or v < 0 for k, v in ammo.items())):
        c.add((*path, "ammo"), f"ammo must be {{ gun_88 = rounds, gun_20 = rounds }}, got {ammo!r}")
    elif ammo is not None:
        for gun in ammo:
            if not guns.aboard(gun, day):
                c.add((*path, "ammo", gun), f"ammo.{gun}: a boat sailing on {day.isoformat()} has no {gun} (landed "
                                            f"after {guns.LAST_DAY[gun]}, guns.toml): its rounds would go unused")


def _check_loadout(c: _Checker, spec: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
    """A named loadout (torpedoes.toml [loadouts]): its torpedoes and mines issued on the mission's date,
    and no tube flooded at the start that holds mines."""
    name = spec.get("loadout")
    if not isinstance(name, str) or name not in arsenal.named_loadouts():
        return  # absent, or already refused as unknown
    row = arsenal.named_loadout(str(name))
    day = datetime.fromisoformat(spec["start"]).date()
    late = sorted({x for x in arsenal.loadout_loads(row) if not arsenal.issued_on(x, day)})
    if late:
        names = ", ".join(arsenal.load_name(x) for x in late)
        c.add((*path, "loadout"), f"loadout: {name} carries {names}, not issued on {day.isoformat()}")
    flooded = spec.get("tubes_flooded")
    if isinstance(flooded, list):
        for number, load in zip(sorted(arsenal.tubes()), row["tubes"], strict=True):
            if number in flooded and arsenal.is_mine(load):
                c.add((*path, "tubes_flooded"), f"tubes_flooded: tube {number} holds mines in the loadout {name}")


def _class_of_day(c: _Checker, cid: Any, where: tuple[str | int, ...], day: date, escort: bool) -> None:
    classes = ship_classes()
    if not isinstance(cid, str) or cid not in classes:
        c.add(where, f"{_dotted(where)}: unknown ship class {cid!r} (known: {', '.join(sorted(classes))})")
        return
    cls = classes[cid]
    if escort and cls.type != "escort":
        c.add(where, f"{_dotted(where)}: {cid} is not an escort")
    _in_service(c, cid, where, day)


def _in_service(c: _Checker, cid: str, where: tuple[str | int, ...], day: date) -> None:
    """A ship class a mission sets up was in service on the mission's day (ships.toml `from_date`)."""
    since = class_dates().get(cid)
    if since is not None and day < since:
        c.add(where, f"{_dotted(where)}: the {ship_classes()[cid].name} is not at sea before {_day(since)} (the "
                     f"mission starts on {_day(day)})")


def _type_of_year(c: _Checker, tid: Any, where: tuple[str | int, ...], day: date) -> None:
    year = day.year
    types = aircraft_types()
    if not isinstance(tid, str) or tid not in types:
        c.add(where, f"{_dotted(where)}: unknown aircraft type {tid!r} (known: {', '.join(sorted(types))})")
    elif types[tid].from_year > year:
        c.add(where, f"{_dotted(where)}: the {types[tid].name} flies no patrols before {types[tid].from_year} "
                     f"(the mission is in {year})")


def _check_convoy(c: _Checker, table: Any, path: tuple[str | int, ...], day: date,
                  near: tuple[float, float] | None = None) -> None:
    if not c.keys(table, CONVOY_KEYS, path, "convoy"):
        return
    _series_of_day(c, table, path, day, near)
    for key, escort in (("escorts", True), ("air_escort", False)):
        items = table.get(key, [])
        if not isinstance(items, list):
            c.add((*path, key), f"{_dotted((*path, key))} must be a list of ids, got {items!r}")
            continue
        for item in items:
            if escort:
                _class_of_day(c, item, (*path, key), day, escort=True)
            else:
                _type_of_year(c, item, (*path, key), day)


def _where_of(spec: Mapping[str, Any], key: str) -> tuple[float, float] | None:
    """[lat, lon] of a mission's `position` or an encounter's `point`, else its `square`'s centre (None when
    neither is given or sound: refused by its own check)."""
    value = spec.get(key)
    if isinstance(value, list) and len(value) == 2 and all(finite_number(x) for x in value):
        return float(value[0]), float(value[1])
    square = spec.get("square")
    if isinstance(square, str) and _square(square) is None:
        return naval_grid().centre(square)
    return None


def _series_of_day(c: _Checker, table: Mapping[str, Any], path: tuple[str | int, ...], day: date,
                   near: tuple[float, float] | None) -> None:
    """A convoy series sailed on the mission's day, on its route's heading and in its route's waters
    (convoys.toml `from_date`, `until_date`, `heading`, `waters`): no SC convoy before August 1940, no HX
    convoy steaming west or in the Barents Sea."""
    kind = table.get("kind", "HX")
    if not isinstance(kind, str) or kind not in CONVOY_TYPES:
        return  # already refused as unknown
    spec = CONVOY_TYPES[kind]
    first, last = date.fromisoformat(spec["from_date"]), date.fromisoformat(spec["until_date"])
    if not first <= day <= last:
        c.add((*path, "kind"), f"{_dotted((*path, 'kind'))}: the {spec['name']} series sailed from {_day(first)} "
                               f"to {_day(last)} (the mission starts on {_day(day)})")
    course = table.get("course", 90.0)
    lo, hi = (float(x) for x in spec["heading"])
    if finite_number(course) and not (lo <= course <= hi or lo <= float(course) % 360.0 <= hi):
        c.add((*path, "course"), f"{_dotted((*path, 'course'))}: the {spec['name']} steers between {lo:g} and "
                                 f"{hi:g} degrees, got {course!r}")
    if near is not None:
        (south, north), (west, east) = spec["waters"]["lat"], spec["waters"]["lon"]
        if not (south <= near[0] <= north and west <= near[1] <= east):
            c.add((*path, "kind"), f"{_dotted((*path, 'kind'))}: the {spec['name']} sails between {south:g} and "
                                   f"{north:g} N, {west:g} and {east:g} E, not at {near[0]:g} N {near[1]:g} E")


def _check_vessel(c: _Checker, table: Any, path: tuple[str | int, ...], day: date) -> None:
    if not c.keys(table, VESSEL_KEYS, path, "vessel"):
        return
    if "class" not in table:
        c.add(path, f"{_dotted(path)} needs the field 'class'")
    else:
        _class_of_day(c, table["class"], (*path, "class"), day, escort=False)


def _check_aircraft(c: _Checker, table: Any, path: tuple[str | int, ...], day: date) -> None:
    if not c.keys(table, AIRCRAFT_KEYS, path, "aircraft"):
        return
    if "type" not in table:
        c.add(path, f"{_dotted(path)} needs the field 'type'")
    else:
        _type_of_year(c, table["type"], (*path, "type"), day)


def _check_mission_proper(c: _Checker, spec: Mapping[str, Any], path: tuple[str | int, ...], day: date,
                          refused: set[str | int] | None = None, in_file: bool = True) -> None:
    """The mission proper; `refused`: the fields already refused (left out of `spec`), not missing; `in_file`:
    a mission file (a game's set-up may shorten the time limit, see `hq_timing`)."""
    from kaleun.uboot.missions.hq_timing import check_signals, signal_ids
    from kaleun.uboot.missions.meetable import check_meetable

    refused = refused or set()
    start = datetime.fromisoformat(spec["start"])
    base = spec.get("base")
    opened = base_dates().get(base) if isinstance(base, str) else None
    if opened is not None and start.date() < opened:
        c.add((*path, "base"), f"base: {BASES[str(base)]['name']} took U-boats only from {_day(opened)}; the "
                               f"mission starts on {_day(start.date())}")
    cards = spec.get("event_cards")
    if cards is not None and cards is not False and _window(0.5, 24 * 30)(cards) is not None:
        c.add((*path, "event_cards"), "event_cards must be false or a window [earliest, latest] of hours between "
                                      f"two prompts, got {cards!r}")
    ids: dict[str, tuple[str | int, ...]] = {}
    objectives = _tables(c, spec, "objective", path)
    for i, table in enumerate(objectives):
        _check_objective(c, table, (*path, "objective", i), ids, day)
    radios = _tables(c, spec, "radio", path)
    for i, table in enumerate(radios):
        where = (*path, "radio", i)
        if not c.keys(table, RADIO_KEYS, where, "radio"):
            continue
        _check_timing(c, table, where)
        if "text" not in table:
            c.add(where, f"{_dotted(where)} needs the field 'text' (what HQ says)")
        if "objective" in table:
            _check_objective(c, table["objective"], (*where, "objective"), ids, day, secondary=True)
    encounters = spec.get("encounter", [])
    placed = {str(t["id"]) for t in (encounters if isinstance(encounters, list) else [])
              if isinstance(t, Mapping) and "id" in t and ("square" in t or "point" in t)}
    for i, table in enumerate(radios):
        ref = table.get("encounter") if isinstance(table, Mapping) else None
        if isinstance(ref, str) and ref not in placed:
            c.add((*path, "radio", i, "encounter"), f"radio[{i}].encounter: no encounter {ref!r} placed at a square "
                                                    "or point (HQ can only tell where such a one is)")
    for i, table in enumerate(_tables(c, spec, "encounter", path)):
        where = (*path, "encounter", i)
        if not c.keys(table, ENCOUNTER_KEYS, where, "encounter"):
            continue
        _check_timing(c, table, where)
        kinds = [k for k in ("convoy", "vessel", "aircraft") if k in table]
        if len(kinds) != 1:
            c.add(where, f"{_dotted(where)} needs exactly one of convoy, vessel, aircraft")
        elif kinds[0] == "convoy":
            _check_convoy(c, table["convoy"], (*where, "convoy"), day,
                          _where_of(table, "point") or _where_of(spec, "position"))
        elif kinds[0] == "vessel":
            _check_vessel(c, table["vessel"], (*where, "vessel"), day)
        else:
            _check_aircraft(c, table["aircraft"], (*where, "aircraft"), day)
        if "square" in table and "point" in table:
            c.add((*where, "point"), f"{_dotted(where)}: give square or point, not both")
        if "point" in table:
            problems = area_problems({"point": table["point"], "radius_nm": 1})
            for key, problem in problems:
                c.add((*where, key), f"{_dotted((*where, key))}: {problem}")
    answers = spec.get("answers")
    if answers is not None:
        if not isinstance(answers, Mapping) or set(answers) - set(REPORT_KINDS):
            c.add((*path, "answers"), f"answers must be a table of report kinds ({', '.join(REPORT_KINDS)})")
        else:
            for report, items in answers.items():
                if not isinstance(items, list) or not items:
                    c.add((*path, "answers", report), f"answers.{report} must be a list of answers")
                    continue
                for i, item in enumerate(items):
                    where = (*path, "answers", report, i)
                    if c.keys(item, ANSWER_KEYS, where, "answer") and "objective" in item:
                        _check_objective(c, item["objective"], (*where, "objective"), ids, day, secondary=True)
    signals = signal_ids(radios)
    for i, table in enumerate(radios + _tables(c, spec, "encounter", path)):
        after = table.get("after") if isinstance(table, Mapping) else None
        if isinstance(after, str) and after not in ids and after not in signals:
            kind = "radio" if i < len(radios) else "encounter"
            index = i if i < len(radios) else i - len(radios)
            named = f"; signals: {', '.join(signals)}" if signals else ""
            c.add((*path, kind, index, "after"), f"{kind}[{index}].after: no objective {after!r} (objectives: "
                                                 f"{', '.join(ids) or 'none'}{named})")
    check_signals(c, spec, path, ids, in_file)
    if "loadout" not in refused:
        check_meetable(c, spec, path)
    if "time_limit_h" in spec and not objectives and not radios:
        c.add((*path, "time_limit_h"), "time_limit_h needs objectives: a mission without any has no end to judge")
    if objectives and "base" not in spec and "base" not in refused:
        c.add(path, "a mission with objectives needs a base to return to (base = \"lorient\", ...)")
    if objectives and "time_limit_h" not in spec and "time_limit_h" not in refused:
        c.add(path, "a mission with objectives needs a time limit (time_limit_h)")
    if "part" in spec and "patrol" not in spec and "patrol" not in refused:
        c.add((*path, "part"), "part needs patrol, the id of the linked patrol it belongs to")
    if spec.get("next_needs_primary") and "patrol" not in spec and "patrol" not in refused:
        c.add((*path, "next_needs_primary"), "next_needs_primary needs patrol: only a part of a linked patrol "
                                             "has a next part")


def _check_timing(c: _Checker, table: Mapping[str, Any], where: tuple[str | int, ...]) -> None:
    if ("at_h" in table) == ("after" in table):
        c.add(where, f"{_dotted(where)} needs either at_h (a time) or after (an objective id)")
    if "delay_h" in table and "after" not in table:
        c.add((*where, "delay_h"), f"{_dotted(where)}.delay_h goes with after")


def _check_objective(c: _Checker, table: Any, path: tuple[str | int, ...], ids: dict[str, tuple[str | int, ...]],
                     day: date, secondary: bool = False) -> None:
    if not isinstance(table, Mapping):
        c.add(path, f"{_dotted(path)} must be a table, got {table!r}")
        return
    kind = table.get("kind")
    if not isinstance(kind, str) or kind not in OBJECTIVE_KEYS:
        c.add((*path, "kind"), f"{_dotted(path)}.kind must be one of {', '.join(OBJECTIVE_KINDS)}, got {kind!r}")
        return
    if not c.keys(table, {**OBJECTIVE_COMMON, **OBJECTIVE_KEYS[kind]}, path, "objective"):
        return
    for key in ("id", "text"):
        if key not in table:
            c.add(path, f"{_dotted(path)} needs the field '{key}'")
    ident = table.get("id")
    if isinstance(ident, str):
        if ident in ids:
            c.add((*path, "id"), f"{_dotted(path)}.id: {ident!r} is used twice")
        ids[ident] = path
    for key, problem in area_problems(table):
        c.add((*path, key), f"{_dotted((*path, key))}: {problem}")
    if kind in NEEDS_AREA and not has_area(table):
        c.add(path, f"{_dotted(path)}: a {kind} objective needs a place ({', '.join(AREA_KEYS)})")
    if kind == "rendezvous" and has_area(table) and "point" not in table:
        c.add(path, f"{_dotted(path)}: a rendezvous is at a point = [lat, lon] with radius_nm")
    for key in {"station": ("hours",), "shadow": ("hours",), "grt": ("grt",), "report": ("report",),
                "rendezvous": ("minutes",)}.get(kind, ()):
        if key not in table:
            c.add(path, f"{_dotted(path)}: a {kind} objective needs the field '{key}'")
    if kind == "sink" and "class" in table:
        classes = table["class"] if isinstance(table["class"], list) else [table["class"]]
        for cid in classes:
            if not isinstance(cid, str) or cid not in ship_classes():
                c.add((*path, "class"), f"{_dotted((*path, 'class'))}: unknown ship class {cid!r}")
            else:
                _in_service(c, cid, (*path, "class"), day)
    if secondary and table.get("primary"):
        c.add((*path, "primary"), f"{_dotted(path)}: an objective from HQ during the mission is secondary")


def objective_problems(table: Mapping[str, Any], day: date) -> list[str]:
    """What is wrong with one objective's table as a mission file's check finds it (empty: sound).
    A save's objective is rebuilt into its table and checked so (`missions.saved`): a field its
    kind needs that a damaged save lacks would fail the game later, while it runs."""
    c = _Checker("")
    _check_objective(c, table, ("objective",), {}, day)
    return [problem for _, problem in c.problems]


# -- dates of the data: bases --------------------------------------------------------------------------
def _day(when: date) -> str:
    """A day as a message names it: "29 September 1940"."""
    return f"{when.day} {when:%B %Y}"


def _iso_day(value: Any) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


@cache
def base_dates() -> dict[str, date]:
    """The day each base took U-boats (bases.toml `from_date`); a base whose date is no date is left out
    here and refused by `catalogue()`."""
    return {bid: day for bid, spec in BASES.items() if (day := _iso_day(spec.get("from_date"))) is not None}


@cache
def class_dates() -> dict[str, date]:
    """The day the first ship of each class was in service (ships.toml `from_date`); a class whose date is no
    date is left out here and refused by `catalogue()`."""
    return {cid: day for cid, spec in SHIPS["classes"].items() if (day := _iso_day(spec.get("from_date"))) is not None}


def _check_dates(filename: str, rows: Mapping[str, Any], head: tuple[str, ...], what: str) -> list[str]:
    """Every row of a data file has a `from_date` that is a day ("1940-09-29"), and where the row also has a
    `from_year` (the first year the sea draws a ship class at random) that year is not before the day."""
    c = _Checker(what)
    for rid, spec in rows.items():
        value = spec.get("from_date") if isinstance(spec, Mapping) else None
        day = _iso_day(value)
        if day is None:
            c.add((*head, rid, "from_date"), f"{rid}: from_date must be a day like \"1940-09-29\", got {value!r}")
        elif isinstance(spec.get("from_year"), int) and spec["from_year"] < day.year:
            c.add((*head, rid, "from_year"), f"{rid}: from_year = {spec['from_year']} is before from_date "
                                             f"({value}): the sea would draw the class before it existed")
    if not c.problems:
        return []
    text = resources.files(data.__package__).joinpath(filename).read_text(encoding="utf-8")
    return _locate(text, c.problems, filename, what)


# -- reading files ----------------------------------------------------------------------------------
def _locate(text: str, problems: list[tuple[tuple[str | int, ...], str]], filename: str,
            mission: str) -> list[str]:
    # the key lines are looked up only when there is something to report
    from kaleun.boards.locate import KeyLines

    lines = KeyLines(text)
    located = sorted(((lines.line(p), problem) for p, problem in problems), key=lambda found: found[0])
    return [f"{filename}:{line}: {mission}: {problem}" for line, problem in located]  # in the file's order


def check_text(text: str, filename: str, mission: str | None = None) -> dict[str, dict[str, Any]]:
    """Check a mission file; returns {mission id: fields}. Raises MissionError with every mistake.

    With `mission` the file holds that one mission at its top level (data/missions/<id>.toml);
    without, a table per mission (data/missions.toml)."""
    from kaleun.files import parse_toml

    try:
        raw = parse_toml(text)  # nesting without end is a TOMLDecodeError too, not a RecursionError
    except tomllib.TOMLDecodeError as exc:
        line = _toml_line(str(exc))
        raise MissionError([f"{filename}:{line}: not valid TOML ({exc})"]) from exc
    out: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    missions = {mission: raw} if mission is not None else raw
    for mid, spec in missions.items():
        prefix: tuple[str | int, ...] = () if mission is not None else (mid,)
        if not isinstance(spec, dict):
            problems.append(f"{filename}:1: {mid}: a mission must be a table")
            continue
        found = check_mission(mid, spec, prefix)
        if found:
            problems += _locate(text, found, filename, mid)
            continue
        out[mid] = _tidy(spec)
    if problems:
        raise MissionError(problems)
    return out


#: the keys of a mission file whose texts may be written over several lines
TIDIED_KEYS = ("briefing", "text", "summary")


def one_line(text: str) -> str:
    """A text written over several lines as the game shows it: one line per paragraph (a blank
    line starts a paragraph). The catalogues' extraction keys these texts the same way."""
    return "\n\n".join(" ".join(p.split()) for p in text.strip().split("\n\n"))


def _tidy(spec: dict[str, Any]) -> dict[str, Any]:
    """Texts written over several lines of a file read as one line per paragraph (`one_line`)."""
    def tidy(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: tidy(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [tidy(v, key) for v in value]
        if isinstance(value, str) and key in TIDIED_KEYS:
            return one_line(value)
        return value
    return {k: tidy(v, k) for k, v in spec.items()}


def _toml_line(message: str) -> int:
    import re

    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else 1


@dataclass(frozen=True)
class Catalogue:
    missions: dict[str, dict[str, Any]]
    #: where each mission was read from (for messages)
    files: dict[str, str]


@cache
def catalogue() -> Catalogue:
    """Every shipped mission, checked. Raises MissionError naming every mistake."""
    root = resources.files(data.__package__)
    missions: dict[str, dict[str, Any]] = {}
    files: dict[str, str] = {}
    problems: list[str] = []
    sources: list[tuple[str, str, str | None]] = [
        ("missions.toml", root.joinpath("missions.toml").read_text(encoding="utf-8"), None)]
    folder = root.joinpath("missions")
    if folder.is_dir():
        for item in sorted(folder.iterdir(), key=lambda p: p.name):
            if item.name.endswith(".toml"):
                sources.append((f"missions/{item.name}", item.read_text(encoding="utf-8"), item.name[:-5]))
    for filename, text, single in sources:
        try:
            found = check_text(text, filename, single)
        except MissionError as exc:
            problems += exc.problems
            continue
        for mid, spec in found.items():
            if mid in missions:
                problems.append(f"{filename}:1: {mid}: the mission id is used twice ({files[mid]} and {filename})")
                continue
            missions[mid] = spec
            files[mid] = filename
    problems += _check_dates("bases.toml", BASES, (), "bases")
    problems += _check_dates("ships.toml", SHIPS["classes"], ("classes",), "ships")
    problems += _check_patrols(missions, files)
    problems += _check_default_answers()
    if problems:
        raise MissionError(problems)
    return Catalogue(missions, files)


def _check_default_answers() -> list[str]:
    """HQ's default answers (mission_rules.toml [[answers.*]]) follow the answers' format."""
    c = _Checker("mission_rules")
    answers = RULES.get("answers", {})
    for report, items in answers.items():
        if report not in REPORT_KINDS:
            c.add(("answers", report), f"answers.{report}: not a report kind ({', '.join(REPORT_KINDS)})")
            continue
        for i, item in enumerate(items):
            where = ("answers", report, i)
            if c.keys(item, ANSWER_KEYS, where, "answer") and "objective" in item:
                _check_objective(c, item["objective"], (*where, "objective"), {}, date(1945, 12, 31), secondary=True)
    from kaleun.uboot.missions.hq_timing import check_answer_texts

    check_answer_texts(c, RULES, ())
    if not c.problems:
        return []
    text = resources.files(data.__package__).joinpath("mission_rules.toml").read_text(encoding="utf-8")
    return _locate(text, c.problems, "mission_rules.toml", "answers")


def _check_patrols(missions: Mapping[str, Mapping[str, Any]], files: Mapping[str, str]) -> list[str]:
    """The parts of each linked patrol are numbered 1, 2, ... once each, in the order of their dates."""
    parts: dict[str, list[tuple[int, str]]] = {}
    for mid, spec in missions.items():
        if "patrol" in spec:
            parts.setdefault(spec["patrol"], []).append((int(spec.get("part", 1)), mid))
    problems = []
    for patrol, items in parts.items():
        items.sort()
        numbers = [n for n, _ in items]
        if numbers != list(range(1, len(items) + 1)):
            problems.append(f"{files[items[0][1]]}:1: {items[0][1]}: patrol {patrol!r} has parts {numbers}, "
                            f"not 1 to {len(items)}")
            continue
        starts = [datetime.fromisoformat(missions[m]["start"]) for _, m in items]
        if starts != sorted(starts):
            problems.append(f"{files[items[0][1]]}:1: {items[0][1]}: the parts of patrol {patrol!r} must start in "
                            "the order of their numbers")
        last = items[-1][1]
        if missions[last].get("next_needs_primary"):
            problems.append(f"{files[last]}:1: {last}: next_needs_primary on the last part of patrol {patrol!r}: "
                            "it has no next part")
    return problems

