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
