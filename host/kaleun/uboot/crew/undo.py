"""Undo of the crew's last actions (rulebook §6.14 "correct mistakes as well as you can").

Before every crew action (an order's bookkeeping, a correction, a smoke break, a carried chip...)
the crew engine keeps a snapshot of its own state and of the technical conditions. `undo` puts
the last one back. Things that happen on their own (a watch change, damage, the boat diving or
surfacing, a ship sunk, a repair finishing, a breach flooding, the meal call), a change of the
crew options (never taken back) and every random draw (crew chips drawn from the bag at the end
of a mobilization, the discards shuffled when food spoils) start a new history: actions before
them cannot be undone, so undoing and redoing never draws again. A refused action keeps no entry.
The figures stay where they physically stand: a sailor whose figure stands elsewhere than the
restored state says is flagged like any unsettled move. World effects of orders (the boat's
speed, course, depth) are not taken back: give a new order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kaleun.core.messages import Msg, from_json, to_json


class UndoStack:
    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.entries: list[dict[str, Any]] = []

    def push(self, label: Msg | str, snapshot: dict[str, Any]) -> None:
        self.entries.append({"label": to_json(label), "state": snapshot})
        del self.entries[: -self.depth]

    def pop(self) -> dict[str, Any] | None:
        return self.entries.pop() if self.entries else None

    def clear(self) -> None:
        self.entries.clear()

    @property
    def last(self) -> Msg | str | None:
        """What the last entry would undo, as players read it."""
        return from_json(self.entries[-1]["label"]) if self.entries else None

    def to_state(self) -> list[dict[str, Any]]:
        return list(self.entries)

    def load_state(self, state: Sequence[Mapping[str, Any]]) -> None:
        self.entries = [dict(e) for e in state]
