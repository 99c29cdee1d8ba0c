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
from faultkit import damage, played
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
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError, match=r"damaged at modules\.mission\.objectives\[0\]\.spec"):
        open_save(path)
    assert path.read_bytes() == before


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
        before = path.read_bytes()
        try:
            opened = open_save(path)
        except SaveError:
            assert path.read_bytes() == before, what
            outcomes["refused"] += 1
            continue
        except Exception as exc:  # the failure this test exists for
            raise AssertionError(f"damaged save #{number} ({what}) crashed the resume: {exc!r}") from exc
        try:
            runs_on(opened.engine, random.Random(number))
        except Exception as exc:
            raise AssertionError(f"damaged save #{number} ({what}) loaded, then failed: {exc!r}") from exc
        save_game(opened.engine, tmp_path / "again.json")
        open_save(tmp_path / "again.json")
        outcomes["ran on"] += 1
    print(f"\n{SAVES} damaged saves of {len(bases)} missions with HQ: {dict(outcomes)}")
    assert outcomes["refused"] + outcomes["ran on"] == SAVES and outcomes["refused"] > SAVES / 2
