"""The attack disc (rulebook §9.2.1): own course on the green ring, enemy course on the black ring,
the enemy's bearing from the bow on the top pointer. The rulebook's worked example: the boat on
course 290, a contact bearing 40° (ahead and to starboard), range 4 nm, on course 070."""

from __future__ import annotations

import pytest
from kaleun.core.errors import CommandError
from weaponskit import do, one, order, range_game, refused


def test_9_2_1_the_worked_example_on_the_disc():
    g = range_game(course=290)
    disc = one(do(g, {"do": "attack_disc", "own_course": 290, "bearing": 40, "enemy_course": 70}), "attack_disc")
    # the enemy lies at 290 + 40 = 330 true; seen from its bow (070) the boat lies 80° to starboard
    assert (disc["true_bearing"], disc["aob"]) == (330, 80)


def test_9_2_1_the_tdc_takes_the_disc_as_the_navigator_set_it():
    g = range_game(course=290)
    do(g, {"do": "attack_disc", "own_course": 290, "bearing": 40, "enemy_course": 70, "via": "disc"})
    from_disc = one(order(g, "tdc", source="disc", range_nm=4, speed_kn=7), "tdc_programmed")
    by_hand = one(order(g, "tdc", bearing=40, range_nm=4, course=70, speed_kn=7), "tdc_programmed")
    assert from_disc["bow"] == by_hand["bow"] and from_disc["source"] == "disc"
    assert from_disc["bow"]["bearing"] == pytest.approx(330) and from_disc["bow"]["aob"] == pytest.approx(80)


def test_9_2_1_a_disc_set_with_the_wrong_own_course_misleads_the_tdc():
    """The rings are read relative to each other: an own course set 10° off turns the enemy's course
    by 10° in the TDC."""
    g = range_game(course=290)
    do(g, {"do": "attack_disc", "own_course": 280, "bearing": 40, "enemy_course": 70})
    assert one(order(g, "tdc", source="disc", range_nm=4, speed_kn=7), "tdc_programmed")["course"] == 80


def test_the_tdc_refuses_a_disc_not_fully_set():
    g = range_game()
    do(g, {"do": "attack_disc", "bearing": 40})
    assert refused(order(g, "tdc", source="disc", range_nm=2, speed_kn=7)) == (
        "the attack disc is not set: set the own course ring and enemy course ring")


def test_the_disc_command_checks_its_rings():
    g = range_game()
    with pytest.raises(CommandError):
        g.apply({"do": "attack_disc", "bearing": 400})
    with pytest.raises(CommandError):
        g.apply({"do": "attack_disc"})
