"""One place to extend: a game is one `GameEntry` in `GAMES` (kaleun/games.py). `kaleun run --game`
takes it, builds it from the options, drives it through its table, saves it and loads the save again
through its module, and a session names the options that replay it, with nothing else edited; its
entry's front end (kaleun/fronts/) adds its own options to `kaleun play` and `kaleun run` and opens its
table for `kaleun play`, with kaleun/cli.py unchanged.
(host/README.md, "Extending Kaleun", a game.)"""

from __future__ import annotations

import argparse
import dataclasses
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
from kaleun.fronts import Front, Opening
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


# -- its front end: options of its own, and the table `kaleun play` opens (kaleun/fronts/) ----------
class DrillFront(Front):
    """The drill's front end: `--rounds` on `kaleun play` and `kaleun run`, and a table that only notes
    what it was opened on."""

    options = ("rounds",)

    def __init__(self) -> None:
        self.opened: list[tuple[str, int, str, bool]] = []

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        if command in ("play", "run"):
            parser.add_argument("--rounds", type=int, default=None, metavar="N",
                                help="Damage Drill: rounds of the drill (default: 3)")

    def play(self, game: Engine, board: Any, args: argparse.Namespace, opening: Opening) -> int:
        self.opened.append((game.game, game.config["rounds"], opening.language, opening.resume))
        return 0


@pytest.fixture
def drill_front(drill, monkeypatch: pytest.MonkeyPatch) -> DrillFront:
    front = DrillFront()
    entry = dataclasses.replace(drill, front=front, new=lambda options, seed: _drill(seed, options.rounds or 3))
    monkeypatch.setitem(games.GAMES, "drill", entry)
    return front


def test_a_new_games_own_options_are_in_kaleun_play_help(drill_front, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "--game", "drill", "--help"])
    assert done.value.code == 0
    help_text = capsys.readouterr().out
    assert "--rounds N" in help_text and "Damage Drill: rounds of the drill (default: 3)" in help_text
    assert "--scenario ID" in help_text and "missions (--mission ID):" in help_text  # the other games' as before


def test_kaleun_play_reaches_a_new_games_front_end_with_its_options(home, drill_front):
    assert cli.main(["play", "--game", "drill", "--rounds", "5", "--seed", "4", "--console"]) == 0
    assert drill_front.opened == [("drill", 5, "en", False)]


def test_a_new_games_options_are_refused_for_another_game_and_with_a_save(home: Path, drill_front, capsys):
    assert cli.main(["play", "--rounds", "5", "--console"]) == 2
    assert capsys.readouterr().err.strip() == "kaleun: --rounds is for --game drill"
    script, events, save = home / "s.jsonl", home / "e.jsonl", home / "save.json"
    script.write_text('{"t": 60, "do": "end"}\n', encoding="utf-8")
    run = ["run", "--script", str(script), "--events", str(events)]
    assert cli.main([*run, "--game", "drill", "--rounds", "2", "--save", str(save)]) == 0
    assert json.loads(save.read_text(encoding="utf-8"))["config"] == {"rounds": 2}
    capsys.readouterr()
    assert cli.main([*run, "--load", str(save), "--rounds", "4"]) == 2
    assert "come from the save when --load is given" in capsys.readouterr().err
    assert drill_front.opened == []


def test_a_new_game_without_a_front_end_is_refused_by_kaleun_play(home, drill, capsys):
    assert cli.main(["play", "--game", "drill", "--console"]) == 2
    assert capsys.readouterr().err.strip() == (
        "kaleun: Damage Drill has no table to play at yet; kaleun run plays its table scripts")
