"""The window's set-up lists a group's own missions with the shipped ones (host/README.md, "A group's own
missions"; rulebook §4.1): chosen by touch, the game is built from the group's file and keeps its fields."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from kaleun.own_missions import load_own_missions
from missions.test_own_missions import WOLF_WATCH

from window.fingers import choose_mission
from window.test_setup_screen import set_up_window


@pytest.fixture
def own_folder(home: Path) -> Iterator[Path]:
    folder = home / "missions"
    folder.mkdir()
    yield folder
    shutil.rmtree(folder)
    load_own_missions()  # the program reads its folder again: no own missions for the tests after this one


def test_4_1_the_window_sets_up_a_groups_own_mission(own_folder) -> None:
    (own_folder / "wolf_watch.toml").write_text(WOLF_WATCH, encoding="utf-8")
    load_own_missions()  # as the program's start does
    table, made = set_up_window()
    choose_mission(table, "wolf_watch")  # listed among the shipped missions, on whichever page it falls
    table.tap("setup.next")
    table.tap("setup.start")
    assert len(made) == 1
    game = table.window.game
    assert game.config["mission"] == "wolf_watch"
    assert game.config["own_mission"]["fields"]["name"] == "Wolf watch"
    assert [e["mission"] for e in made[0][1] if e["event"] == "mission_start"] == ["wolf_watch"]
