"""The crew's contact picture: what lookouts, periscope and hydrophone reported, as the app's
target data screen showed it.

Each thing the crew noticed is a contact ("c1", "c2", ...) holding the last estimate of its
true bearing, range, course and speed, made with the reporting sensor's errors (hydrophone:
no course, rough range). A contact is "unidentified" until a visual identification reveals
its type (merchant, small vessel, escort) and class, and with the class its GRT.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg
from kaleun.core.rng import GameRandom
from kaleun.uboot.sea import geo
from kaleun.uboot.sea.sensors import PLOT, errors

SENSOR_NAMES = {"lookouts": "Lookouts", "periscope": "Periscope", "hydrophone": "Hydrophone"}


class Truth:
    """The real geometry of a thing seen from the boat."""

    __slots__ = ("bearing", "course", "range_nm", "speed_kn")

    def __init__(self, bearing: float, range_nm: float, course: float, speed_kn: float) -> None:
        self.bearing, self.range_nm, self.course, self.speed_kn = bearing, range_nm, course, speed_kn


def estimate(truth: Truth, sensor: str, rng: GameRandom, blur: float = 1.0) -> dict[str, Any]:
    """A sensor's estimate of the truth; `blur` > 1 for worse conditions (night, rough sea)."""
    err = errors(sensor)
    bearing = geo.norm360(truth.bearing + rng.gauss(0.0, float(err["bearing_deg"]) * blur))
    rng_est = max(0.05, truth.range_nm * (1.0 + rng.gauss(0.0, float(err["range_share"]) * blur)))
    out: dict[str, Any] = {"bearing": round(bearing) % 360, "range_nm": round(rng_est, 1)}
    if "course_deg" in err:
        out["course"] = round(geo.norm360(truth.course + rng.gauss(0.0, float(err["course_deg"]) * blur))) % 360
    else:
        out["course"] = None
    speed = max(0.0, truth.speed_kn + rng.gauss(0.0, float(err["speed_kn"]) * blur))
    out["speed_kn"] = round(speed * 2) / 2
    return out


def _plot(contact: dict[str, Any], seen: dict[str, Any], sensor: str, blur: float, fresh: bool) -> None:
    """Average a new sighting's course and speed into the crew's plot of the contact (in place: `seen`
    then carries the plot's values). A big change of course or of speed starts the plot again: a ship that
    has turned, or one that has stopped (struck, lying dead in the water for a coup de grâce) or rung on
    full speed, is plotted afresh rather than averaged with what it did before."""
    course = seen["course"]
    plotted = contact.get("plot")
    if course is None:
        seen["course"] = None if plotted is None else contact["course"]  # the hydrophone keeps what was plotted
        return
    if fresh or plotted is None:
        contact["plot"] = [1, float(course), float(seen["speed_kn"])]
        return
    n, avg_course, avg_speed = int(plotted[0]), float(plotted[1]), float(plotted[2])
    turn = geo.norm180(float(course) - avg_course)
    limit = float(PLOT["plot_reset_sigma"]) * float(errors(sensor).get("course_deg", 15.0)) * blur
    speed_limit = float(PLOT["plot_reset_sigma"]) * float(errors(sensor).get("speed_kn", 2.0)) * blur
    if abs(turn) > limit or abs(float(seen["speed_kn"]) - avg_speed) > speed_limit:
        n, avg_course, avg_speed = 1, float(course), float(seen["speed_kn"])
    else:
        n = min(n + 1, int(PLOT["plot_max"]))
        avg_course = geo.norm360(avg_course + turn / n)
        avg_speed = avg_speed + (float(seen["speed_kn"]) - avg_speed) / n
    contact["plot"] = [n, avg_course, avg_speed]
    seen["course"] = round(avg_course) % 360
    seen["speed_kn"] = round(avg_speed * 2) / 2


class Picture:
    def __init__(self) -> None:
        self.contacts: dict[str, dict[str, Any]] = {}
        self.by_entity: dict[str, str] = {}
        self.counter = 0

    def of(self, entity: str) -> dict[str, Any] | None:
        cid = self.by_entity.get(entity)
        return None if cid is None else self.contacts[cid]

    def get(self, cid: str) -> dict[str, Any] | None:
        return self.contacts.get(cid)

    def report(self, entity: str, kind: str, sensor: str, truth: Truth, t: float, rng: GameRandom,
               blur: float = 1.0) -> tuple[dict[str, Any], bool]:
        """Record a sensor's report on a thing. Returns (contact, new_or_regained)."""
        contact = self.of(entity)
        fresh = contact is None or contact["lost"]
        if contact is None:
            self.counter += 1
            cid = f"c{self.counter}"
            contact = {"id": cid, "entity": entity, "kind": kind, "identified": False, "type": None,
                       "class": None, "name": None, "grt": None}
            self.contacts[cid] = contact
            self.by_entity[entity] = cid
        seen = estimate(truth, sensor, rng, blur)
        _plot(contact, seen, sensor, blur, fresh)
        contact.update(seen)
        contact.update({"sensor": sensor, "t": t, "lost": False, "tracked": sensor == "lookouts"})
        return contact, fresh

    def lose(self, entity: str) -> dict[str, Any] | None:
        contact = self.of(entity)
        if contact is None or contact["lost"]:
            return None
        contact["lost"] = True
        contact["tracked"] = False
        return contact

    def active(self) -> list[dict[str, Any]]:
        return [c for c in self.contacts.values() if not c["lost"]]

    def unknown(self, cid: str) -> Msg:
        """Why an order names no contact of the picture, with the contacts it could name (every order that takes
        one says it alike: the TDC, the guns)."""
        known = sorted(self.contacts, key=lambda c: int(c[1:]) if c[1:].isdigit() else 0)
        return Msg("there is no contact {contact} (contacts: {known})", contact=cid,
                   known=", ".join(known) if known else Msg("none yet"))

    def ships_within(self, reach_nm: float) -> list[dict[str, Any]]:
        """The ships in contact a weapon reaching `reach_nm` can be aimed at by the crew's own estimates (§8.4),
        nearest first: a ship the crew was told is going down is none (no torpedo or round is wasted on her)."""
        near = [c for c in self.active() if c["kind"] == "ship" and not c.get("going_down")
                and float(c["range_nm"]) <= reach_nm]
        return sorted(near, key=lambda c: float(c["range_nm"]))

    def view(self, contact: Mapping[str, Any], now: float, heading: float) -> dict[str, Any]:
        """Target data as the crew sees it, relative bearing from the boat's current heading."""
        out = {"contact": contact["id"], "kind": contact["kind"], "sensor": contact["sensor"],
               "age_s": round(now - contact["t"]), "bearing": contact["bearing"],
               "rel_bearing": round(geo.norm360(contact["bearing"] - heading)) % 360,
               "range_nm": contact["range_nm"], "course": contact["course"], "speed_kn": contact["speed_kn"],
               "identified": contact["identified"]}
        if contact.get("going_down"):  # the crew was told she is going down (never the truth it was not told)
            out["going_down"] = True
        if contact["identified"]:
            out.update({"type": contact["type"], "class": contact["class"], "class_name": contact["name"],
                        "grt": contact["grt"]})
        return out

    def to_json(self) -> dict[str, Any]:
        return {"contacts": {k: dict(v) for k, v in self.contacts.items()}, "counter": self.counter}

    def load(self, data: Mapping[str, Any]) -> None:
        self.contacts = {k: dict(v) for k, v in data["contacts"].items()}
        self.by_entity = {c["entity"]: cid for cid, c in self.contacts.items()}
        self.counter = int(data["counter"])
