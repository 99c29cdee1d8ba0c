"""Rulebook §5.2 (a linked patrol saved between evenings): a part saved one evening whose mission file an update
removed or renamed before the next is refused with that reason, in the table's language, and the save is kept as it
is; it is not called damaged, and no list of every mission id is printed."""

from __future__ import annotations

import json

import pytest
from kaleun.core.errors import SaveError
from kaleun.uboot.game import load_game, new_game
from kit import run_kaleun


def renamed(state: dict) -> dict:
    state["config"]["mission"] = "sc_convoy_1939"
    return state


def test_5_2_a_save_of_a_mission_gone_is_refused_by_its_reason():
    state = renamed(json.loads(json.dumps(new_game(3, "sc_convoy_1940").to_state())))
    with pytest.raises(SaveError) as err:
        load_game(state)
    assert str(err.value) == ("the save is a game of sc_convoy_1939, a mission this Kaleun does not have (its file was "
                              "removed or renamed, or a newer Kaleun wrote the save): resume it with the Kaleun that "
                              "has the mission")


def test_5_2_kaleun_resume_says_so_in_russian_and_keeps_the_save(home):
    save = home / "part1.json"
    save.write_text(json.dumps(renamed(new_game(3, "sc_convoy_1940").to_state())), encoding="utf-8")
    before = save.read_bytes()
    result = run_kaleun("resume", "--save", str(save), "--language", "ru", home=home)
    assert result.returncode != 0
    assert "sc_convoy_1939 — миссия, которой нет в этой версии Kaleun" in result.stderr, result.stderr
    assert "agents_1941" not in result.stderr and "повреждены" not in result.stderr
    assert save.read_bytes() == before
