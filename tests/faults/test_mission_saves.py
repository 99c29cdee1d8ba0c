"""Saves of the missions with HQ and objectives (a rendezvous by night, landing agents, a weather
station, a minefield, prize rules ...), damaged as the save fuzzer damages a save: each is refused
with its reason and kept as it is, or it loads into a game that runs on past its next watch change.

An objective's fields are kept in a save as its mission file gave them; a damaged save that lost
one its kind needs (a rendezvous's `radius_nm`, what is `sighted` there) loaded and then failed
with a KeyError once the boat came near: the fields are checked on load as a mission file is.
`KALEUN_FUZZ_MISSION_SAVES` sets how many damaged saves (default 300; figures with `pytest -s`)."""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from faultkit import damage, played, refused_and_kept, resumed_or_refused
from kaleun.core.errors import SaveError
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import MISSIONS, new_game

SAVES = int(os.environ.get("KALEUN_FUZZ_MISSION_SAVES", "300"))
#: the missions test_save_fuzzer.py damages; these are the others
FUZZED = ("training", "exercise_convoy_battle", "exercise_escort")
if str(Path(__file__).resolve().parents[1] / "crew") not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "crew"))


def runs_on(game, rng: random.Random) -> None:
    from random_table import step

    for _ in range(8):
        step(rng, game)
    game.advance_to(game.module("watch").next_change + 60)
    game.apply({"do": "report"})
    json.dumps(game.to_state(), allow_nan=False)


@pytest.mark.parametrize(("mission", "field"), [("aircrew_1942", "radius_nm"), ("agents_1941", "sighted.what"),
                                                ("weather_1940", "hours"), ("long_patrol_1941", "grt")])
def test_a_save_whose_objective_lost_a_field_its_kind_needs_is_refused_and_kept(tmp_path, mission, field):
    state = json.loads(json.dumps(new_game(1, mission).to_state()))
    spec = state["modules"]["mission"]["objectives"][0]["spec"]
    *parents, last = field.split(".")
    for part in parents:
        spec = spec[part]
    del spec[last]
    refused_and_kept(tmp_path / "autosave.json", state, r"damaged at modules\.mission\.objectives\[0\]\.spec")


@pytest.mark.slow
def test_every_damaged_mission_save_is_refused_and_kept_or_runs_on(tmp_path):
    rng = random.Random(21)
    bases = [json.dumps(played(mission, seed, 40).to_state()) for mission in sorted(MISSIONS) if mission not in FUZZED
             for seed in (2,)]
    path = tmp_path / "autosave.json"
    outcomes: Counter[str] = Counter()
    for number in range(SAVES):
        while True:
            try:
                text, what = damage(rng.choice(bases), rng)
                break
            except IndexError:  # a kind of damage this save has no place for
                continue
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        refused = resumed_or_refused(path, what, f"damaged save #{number}", runs_on, number, tmp_path / "again.json")
        outcomes["refused" if refused is not None else "ran on"] += 1
    print(f"\n{SAVES} damaged saves of {len(bases)} missions with HQ: {dict(outcomes)}")
    assert outcomes["refused"] + outcomes["ran on"] == SAVES and outcomes["refused"] > SAVES / 2


@pytest.mark.parametrize(("mission", "changes", "said"), [
    ("patrol_atlantic", {"summary": "x" * 2001}, "a text of at most 2000 characters"),
    ("weather_1940", {"objective": [{"id": "x" * 65, "kind": "return", "text": "Home."}]}, "at most 64 characters"),
    ("weather_1940", {"radio": [{"id": "r", "at_h": 1, "text": "x" * 2001}]}, r"at most 2,?000 characters"),
    # a start with a UTC offset passed, and the sea then raised TypeError comparing it with the game's clock
    ("training", {"start": "1941-06-01T04:00:00+05:00"}, "names a UTC offset"),
])
def test_mission_changes_a_save_cannot_hold_are_refused_before_the_game_starts(mission, changes, said):
    """`kaleun run --changes` with a text longer than a save keeps played and saved, and then every load of
    that save was refused (`the save is damaged at config.changes`): refused at the start instead."""
    from kaleun.core.errors import CommandError
    from kaleun.uboot.game import check_changes

    with pytest.raises(CommandError, match=said):
        check_changes(mission, changes)


def test_every_mission_change_accepted_at_the_start_gives_saves_that_load(tmp_path):
    """Random changes to the missions' fields (texts long and short, ids, numbers at their bounds): every set
    the start accepts builds a game whose save loads again."""
    from faultkit import _paths, _set
    from kaleun.core.errors import CommandError
    from kaleun.uboot.game import check_changes

    rng = random.Random(34)
    values = ["x" * 64, "x" * 65, "x" * 2000, "x" * 2001, "", "x", 0, -1, 1e308, 2**63, True, [], {}, [1, 2],
              {"a": 1}, 359.99, 89.99, "AE76", list(range(2000))]
    outcomes: Counter[str] = Counter()
    for number in range(300):
        mission = rng.choice(sorted(MISSIONS))
        key = rng.choice(sorted(MISSIONS[mission]))
        value = json.loads(json.dumps(MISSIONS[mission][key]))
        where = rng.choice(_paths(value))
        if where:
            _set(value, where, rng.choice(values))
        else:
            value = rng.choice(values)
        try:
            check_changes(mission, {key: value})
            game = new_game(number, mission, {key: value})
        except CommandError:
            outcomes["refused"] += 1
            continue
        game.advance(60)
        save_game(game, tmp_path / "autosave.json")
        try:
            open_save(tmp_path / "autosave.json")
        except SaveError as exc:  # the failure this test exists for
            raise AssertionError(f"{mission} with {key} changed at {where}: started, and its save is refused: "
                                 f"{exc}") from exc
        outcomes["saved and loaded"] += 1
    print(f"\n300 random mission changes: {dict(outcomes)}")
    assert outcomes["saved and loaded"] > 10
