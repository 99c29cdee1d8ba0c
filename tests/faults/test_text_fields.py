"""Nothing lost, damaged saves, names that point nowhere: every `KALEUN_TEXT_FIELDS`-th text field of a played save
(a convoy battle, an escort hunt, a boat on its way home) given a plausible text that names nothing
(a base, a contact, a vessel, a sailor that does not exist) is refused by its place, or the game runs on
two hours, through commands and a watch change, and saves what loads again. (Found so: a passage home
to a base that does not exist loaded and stopped the game at its next steering.)"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from faultkit import _get, _paths, _set, played
from kaleun.core.errors import SaveError
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game

EVERY = int(os.environ.get("KALEUN_TEXT_FIELDS", "3"))
if str(Path(__file__).resolve().parents[1] / "crew") not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "crew"))


def _on_its_way_home():
    game = new_game(1, "patrol_atlantic")
    game.apply({"do": "return_to_base"})
    game.advance_to(game.t + 600)
    return game


@pytest.mark.slow
def test_every_text_field_naming_nothing_is_refused_or_runs_on(tmp_path):
    from random_table import step

    outcomes: Counter[str] = Counter()
    path = tmp_path / "autosave.json"
    for name, game in (("home", _on_its_way_home()), ("convoy", played("exercise_convoy_battle", 1)),
                       ("escort", played("exercise_escort", 2))):
        state = game.to_state()
        text = json.dumps(state)
        fields = [p for p in _paths(state) if p and p[0] != "rng" and isinstance(_get(state, p), str)][::EVERY]
        for number, where in enumerate(fields):
            new = ("nowhere", "v99", "c99")[number % 3]
            damaged = json.loads(text)
            _set(damaged, where, new)
            path.write_text(json.dumps(damaged))
            place = f"{name}: {'.'.join(map(str, where))} = {new!r}"
            try:
                opened = open_save(path)
            except SaveError:
                outcomes["refused"] += 1
                continue
            try:
                resumed, rng = opened.engine, random.Random(number)
                for _ in range(8):
                    step(rng, resumed)
                resumed.advance_to(resumed.t + 2 * 3600)
                resumed.apply({"do": "report"})
                save_game(resumed, tmp_path / "again.json")
                open_save(tmp_path / "again.json")
            except Exception as exc:
                raise AssertionError(f"{place} loaded, then failed: {exc!r}") from exc
            outcomes["ran on"] += 1
    print(f"\ntext fields naming nothing, one in {EVERY}: {dict(outcomes)}")
    assert outcomes["refused"] and outcomes["ran on"]  # both ways out were taken: the damage reached the game
