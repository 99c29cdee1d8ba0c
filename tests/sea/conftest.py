"""Shared tools of the sea's tests: games with extra modules, scripts run in-process."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.clock import GameClock
from kaleun.core.engine import Engine, Module
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot import game as uboot_game
from kaleun.uboot.game import new_game

SCRIPTS = Path(__file__).parent / "scripts"


class FakeTechnical(Module):
    """Stands in for the crew engine's `technical` module: components switched by the test."""

    name = "technical"

    def __init__(self) -> None:
        self.down: set[str] = set()
        self.worn: set[str] = set()

    def disabled(self, component: str) -> bool:
        return component in self.down

    def degraded(self, component: str) -> bool:
        return component in self.down or component in self.worn


class FakeCrew(Module):
    """Stands in for the crew engine's `crew` module: a fixed number of lookouts."""

    name = "crew"

    def __init__(self, lookouts: int) -> None:
        self.n = lookouts

    def lookouts(self) -> int:
        return self.n


def game_with(mission: str = "training", extra: Iterable[Module] = (), seed: int = 0,
              overrides: dict[str, Any] | None = None) -> Engine:
    """A game like `new_game` builds, with extra modules (fakes of the crew engine's) and
    mission fields changed for the test."""
    spec = {**uboot_game.MISSIONS[mission], **(overrides or {})}
    clock = GameClock(GameClock.parse(spec["start"]))
    modules = _rebuild(mission, spec) + list(extra)
    return Engine(uboot_game.GAME_ID, seed, clock, modules, config={"mission": mission})


def _rebuild(mission: str, spec: dict[str, Any]) -> list[Module]:
    from kaleun.uboot.boat import Boat
    from kaleun.uboot.compression import Compression
    from kaleun.uboot.figures import Figures
    from kaleun.uboot.mission import Mission
    from kaleun.uboot.orders import OrderDesk
    from kaleun.uboot.sea.navigation import Navigation
    from kaleun.uboot.sea.weather import Weather
    from kaleun.uboot.sea.world import Sea
    from kaleun.uboot.watch import Watch

    lat, lon = uboot_game.start_position(spec)
    return [Mission(mission), OrderDesk(),
            Boat(surfaced=bool(spec.get("surfaced", True)), telegraph=spec.get("telegraph", "stop"), lat=lat,
                 lon=lon, course=float(spec.get("course", 0))),
            Figures(), Watch(), Compression(), Navigation(),
            Weather(kind=spec.get("weather", "fair"), hold=bool(spec.get("weather_hold", False)),
                    utc_offset_h=spec.get("utc_offset_h")),
            Sea(spec)]


def order(engine: Engine, name: str, **params: Any) -> list[Any]:
    return engine.apply({"do": "order", "order": name, **params})


def names(events: Iterable[Any]) -> list[str]:
    return [e.name for e in events]


def run_script(name: str, mission: str, seed: int = 0, until: float | None = None) -> list[dict[str, Any]]:
    """Run tests/sea/scripts/<name> through the table-script runner; the events as dicts."""
    buf = io.StringIO()
    game = new_game(seed, mission)
    ScriptRun(game, default_board(), EventWriter(buf)).run(SCRIPTS / name, until=until)
    return [json.loads(line) for line in buf.getvalue().splitlines()]


@pytest.fixture
def training() -> Engine:
    game = new_game(0, "training")
    game.take_events()
    return game
