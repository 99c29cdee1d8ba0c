"""Rulebook §4.1 (the game ends) with §6.5 (reload torpedo) and §5.2 (linked missions): when a mission ends, no tube
work goes on. A tube still being loaded at the end stayed "loading" with nothing in its "ready in": the console's
weapons view and the window's attack screen after the debrief showed a reload that would neither finish nor say how
far it had come, and the next part of a linked patrol found the torpedo loaded without a word. Now the tube says its
loading is unfinished and what it still needed, the same in the console and the window and after a save; the next
part says the reload was done between the parts."""

from __future__ import annotations

import copy
import json

import pytest
from kaleun.saves import load_checked
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.carry import extract
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import console_typed
from missionkit import advance, game, one, order
from window.fingers import Table_, shown

#: the part's hour runs out five minutes before the reload of tube 1 (15 minutes) is done
QUIET = {"time_limit_h": 1, "encounter": [], "radio": []}


def ended_mid_reload(mode: str = "single"):
    setup = GameSetup(mission="sc_convoy_1940", seed=0, mode=mode)
    g = game("sc_convoy_1940", changes={**changes_for(setup), **QUIET})
    g.module("weapons").tubes[1].update({"state": "empty", "torpedo": None, "loaded_at": None, "until": None,
                                         "source": None})
    advance(g, 3000)
    assert one(order(g, "reload_torpedo", tube=1), "tube_loading")["ready_s"] == 900
    assert one(advance(g, 3700), "mission_end")["reason"] == "time_limit"
    return g


@pytest.mark.parametrize(("code", "says"), [("en", "unfinished, 5:00 left"), ("de", "unfertig, noch 5:00"),
                                            ("ru", "не закончено, осталось 5:00")])
def test_4_1_the_weapons_view_says_the_reload_is_unfinished_and_what_it_still_needed(code, says):
    g = ended_mid_reload()
    tube = g.module("weapons").status()["tubes"][0]
    assert (tube["state"], tube["ready_in_s"], tube["left_s"]) == ("loading", None, 300)
    lines = console_typed(code, "weapons", game=g).splitlines()
    assert any(line.split()[0] == "1" and line.rstrip().endswith(says) for line in lines if line.split()), lines


def test_4_1_an_unfinished_reload_is_kept_by_a_save():
    g = ended_mid_reload()
    state = json.loads(json.dumps(g.to_state()))
    back = load_checked(copy.deepcopy(state))
    assert back.module("weapons").status()["tubes"][0]["left_s"] == 300


@pytest.mark.parametrize(("code", "says"), [("en", "loading unfinished, 5:00 left"),
                                            ("de", "Laden unfertig, noch 5:00"), ("ru", "не дозаряжен, ещё 5:00")])
def test_4_1_the_attack_screen_says_the_reload_is_unfinished_whole(code, says):
    table = Table_(game=ended_mid_reload(), language=code)
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.window.cut.clear()
    said = " ".join(shown(table))
    assert says in said, said
    assert not table.window.cut, table.window.cut


def test_5_2_the_next_part_says_the_reload_left_unfinished_was_done_between_the_parts():
    g = ended_mid_reload("linked")
    carry = extract(g)
    assert carry["weapons"]["unfinished"] == [1]
    nxt = new_game(1, "weather_1940", {"carry": carry})
    said = one([e.to_json() for e in nxt.take_events()], "carried_over")["feed"]
    assert "Tube 1, still being loaded when the last part ended, is loaded now." in said, said
    assert nxt.module("weapons").tubes[1]["state"] == "loaded"


def test_5_2_a_part_that_ends_with_every_tube_loaded_says_nothing_of_reloads():
    g = game("sc_convoy_1940", changes=QUIET)
    advance(g, 3700)
    carry = extract(g)
    assert "unfinished" not in carry["weapons"]
    said = one([e.to_json() for e in new_game(1, "weather_1940", {"carry": carry}).take_events()], "carried_over")
    assert "still being loaded" not in said["feed"]


def test_4_1_a_tube_still_flooding_at_the_end_says_so_too():
    g = game("sc_convoy_1940", changes=QUIET)
    advance(g, 3590)
    assert one(order(g, "flood_tubes", tubes=[2]), "order_accepted")
    assert one(advance(g, 3700), "mission_end")
    tube = g.module("weapons").status()["tubes"][1]
    assert (tube["state"], tube["ready_in_s"], tube["left_s"]) == ("flooding", None, 20)
    table = Table_(game=g)
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    assert "flooding unfinished, 0:20 left" in " ".join(shown(table))
