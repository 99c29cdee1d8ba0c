"""A stand-in for the game's side of the attack disc (tests only).

The `attack_disc` command belongs to the game's weapons module; these tests are about the
table's side (dials, encoders, homing), so a module that records each command as a
`disc_set` event stands in for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Engine, Handler, Module
from kaleun.uboot.game import build_modules, mission_spec, new_game

FIELDS = ("own_course", "enemy_course", "bearing")


class DiscStandIn(Module):
    name = "disc_stand_in"

    def commands(self) -> Mapping[str, Handler]:
        return {"attack_disc": self._disc}

    def _disc(self, args: Args) -> None:
        fields = {key: args.int(key, lo=0, hi=359) for key in FIELDS if args.has(key)}
        via = args.str("via", "script")
        args.finish()
        self.emit("disc_set", via=via, **fields)


def disc_game(seed: int = 0, mission: str = "training") -> Engine:
    """A new game with the stand-in among its modules."""
    spec = mission_spec(mission)
    return new_game(seed, mission, modules=[*build_modules(mission, spec), DiscStandIn()])


def disc_sets(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The `disc_set` events of an event log, without their header (but with `t`)."""
    return [{k: v for k, v in e.items() if k not in ("clock", "event")} for e in events if e["event"] == "disc_set"]
