"""The boat at one moment, as the sea needs it (`Sea.boat_now`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kaleun.uboot.sea import geo
from kaleun.uboot.sea.geo import RAD

if TYPE_CHECKING:
    from kaleun.uboot.sea.world import Sea


class BoatNow:
    """The boat at one moment, as the sea needs it. Heading, velocity and noise are worked out on
    first use (most looks need only the position and depth)."""

    __slots__ = ("_boat", "_heading", "_noise", "_velocity", "coslat", "depth", "lat", "lon", "periscope_up",
                 "speed", "surfaced", "t")

    def __init__(self, sea: Sea, t: float) -> None:
        boat = self._boat = sea.boat_module
        self.t = t
        self.lat, self.lon = lat, _lon = boat.position_at(t)
        self.coslat = math.cos(lat * RAD)
        zt = boat.zt  # Boat.depth_at and Boat.speed_at's steady cases, without the calls
        self.depth = zt if boat.z0 == zt else boat.depth_at(t)
        vt = boat.vt
        self.speed = vt if boat.v0 == vt else boat.speed_at(t)
        surfaced = self.surfaced = boat.surfaced
        self.periscope_up = (not surfaced) and t < sea.periscope_until and boat.at_periscope_depth
        self._heading: float | None = None
        self._velocity: tuple[float, float] | None = None
        self._noise: float | None = None

    @property
    def heading(self) -> float:
        if self._heading is None:
            self._heading = float(self._boat.heading_at(self.t))
        return self._heading

    @property
    def velocity(self) -> tuple[float, float]:
        """(east, north) kn over the ground: through the water plus the current."""
        if self._velocity is None:
            s, c = geo.unit(self.heading)
            current = self._boat.current
            self._velocity = (self.speed * s + current[0], self.speed * c + current[1])
        return self._velocity

    @property
    def ve(self) -> float:
        return self.velocity[0]

    @property
    def vn(self) -> float:
        return self.velocity[1]

    @property
    def noise(self) -> float:
        if self._noise is None:
            self._noise = float(self._boat.noise_nm(self.t))
        return self._noise

    def rel(self, lat: float, lon: float) -> tuple[float, float, float]:
        """(east, north, range) nm of a position seen from the boat."""
        shifted = lon - self.lon + 180.0  # geo.norm180's common case, without the call
        dx = (shifted - 180.0 if 0.0 <= shifted < 360.0 else geo.norm180(lon - self.lon)) * 60.0 * self.coslat
        dy = (lat - self.lat) * 60.0
        return dx, dy, math.hypot(dx, dy)
