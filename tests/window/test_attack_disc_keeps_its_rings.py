"""§12 the attack disc: its rings stay where the crew set them. The disc's sheet opens on the rings
as they stand (the own-course ring on the boat's heading), so turning one ring leaves the others
alone. The sheet once opened with the enemy-course and bearing rings on 000: a new bearing dialled
in by touch put the enemy course back to 000 and the angle on the bow was wrong."""

from __future__ import annotations

from window.fingers import Table_


def test_12_turning_the_bearing_ring_leaves_the_enemy_course_ring() -> None:
    table = Table_(mission="training", seed=0)
    table.runtime.submit({"do": "attack_disc", "own_course": 0, "enemy_course": 140, "bearing": 30})
    table.tap("tab.attack")
    table.tap("weapon.disc")
    table.tap("field.bearing.+10")
    table.tap("sheet.give")
    disc = table.game.module("weapons").status()["disc"]
    assert (disc["own_course"], disc["enemy_course"], disc["bearing"]) == (0, 140, 40)


def test_12_an_unset_disc_opens_on_the_heading_and_zero() -> None:
    table = Table_(mission="training", seed=0)
    table.tap("tab.attack")
    table.tap("weapon.disc")
    table.tap("field.enemy_course.+10")
    table.tap("sheet.give")
    disc = table.game.module("weapons").status()["disc"]
    heading = int(table.game.module("boat").status()["course"])
    assert (disc["own_course"], disc["enemy_course"], disc["bearing"]) == (heading, 10, 0)
