"""Spherical geometry: rhumb lines (what a navigator draws on a Mercator chart), local offsets
in nautical miles, compass arithmetic and the sun's elevation.

Positions are (latitude, longitude) in degrees, north and east positive. Offsets are
(east, north) in nautical miles. One nautical mile is one minute of latitude.
"""

from __future__ import annotations

import math
from datetime import datetime

NM_PER_DEG = 60.0
NM_PER_RAD = NM_PER_DEG * 180.0 / math.pi
#: yards and metres per nautical mile
YD_PER_NM = 2025.372
M_PER_NM = 1852.0
_EPS = 1e-12
#: radians per degree: x * RAD is math.radians(x) to the last bit (it multiplies by pi / 180 so), without the call
RAD = math.pi / 180.0


def norm360(deg: float) -> float:
    """Angle in [0, 360)."""
    if 0.0 <= deg < 360.0:  # already in range (the common case): what the arithmetic below returns
        return float(deg)
    deg = math.fmod(deg, 360.0)
    if deg < 0:
        deg += 360.0
    return 0.0 if deg >= 360.0 else deg


def norm180(deg: float) -> float:
    """Angle in [-180, 180)."""
    shifted = deg + 180.0
    if 0.0 <= shifted < 360.0:  # norm360's common case, without the call
        return shifted - 180.0
    return norm360(shifted) - 180.0


def _mercator(lat_rad: float) -> float:
    return math.log(math.tan(math.pi / 4 + lat_rad / 2))


def _q(phi1: float, phi2: float) -> float:
    """Stretch factor of a rhumb line: dphi / dpsi (cos(lat) for an east-west line)."""
    dphi = phi2 - phi1
    if abs(dphi) < 1e-10:
        return math.cos(phi1)
    return dphi / (_mercator(phi2) - _mercator(phi1))


def rhumb(lat1: float, lon1: float, lat2: float, lon2: float) -> tuple[float, float]:
    """(course in degrees true, distance in nm) of the rhumb line from point 1 to point 2."""
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dlam = math.radians(norm180(lon2 - lon1))
    dpsi = _mercator(phi2) - _mercator(phi1)
    course = norm360(math.degrees(math.atan2(dlam, dpsi)))
    q = _q(phi1, phi2)
    dist = math.hypot(phi2 - phi1, q * dlam) * NM_PER_RAD
    return course, dist


def shift(lat: float, lon: float, east_nm: float, north_nm: float) -> tuple[float, float]:
    """The point reached from (lat, lon) along the rhumb line with the given offset."""
    lat2 = lat + north_nm / NM_PER_DEG
    if not lat2 < 89.9:  # as max(-89.9, min(89.9, lat2)), without the calls
        lat2 = 89.9
    if not lat2 > -89.9:
        lat2 = -89.9
    if east_nm == 0.0 and north_nm == 0.0:  # no offset (a plot reckoned for the moment it was made): what
        lon2 = lon + east_nm                 # the scale below gives, east_nm / NM_PER_DEG / q being east_nm itself
    # short hops (under 10 nm north-south): the mid-latitude scale matches the rhumb line to 1e-5
    elif -10.0 < north_nm < 10.0:
        lon2 = lon + east_nm / NM_PER_DEG / math.cos((lat + lat2) / 2 * RAD)
    else:
        lon2 = lon + east_nm / NM_PER_DEG / _q(math.radians(lat), math.radians(lat2))
    shifted = lon2 + 180.0  # norm180's common case, without the call
    return lat2, (shifted - 180.0 if 0.0 <= shifted < 360.0 else norm180(lon2))


def destination(lat: float, lon: float, course: float, dist_nm: float) -> tuple[float, float]:
    c = math.radians(course)
    return shift(lat, lon, dist_nm * math.sin(c), dist_nm * math.cos(c))


def offset(lat0: float, lon0: float, lat: float, lon: float) -> tuple[float, float]:
    """(east, north) nm of (lat, lon) seen from (lat0, lon0); local plane, fine for tactical ranges."""
    coslat = math.cos((lat0 + lat) / 2 * RAD)
    shifted = lon - lon0 + 180.0  # norm180's common case, without the call
    east = shifted - 180.0 if 0.0 <= shifted < 360.0 else norm180(lon - lon0)
    return east * NM_PER_DEG * coslat, (lat - lat0) * NM_PER_DEG


def bearing_to(dx: float, dy: float) -> float:
    """True bearing of an (east, north) offset."""
    if -_EPS < dx < _EPS and -_EPS < dy < _EPS:  # as abs(dx) < _EPS and abs(dy) < _EPS, without the calls
        return 0.0
    deg = math.degrees(math.atan2(dx, dy))
    return deg if 0.0 <= deg < 360.0 else norm360(deg)  # norm360's common case, without the call


def unit(course: float) -> tuple[float, float]:
    c = course * RAD
    return math.sin(c), math.cos(c)


def sun_elevation(utc: datetime, lat: float, lon: float) -> float:
    """Elevation of the sun's centre above the horizon in degrees (NOAA's general solar
    position equations; good to a fraction of a degree, which is all daylight needs)."""
    doy = utc.timetuple().tm_yday
    hours = utc.hour + utc.minute / 60 + utc.second / 3600
    days_in_year = 366 if (utc.year % 4 == 0 and (utc.year % 100 != 0 or utc.year % 400 == 0)) else 365
    g = 2 * math.pi / days_in_year * (doy - 1 + (hours - 12) / 24)
    eqtime = 229.18 * (0.000075 + 0.001868 * math.cos(g) - 0.032077 * math.sin(g)
                       - 0.014615 * math.cos(2 * g) - 0.040849 * math.sin(2 * g))
    decl = (0.006918 - 0.399912 * math.cos(g) + 0.070257 * math.sin(g) - 0.006758 * math.cos(2 * g)
            + 0.000907 * math.sin(2 * g) - 0.002697 * math.cos(3 * g) + 0.00148 * math.sin(3 * g))
    true_solar_min = hours * 60 + eqtime + 4 * lon
    hour_angle = math.radians(true_solar_min / 4 - 180)
    phi = math.radians(lat)
    cos_zen = math.sin(phi) * math.sin(decl) + math.cos(phi) * math.cos(decl) * math.cos(hour_angle)
    cos_zen = max(-1.0, min(1.0, cos_zen))
    return 90.0 - math.degrees(math.acos(cos_zen))


def where(lat: float, lon: float) -> str:
    """A position in words a navigator reads off his plot: "77.1°N 28.9°E" (a tenth of a degree)."""
    return (f"{abs(lat):.1f}°{'N' if lat >= 0 else 'S'} "
            f"{abs(norm180(lon)):.1f}°{'E' if norm180(lon) >= 0 else 'W'}")
