"""Game clock: game seconds since mission start mapped to ship's time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class GameClock:
    """Ship's time. `t` is always game seconds since the mission started."""

    start: datetime

    def at(self, t: float) -> datetime:
        return self.start + timedelta(seconds=t)

    def iso(self, t: float) -> str:
        return self.at(t).isoformat(timespec="seconds")

    def hhmm(self, t: float) -> str:
        return self.at(t).strftime("%H:%M")

    def next_time_of_day(self, t: float, hours: tuple[int, ...]) -> float:
        """Game time of the first moment strictly after `t` whose hour is in `hours` (at :00:00)."""
        now = self.at(t)
        midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
        for day in range(2):
            for h in sorted(hours):
                cand = midnight + timedelta(days=day, hours=h)
                if cand > now:
                    return (cand - self.start).total_seconds()
        raise ValueError("no hours given")

    @staticmethod
    def parse(text: str) -> datetime:
        return datetime.fromisoformat(text)


class ShipTimeText:
    """`clock.iso(t)` for times that come many to the minute (an escort's pings): a time whose fraction of a
    second cannot round up to the next second has the text of its whole second, and a whole second in the
    minute of the last one worked out has that text with its seconds counted on (the same text, without
    the datetime arithmetic)."""

    def __init__(self, clock: GameClock) -> None:
        self.clock = clock
        #: (whole second, its ship's time, its seconds field) of the last whole second worked out
        self._base: tuple[int, str, int] | None = None

    def __call__(self, t: float) -> str:
        clock = self.clock
        if t >= 0.0 and clock.start.microsecond == 0:
            whole = int(t)
            if t - whole <= 0.999:  # its microseconds (at most 999,000) leave the whole second as it is
                base = self._base
                if base is not None:
                    base_whole, base_iso, base_sec = base
                    sec = base_sec + whole - base_whole
                    if base_whole <= whole and sec < 60:
                        return f"{base_iso[:17]}{sec:02d}{base_iso[19:]}"
                iso = clock.iso(float(whole))
                if len(iso) >= 19 and iso[16] == ":" and iso[17:19].isdigit():
                    self._base = (whole, iso, int(iso[17:19]))
                return iso
        return clock.iso(t)
