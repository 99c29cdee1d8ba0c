"""§12 the attack disc and §7 the course, dialled by finger: a ring of degrees on an order sheet reaches any reading
in a few touches, not by two dozen taps of ten. With steps of 1 and 10 alone, the enemy-course ring from 000 to
the opposite course took 18 touches and a reading such as 185 took 23; a quarter turn either way (±90) brings every
reading within 12 touches. Each step stays a button a fingertip can hit (9 mm) and lies beside the reading, clear
of the order assistant, at 800x480."""

from __future__ import annotations

import itertools
import re
from collections import deque

import pytest
from kaleun.ui.theme import MIN_TARGET

from window.fingers import Remembering, Table_

#: the most touches any reading of a ring may take from any other (our choice: a quarter, two tens, five ones)
MOST_TOUCHES = 12

RINGS = (("attack_disc", "enemy_course"), ("attack_disc", "bearing"), ("attack_disc", "own_course"),
         ("new_course", "course"))


def steps_on_screen(table: Table_, key: str) -> list[int]:
    """The steps the sheet offers for the field `key`, read from its buttons (field.KEY.+10 ...)."""
    table.render()
    found = [re.fullmatch(rf"field\.{key}\.([+-]\d+)", t.id) for t in table.window.targets.items]
    return sorted(int(m.group(1)) for m in found if m)


def fewest_touches(steps: list[int]) -> dict[int, int]:
    """The fewest touches from 000 to every reading of a 360-degree ring turned by `steps`."""
    touches = {0: 0}
    todo = deque([0])
    while todo:
        at = todo.popleft()
        for by in steps:
            nxt = (at + by) % 360
            if nxt not in touches:
                touches[nxt] = touches[at] + 1
                todo.append(nxt)
    return touches


@pytest.mark.parametrize(("form", "key"), RINGS)
def test_12_every_reading_of_a_ring_is_a_few_touches_away(form: str, key: str) -> None:
    table = Table_(mission="training", seed=0)
    table.window.open_form(form)
    steps = steps_on_screen(table, key)
    touches = fewest_touches(steps)
    assert len(touches) == 360, f"{key}: steps {steps} do not reach every degree"
    worst = max(touches, key=lambda reading: touches[reading])
    assert touches[worst] <= MOST_TOUCHES, f"{key}: {worst:03d} takes {touches[worst]} touches with steps {steps}"


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_12_the_rings_steps_are_finger_sized_and_beside_their_reading(language: str) -> None:
    table = Table_(mission="training", seed=0, language=language)
    win = table.window
    win.open_form("attack_disc")
    table.render()
    content = win.layout.content
    for key in ("own_course", "enemy_course", "bearing"):
        buttons = [t for t in win.targets.items if t.id.startswith(f"field.{key}.")]
        assert len(buttons) == 6, [t.id for t in buttons]
        for t in buttons:
            assert min(t.rect.size) >= MIN_TARGET, f"{t.id} is {t.rect.size}"
            assert content.contains(t.rect)
            under = win.targets.at(t.rect.center)
            assert under is not None and under.id == t.id, f"{t.id} is covered by {under and under.id}"
        row = sorted(buttons, key=lambda t: t.rect.x)
        assert [int(t.id.rsplit(".", 1)[1]) for t in row] == [-90, -10, -1, 1, 10, 90]  # the biggest outside
        assert all(a.rect.right <= b.rect.x for a, b in itertools.pairwise(row))


def test_12_the_worked_example_set_by_finger_reaches_the_game() -> None:
    """The rulebook's example (§12): own course 290, bearing 40, enemy course 70, set by touch from a disc that
    stood at own course 200, enemy course 250, bearing 220."""
    table = Remembering(mission="training", seed=0)
    table.runtime.submit({"do": "attack_disc", "own_course": 200, "enemy_course": 250, "bearing": 220})
    table.tap("tab.attack")
    table.tap("weapon.disc")
    sheet = table.window.overlay
    touched = 0
    for key, want in (("own_course", 290), ("enemy_course", 70), ("bearing", 40)):
        steps = steps_on_screen(table, key)
        while sheet.values[key] != want:  # the step that brings the ring nearest, the short way round
            now = sheet.values[key]
            by = min(steps, key=lambda b: abs(((want - (now + b)) + 180) % 360 - 180))
            table.tap(f"field.{key}.{by:+d}")
            touched += 1
            assert touched < 40
    table.tap("sheet.give")
    disc = table.game.module("weapons").status()["disc"]
    assert (disc["own_course"], disc["enemy_course"], disc["bearing"]) == (290, 70, 40)
    assert touched <= 3 * MOST_TOUCHES
