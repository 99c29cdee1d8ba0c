"""What happens to a sailor during a game: his activation slots, his task, ailments and death.

A sailor is one activation row of a figure (rulebook §6.2: one row per watch on the player's
board), so his id is `<figure>/<watch>` (e.g. `engineer-square/1`). The chips on his three slots
are kept as short codes:

    A      activation chip (also a busy chip turned to its activation side)
    O      observation chip (the sailor is a busy lookout, §6.7, §8.3)
    T      technical-condition chip of his repair job (busy, §6.7, §10.3.2)
    W<n>   red-cross chip of ailment n (§6.9)
    E<n>   exhaustion chip of ailment n
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot import data
from kaleun.uboot.crew.technical import component_name

RULES = data.load("crew_rules")
MAX_CHIPS: int = int(RULES["max_chips"])
BUSY_CHIPS = ("O", "T")


def sailor_id(figure: str, row: int) -> str:
    return f"{figure}/{row + 1}"


def task_text(task: Mapping[str, Any]) -> Msg:
    """A sailor's long task as the feed names it: "observation", "repair of the diesels"."""
    if task["kind"] == "observation":
        return Msg("observation")
    return Msg("repair of the {component}", component=Msg.term(component_name(task["component"])))


def parse_sailor_id(text: str) -> tuple[str, int]:
    figure, _, watch = text.rpartition("/")
    return figure, int(watch) - 1


class SailorState:
    """Chips, task, ailments and life of one sailor."""

    __slots__ = ("ailments", "chips", "dead", "task")

    def __init__(self) -> None:
        self.chips: list[str] = []
        self.task: dict[str, Any] | None = None
        self.ailments: list[dict[str, Any]] = []
        self.dead = False

    # -- reading ----------------------------------------------------------------------------
    @property
    def free(self) -> int:
        return MAX_CHIPS - len(self.chips)

    @property
    def busy(self) -> bool:
        return self.task is not None

    def count(self, code: str) -> int:
        return sum(1 for c in self.chips if c[0] == code)

    @property
    def wounds(self) -> int:
        return self.count("W")

    def forbids(self, order: str) -> bool:
        return any(order in a["forbid"] for a in self.ailments)

    def ailment_chips(self, ailment_id: int) -> int:
        tail = str(ailment_id)
        return sum(1 for c in self.chips if c[0] in "WE" and c[1:] == tail)

    # -- changing ---------------------------------------------------------------------------
    def drop(self, code: str) -> bool:
        """Remove one chip of that code; False if there is none."""
        for i, c in enumerate(self.chips):
            if c == code:
                del self.chips[i]
                return True
        return False

    def flip_busy_chip(self) -> dict[str, Any] | None:
        """End the task: its chip turns to its activation side (§6.7). Returns the ended task."""
        task = self.task
        if task is None:
            return None
        self.task = None
        for i, c in enumerate(self.chips):
            if c in BUSY_CHIPS:
                self.chips[i] = "A"
                break
        return task

    def discard_busy_chip(self) -> dict[str, Any] | None:
        """End the task and take its chip away altogether."""
        task = self.task
        if task is None:
            return None
        self.task = None
        for c in BUSY_CHIPS:
            if self.drop(c):
                break
        return task

    # -- state ------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {"chips": list(self.chips), "task": None if self.task is None else dict(self.task),
                "ailments": [{**a, "forbid": list(a["forbid"]), "supplies": list(a["supplies"])}
                             for a in self.ailments],
                "dead": self.dead}

    def saved_as(self, state: Mapping[str, Any]) -> bool:
        """Whether `state` is exactly what `to_state` would give now, to the byte of a save (only a sailor
        without ailments qualifies; his task's fields in the same order)."""
        task = state["task"]
        return (self.chips == state["chips"] and self.dead is state["dead"] and not self.ailments
                and not state["ailments"] and (task is None if self.task is None
                                               else task is not None and list(self.task.items()) == list(task.items())))

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> SailorState:
        s = cls()
        s.chips = [str(c) for c in state["chips"]]
        if len(s.chips) > MAX_CHIPS:
            raise ValueError(f"a sailor holds {len(s.chips)} chips (at most {MAX_CHIPS})")
        s.task = None if state["task"] is None else dict(state["task"])
        s.ailments = [{**a, "forbid": list(a["forbid"]), "supplies": list(a["supplies"])}
                      for a in state["ailments"]]
        s.dead = bool(state["dead"])
        return s
