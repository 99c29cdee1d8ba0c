"""Shared tools of the sea's tests: games with extra modules, scripts run in-process."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.engine import Engine, Module
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot import game as uboot_game
from kaleun.uboot.game import new_game

SCRIPTS = Path(__file__).parent / "scripts"


class FakeCrew(Module):
    """Stands in for the crew engine's `crew` module: a fixed number of lookouts."""

    name = "crew"

    def __init__(self, lookouts: int) -> None:
        self.n = lookouts

    def lookouts(self) -> int:
        return self.n


def game_with(mission: str = "training", replace: Iterable[Module] = (), seed: int = 0,
              overrides: dict[str, Any] | None = None) -> Engine:
    """A game like `new_game` builds, with mission fields changed for the test and modules
    replaced by stand-ins of the same name."""
    spec = uboot_game.mission_spec(mission, overrides)
    stand_ins = {m.name: m for m in replace}
    modules = [stand_ins.pop(m.name, m) for m in uboot_game.build_modules(mission, spec)]
    assert not stand_ins, f"no module to replace: {sorted(stand_ins)}"
    return new_game(seed, mission, overrides, modules=modules)


def break_down(game: Engine, component: str, severity: str = "major_failure") -> list[Any]:
    """A technical condition on a component, as the sea's damage or a script would place it."""
    return game.apply({"do": "damage", "kind": "technical", "component": component, "severity": severity})


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
