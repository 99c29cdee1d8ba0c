"""Building and loading a U-BOOT game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.clock import GameClock
from kaleun.core.engine import Engine, check_state_header
from kaleun.core.errors import CommandError, SaveError
from kaleun.uboot import data
from kaleun.uboot.boat import Boat
from kaleun.uboot.compression import Compression
from kaleun.uboot.crew.module import Crew
from kaleun.uboot.crew.technical import Technical
from kaleun.uboot.figures import Figures
from kaleun.uboot.mission import Mission
from kaleun.uboot.orders import OrderDesk
from kaleun.uboot.table_link import TableLink
from kaleun.uboot.watch import Watch

GAME_ID = "uboot"
MISSIONS: Mapping[str, Any] = data.load("missions")


def new_game(seed: int = 0, mission: str = "training") -> Engine:
    """A fresh game of the given mission. Raises CommandError for an unknown mission."""
    if mission not in MISSIONS:
        raise CommandError(f"unknown mission '{mission}' (known: {', '.join(sorted(MISSIONS))})")
    spec = MISSIONS[mission]
    clock = GameClock(GameClock.parse(spec["start"]))
    modules = [
        Mission(mission),
        OrderDesk(),
        Boat(surfaced=bool(spec.get("surfaced", True)), telegraph=spec.get("telegraph", "stop")),
        Figures(),
        Watch(),
        Compression(),
        TableLink(),
        # the crew engine: crew rules "enforce" unless the mission says "advise"; random wear on/off
        Technical(wear=bool(spec.get("wear", True))),
        Crew(rules=spec.get("crew_rules", "enforce")),
    ]
    engine = Engine(GAME_ID, seed, clock, modules, config={"mission": mission})
    engine.emit("mission_start", feed=f"{spec['name']}: the boat is in square {spec['square']}.",
                mission=mission, square=spec["square"], seed=seed)
    return engine


def load_game(state: Mapping[str, Any]) -> Engine:
    """Rebuild a game from `Engine.to_state()`. Raises SaveError with the reason."""
    check_state_header(state)
    if state.get("game") != GAME_ID:
        raise SaveError(f"this save belongs to the game {state.get('game')!r}, not {GAME_ID!r}")
    try:
        seed = state["seed"]
        mission = state["config"]["mission"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed {seed!r} is not a whole number")
        engine = new_game(seed, mission)
    except (KeyError, TypeError, ValueError, OverflowError, CommandError) as exc:
        raise SaveError(f"the save's game settings are damaged ({exc})") from exc
    engine.take_events()  # a loaded game does not start again
    engine.load_state(state)
    return engine
