"""The mission's outcome. Any module ends the mission through `end()`; it ends once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.engine import Module
from kaleun.core.messages import Msg
from kaleun.core.shape import Maybe, Obj, Text

RESULTS = ("won", "lost", "returned")


class Mission(Module):
    name = "mission"
    state_shape = Obj(mission=Text(max_len=100), result=Maybe(Text(RESULTS)), reason=Maybe(Text(max_len=200)))

    def __init__(self, mission: str) -> None:
        self.mission = mission
        self.result: str | None = None
        self.reason: str | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    def end(self, result: str, reason: str, feed: Msg | str) -> None:
        """End the mission (`result` in RESULTS). Later calls are ignored: the first cause stands."""
        if result not in RESULTS:
            raise ValueError(f"unknown mission result {result!r}")
        if self.over:
            return
        self.result, self.reason = result, reason
        self.emit("mission_end", feed=feed, result=result, reason=reason)

    def status(self) -> dict[str, Any]:
        return {"mission": self.mission, "result": self.result, "reason": self.reason}

    def to_state(self) -> dict[str, Any]:
        return {"mission": self.mission, "result": self.result, "reason": self.reason}

    def load_state(self, state: Mapping[str, Any]) -> None:
        result = state["result"]
        if result is not None and result not in RESULTS:
            raise ValueError(f"unknown mission result {result!r}")
        mission, reason = state["mission"], state["reason"]
        if not isinstance(mission, str) or not (reason is None or isinstance(reason, str)):
            raise ValueError("the mission's name and end reason must be text")
        self.mission, self.result, self.reason = mission, result, reason
