"""The First Mate's gauges (digest §3).

Six systems; after every own course the First Mate marks one empty box on a gauge of his
choice. A full gauge takes no more marks until its system is used, which empties it. Sizes are
data (`data/rules.toml` [gauges]; the scenario gauge's size comes from the scenario, 0 where the
scenario has no system).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

SYSTEMS = ("mine", "torpedo", "drone", "sonar", "silence", "scenario")
WEAPONS = ("mine", "torpedo")


@dataclass
class Gauges:
    sizes: dict[str, int]
    filled: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for system in SYSTEMS:
            self.filled.setdefault(system, 0)

    @classmethod
    def from_data(cls, sizes: Mapping[str, int], scenario_size: int) -> Gauges:
        return cls({**{s: int(sizes[s]) for s in SYSTEMS if s != "scenario"}, "scenario": scenario_size})

    def size(self, system: str) -> int:
        return self.sizes.get(system, 0)

    def full(self, system: str) -> bool:
        size = self.size(system)
        return size > 0 and self.filled[system] >= size

    def mark_problem(self, system: str) -> str | None:
        """Why a box of `system` cannot be marked ("none": no such gauge, "full"), or None."""
        if self.size(system) <= 0:
            return "none"
        if self.full(system):
            return "full"
        return None

    def markable(self) -> list[str]:
        return [s for s in SYSTEMS if self.mark_problem(s) is None]

    def mark(self, system: str) -> bool:
        """Mark one box; True when the gauge is now full (the system is ready to use)."""
        self.filled[system] += 1
        return self.full(system)

    def clear(self, system: str) -> None:
        self.filled[system] = 0

    def to_state(self) -> dict[str, int]:
        return dict(self.filled)
