"""Games played through table scripts, every event kept, for rendering their feeds in each language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kaleun.boards.loader import default_board
from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.runtime.script import ScriptRun
from kit import Keeper

TESTS = Path(__file__).resolve().parent.parent

#: (script, mission) of the U-BOOT table scripts the tests run
UBOOT_SCRIPTS = [
    ("weapons/scripts/night_attack.jsonl", "exercise_convoy_battle"),
    ("crew/scripts/two_watches.jsonl", "training"),
    ("sea/scripts/convoy_lookouts.jsonl", "exercise_convoy"),
    ("sea/scripts/dive_battery.jsonl", "training"),
    ("sea/scripts/escort_hunt.jsonl", "exercise_escort"),
    ("sea/scripts/grounding.jsonl", "exercise_shoal"),
    ("sea/scripts/sextant.jsonl", "training"),
]


def play_uboot(script: str, mission: str, seed: int = 0) -> list[Event]:
    from kaleun.uboot.game import new_game

    keeper = Keeper()
    ScriptRun(new_game(seed, mission), default_board(), keeper).run(TESTS / script)
    return keeper.events


def play_sonar() -> list[Event]:
    """The Captain Sonar worked example (real time, scenario Alpha)."""
    from kaleun.games import make_table
    from kaleun.sonar.game import new_game

    game = new_game(0, scenario_id="alpha", mode="realtime")
    keeper = Keeper()
    ScriptRun(game, None, keeper, table=make_table(game, None)).run(TESTS / "sonar/scripts/worked_example.jsonl")
    return keeper.events


def messages(events: list[Event]) -> list[Msg]:
    """Every sentence of the events: their feeds and the messages among their values (reasons, causes)."""
    out: list[Msg] = []

    def walk(value: Any) -> None:
        if isinstance(value, Msg):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)

    for event in events:
        walk(event.feed)
        walk(event.data)
    return out
