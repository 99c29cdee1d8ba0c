"""The weapons' data (`torpedoes.toml`, `guns.toml`) as typed values: torpedo types by date,
pistols and the torpedo crisis, the boat's tubes and stores, mines, the loadouts, the guns.

A *load* is what one tube or one reload slot holds: a torpedo (its type id) or a tube load of
mines (a mine type id: `per_tube` mines). The data is checked when the package is imported
(`check_text`: every mistake as `torpedoes.toml:LINE: problem`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from importlib import resources
from typing import Any

from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, join, or_list
from kaleun.uboot import data

TORPEDOES = data.load("torpedoes")
GUNS = data.load("guns")
BOAT: Mapping[str, Any] = TORPEDOES["boat"]
PISTOLS = ("contact", "magnetic")
FACINGS = ("bow", "stern")


@dataclass(frozen=True)
class TorpedoType:
    id: str
    name: str
    propulsion: str
    #: (speed kn, range m) settings; the first is the default
    settings: tuple[tuple[float, float], ...]
    wake: bool
    warhead_kg: float
    issued: date
    withdrawn: date
    cold: tuple[float, float] | None = None
    warm_h: float = 0.0
    pattern: Mapping[str, Any] | None = None
    homing: Mapping[str, Any] | None = None

    def setting(self, speed: float | None) -> tuple[float, float]:
        """The (speed, range) of a speed setting (None: the default). ValueError if it has none such."""
        if speed is None:
            return self.settings[0]
        for kn, metres in self.settings:
            if abs(kn - speed) < 1e-6:
                return kn, metres
        raise ValueError(speed)

    def speeds(self) -> list[float]:
        return [kn for kn, _m in self.settings]


@dataclass(frozen=True)
class MineType:
    """A mine laid through the torpedo tubes (`[mines.*]`)."""

    id: str
    name: str
    per_tube: int
    issued: date
    withdrawn: date
    max_water_m: float
    arm_min: float
    radius_m: float
    fire_p: float
    damage: tuple[float, float]
    spacing_m: float


@dataclass(frozen=True)
class Period:
    """What the torpedo crisis means on a date: pistols issued, failure rates, depth fault."""

    name: str
    start: date
    end: date
    pistols: tuple[str, ...]
    premature: float
    magnetic_fail: float
    dud: float
    shallow_factor: float
    deeper_m: float


@dataclass(frozen=True)
class TubeSpec:
    number: int
    room: int
    facing: str


def _date(text: str) -> date:
    return date.fromisoformat(text)


@cache
def torpedo_types() -> dict[str, TorpedoType]:
    out = {}
    for tid, spec in TORPEDOES["types"].items():
        cold = spec.get("cold")
        out[tid] = TorpedoType(
            id=tid, name=str(spec["name"]), propulsion=str(spec["propulsion"]),
            settings=tuple((float(s[0]), float(s[1])) for s in spec["settings"]), wake=bool(spec["wake"]),
            warhead_kg=float(spec["warhead_kg"]), issued=_date(spec["from"]), withdrawn=_date(spec["until"]),
            cold=None if cold is None else (float(cold[0]), float(cold[1])), warm_h=float(spec.get("warm_h", 0.0)),
            pattern=spec.get("pattern"), homing=spec.get("homing"))
    return out


def torpedo_type(tid: str) -> TorpedoType:
    types = torpedo_types()
    if tid not in types:
        raise ValueError(f"unknown torpedo type {tid!r} (known: {', '.join(sorted(types))})")
    return types[tid]


@cache
def periods() -> tuple[Period, ...]:
    return tuple(Period(name=str(p["name"]), start=_date(p["from"]), end=_date(p["until"]),
                        pistols=tuple(p["pistols"]), premature=float(p["premature"]),
                        magnetic_fail=float(p["magnetic_fail"]), dud=float(p["dud"]),
                        shallow_factor=float(p["shallow_factor"]), deeper_m=float(p["deeper_m"]))
                 for p in TORPEDOES["periods"])


def period(when: datetime | date) -> Period:
    """The torpedo period of a date (before the war: the first; after the last: the last)."""
    day = when.date() if isinstance(when, datetime) else when
    rows = periods()
    for p in rows:
        if p.start <= day <= p.end:
            return p
    return rows[0] if day < rows[0].start else rows[-1]


@cache
def tubes() -> dict[int, TubeSpec]:
    return {int(n): TubeSpec(int(n), int(t["room"]), str(t["facing"])) for n, t in BOAT["tubes"].items()}


@cache
def mine_types() -> dict[str, MineType]:
    out = {}
    for mid, spec in TORPEDOES.get("mines", {}).items():
        lo, hi = (float(x) for x in spec["damage"])
        out[mid] = MineType(id=mid, name=str(spec["name"]), per_tube=int(spec["per_tube"]),
                            issued=_date(spec["from"]), withdrawn=_date(spec["until"]),
                            max_water_m=float(spec["max_water_m"]), arm_min=float(spec["arm_min"]),
                            radius_m=float(spec["radius_m"]), fire_p=float(spec["fire_p"]), damage=(lo, hi),
                            spacing_m=float(spec["spacing_m"]))
    return out


def mine_type(mid: str) -> MineType:
    types = mine_types()
    if mid not in types:
        raise ValueError(f"unknown mine type {mid!r} (known: {', '.join(sorted(types)) or 'none'})")
    return types[mid]


def is_mine(load: str | None) -> bool:
    """Is a load (a tube's or a reload slot's) a tube load of mines?"""
    return load is not None and load in mine_types()


def load_ids() -> list[str]:
    """Every load a tube or a rack may hold: the torpedo types and the mine types."""
    return sorted(torpedo_types()) + sorted(mine_types())


def name_key(text: str) -> str:
    """A load's name as names are compared: its letters and digits, lower case (`T III`, `t_iii` and `TIII` alike)."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


@cache
def load_names() -> dict[str, tuple[str, ...]]:
    """Every name a crew types for a load (compared as `name_key` gives it) -> the loads it names: the id, the name
    the weapons view shows, whole and its parts (`G7e (T III)`: `G7e`, `T III`), and a type's common names
    (`called` in torpedoes.toml: `T3`)."""
    named: dict[str, set[str]] = {}
    specs = {**TORPEDOES["types"], **TORPEDOES.get("mines", {})}
    for load, spec in specs.items():
        shown = str(spec["name"])
        before, _sep, inside = shown.partition("(")
        for name in (load, shown, before, inside.rstrip(")"), *spec.get("called", ())):
            if name_key(str(name)):
                named.setdefault(name_key(str(name)), set()).add(load)
    return {name: tuple(sorted(loads)) for name, loads in named.items()}


def load_called(text: str, stores: Collection[str] = ()) -> str:
    """The load a typed name means (`T3`, `G7e (T III)`, `G7e_t3`): its id. A name several types share means the
    one of them the `stores` hold; an id is always its own type. CommandError when the name names none, or several
    the stores hold (naming them)."""
    named = load_names().get(name_key(text), ())
    exact = next((load for load in named if name_key(load) == name_key(text)), None)
    if exact is not None:  # an id is that type, aboard or not (its check says why it cannot be loaded)
        return exact
    held = tuple(load for load in named if load in stores) or named
    if len(held) == 1:
        return held[0]
    if not held:
        types = [join([load, " (", Msg.term(load_name(load)), ")"], "") for load in load_ids()]
        raise CommandError(Msg("'{value}' names no torpedo or mine type (types: {types})", value=text,
                               types=join(types)))
    raise CommandError(Msg("'{value}' could be {types}: name one ({ids})", value=text,
                           types=or_list([Msg.term(load_name(load)) for load in held]), ids=or_list(list(held))))


def load_name(load: str) -> str:
    """How players read a load (a data term: render it with `Msg.term`)."""
    return mine_type(load).name if is_mine(load) else torpedo_type(load).name


def issued_on(load: str, day: date) -> bool:
    """Is this torpedo or mine type issued to the boats on that day?"""
    kind: TorpedoType | MineType = mine_type(load) if is_mine(load) else torpedo_type(load)
    return kind.issued <= day <= kind.withdrawn


def loadout(when: datetime | date) -> Mapping[str, Any]:
    """What the boat sails with on a date (the last row whose `from` has passed)."""
    day = when.date() if isinstance(when, datetime) else when
    rows = [row for row in TORPEDOES["loadout"] if _date(row["from"]) <= day]
    return rows[-1] if rows else TORPEDOES["loadout"][0]


def named_loadouts() -> Mapping[str, Mapping[str, Any]]:
    """The loadouts a mission may name (`[loadouts.*]`), by name."""
    return TORPEDOES.get("loadouts", {})


def named_loadout(name: str) -> Mapping[str, Any]:
    known = named_loadouts()
    if name not in known:
        raise ValueError(f"unknown loadout {name!r} (known: {', '.join(sorted(known)) or 'none'})")
    return known[name]


def loadout_loads(row: Mapping[str, Any]) -> list[str]:
    """Every load a loadout names (tubes, racks, deck containers)."""
    return list(row["tubes"]) + [t for rack in row["racks"].values() for t in rack] + list(row["deck"])


# -- checks -------------------------------------------------------------------------------------------
KeyPath = tuple[str | int, ...]
MINE_KEYS = ("name", "per_tube", "from", "until", "max_water_m", "arm_min", "radius_m", "fire_p", "damage",
             "spacing_m")


def _day(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _loadout_problems(spec: Mapping[str, Any], row: Any, where: KeyPath, out: list[tuple[KeyPath, str]],
                      mines_ok: bool) -> None:
    label = f"{where[0]}.{where[1]}" if isinstance(where[1], str) else f"{where[0]}[{where[1]}]"
    if not isinstance(row, Mapping) or any(k not in row for k in ("from", "tubes", "racks", "deck")):
        out.append((where, f"{label} needs from, tubes, racks and deck"))
        return
    torpedoes, mines = spec.get("types", {}), spec.get("mines", {})
    boat = spec["boat"]
    named = [str(x) for x in list(row["tubes"]) + [t for rack in row["racks"].values() for t in rack]
             + list(row["deck"])]
    unknown = sorted({x for x in named if x not in torpedoes and not (mines_ok and x in mines)})
    if unknown:
        what = "types" if mines_ok else "torpedo types (mines go in a mission's named loadout)"
        out.append((where, f"{label} names unknown {what} {unknown}"))
        return
    if len(row["tubes"]) != len(boat["tubes"]):
        out.append(((*where, "tubes"), f"{label}.tubes must fill {len(boat['tubes'])} tubes, not {len(row['tubes'])}"))
    for room, rack in row["racks"].items():
        if str(room) not in boat["stores"]:
            out.append(((*where, "racks"), f"{label}.racks: there are racks only in rooms "
                                           f"{', '.join(str(k) for k in boat['stores'])}, not {room}"))
        elif len(rack) > int(boat["stores"][str(room)]):
            out.append(((*where, "racks"), f"{label}.racks: room {room} holds {boat['stores'][str(room)]} "
                                           f"reloads, not {len(rack)}"))
    if len(row["deck"]) > int(boat["deck"]):
        out.append(((*where, "deck"), f"{label}.deck: {boat['deck']} deck containers, not {len(row['deck'])}"))
    on_deck = sorted({str(x) for x in row["deck"] if str(x) in mines})
    if on_deck:
        out.append(((*where, "deck"), f"{label}.deck: the deck containers hold torpedoes, not {', '.join(on_deck)}"))
    day = _day(row["from"])
    if day is None:
        out.append(((*where, "from"), f"{label}.from must be a date like \"1939-09-01\", got {row['from']!r}"))
        return
    late = []
    for load in sorted(set(named)):
        kind = torpedoes.get(load) or mines.get(load) or {}
        issued, withdrawn = _day(kind.get("from")), _day(kind.get("until"))
        if issued is not None and withdrawn is not None and not issued <= day <= withdrawn:
            late.append(load)
    if late:
        out.append(((*where, "from"), f"{label}: {', '.join(late)} not issued on {day.isoformat()}"))


def _mine_problems(mid: str, mine: Any, torpedoes: Mapping[str, Any], out: list[tuple[KeyPath, str]]) -> None:
    where: KeyPath = ("mines", mid)
    if not isinstance(mine, Mapping):
        out.append((where, f"mines.{mid} must be a table"))
        return
    missing = [k for k in MINE_KEYS if k not in mine]
    if missing:
        out.append((where, f"mines.{mid} needs {', '.join(missing)}"))
        return
    if mid in torpedoes:
        out.append((where, f"mines.{mid}: a torpedo type has that id"))
    per_tube = mine["per_tube"]
    if isinstance(per_tube, bool) or not isinstance(per_tube, int) or per_tube < 1:
        out.append(((*where, "per_tube"), f"mines.{mid}.per_tube must be a whole number of at least 1, "
                                          f"got {per_tube!r}"))
    for key in ("from", "until"):
        if _day(mine[key]) is None:
            out.append(((*where, key), f"mines.{mid}.{key} must be a date like \"1939-09-01\", got {mine[key]!r}"))
    fire_p = mine["fire_p"]
    if not _number(fire_p) or not 0.0 <= fire_p <= 1.0:
        out.append(((*where, "fire_p"), f"mines.{mid}.fire_p must be a chance from 0 to 1, got {fire_p!r}"))
    damage = mine["damage"]
    if (not isinstance(damage, list) or len(damage) != 2 or not all(_number(x) for x in damage)
            or not 0.0 < damage[0] <= damage[1]):
        out.append(((*where, "damage"), f"mines.{mid}.damage must be [lo, hi] standard hits with 0 < lo <= hi, "
                                        f"got {damage!r}"))
    for key in ("max_water_m", "radius_m", "spacing_m", "arm_min"):
        value = mine[key]
        if not _number(value) or value < 0 or (value == 0 and key != "arm_min"):
            low = "not negative" if key == "arm_min" else "more than 0"
            out.append(((*where, key), f"mines.{mid}.{key} must be a number {low}, got {value!r}"))


PATTERN_KEYS = ("straight_m", "leg_m", "turn_m")
HOMING_KEYS = ("arm_m", "cone_deg", "reach_m", "min_target_kn", "turn_deg_per_s")


def _steering_problems(tid: str, kind: Any, out: list[tuple[KeyPath, str]]) -> None:
    """A FAT's `pattern` and a T5's `homing` (read when the torpedo is fired: checked here, at load)."""
    if not isinstance(kind, Mapping):
        return
    pattern, homing = kind.get("pattern"), kind.get("homing")
    if pattern is not None:
        where: KeyPath = ("types", tid, "pattern")
        straight = pattern.get("straight_m") if isinstance(pattern, Mapping) else None
        if (not isinstance(pattern, Mapping) or sorted(pattern) != sorted(PATTERN_KEYS)
                or not isinstance(straight, list) or len(straight) != 2 or not all(_number(x) for x in straight)
                or not 0 < straight[0] <= straight[1]
                or not all(_number(pattern[k]) and pattern[k] > 0 for k in ("leg_m", "turn_m"))):
            out.append((where, f"types.{tid}.pattern must be {{ straight_m = [lo, hi], leg_m = M, turn_m = M }} "
                               f"with metres more than 0, got {pattern!r}"))
    if homing is not None:
        where = ("types", tid, "homing")
        if (not isinstance(homing, Mapping) or sorted(homing) != sorted(HOMING_KEYS)
                or not all(_number(homing[k]) and homing[k] > 0 for k in HOMING_KEYS) or homing["cone_deg"] > 360):
            out.append((where, f"types.{tid}.homing must have {', '.join(HOMING_KEYS)}, each a number more than 0 "
                               f"(cone_deg at most 360), got {homing!r}"))


def problems(spec: Mapping[str, Any]) -> list[tuple[KeyPath, str]]:
    """Every mistake of a torpedoes.toml (parsed) as (key path, problem)."""
    out: list[tuple[KeyPath, str]] = []
    torpedoes = spec.get("types", {})
    for tid, kind in torpedoes.items():
        _steering_problems(str(tid), kind, out)
    mines = spec.get("mines", {})
    if not isinstance(mines, Mapping):
        return [(("mines",), "mines must be a table of mine types ([mines.TMB])")]
    for mid, mine in mines.items():
        _mine_problems(str(mid), mine, torpedoes, out)
    if any(p[0] == "mines" for p, _ in out):
        return out  # the loadouts are read against the mine types
    for i, row in enumerate(spec.get("loadout", [])):
        _loadout_problems(spec, row, ("loadout", i), out, mines_ok=False)
    loadouts = spec.get("loadouts", {})
    if not isinstance(loadouts, Mapping):
        return [*out, (("loadouts",), "loadouts must be a table of named loadouts ([loadouts.NAME])")]
    for name, row in loadouts.items():
        _loadout_problems(spec, row, ("loadouts", str(name)), out, mines_ok=True)
    for p in spec.get("periods", []):
        if any(x not in PISTOLS for x in p.get("pistols", [])):
            out.append((("periods",), f"period {p.get('name')!r} names an unknown pistol"))
    for number, tube in spec["boat"]["tubes"].items():
        if tube.get("facing") not in FACINGS:
            out.append((("boat", "tubes"), f"tube {number} faces {tube.get('facing')!r}"))
    at_once = spec["boat"].get("reloads_at_once")
    if not isinstance(at_once, Mapping) or set(at_once) != set(spec["boat"]["stores"]) or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in at_once.values()):
        out.append((("boat", "reloads_at_once"), "boat.reloads_at_once must give every torpedo room "
                                                 f"({', '.join(str(k) for k in spec['boat']['stores'])}) "
                                                 "a whole number of tubes of at least 1"))
    return out


def check_text(text: str, filename: str = "torpedoes.toml") -> list[str]:
    """Every mistake of a torpedoes.toml's text as `FILE:LINE: problem` (an empty list: none)."""
    import tomllib

    from kaleun.boards.locate import KeyLines

    try:
        spec = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return [f"{filename}:1: not valid TOML ({exc})"]
    found = problems(spec)
    if not found:
        return []
    lines = KeyLines(text)
    return [f"{filename}:{lines.line(path)}: {problem}" for path, problem in found]


def _check() -> None:
    found = check_text(resources.files(data.__package__).joinpath("torpedoes.toml").read_text(encoding="utf-8"))
    if found:
        raise ValueError("\n".join(found))


_check()
