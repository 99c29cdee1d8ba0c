"""Ship classes and aircraft types, from `ships.toml` and `aircraft.toml`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any

from kaleun.uboot import data

SIZES = ("large", "medium", "small")
TYPES = ("merchant", "small", "escort")


@dataclass(frozen=True)
class ShipClass:
    id: str
    name: str
    type: str
    grt: int
    speed_kn: float
    cruise_kn: float
    size: str
    noise_nm: float
    length_m: float
    draft_m: float
    asdic: bool = False
    depth_charges: int = 0
    gun_range_nm: float = 0.0
    gun_rate_per_min: float = 0.0
    search_kn: float = 0.0
    attack_kn: float = 0.0
    from_year: int = 1939
    beam_m: float = 10.0
    #: standard torpedo hits (one 280 kg warhead each) that sink it
    structure: float = 1.0
    #: minutes from a mortal blow to going under: fastest, slowest
    sink_min: tuple[float, float] = (2.0, 10.0)
    burns: bool = False


@dataclass(frozen=True)
class AircraftType:
    id: str
    name: str
    speed_kn: float
    attack_kn: float
    endurance_h: float
    depth_charges: int
    night: bool
    guns: bool
    radius_nm: float = 0.0
    from_year: int = 1939
    #: the first day it flies such patrols where the sources give more than the year (aircraft.toml
    #: `from_date`); None: from the first of January of `from_year`
    from_date: date | None = None

    @property
    def first_day(self) -> date:
        return self.from_date if self.from_date is not None else date(self.from_year, 1, 1)

    def in_service(self, day: date) -> bool:
        """Does it fly patrols on this day?"""
        return day >= self.first_day


def _aircraft_from_date(tid: str, spec: Mapping[str, Any]) -> date | None:
    value = spec.get("from_date")
    if value is None:
        return None
    try:
        day = date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise ValueError(f"aircraft type {tid}: from_date must be a day like \"1942-06-01\", got {value!r}")
    if day.year != int(spec["from_year"]):
        raise ValueError(f"aircraft type {tid}: from_date {value} is not in its from_year {spec['from_year']}")
    return day


def _ship(cid: str, spec: Mapping[str, Any]) -> ShipClass:
    if spec["type"] not in TYPES:
        raise ValueError(f"ship class {cid}: type must be one of {TYPES}")
    if spec["size"] not in SIZES:
        raise ValueError(f"ship class {cid}: size must be one of {SIZES}")
    return ShipClass(
        id=cid, name=str(spec["name"]), type=str(spec["type"]), grt=int(spec["grt"]),
        speed_kn=float(spec["speed_kn"]), cruise_kn=float(spec["cruise_kn"]), size=str(spec["size"]),
        noise_nm=float(spec["noise_nm"]), length_m=float(spec["length_m"]), draft_m=float(spec["draft_m"]),
        asdic=bool(spec.get("asdic", False)), depth_charges=int(spec.get("depth_charges", 0)),
        gun_range_nm=float(spec.get("gun_range_nm", 0.0)), gun_rate_per_min=float(spec.get("gun_rate_per_min", 0.0)),
        search_kn=float(spec.get("search_kn", spec["cruise_kn"])),
        attack_kn=float(spec.get("attack_kn", spec["cruise_kn"])),
        from_year=int(spec["from_year"]),
        beam_m=float(spec["beam_m"]), structure=float(spec["structure"]),
        sink_min=(float(spec["sink_min"][0]), float(spec["sink_min"][1])), burns=bool(spec.get("burns", False)),
    )


@cache
def ship_classes() -> dict[str, ShipClass]:
    return {cid: _ship(cid, spec) for cid, spec in data.load("ships")["classes"].items()}


@cache
def aircraft_types() -> dict[str, AircraftType]:
    out = {}
    for tid, spec in data.load("aircraft")["types"].items():
        out[tid] = AircraftType(id=tid, name=str(spec["name"]), speed_kn=float(spec["speed_kn"]),
                                attack_kn=float(spec["attack_kn"]), endurance_h=float(spec["endurance_h"]),
                                depth_charges=int(spec["depth_charges"]), night=bool(spec["night"]),
                                guns=bool(spec["guns"]), radius_nm=float(spec["radius_nm"]),
                                from_year=int(spec["from_year"]), from_date=_aircraft_from_date(tid, spec))
    return out


def sailing(weights: Mapping[str, Any], year: int) -> dict[str, float]:
    """The classes of a weight table that are at sea in `year` (ships.toml: from_year)."""
    return {cid: float(w) for cid, w in weights.items() if ship_class(cid).from_year <= year}


def ship_class(cid: str) -> ShipClass:
    classes = ship_classes()
    found = classes.get(cid)
    if found is None:
        raise ValueError(f"unknown ship class {cid!r} (known: {', '.join(sorted(classes))})")
    return found


def aircraft_type(tid: str) -> AircraftType:
    types = aircraft_types()
    if tid not in types:
        raise ValueError(f"unknown aircraft type {tid!r} (known: {', '.join(sorted(types))})")
    return types[tid]
