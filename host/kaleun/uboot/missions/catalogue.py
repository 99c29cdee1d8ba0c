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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from datetime import time as dt_time
from functools import cache
from importlib import resources
from typing import Any

from kaleun.core.args import finite_number
from kaleun.core.messages import Msg, When, join
from kaleun.core.shape import MAX_TEXT
from kaleun.uboot import data
from kaleun.uboot.missions.areas import AREA_KEYS, area_problems, has_area
from kaleun.uboot.missions.practice import KINDS as PRACTICE_KINDS
from kaleun.uboot.sea.classes import aircraft_types, ship_classes
from kaleun.uboot.sea.grid import GridError, naval_grid
from kaleun.uboot.weapons import arsenal, guns

RULES = data.load("mission_rules")
BASES: Mapping[str, Mapping[str, Any]] = data.load("bases")
SHIPS: Mapping[str, Any] = data.load("ships")
WEATHER_KINDS = tuple(data.load("weather")["kinds"])
TELEGRAPH = tuple(data.load("boat")["telegraph"])
#: the diesel fuel a boat's tanks hold (tonnes): a mission's `fuel_t` lies above 0 and up to it
FUEL_CAPACITY_T = float(data.load("boat")["fuel"]["capacity_t"])
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
    """Mistakes in mission files. `problems` holds one `FILE:LINE: problem` per entry (English), `messages` the
    same as `Msg`s a mission's maker reads in the table's language (`FILE:LINE:` stays as it is); `str(exc)` is
    the problems one a line, and `of_error(exc)` the same as a `Msg`."""

    def __init__(self, problems: Sequence[Msg | str]) -> None:
        super().__init__(join(problems, "\n"))
        self.messages = list(problems)
        self.problems = [problem.render(localise=_english_day) if isinstance(problem, Msg) else problem
                         for problem in problems]

    def __str__(self) -> str:
        return "\n".join(self.problems)


def _english_day(value: Any) -> Any:
    """A day in an English problem as the problems always named it ("3 April 1942"); other values as they are."""
    if isinstance(value, When) and not value.time:
        day = date.fromisoformat(value.iso[:10])
        return f"{day.day} {day:%B %Y}"
    return value


#: a problem of a mission file: a `Msg` (in the table's language), or text kept as it is
Problem = Msg | str
Check = Callable[[Any], Problem | None]


def _is_value_problem(problem: Problem) -> bool:
    """A problem that reads after the key's name with a space ("part = 30 is out of range ..."), not a colon."""
    return (problem.template if isinstance(problem, Msg) else problem).startswith("=")


def _after_key(key: str, problem: Problem) -> Msg:
    """A key's problem: "part = 30 is out of range ...", or "kind: 'X' is not one of: ..."."""
    if _is_value_problem(problem):
        return Msg("{key} {problem}", key=key, problem=problem)
    return Msg("{key}: {problem}", key=key, problem=problem)


# -- value checks (each returns a problem or None) -------------------------------------------------
def _text(value: Any) -> Problem | None:
    return None if isinstance(value, str) and value.strip() else Msg("must be text, got {got}", got=repr(value))


def _text_of(most: int) -> Check:
    """Text of at most `most` characters: what a save keeps of it (an objective's id, HQ's words), so
    a mission that started is one whose saves load."""
    def check(value: Any) -> Problem | None:
        problem = _text(value)
        if problem is None and len(value) > most:
            return Msg("must be text of at most {most:,} characters, got {got:,}", most=most, got=len(value))
        return problem
    return check


_id = _text_of(64)
_words = _text_of(MAX_TEXT)


def _bool(value: Any) -> Problem | None:
    return None if isinstance(value, bool) else Msg("must be true or false, got {got}", got=repr(value))


def _number(lo: float, hi: float, whole: bool = False, lo_open: bool = False) -> Check:
    def check(value: Any) -> Problem | None:
        ok_type = isinstance(value, int) if whole else isinstance(value, int | float)
        if isinstance(value, bool) or not ok_type or (isinstance(value, float) and not math.isfinite(value)):
            if whole:
                return Msg("must be a whole number, got {got}", got=repr(value))
            return Msg("must be a number, got {got}", got=repr(value))
        if value < lo or value > hi or (lo_open and value == lo):
            if lo_open:
                return Msg("= {got} is out of range: it must be more than {lo:g} and at most {hi:g}", got=repr(value),
                           lo=lo, hi=hi)
            return Msg("= {got} is out of range: it must be at least {lo:g} and at most {hi:g}", got=repr(value),
                       lo=lo, hi=hi)
        return None
    return check


def _choice(options: tuple[str, ...]) -> Check:
    def check(value: Any) -> Problem | None:
        if value not in options:
            return Msg("{got} is not one of: {options}", got=repr(value), options=", ".join(options))
        return None
    return check


def _sighted(value: Any) -> Problem | None:
    """A rendezvous's mark the lookouts can see: `{ what = "the dinghy", day_nm = 2.0, night_nm = 5.0 }`."""
    if not isinstance(value, Mapping):
        return Msg("must be a table {{ what = \"...\", day_nm = N, night_nm = N }}, got {got}", got=repr(value))
    unknown = sorted(set(value) - {"what", "day_nm", "night_nm"})
    if unknown:
        return Msg("has no field {key} (fields: what, day_nm, night_nm)", key=repr(unknown[0]))
    if "what" not in value or "day_nm" not in value:
        return Msg("needs 'what' and 'day_nm'")
    for key, check in (("what", _words), ("day_nm", _number(0, 30)), ("night_nm", _number(0, 30))):
        if key in value and (problem := check(value[key])):
            return _after_key(key, problem)
    return None


def _drift(value: Any) -> Problem | None:
    """A rendezvous point that drifts: `{ leeway = 0.03, wind_from = 250, wind_kn = 20 }` (the current is the sea's)."""
    if not isinstance(value, Mapping):
        return Msg("must be a table {{ leeway = N, wind_from = N, wind_kn = N }}, got {got}", got=repr(value))
    unknown = sorted(set(value) - {"leeway", "wind_from", "wind_kn"})
    if unknown:
        return Msg("has no field {key} (fields: leeway, wind_from, wind_kn)", key=repr(unknown[0]))
    if not {"leeway", "wind_from", "wind_kn"} <= set(value):
        return Msg("needs 'leeway', 'wind_from' and 'wind_kn'")
    for key, check in (("leeway", _number(0, 0.2)), ("wind_from", _number(0, 360)), ("wind_kn", _number(0, 100))):
        if (problem := check(value[key])):
            return _after_key(key, problem)
    return None


def _date(value: Any) -> Problem | None:
    if isinstance(value, datetime):  # TOML read `start = 1941-06-01T04:00:00` as a date of its own: no quotes
        return Msg("must be a date and time in quotes: write \"{got}\"",
                   got=value.replace(tzinfo=None).isoformat(timespec="seconds"))
    if isinstance(value, (date, dt_time)):  # `1941-06-01` or `04:00:00` without quotes: half of it, and no quotes
        return Msg("must be a date and a time of day together, in quotes, like \"1941-06-01T04:00:00\"")
    if not isinstance(value, str):
        return Msg("must be a date and time as text, e.g. \"1941-06-01T04:00:00\", got {got}", got=repr(value))
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return Msg("{got} is not a date and time like \"1941-06-01T04:00:00\"", got=repr(value))
    if when.tzinfo is not None:  # the game's clock has none: comparing the two raised TypeError in the sea
        return Msg("{got} names a UTC offset; write the time without one, like \"1941-06-01T04:00:00\"",
                   got=repr(value))
    if not 1939 <= when.year <= 1945:
        return Msg("{got} is not in the war years 1939-1945", got=repr(value))
    return None


def _square(value: Any) -> Problem | None:
    if not isinstance(value, str):
        return Msg("must be a square name like \"AF76\", got {got}", got=repr(value))
    try:
        naval_grid().square(value)
    except GridError:
        return Msg("square {got} is not on the strategic map", got=repr(value))
    return None


def _window(lo: float, hi: float) -> Check:
    """A time in hours, or a window [earliest, latest] the game draws from."""
    def check(value: Any) -> Problem | None:
        number = _number(lo, hi)
        if isinstance(value, list):
            if len(value) != 2 or any(number(v) for v in value):
                return Msg("must be hours or a window [earliest, latest] of hours from {lo:g} to {hi:g}, got {got}",
                           lo=lo, hi=hi, got=repr(value))
            if value[0] > value[1]:
                return Msg("window {got} ends before it starts", got=repr(value))
            return None
        problem = number(value)
        return None if problem is None else Msg("must be hours or a window [earliest, latest], got {got}",
                                                got=repr(value))
    return check


def _int_list(lo: int, hi: int) -> Check:
    def check(value: Any) -> Problem | None:
        if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi
                                               for v in value):
            return Msg("must be a list of whole numbers {lo}-{hi}, got {got}", lo=lo, hi=hi, got=repr(value))
        return None
    return check


def _any(value: Any) -> Problem | None:
    return None


def _setup_note(value: Any) -> Problem | None:
    """The set-up a game was started with (`setup.changes_for`): its mode, patrol and part (and what the
    campaign a new one takes the place of came to, when a campaign mission's campaign began, the mark of the
    linked patrol the career record held when a linked game was set up, and `refitted` for a later part that sails
    again from its base)."""
    if not isinstance(value, Mapping) \
            or set(value) - {"last_campaign", "campaign", "record_patrol", "refitted"} != {"mode", "patrol", "part"} \
            or value.get("refitted", True) is not True \
            or _last_campaign(value.get("last_campaign")) is not None \
            or not ("campaign" not in value or _text_of(40)(value["campaign"]) is None) \
            or not ("record_patrol" not in value or _text_of(40)(value["record_patrol"]) is None) \
            or value["mode"] not in ("single", "linked", "campaign") \
            or not (value["patrol"] is None or _text(value["patrol"]) is None) \
            or not (value["part"] is None or _number(1, 20, whole=True)(value["part"]) is None):
        return Msg("must be a table of mode, patrol and part, got {got}", got=repr(value)[:250])
    return None


def _last_campaign(value: Any) -> Problem | None:
    """What an ended campaign came to, told when a new one begins (`GameSetup.last_campaign`)."""
    if value is None:
        return None
    grades = value.get("grades") if isinstance(value, Mapping) else None
    if not isinstance(value, Mapping) or set(value) != {"state", "grades", "score", "missions"} \
            or value["state"] not in ("failed", "complete", "given_up") \
            or not isinstance(grades, list) or len(grades) > 1000 or not all(_text(g) is None for g in grades) \
            or _number(-10**12, 10**12, whole=True)(value["score"]) is not None \
            or _number(0, 1000, whole=True)(value["missions"]) is not None:
        return Msg("the last campaign must be a table of state, grades, score and missions")
    return None


def _carry(value: Any) -> Problem | None:
    from kaleun.uboot.missions.carry import check_carry

    return check_carry(value)


#: the longest mission title (the career record books it with every mission played; our choice)
MAX_NAME = 100

COMMON: dict[str, Check] = {
    "name": _text_of(MAX_NAME), "summary": _text, "start": _date, "square": _square, "position": _any,
    "course": _number(0, 359.999), "surfaced": _bool, "telegraph": _choice(TELEGRAPH),
    "fuel_t": _number(0, FUEL_CAPACITY_T, lo_open=True),
    "crew_rules": _choice(("enforce", "advise")), "wear": _bool,
    "weather": _choice(WEATHER_KINDS), "weather_hold": _bool, "utc_offset_h": _number(-12, 14),
    "traffic": _choice(TRAFFIC), "air_cover": _choice(AIR_COVER),
    "tubes_flooded": _int_list(1, 5), "ammo": _any, "loadout": _choice(tuple(arsenal.named_loadouts())),
    "convoy": _any, "vessel": _any, "aircraft": _any,
    # the mission proper
    "practice": _choice(PRACTICE_KINDS),
    "base": _choice(tuple(BASES)), "briefing": _text, "time_limit_h": _number(0, 24 * 60, lo_open=True),
    "par_grt": _number(0, 1_000_000, whole=True), "patrol": _text, "part": _number(1, 20, whole=True),
    "patrol_name": _text_of(MAX_NAME),
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
                   "stopped": _bool, "window_h": _window(0, 24 * 60), "sighted": _sighted,
                   "drift": _drift},
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
    problems: list[tuple[tuple[str | int, ...], Problem]] = field(default_factory=list)

    def add(self, path: tuple[str | int, ...], problem: Problem) -> None:
        self.problems.append((path, problem))

    def keys(self, table: Any, known: Mapping[str, Check], path: tuple[str | int, ...], what: str) -> bool:
        if not isinstance(table, Mapping):
            self.add(path, Msg("{key} must be a table, got {got}", key=_dotted(path) or what, got=repr(table)))
            return False
        for key, value in table.items():
            check = known.get(key)
            where = (*path, key)
            if check is None:
                self.add(where, Msg("{key}: unknown key (known: {known})", key=_dotted(where),
                                    known=", ".join(sorted(known))))
                continue
            problem = check(value)
            if problem is not None:
                self.add(where, _after_key(_dotted(where), problem))
        return True


def _dotted(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _tables(c: _Checker, spec: Mapping[str, Any], key: str, path: tuple[str | int, ...]) -> list[Any]:
    value = spec.get(key, [])
    if not isinstance(value, list):
        c.add((*path, key), Msg("{key} must be an array of tables ([[{key}]]), got {got}", key=key, got=repr(value)))
        return []
    return value


def check_mission(mission: str, spec: Mapping[str, Any], path: tuple[str | int, ...] = (),
                  allow_setup: bool = False) -> list[tuple[tuple[str | int, ...], Problem]]:
    """Every mistake of one mission's fields as (key path, problem), each once."""
    problems = list(dict.fromkeys(_check_mission(mission, spec, path, allow_setup)))
    if path:  # a table of missions.toml: the message names the mission once, before the key
        head = f"{_dotted(path)}."
        return [(p, _unheaded(problem, head)) for p, problem in problems]
    return problems


def _unheaded(problem: Problem, head: str) -> Problem:
    """A problem whose key names start with `head` ("training.convoy[0]"), said without it ("convoy[0]")."""
    if isinstance(problem, str):
        return problem[len(head):] if problem.startswith(head) else problem
    out = Msg(problem.template, **{k: _unheaded(v, head) if isinstance(v, Msg | str) else v
                                   for k, v in problem.values.items()})
    out.plural_form = problem.plural_form
    return out


def _check_mission(mission: str, spec: Mapping[str, Any], path: tuple[str | int, ...],
                   allow_setup: bool) -> list[tuple[tuple[str | int, ...], Problem]]:
    c = _Checker(mission)
    known = dict(COMMON)
    if allow_setup:
        known.update(dict.fromkeys(SETUP_FIELDS, _any), linked_missions=_number(0, 20, whole=True),
                     setup=_setup_note, carry=_carry)
    if not c.keys(spec, known, path, mission):
        return c.problems
    missing = [key for key in ("name", "start", "square") if key not in spec]
    for key in missing:
        c.add(path, Msg("needs the field '{key}'", key=key))
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
    from kaleun.uboot.missions.afloat import check_afloat

    check_afloat(c, sound, path, _where_of(sound, "position"), day.year)
    return c.problems


def _check_position(c: _Checker, spec: Mapping[str, Any], path: tuple[str | int, ...]) -> None:
    if "position" not in spec:
        return
    south, north = naval_grid().latitudes
    value = spec["position"]
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(x, int | float) and not isinstance(x, bool) for x in value))
    if not ok or not south <= value[0] <= north or not -180 <= value[1] <= 180:
        c.add((*path, "position"), Msg("position must be [lat, lon] on the strategic map ({south:.1f} to {north:.1f} "
                                       "N), got {got}", south=south, north=north, got=repr(value)))


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
        c.add((*path, "ammo"), Msg("ammo must be {{ gun_88 = rounds, gun_20 = rounds }}, got {got}", got=repr(ammo)))
    elif ammo is not None:
        for gun in ammo:
            if not guns.aboard(gun, day):
                c.add((*path, "ammo", gun), Msg("ammo.{gun}: a boat sailing on {day} has no {gun} (landed after "
                                                "{last}, guns.toml): its rounds would go unused", gun=gun,
                                                day=day.isoformat(), last=str(guns.LAST_DAY[gun])))


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
        c.add((*path, "loadout"), Msg("loadout: {name} carries {names}, not issued on {day}", name=str(name),
                                      names=names, day=day.isoformat()))
    flooded = spec.get("tubes_flooded")
    if isinstance(flooded, list):
        for number, load in zip(sorted(arsenal.tubes()), row["tubes"], strict=True):
            if number in flooded and arsenal.is_mine(load):
                c.add((*path, "tubes_flooded"), Msg("tubes_flooded: tube {number} holds mines in the loadout {name}",
                                                    number=number, name=str(name)))


def _class_of_day(c: _Checker, cid: Any, where: tuple[str | int, ...], day: date, escort: bool) -> None:
    classes = ship_classes()
    if not isinstance(cid, str) or cid not in classes:  # a list or a table is no id (and no key)
        c.add(where, Msg("{key}: unknown ship class {got} (known: {known})", key=_dotted(where), got=repr(cid),
                         known=", ".join(sorted(classes))))
        return
    cls = classes[cid]
    if escort and cls.type != "escort":
        c.add(where, Msg("{key}: {ship} is not an escort", key=_dotted(where), ship=str(cid)))
    _in_service(c, cid, where, day)


def _in_service(c: _Checker, cid: str, where: tuple[str | int, ...], day: date) -> None:
    """A ship class a mission sets up was in service on the mission's day (ships.toml `from_date`)."""
    since = class_dates().get(cid)
    if since is not None and day < since:
        c.add(where, Msg("{key}: the {ship} is not at sea before {since} (the mission starts on {day})",
                         key=_dotted(where), ship=Msg.term(ship_classes()[cid].name), since=_day(since), day=_day(day)))


def _type_of_year(c: _Checker, tid: Any, where: tuple[str | int, ...], day: date) -> None:
    year = day.year
    types = aircraft_types()
    if not isinstance(tid, str) or tid not in types:
        c.add(where, Msg("{key}: unknown aircraft type {got} (known: {known})", key=_dotted(where), got=repr(tid),
                         known=", ".join(sorted(types))))
    elif not types[tid].in_service(day):
        kind = types[tid]
        if kind.from_date is None:
            c.add(where, Msg("{key}: the {aircraft} flies no patrols before {first} (the mission is in {year})",
                             key=_dotted(where), aircraft=Msg.term(kind.name), first=str(kind.from_year),
                             year=str(year)))
        else:  # aircraft.toml gives the day it flies from
            c.add(where, Msg("{key}: the {aircraft} flies no patrols before {first} (the mission starts on {day})",
                             key=_dotted(where), aircraft=Msg.term(kind.name), first=_day(kind.from_date),
                             day=_day(day)))


def _check_convoy(c: _Checker, table: Any, path: tuple[str | int, ...], day: date,
                  near: tuple[float, float] | None = None) -> None:
    if not c.keys(table, CONVOY_KEYS, path, "convoy"):
        return
    _series_of_day(c, table, path, day, near)
    for key, escort in (("escorts", True), ("air_escort", False)):
        items = table.get(key, [])
        if not isinstance(items, list):
            c.add((*path, key), Msg("{key} must be a list of ids, got {got}", key=_dotted((*path, key)),
                                    got=repr(items)))
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
        c.add((*path, "kind"), Msg("{key}: the {series} series sailed from {first} to {last} (the mission starts on "
                                   "{day})", key=_dotted((*path, "kind")), series=Msg.term(spec["name"]),
                                   first=_day(first), last=_day(last), day=_day(day)))
    course = table.get("course", 90.0)
    lo, hi = (float(x) for x in spec["heading"])
    if finite_number(course) and not (lo <= course <= hi or lo <= float(course) % 360.0 <= hi):
        c.add((*path, "course"), Msg("{key}: the {series} steers between {lo:g} and {hi:g} degrees, got {got}",
                                     key=_dotted((*path, "course")), series=Msg.term(spec["name"]), lo=lo, hi=hi,
                                     got=repr(course)))
    if near is not None:
        (south, north), (west, east) = spec["waters"]["lat"], spec["waters"]["lon"]
        if not (south <= near[0] <= north and west <= near[1] <= east):
            c.add((*path, "kind"), Msg("{key}: the {series} sails between {south:g} and {north:g} N, {west:g} and "
                                       "{east:g} E, not at {lat:g} N {lon:g} E", key=_dotted((*path, "kind")),
                                       series=Msg.term(spec["name"]), south=south, north=north, west=west, east=east,
                                       lat=near[0], lon=near[1]))


def _check_vessel(c: _Checker, table: Any, path: tuple[str | int, ...], day: date) -> None:
    if not c.keys(table, VESSEL_KEYS, path, "vessel"):
        return
    if "class" not in table:
        c.add(path, Msg("{key} needs the field '{field}'", key=_dotted(path), field="class"))
    else:
        _class_of_day(c, table["class"], (*path, "class"), day, escort=False)


def _check_aircraft(c: _Checker, table: Any, path: tuple[str | int, ...], day: date) -> None:
    if not c.keys(table, AIRCRAFT_KEYS, path, "aircraft"):
        return
    if "type" not in table:
        c.add(path, Msg("{key} needs the field '{field}'", key=_dotted(path), field="type"))
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
        c.add((*path, "base"), Msg("base: {base} took U-boats only from {since}; the mission starts on {day}",
                                   base=Msg.term(BASES[str(base)]["name"]), since=_day(opened), day=_day(start.date())))
    cards = spec.get("event_cards")
    if cards is not None and cards is not False and _window(0.5, 24 * 30)(cards) is not None:
        c.add((*path, "event_cards"), Msg("event_cards must be false or a window [earliest, latest] of hours between "
                                          "two prompts, got {got}", got=repr(cards)))
    ids: dict[str, tuple[str | int, ...]] = {}
    objectives = _tables(c, spec, "objective", path)
    if objectives and "practice" in spec and in_file:  # a practice piece is one without objectives (a game's changes
        # may give a practice piece objectives: the mission proper they make is no piece, and its `practice` is unread)
        c.add((*path, "practice"), Msg("practice: a mission with objectives is no practice piece (its crew cannot end "
                                       "it); leave the key out, or the objectives"))
    for i, table in enumerate(objectives):
        _check_objective(c, table, (*path, "objective", i), ids, day)
    radios = _tables(c, spec, "radio", path)
    for i, table in enumerate(radios):
        where = (*path, "radio", i)
        if not c.keys(table, RADIO_KEYS, where, "radio"):
            continue
        _check_timing(c, table, where)
        if "text" not in table:
            c.add(where, Msg("{key} needs the field 'text' (what HQ says)", key=_dotted(where)))
        if "objective" in table:
            _check_objective(c, table["objective"], (*where, "objective"), ids, day, secondary=True)
    encounters = _tables(c, spec, "encounter", path)
    placed = {str(t.get("id", f"e{i + 1}")) for i, t in enumerate(encounters)
              if isinstance(t, Mapping) and ("square" in t or "point" in t)}  # without an id: e1, e2 ... in file order
    for i, table in enumerate(radios if isinstance(spec.get("encounter", []), list) else []):  # else refused above
        ref = table.get("encounter") if isinstance(table, Mapping) else None
        if isinstance(ref, str) and ref not in placed:
            c.add((*path, "radio", i, "encounter"), Msg("radio[{index}].encounter: no encounter {got} placed at a "
                                                        "square or point (HQ can only tell where such a one is)",
                                                        index=str(i), got=repr(ref)))
    for i, table in enumerate(encounters):
        where = (*path, "encounter", i)
        if not c.keys(table, ENCOUNTER_KEYS, where, "encounter"):
            continue
        _check_timing(c, table, where)
        kinds = [k for k in ("convoy", "vessel", "aircraft") if k in table]
        if len(kinds) != 1:
            c.add(where, Msg("{key} needs exactly one of convoy, vessel, aircraft", key=_dotted(where)))
        elif kinds[0] == "convoy":
            _check_convoy(c, table["convoy"], (*where, "convoy"), day,
                          _where_of(table, "point") or _where_of(spec, "position"))
        elif kinds[0] == "vessel":
            _check_vessel(c, table["vessel"], (*where, "vessel"), day)
        else:
            _check_aircraft(c, table["aircraft"], (*where, "aircraft"), day)
        if "square" in table and "point" in table:
            c.add((*where, "point"), Msg("{key}: give square or point, not both", key=_dotted(where)))
        if "point" in table:
            problems = area_problems({"point": table["point"], "radius_nm": 1})
            for key, problem in problems:
                c.add((*where, key), Msg("{key}: {problem}", key=_dotted((*where, key)), problem=problem))
    answers = spec.get("answers")
    if answers is not None:
        if not isinstance(answers, Mapping) or set(answers) - set(REPORT_KINDS):
            c.add((*path, "answers"), Msg("answers must be a table of report kinds ({kinds})",
                                          kinds=", ".join(REPORT_KINDS)))
        else:
            for report, items in answers.items():
                if not isinstance(items, list) or not items:
                    c.add((*path, "answers", report), Msg("answers.{report} must be a list of answers",
                                                          report=str(report)))
                    continue
                for i, item in enumerate(items):
                    where = (*path, "answers", report, i)
                    if c.keys(item, ANSWER_KEYS, where, "answer") and "objective" in item:
                        _check_objective(c, item["objective"], (*where, "objective"), ids, day, secondary=True)
    signals = signal_ids(radios)
    for i, table in enumerate(radios + encounters):
        after = table.get("after") if isinstance(table, Mapping) else None
        if isinstance(after, str) and after not in ids and after not in signals:
            kind = "radio" if i < len(radios) else "encounter"
            index = i if i < len(radios) else i - len(radios)
            key = f"{kind}[{index}].after"
            objectives_named: Msg | str = ", ".join(ids) or Msg("none")
            if signals:
                c.add((*path, kind, index, "after"), Msg("{key}: no objective {got} (objectives: {objectives}; "
                                                         "signals: {signals})", key=key, got=repr(after),
                                                         objectives=objectives_named, signals=", ".join(signals)))
            else:
                c.add((*path, kind, index, "after"), Msg("{key}: no objective {got} (objectives: {objectives})",
                                                         key=key, got=repr(after), objectives=objectives_named))
    check_signals(c, spec, path, ids, in_file)
    if "loadout" not in refused:
        check_meetable(c, spec, path)
    if "time_limit_h" in spec and not objectives and not radios:
        c.add((*path, "time_limit_h"), Msg("time_limit_h needs objectives: a mission without any has no end to "
                                           "judge"))
    if objectives and "base" not in spec and "base" not in refused:
        c.add(path, Msg("a mission with objectives needs a base to return to (base = \"lorient\", ...)"))
    if objectives and "time_limit_h" not in spec and "time_limit_h" not in refused:
        c.add(path, Msg("a mission with objectives needs a time limit (time_limit_h)"))
    if "part" in spec and "patrol" not in spec and "patrol" not in refused:
        c.add((*path, "part"), Msg("part needs patrol, the id of the linked patrol it belongs to"))
    if "patrol_name" in spec and "patrol" not in spec and "patrol" not in refused:
        c.add((*path, "patrol_name"), Msg("patrol_name needs patrol: it is the title of the linked patrol the mission "
                                          "is the first part of"))
    if spec.get("next_needs_primary") and "patrol" not in spec and "patrol" not in refused:
        c.add((*path, "next_needs_primary"), Msg("next_needs_primary needs patrol: only a part of a linked patrol "
                                                 "has a next part"))


def _check_timing(c: _Checker, table: Mapping[str, Any], where: tuple[str | int, ...]) -> None:
    if ("at_h" in table) == ("after" in table):
        c.add(where, Msg("{key} needs either at_h (a time) or after (an objective id)", key=_dotted(where)))
    if "delay_h" in table and "after" not in table:
        c.add((*where, "delay_h"), Msg("{key}.delay_h goes with after", key=_dotted(where)))


def _check_objective(c: _Checker, table: Any, path: tuple[str | int, ...], ids: dict[str, tuple[str | int, ...]],
                     day: date, secondary: bool = False) -> None:
    if not isinstance(table, Mapping):
        c.add(path, Msg("{key} must be a table, got {got}", key=_dotted(path), got=repr(table)))
        return
    kind = table.get("kind")
    if not isinstance(kind, str) or kind not in OBJECTIVE_KEYS:
        c.add((*path, "kind"), Msg("{key}.kind must be one of {kinds}, got {got}", key=_dotted(path),
                                   kinds=", ".join(OBJECTIVE_KINDS), got=repr(kind)))
        return
    if not c.keys(table, {**OBJECTIVE_COMMON, **OBJECTIVE_KEYS[kind]}, path, "objective"):
        return
    for key in ("id", "text"):
        if key not in table:
            c.add(path, Msg("{key} needs the field '{field}'", key=_dotted(path), field=key))
    ident = table.get("id")
    if isinstance(ident, str):
        if ident in ids:
            c.add((*path, "id"), Msg("{key}.id: {got} is used twice", key=_dotted(path), got=repr(ident)))
        ids[ident] = path
    for key, problem in area_problems(table):
        c.add((*path, key), Msg("{key}: {problem}", key=_dotted((*path, key)), problem=problem))
    if kind in NEEDS_AREA and not has_area(table):
        c.add(path, Msg("{key}: a {kind} objective needs a place ({keys})", key=_dotted(path), kind=kind,
                        keys=", ".join(AREA_KEYS)))
    if kind == "rendezvous" and has_area(table) and "point" not in table:
        c.add(path, Msg("{key}: a rendezvous is at a point = [lat, lon] with radius_nm", key=_dotted(path)))
    for key in {"station": ("hours",), "shadow": ("hours",), "grt": ("grt",), "report": ("report",),
                "rendezvous": ("minutes",)}.get(kind, ()):
        if key not in table:
            c.add(path, Msg("{key}: a {kind} objective needs the field '{field}'", key=_dotted(path), kind=kind,
                            field=key))
    if kind == "sink" and "class" in table:
        classes = table["class"] if isinstance(table["class"], list) else [table["class"]]
        for cid in classes:
            if not isinstance(cid, str) or cid not in ship_classes():  # a list in the list is no id either
                c.add((*path, "class"), Msg("{key}: unknown ship class {got}", key=_dotted((*path, "class")),
                                            got=repr(cid)))
            else:
                _in_service(c, cid, (*path, "class"), day)
    if secondary and table.get("primary"):
        c.add((*path, "primary"), Msg("{key}: an objective from HQ during the mission is secondary",
                                      key=_dotted(path)))


def objective_problems(table: Mapping[str, Any], day: date) -> list[Problem]:
    """What is wrong with one objective's table as a mission file's check finds it (empty: sound).
    A save's objective is rebuilt into its table and checked so (`missions.saved`): a field its
    kind needs that a damaged save lacks would fail the game later, while it runs."""
    c = _Checker("")
    _check_objective(c, table, ("objective",), {}, day)
    return [problem for _, problem in c.problems]


# -- dates of the data: bases --------------------------------------------------------------------------
def _day(when: date) -> When:
    """A day as a message names it: "29 September 1940" (in the table's language)."""
    return When.day(when.isoformat())


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


def _check_dates(filename: str, rows: Mapping[str, Any], head: tuple[str, ...], what: str) -> list[Msg | str]:
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
def _locate(text: str, problems: list[tuple[tuple[str | int, ...], Problem]], filename: str,
            mission: str) -> list[Msg | str]:
    # the key lines are looked up only when there is something to report
    from kaleun.boards.locate import KeyLines

    lines = KeyLines(text)
    located = sorted(((lines.line(p), problem) for p, problem in problems), key=lambda found: found[0])
    return [at(filename, line, mission, problem) for line, problem in located]  # in the file's order


def at(filename: str, line: int, mission: str, problem: Problem) -> Msg:
    """A problem as `FILE:LINE: MISSION: problem` (the place stays as it is in every language)."""
    return Msg("{where}: {mission}: {problem}", where=f"{filename}:{line}", mission=mission, problem=problem)


def check_text(text: str, filename: str, mission: str | None = None) -> dict[str, dict[str, Any]]:
    """Check a mission file; returns {mission id: fields}. Raises MissionError with every mistake.

    With `mission` the file holds that one mission at its top level (data/missions/<id>.toml);
    without, a table per mission (data/missions.toml)."""
    from kaleun.files import parse_toml, toml_reason

    text = text.removeprefix("\ufeff")  # an editor's byte order mark (Notepad's "UTF-8 with BOM") is no part of it
    try:
        raw = parse_toml(text)  # nesting without end is a TOMLDecodeError too, not a RecursionError
    except tomllib.TOMLDecodeError as exc:
        line = _toml_line(str(exc))
        raise MissionError([Msg("{where}: not valid TOML ({why})", where=f"{filename}:{line}",
                                why=toml_reason(str(exc)))]) from exc
    out: dict[str, dict[str, Any]] = {}
    problems: list[Msg | str] = []
    missions = {mission: raw} if mission is not None else raw
    for mid, spec in missions.items():
        prefix: tuple[str | int, ...] = () if mission is not None else (mid,)
        if not isinstance(spec, dict):
            problems.append(at(filename, 1, mid, Msg("a mission must be a table")))
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
    problems: list[Msg | str] = []
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


def _check_default_answers() -> list[Msg | str]:
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
    boats = RULES.get("radio", {}).get("answer_boats")
    if not (isinstance(boats, list) and len(boats) == 2 and all(type(n) is int for n in boats)
            and 1 <= boats[0] <= boats[1]):
        c.add(("radio", "answer_boats"), f"radio.answer_boats: {boats!r} is not [fewest, most], two whole numbers "
              "from 1 up, the fewest first (how many boats HQ's answer says are closing on a convoy)")
    if not c.problems:
        return []
    text = resources.files(data.__package__).joinpath("mission_rules.toml").read_text(encoding="utf-8")
    return _locate(text, c.problems, "mission_rules.toml", "answers")


def _check_patrols(missions: Mapping[str, Mapping[str, Any]], files: Mapping[str, str]) -> list[str]:
    """The parts of each linked patrol are numbered 1, 2, ... once each, in the order of their dates; the first part
    gives the patrol its title (`patrol_name`, what players read in sentences), the others none of their own."""
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
        first = items[0][1]
        if not missions[first].get("patrol_name"):
            problems.append(f"{files[first]}:1: {first}: the first part of patrol {patrol!r} needs patrol_name, the "
                            "patrol's title players read (\"Autumn 1940\")")
        for _, later in items[1:]:
            if "patrol_name" in missions[later]:
                problems.append(f"{files[later]}:1: {later}: patrol_name goes on the first part of patrol {patrol!r} "
                                f"only ({first})")
        last = items[-1][1]
        if missions[last].get("next_needs_primary"):
            problems.append(f"{files[last]}:1: {last}: next_needs_primary on the last part of patrol {patrol!r}: "
                            "it has no next part")
    return problems



def titled(mission: object) -> Msg | str:
    """A mission as a player reads it in a sentence: its title in the table's language ("Slow convoy",
    "Медленный конвой"), not its id. The id stays where it is what a player types (`kaleun play --mission ID`,
    the list of `kaleun missions`, and beside the title in `kaleun career`'s); a mission no shipped file has (a
    save's or the career record's mission since removed or renamed) by its id, said to be one this Kaleun does not
    have (a group's own mission is named by the title its file gives it where it may be one: the window's set-up)."""
    spec = catalogue().missions.get(str(mission))
    if spec is None and isinstance(mission, str) and mission:  # a save or record of a mission since removed or renamed
        return Msg("{mission} (a mission this Kaleun does not have)", mission=mission)
    return Msg.term(str(spec["name"])) if spec is not None and spec.get("name") else str(mission)


def patrol_titled(patrol: object) -> Msg | str:
    """A linked patrol as a player reads it in a sentence: the title its first part gives it (`patrol_name`: "Autumn
    1940", "Осень 1940"), not its id; a patrol no shipped mission has any more by its id."""
    for spec in catalogue().missions.values():
        if spec.get("patrol") == str(patrol) and spec.get("patrol_name"):
            return Msg.term(str(spec["patrol_name"]))
    return str(patrol)
