"""One place to extend: a game is one `GameEntry` in `GAMES` (kaleun/games.py). `kaleun run --game`
takes it, builds it from the options, drives it through its table, saves it and loads the save again
through its module, and a session names the options that replay it, with nothing else edited.
(host/README.md, "Extending Kaleun", a game.)"""

from __future__ import annotations

import argparse
import json
import sys
import types
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from kaleun import cli, games
from kaleun.core.clock import GameClock
from kaleun.core.engine import Engine, check_state_header
from kaleun.runtime.bare_table import BareTable
from kaleun.saves import load_saved_game


def _drill(seed: int, rounds: int) -> Engine:
    return Engine("drill", seed, GameClock(datetime(1941, 6, 1, 4, 0)), [], config={"rounds": rounds})


def _load(state: Any) -> Engine:
    check_state_header(state, "drill")
    engine = _drill(state["seed"], state["config"]["rounds"])
    engine.load_state(state)
    return engine


DRILL = games.GameEntry(
    name="Damage Drill",
    module="drill_game",
    table=lambda game, board: BareTable(games.GAMES[game.game].name),
    replay=lambda game: f"--game drill --seed {game.seed}",
    new=lambda options, seed: _drill(seed, 3),
)


@pytest.fixture
def drill(monkeypatch: pytest.MonkeyPatch) -> games.GameEntry:
    module = types.ModuleType("drill_game")
    module.load_game = _load  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "drill_game", module)
    monkeypatch.setitem(games.GAMES, "drill", DRILL)
    return DRILL


def _game_option(parser: argparse.ArgumentParser, command: str) -> argparse.Action:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return next(a for a in sub.choices[command]._actions if "--game" in a.option_strings)


@pytest.mark.parametrize("command", ["run", "play"])
def test_the_game_option_offers_a_new_game_by_its_id_and_name(drill, command):
    option = _game_option(cli.build_parser(), command)
    assert option.choices is not None and "drill" in option.choices
    assert option.help == "the game: uboot (U-BOOT, the default), sonar (Captain Sonar) or drill (Damage Drill)"


def test_the_shipped_games_help_is_as_before():
    assert _game_option(cli.build_parser(), "run").help == (
        "the game: uboot (U-BOOT, the default) or sonar (Captain Sonar)")


def test_a_new_game_is_run_saved_loaded_and_replayed(tmp_path: Path, drill, capsys):
    script, events, save = tmp_path / "s.jsonl", tmp_path / "e.jsonl", tmp_path / "save.json"
    script.write_text('{"t": 5, "do": "press", "button": "pause"}\n', encoding="utf-8")
    code = cli.main(["run", "--game", "drill", "--seed", "7", "--script", str(script), "--events", str(events)])
    assert code != 0  # its table (no board: it needs none) refuses the hand, naming the game
    assert "the Damage Drill table has no figures, dials or buttons" in capsys.readouterr().err
    script.write_text('{"t": 60, "do": "end"}\n', encoding="utf-8")
    assert cli.main(["run", "--game", "drill", "--seed", "7", "--script", str(script), "--events", str(events),
                     "--save", str(save)]) == 0
    assert json.loads(save.read_text(encoding="utf-8"))["game"] == "drill"
    game = load_saved_game(save)  # through the entry's module
    assert (game.game, game.seed, game.config) == ("drill", 7, {"rounds": 3})
    assert games.replay_args(game) == "--game drill --seed 7"
    assert isinstance(games.make_table(game, None), BareTable)
    assert cli.main(["run", "--load", str(save), "--script", str(script), "--events", str(events)]) == 0
