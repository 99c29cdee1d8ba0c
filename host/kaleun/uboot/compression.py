"""Time compression as the app showed it: a mode chosen by the crew, dropped back to real
time by news in the info feed. The runtime turns the mode into a wall-clock factor.

News is every event with a feed text but a ship report that only adds ships to the sensor's open
report (`kaleun.uboot.sea.reports.OpenReports`, the rule the feed's contact alarm follows): a convoy
coming into view ship by ship drops a fast forward once, with its first report, not with every ship.
A new report, an aircraft, gunfire, depth charges, damage, an order's answer all drop it. The open
reports are kept in the state (`reports`: sensor -> game seconds of the first and the last report).

Once the mission is over (`mission_end`) the clock stands: the mode goes to `pause` (reason
`mission_end`) and every later time command is refused (`action_refused`), as the crew's
actions are after the end.

Hearing every event, it also keeps the feed's recent past for the save (`feed_record.FeedRecord`,
its state's `feed`): a resumed table shows the last feed lines it saw."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.args import MAX_VIA, Args
from kaleun.core.engine import Handler, Module
from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.core.shape import List, Map, Num, Obj, Text
from kaleun.uboot import data
from kaleun.uboot.feed_record import RECORD_SHAPE, FeedRecord
from kaleun.uboot.sea.reports import OpenReports

COMPRESSION = data.load("time_compression")
MODES: list[str] = COMPRESSION["modes"]
FACTORS: Mapping[str, float] = {m: float(f) for m, f in COMPRESSION["factor"].items()}
MODE_NAMES: Mapping[str, str] = COMPRESSION["names"]
#: time_compression sets a mode; toggle_pause and next_compression are what buttons do (decided
#: here, at the moment the game applies them, never on an input thread)
UI_ACTIONS = ["time_compression", "toggle_pause", "next_compression"]
CYCLE = [m for m in MODES if m != "pause"]


class Compression(Module):
    name = "compression"
    subscribes = ("*",)

    def __init__(self) -> None:
        self.mode = "real_time"
        self.ended = False  # the mission is over: the clock stands
        #: the feed's recent past, for a table that resumes the game
        self.record = FeedRecord()
        #: each sensor's open ship report: a ship added to it is no news
        self.reports = OpenReports()

    @property
    def factor(self) -> float:
        return FACTORS[self.mode]

    def commands(self) -> Mapping[str, Handler]:
        return {"ui": self._ui}

    def _ui(self, args: Args) -> None:
        action = args.str("action", choices=UI_ACTIONS)
        mode = args.str("mode", choices=MODES) if action == "time_compression" else None
        via = args.str("via", default="crew", most=MAX_VIA)
        args.finish()
        if self.over:
            reason = Msg("the mission is over")
            self.emit("action_refused", feed=Msg("Time compression refused: the mission is over, the clock stands."),
                      action=action, reason=reason)
            return
        if action == "toggle_pause":
            mode = "real_time" if self.mode == "pause" else "pause"
        elif action == "next_compression":
            mode = CYCLE[(CYCLE.index(self.mode) + 1) % len(CYCLE)] if self.mode in CYCLE else "real_time"
        assert mode is not None
        self.set_mode(mode, via)

    def set_mode(self, mode: str, reason: str) -> None:
        if mode == self.mode:
            return
        self.mode = mode
        self.emit("time_compression", mode=mode, factor=FACTORS[mode], reason=reason)

    @property
    def over(self) -> bool:
        """Is the mission over (its end seen, or a finished mission's state loaded)?"""
        if self.ended:
            return True
        return bool(self.engine.has_module("mission") and self.engine.module("mission").over)

    def on_event(self, event: Event) -> None:
        self.record.hear(event, self.engine.emitted)
        adds = self.reports.adds(event)
        if event.name == "mission_end":
            self.ended = True
            self.set_mode("pause", "mission_end")
            return
        if self.over:
            return
        if event.feed is not None and not adds and self.mode not in ("real_time", "pause"):
            self.set_mode("real_time", "feed")

    def status(self) -> dict[str, Any]:
        return {"mode": self.mode, "factor": self.factor}

    state_shape = Obj(mode=Text(MODES), optional={
        "feed": RECORD_SHAPE, "reports": Map(List(Num(), size=2), keys=Text(max_len=64), most=16)})

    def to_state(self) -> dict[str, Any]:
        # the record and the reports are left out while empty: a save from before them loads and gives back the same
        reports = self.reports.to_state()
        return {"mode": self.mode, **({"feed": self.record.to_state()} if len(self.record) else {}),
                **({"reports": reports} if reports else {})}

    def load_state(self, state: Mapping[str, Any]) -> None:
        if state["mode"] not in MODES:
            raise ValueError(f"unknown time compression {state['mode']!r}")
        self.mode = state["mode"]
        self.record.load_state(state.get("feed"))
        self.reports.load_state(state.get("reports"))
