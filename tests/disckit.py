"""A stand-in for the game's side of the attack disc (tests only).

The `attack_disc` command belongs to the game's weapons module, whose event carries the whole
disc. These tests are about the table's side (dials, encoders, homing: which rings a turn
sends), so a module that records each command as it came, as a `disc_set` event, stands in for
the weapons module; `tests/foundation/test_attack_disc.py` also runs the worked example through
the real one.
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
        # a ring given as null is cleared (the table lost its reading), as the weapons module does
        fields = {key: None if args.any(key) is None else args.int(key, lo=0, hi=359) for key in FIELDS
                  if args.has(key)}
        via = args.str("via", "script")
        args.finish()
        self.emit("disc_set", via=via, **fields)


def disc_game(seed: int = 0, mission: str = "training") -> Engine:
    """A new game with the stand-in in place of the weapons module."""
    spec = mission_spec(mission)
    modules = [m for m in build_modules(mission, spec) if m.name != "weapons"]
    return new_game(seed, mission, modules=[*modules, DiscStandIn()])


def disc_sets(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The `disc_set` events of an event log, without their header (but with `t`)."""
    return [{k: v for k, v in e.items() if k not in ("clock", "event")} for e in events if e["event"] == "disc_set"]
