"""Table commands whose fields hold values of another kind, nested where a word belongs (`"supplies":
[{}]` in a script line, a list of lists): each is refused with its reason (a script stops at
`file:line`) or applied, never an exception out of the rules, and the game then saves and loads.

The shipped scripts' mutations (`test_script_mutations.py`) change whole lines and values; these go
inside a command's lists, where a list of words met a list of tables and raised TypeError (unhashable
type) from the crew's corrections. Seeded; `KALEUN_COMMAND_MUTATIONS` sets how many games (default 150)."""

from __future__ import annotations

import copy
import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from faultkit import _paths, _set
from kaleun.core import jsonin
from kaleun.core.errors import CommandError
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import MISSIONS, new_game
from kit import run_kaleun, write_script

GAMES = int(os.environ.get("KALEUN_COMMAND_MUTATIONS", "150"))
ODD: list = [[{}], [[1]], [{"a": 1}], [None], [1e300], [True], "x" * 65, "x" * 2001, "", 1e300, -1e300, 2**63, [], {},
             [1] * 3000, 0.5, -1, "c1", True, None, ["x" * 2001], list(range(100))]
if str(Path(__file__).resolve().parents[1] / "crew") not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "crew"))


@pytest.mark.slow
@pytest.mark.parametrize("supplies", [[{}], [[1]], [["pills"]], [None], "pills"])
def test_a_script_line_with_a_list_where_a_word_belongs_stops_at_its_line(home, supplies):
    script = write_script(home / "s.jsonl", [{"t": 5, "do": "ailment", "figure": "officer-square", "exhaustion": 1,
                                              "supplies": supplies}])
    done = run_kaleun("run", "--script", str(script), "--events", "e.jsonl", home=home)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert f"{script}:1" in done.stderr and "supplies must be a list of" in done.stderr, done.stderr


def test_commands_with_values_of_another_kind_are_refused_or_applied_and_the_game_saves(tmp_path):
    from random_table import random_command, step

    rng = random.Random(55)
    outcomes: Counter[str] = Counter()
    for number in range(GAMES):
        mission = rng.choice(sorted(MISSIONS))
        game = new_game(number, mission)
        for _ in range(rng.randint(5, 30)):
            step(rng, game)
        for _ in range(rng.randint(1, 6)):
            command = random_command(rng, game)
            if command["do"] == "wait":
                continue
            keys = [key for key in command if key not in ("do", "order")]
            if keys:
                key = rng.choice(keys)
                where = rng.choice(_paths(command[key]))
                if where:
                    _set(command[key], where, copy.deepcopy(rng.choice(ODD)))
                else:
                    command[key] = copy.deepcopy(rng.choice(ODD))
            command = jsonin.loads(json.dumps(command))  # as a script line or the window reads it
            try:
                game.apply(command)
                outcomes["applied"] += 1
            except CommandError:
                outcomes["refused"] += 1
            except Exception as exc:  # the failure this test is about
                raise AssertionError(f"{mission}: {json.dumps(command)[:300]} raised {exc!r}") from exc
        game.advance(600)
        save_game(game, tmp_path / "autosave.json")
        open_save(tmp_path / "autosave.json")
    print(f"\n{GAMES} games given commands of odd values: {dict(outcomes)}")
    assert outcomes["refused"] > outcomes["applied"] / 10
