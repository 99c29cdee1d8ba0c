"""The attack disc (Angriffsscheibe, rulebook §9.2.1): three rings the navigator sets by hand.

The green ring's arrow is the boat's course on the white scale (`own_course`), the black ring's
arrow the enemy's course on the white scale (`enemy_course`), and the top pointer the enemy's
bearing relative to the bow on the green ring (`bearing`: 0 ahead, 90 starboard, 180 astern).
From the three the disc shows the enemy's true bearing and the angle on the bow. On the table
the rings are rotary encoders; on screen and in scripts they are dials (`turn` lines) or the
`attack_disc` command.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import N_
from kaleun.uboot.sea import geo

RINGS = ("own_course", "enemy_course", "bearing")
#: where an `attack_disc` command comes from: a table script, the console, the screen's form, or the
#: table's rings ("disc": the group of the rings in boards/dials.toml)
VIA = ("script", "console", "window", "disc")
RING_NAMES = {"own_course": N_("own course ring"), "enemy_course": N_("enemy course ring"),
              "bearing": N_("bearing pointer")}


class Disc:
    def __init__(self) -> None:
        self.own_course: int | None = None
        self.enemy_course: int | None = None
        self.bearing: int | None = None

    def set(self, values: Mapping[str, int | None]) -> None:
        """Set the rings given; a ring given as None is not set (as in a new game)."""
        for ring, value in values.items():
            if ring not in RINGS:
                raise ValueError(f"unknown ring {ring!r}")
            setattr(self, ring, None if value is None else int(value) % 360)

    def missing(self) -> list[str]:
        return [RING_NAMES[r] for r in RINGS if getattr(self, r) is None]

    def true_bearing(self) -> float | None:
        if self.own_course is None or self.bearing is None:
            return None
        return geo.norm360(self.own_course + self.bearing)

    def aob(self) -> float | None:
        """Angle on the bow: where the boat lies seen from the enemy's bow (+ starboard), from -179 to 180
        (a boat dead astern of the enemy is 180, as a plotter says it, not -180)."""
        true = self.true_bearing()
        if true is None or self.enemy_course is None:
            return None
        aob = geo.norm180(true + 180.0 - self.enemy_course)
        return 180.0 if aob == -180.0 else aob

    def status(self) -> dict[str, Any]:
        true, aob = self.true_bearing(), self.aob()
        return {"own_course": self.own_course, "enemy_course": self.enemy_course, "bearing": self.bearing,
                "true_bearing": None if true is None else round(true),
                "aob": None if aob is None else round(aob)}

    def to_state(self) -> dict[str, Any]:
        return {r: getattr(self, r) for r in RINGS}

    def load_state(self, state: Mapping[str, Any]) -> None:
        for ring in RINGS:
            value = state.get(ring)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 360):
                raise ValueError(f"attack disc {ring} {value!r} is not a whole number of degrees 0-359")
            setattr(self, ring, value)
