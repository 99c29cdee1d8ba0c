"""Detection both ways, as plain functions of ranges and conditions (data: `sensors.toml`).

Sight: a range for what is looked at (its size) limited by the weather's visibility, scaled by
daylight and the sea state; the chance to notice falls off towards the edge of that range and
grows with the number of eyes. Hearing: a target's noise sets the range, the listener's own
speed and the sea reduce it. ASDIC: a beam ahead of an escort, a short range, blind close
aboard for a deep boat, useless against a surfaced boat.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from kaleun.uboot import data
from kaleun.uboot.sea.geo import M_PER_NM, YD_PER_NM

SENSORS = data.load("sensors")
VISUAL = SENSORS["visual"]
#: the light a burning ship is seen in at least (sensors.toml [visual] fire_light)
FIRE_LIGHT = float(VISUAL["fire_light"])
LOOKOUTS = SENSORS["lookouts"]
PERISCOPE = SENSORS["periscope"]
HYDROPHONE = SENSORS["hydrophone"]
ENEMY = SENSORS["enemy"]
#: the crew's plot of a contact's course and speed (plot_max, plot_reset_sigma)
PLOT = VISUAL


class Conditions:
    """What the weather module says, reduced to the numbers detection needs."""

    __slots__ = ("light", "sea_state", "visibility_nm")

    def __init__(self, visibility_nm: float = 15.0, sea_state: int = 3, light: float = 1.0) -> None:
        self.visibility_nm = visibility_nm
        self.sea_state = sea_state
        self.light = light

    @classmethod
    def of(cls, weather: Any) -> Conditions:
        if weather is None:
            return cls()
        return cls(weather.visibility_nm, weather.sea_state, weather.light_factor)


def sea_factor(penalty: float, sea_state: int) -> float:
    rough = sea_state - 3  # as max(0.1, 1.0 - penalty * max(0, sea_state - 3)), without the calls
    factor = 1.0 - penalty * (rough if rough > 0 else 0)
    return factor if factor > 0.1 else 0.1


def visual_range(size: str, cond: Conditions, burning: bool = False) -> float:
    """How far a thing of this size is seen now (nm); a ship on fire lights herself (`fire_light`)."""
    base = float(VISUAL["range_nm"][size])
    vis = cond.visibility_nm * float(VISUAL["visibility_share"][size])
    light = max(cond.light, FIRE_LIGHT) if burning else cond.light
    return min(base, vis) * light * sea_factor(float(VISUAL["sea_penalty"][size]), cond.sea_state)


def periscope_share(degraded: bool) -> float:
    """The share of the bridge's sighting ranges a look through the periscope reaches: its eye is lower
    (`range_share`), and an open condition on it cuts that further (`degraded_factor`). One rule for the look's
    reports and for what the Scope view shows through it."""
    share = float(PERISCOPE["range_share"])
    return share * float(PERISCOPE["degraded_factor"]) if degraded else share


def ship_range(v: Any, cond: Conditions) -> float:
    """How far this ship is seen now (nm): by her size, and by her own fire's light while she burns."""
    return visual_range(v.cls.size, cond, burning=bool(v.ai.get("burning")))


def sight_blur(cond: Conditions) -> float:
    """How much worse than by day an estimate by eye is in this light (x the sensor's errors)."""
    return min(float(VISUAL["max_blur"]), 1.0 / max(0.01, cond.light))


def notice_p(p_one: float, eyes: float, r: float, rng_max: float) -> float:
    """Chance that `eyes` observers notice a thing at range r within one look."""
    if r >= rng_max or eyes <= 0 or rng_max <= 0:
        return 0.0
    q = p_one * (1.0 - (r / rng_max) ** 2)
    return 1.0 - (1.0 - q) ** eyes


def hydrophone_range(noise_nm: float, target_speed: float, cruise_kn: float, own_speed: float,
                     cond: Conditions, degraded: bool = False) -> float:
    """How far the boat's hydrophone hears a ship (nm)."""
    if target_speed < 0.5:
        return 0.0
    loud = min(1.5, 0.5 + 0.5 * target_speed / max(1.0, cruise_kn))
    r = noise_nm * loud * sea_factor(float(HYDROPHONE["sea_penalty"]), cond.sea_state)
    if abs(own_speed) > float(HYDROPHONE["own_speed_limit_kn"]):
        r *= float(HYDROPHONE["own_speed_factor"])
    if degraded:
        r *= float(HYDROPHONE["degraded_factor"])
    return r


# -- the enemy's senses --------------------------------------------------------------------------
def boat_sighting_range(surfaced: bool, periscope_up: bool, speed: float, cond: Conditions) -> float:
    """How far enemy lookouts can see the boat (nm): its hull surfaced, its periscope when up."""
    if surfaced:
        return visual_range("uboat", cond) * (1.0 + float(VISUAL["uboat_speed_factor"]) * abs(speed))
    if periscope_up:
        return visual_range("periscope", cond) * (1.0 + float(VISUAL["periscope_speed_factor"]) * abs(speed))
    return 0.0


#: the enemy's numbers every escort's step asks for, read once (the same floats the data gives)
_QUIET_KN, _DEAF_KN = float(ENEMY["hydrophone_quiet_kn"]), float(ENEMY["hydrophone_deaf_kn"])
_HEARING_SEA_PENALTY = float(ENEMY["hydrophone_sea_penalty"])
_ASDIC_RANGE_NM = float(ENEMY["asdic_range_nm"])
_ASDIC_SEA_PENALTY = float(ENEMY["asdic_sea_penalty"])
_ASDIC_MAX_SPEED_KN = float(ENEMY["asdic_max_speed_kn"])
_ASDIC_BEAM_DEG = float(ENEMY["asdic_beam_deg"])
_BLIND_MIN_NM = float(ENEMY["blind_min_nm"])


def escort_hearing_range(boat_noise_nm: float, escort_speed: float, cond: Conditions) -> float:
    """How far an escort's hydrophone hears the boat: less the faster the escort goes."""
    quiet, deaf = _QUIET_KN, _DEAF_KN
    own = max(0.0, min(1.0, (deaf - abs(escort_speed)) / (deaf - quiet)))
    return boat_noise_nm * own * sea_factor(_HEARING_SEA_PENALTY, cond.sea_state)


def asdic_range(cond: Conditions) -> float:
    return _ASDIC_RANGE_NM * sea_factor(_ASDIC_SEA_PENALTY, cond.sea_state)


#: the ASDIC beam's downward slope, and its range scales (yd) as the data lists them (worked out once:
#: every ping asks for them)
_BLIND_SLOPE = math.tan(math.radians(float(ENEMY["blind_angle_deg"])))
_SCALES_YD = [float(s) for s in ENEMY["asdic_scales_yd"]]
_WHOLE_SCALES_YD = [int(s) for s in ENEMY["asdic_scales_yd"]]


def blind_radius_nm(depth_m: float) -> float:
    """ASDIC loses a boat at this depth closer than this (the beam cannot look down further)."""
    return max(_BLIND_MIN_NM, depth_m / _BLIND_SLOPE / M_PER_NM)


def asdic_can_hold(surfaced: bool, escort_speed: float, rel_bearing: float, r: float, depth_m: float,
                   cond: Conditions) -> str | None:
    """None when the boat is inside the ASDIC beam's reach, else why not."""
    return asdic_in_reach(surfaced, escort_speed, r, cond) or asdic_in_beam(rel_bearing, r, depth_m)


def asdic_in_reach(surfaced: bool, escort_speed: float, r: float, cond: Conditions) -> str | None:
    """The first half of `asdic_can_hold`, whatever the bearing: None when the boat is submerged within the
    set's range and the escort slow enough to listen, else why not."""
    if surfaced:
        return "surfaced"
    if escort_speed > _ASDIC_MAX_SPEED_KN:
        return "too fast"
    if r > _ASDIC_RANGE_NM * sea_factor(_ASDIC_SEA_PENALTY, cond.sea_state):  # asdic_range, without the call
        return "out of range"
    return None


def asdic_in_beam(rel_bearing: float, r: float, depth_m: float) -> str | None:
    """The second half of `asdic_can_hold`: None when a boat within reach is in the beam and not below it."""
    if abs(rel_bearing) > _ASDIC_BEAM_DEG:
        return "out of the beam"
    if r < blind_radius_nm(depth_m):
        return "blind zone"
    return None


def ping_interval_s(r_nm: float) -> float:
    """Ping interval: the round trip of the smallest range scale that holds the contact
    (1.2 s at 1,000 yd, 3 s at 2,500 yd)."""
    r_yd = r_nm * YD_PER_NM
    scale = _SCALES_YD[-1]
    for s in _SCALES_YD:
        if s >= r_yd:
            scale = s
            break
    return 2 * scale / YD_PER_NM * M_PER_NM / 1500.0


def range_scale_yd(r_nm: float) -> int:
    r_yd = r_nm * YD_PER_NM
    for s in _WHOLE_SCALES_YD:
        if s >= r_yd:
            return s
    return _WHOLE_SCALES_YD[-1]


def errors(sensor: str) -> Mapping[str, float]:
    return {"lookouts": LOOKOUTS, "periscope": PERISCOPE, "hydrophone": HYDROPHONE}[sensor]["errors"]
