"""Mines on the sea bed: laid by the boat (the weapons' `lay_mines` order), waiting for ships.

The rulebook has no mines; every rule here is our choice, its values data (`torpedoes.toml`,
`[mines.*]`). A mine lies where it was laid. From its arming time on, a ship whose track passes
within the mine's `radius_m` sets its magnetic firing off with the chance `fire_p` (seeded); the
explosion under the keel damages the ship through the common path (`shipdamage.hit`, cause
`mine`) and the mine is gone. A mine that did not fire waits for the next ship. The boat's own
mines never strike it ([gap]: the crew knows where its field lies), and like everything at sea
they strike only the ships the sea simulates (those near the boat).

Nothing is stepped: the sea's agenda holds one task, `mines`. Each look checks every ship's path
since the last look against every armed mine (the point of closest approach on that stretch, so a
fast ship cannot slip between two looks, and each pass is judged once) and sleeps until the
nearest ship could reach the nearest mine (at least `NEAR_S`, at most `MAX_SLEEP_S`), or until the
next mine arms. A ship that comes into the area wakes the task at once (`Sea.look_out`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from kaleun.core.messages import Msg
from kaleun.core.shape import COUNT, DEPTH_M, LAT, LON, TIME, Map, Num, Obj, Text, Tuple
from kaleun.uboot.sea import geo, shipdamage
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.sea.vessels import Vessel

#: seconds between looks while a ship is within reach of a mine
NEAR_S = 60.0
MAX_SLEEP_S = 1800.0
#: the fastest a ship moves (m/s, about 31 kn): how soon a ship far from every mine could reach one
SHIP_MAX_MS = 16.0
TASK = "mines"

ID = Text(max_len=40, pattern=r"[a-z]\d{1,9}")
#: one mine on the bottom (`lay`)
MINE = Obj(id=ID, field=ID, type=Text(max_len=40), lat=LAT, lon=LON, laid=TIME, armed=TIME, water_m=DEPTH_M,
           radius_m=Num(0, 10_000), fire_p=Num(0, 1), damage=Tuple(Num(0, 100), Num(0, 100)))
#: the shape of `Minefield.to_json()` (the sea's saved state holds it as `minefield`)
MINEFIELD = Obj({"fields": COUNT, "count": COUNT, "last": TIME, "mines": Map(MINE, most=10_000)})


class Minefield:
    """Every mine the boat has laid that has not gone off: fields and mines are numbered f1, m1, ..."""

    def __init__(self) -> None:
        self.fields = 0
        self.count = 0
        self.last = 0.0  # the time of the last look
        self.mines: dict[str, dict[str, Any]] = {}

    def of_field(self, field: str) -> list[dict[str, Any]]:
        return [m for m in self.mines.values() if m["field"] == field]

    def to_json(self) -> dict[str, Any]:
        return {"fields": self.fields, "count": self.count, "last": self.last,
                "mines": {k: {**m, "damage": list(m["damage"])} for k, m in self.mines.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Minefield:
        out = cls()
        out.fields, out.count, out.last = int(data["fields"]), int(data["count"]), float(data["last"])
        for key, mine in data["mines"].items():
            if mine["id"] != key:
                raise ValueError(f"minefield: mine {key!r} is saved as {mine['id']!r}")
            out.mines[key] = {**mine, "damage": [float(x) for x in mine["damage"]]}
        return out


def lay(sea: Any, mines: Sequence[Mapping[str, Any]]) -> str:
    """Put mines on the bottom now, as one field; returns the field's id. Each mine: type, lat, lon,
    water_m, armed (the time it arms), radius_m, fire_p, damage [lo, hi]."""
    field = sea.minefield
    now = sea.engine.t
    field.fields += 1
    fid = f"f{field.fields}"
    if not field.mines:
        field.last = now
    for spec in mines:
        field.count += 1
        mid = f"m{field.count}"
        field.mines[mid] = {"id": mid, "field": fid, "type": str(spec["type"]), "lat": float(spec["lat"]),
                            "lon": float(spec["lon"]), "laid": now, "armed": float(spec["armed"]),
                            "water_m": float(spec["water_m"]), "radius_m": float(spec["radius_m"]),
                            "fire_p": float(spec["fire_p"]), "damage": [float(x) for x in spec["damage"]]}
    first = min(float(spec["armed"]) for spec in mines) if mines else now
    due = sea.sched.get(TASK)
    if due is None or due[0] > first:
        sea.schedule(TASK, max(now, first))
    return fid


def _since(sea: Any, v: Vessel, t: float) -> float:
    """The start of the ship's present straight motion, or t if that is later."""
    if v.track is not None:
        return max(t, v.track.t0)
    group = sea.groups.get(v.group)
    return max(t, group.ref.t0) if group is not None else t


def _closest(ax: float, ay: float, bx: float, by: float) -> tuple[float, float]:
    """(distance, u) of the point of the segment a->b nearest the origin (u: 0 at a, 1 at b)."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 <= 1e-12:
        return math.hypot(bx, by), 1.0
    u = max(0.0, min(1.0, -(ax * dx + ay * dy) / length2))
    return math.hypot(ax + u * dx, ay + u * dy), u


def check(sea: Any, now: float) -> None:
    """The agenda's `mines` task: ships over armed mines since the last look; the next look."""
    field = sea.minefield
    prev, field.last = field.last, now
    armed = [m for m in field.mines.values() if float(m["armed"]) <= now + 1e-9]
    nearest = math.inf
    for v in list(sea.vessels.values()):
        if not armed or shipdamage.state_of(v) == "sinking":
            continue
        lat1, lon1 = sea.vpos(v, now)
        start = _since(sea, v, prev)
        lat0, lon0 = sea.vpos(v, start) if start < now else (lat1, lon1)
        for mine in armed:
            if mine["id"] not in field.mines:
                continue
            ax, ay = (x * M_PER_NM for x in geo.offset(mine["lat"], mine["lon"], lat0, lon0))
            bx, by = (x * M_PER_NM for x in geo.offset(mine["lat"], mine["lon"], lat1, lon1))
            radius = float(mine["radius_m"])
            nearest = min(nearest, math.hypot(bx, by) - radius)
            moved = math.hypot(bx - ax, by - ay) > 1e-6
            distance, u = _closest(ax, ay, bx, by)
            # a pass is judged on the stretch that holds its closest point (u < 1: it is behind the ship)
            if not moved or distance > radius or u >= 1.0:
                continue
            if sea.rng.random() < float(mine["fire_p"]):
                _explode(sea, mine, v, now)
                break
    field_left = list(field.mines.values())
    if not field_left or sea.stopped:
        return
    times = []
    if any(float(m["armed"]) <= now + 1e-9 for m in field_left):
        if nearest <= 0:
            times.append(now + NEAR_S)
        elif math.isfinite(nearest):
            times.append(now + min(MAX_SLEEP_S, max(NEAR_S, nearest / SHIP_MAX_MS)))
        else:
            times.append(now + MAX_SLEEP_S)
    waiting = [float(m["armed"]) for m in field_left if float(m["armed"]) > now + 1e-9]
    if waiting:
        times.append(min(waiting))
    sea.schedule(TASK, min(times))


def _explode(sea: Any, mine: Mapping[str, Any], v: Vessel, now: float) -> None:
    field = sea.minefield
    del field.mines[mine["id"]]
    lo, hi = (float(x) for x in mine["damage"])
    damage = sea.rng.uniform(lo, hi)
    contact = sea.picture.of(v.id)
    sea.emit("mine_hit", feed=Msg("A mine of the boat's field has gone off under a {ship}.",
                                  ship=Msg.term(v.cls.name)),
             mine=mine["id"], field=mine["field"], ship=contact["id"] if contact else None, vessel=v.id,
             **{"class": v.cls.id}, damage=round(damage, 2))
    shipdamage.hit(sea, v, damage, "mine", now)
