"""The weapons' data (`torpedoes.toml`, `guns.toml`) as typed values: torpedo types by date,
pistols and the torpedo crisis, the boat's tubes and stores, the guns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from typing import Any

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


def loadout(when: datetime | date) -> Mapping[str, Any]:
    """What the boat sails with on a date (the last row whose `from` has passed)."""
    day = when.date() if isinstance(when, datetime) else when
    rows = [row for row in TORPEDOES["loadout"] if _date(row["from"]) <= day]
    return rows[-1] if rows else TORPEDOES["loadout"][0]


def _check() -> None:
    types = torpedo_types()
    for row in TORPEDOES["loadout"]:
        named = list(row["tubes"]) + [t for rack in row["racks"].values() for t in rack] + list(row["deck"])
        unknown = sorted(set(named) - set(types))
        if unknown:
            raise ValueError(f"torpedoes.toml: loadout from {row['from']} names unknown types {unknown}")
        if len(row["tubes"]) != len(tubes()):
            raise ValueError(f"torpedoes.toml: loadout from {row['from']} must fill {len(tubes())} tubes")
        for room, rack in row["racks"].items():
            if len(rack) > int(BOAT["stores"][room]):
                raise ValueError(f"torpedoes.toml: loadout from {row['from']}: room {room} holds "
                                 f"{BOAT['stores'][room]} reloads, not {len(rack)}")
        if len(row["deck"]) > int(BOAT["deck"]):
            raise ValueError(f"torpedoes.toml: loadout from {row['from']}: {BOAT['deck']} deck containers")
    for p in periods():
        if any(x not in PISTOLS for x in p.pistols):
            raise ValueError(f"torpedoes.toml: period {p.name!r} names an unknown pistol")
    for t in tubes().values():
        if t.facing not in FACINGS:
            raise ValueError(f"torpedoes.toml: tube {t.number} faces {t.facing!r}")


_check()
