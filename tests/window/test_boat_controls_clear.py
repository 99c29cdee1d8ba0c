"""The console's fingers and eyes ("text readable from 1 m") on the boat screen: the lines under
the Mobilize and Undo buttons (speed, course and depth; the square by dead reckoning; what Undo
would take back) stay inside the box above the boat, in English, German and Russian, on the 7"
screen and on a large one. The "Undo: ..." line once ran 11 px down into the hull, over the
section names ("3 Control", "4 Crew") and under the hull's outline."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_, convoy_in_sight, texts_drawn_by
from window.test_screens_render import LANGUAGES


def controls_texts(table: Table_) -> list[tuple[Any, str]]:
    """(box, words) of each text the boat screen draws beside the boat (its `_controls`)."""
    table.window.show("boat")
    return texts_drawn_by(table, table.window.screens["boat"], "_controls")


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_10_the_lines_beside_the_boat_stay_clear_of_the_hull(language: str, size: tuple[int, int]) -> None:
    """§6.14 undo: with the lookouts' order to take back, the three lines stand in their box."""
    table = convoy_in_sight()
    table.runtime.language = language
    table.window = type(table.window)(table.runtime, size=size, clock=table.clock)
    table.window.guard = False
    table.surface = type(table.surface)(size)
    assert table.game.module("crew").status().get("undo"), "the lookouts' order can be taken back"
    drawn = controls_texts(table)
    plan = table.window.screens["boat"].plan  # type: ignore[attr-defined]
    assert len(drawn) >= 5  # Mobilize, Undo, the boat's line, its square, what Undo takes back
    outside = [(words, tuple(box)) for box, words in drawn if not plan.controls.contains(box)]
    assert not outside, f"{language} at {size}: beyond {tuple(plan.controls)}: {outside}"
    for box, words in drawn:
        for number, section in plan.sections.items():
            assert not box.colliderect(section), (language, size, words, number)
    buttons = [table.window.targets.get(name) for name in ("mobilize", "undo")]
    assert all(b is not None and min(b.rect.size) >= 47 * min(size[0] / 800, size[1] / 480) - 1 for b in buttons)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_6_4_two_moves_without_a_mobilize_read_whole_above_their_buttons(language: str, size: tuple[int, int]) -> None:
    """§6.4 two figures moved on the model without a Mobilize: the first move's warning, "+1 more",
    and the buttons to pay a Mobilize or put it back, none over another ("+1 more" once sat half
    under the buttons)."""
    table = Table_(mission="exercise_convoy_battle", language=language, size=size)
    for figure, section in (("navigator-square", 8), ("engineer-square", 5)):
        table.runtime.table.actuate({"do": "place", "figure": figure, "section": section})
    table.runtime.step()
    assert len(table.game.module("crew").status()["unsettled"]) == 2
    table.window.cut.clear()
    drawn = controls_texts(table)
    more = table.window.tr(Msg("+{n} more", n=1))
    assert more in [words for _, words in drawn]
    buttons = [table.window.targets.get(name).rect for name in ("move_fix.mobilize", "move_fix.put_back")]
    for box, words in drawn:
        for button in buttons:
            assert not box.colliderect(button) or button.contains(box), (language, size, words, button)
    warnings = {words for _, words in drawn if "→" in words}
    assert not warnings & set(table.window.cut), table.window.cut


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_14_what_undo_takes_back_reads_whole(language: str) -> None:
    """§6.14 undo: the line under the buttons names the order Undo would take back, whole (squeezed a
    little at most, never cut with an ellipsis) on the 7" screen. The Russian name of "Flood tubes"
    is the longest ("Заполнение торпедного аппарата водой"); with the word "приказ" before it the
    line ran about 50 px beyond its box and ended in "аппарата …"."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.runtime.submit({"do": "order", "order": "flood_tubes", "tubes": [1, 2]})
    table.runtime.step()
    undo = table.game.module("crew").status().get("undo")
    assert undo is not None and "Flood tubes" in undo
    table.window.cut.clear()
    drawn = [words for _, words in controls_texts(table)]
    line = table.window.tr(Msg("Undo: {what}", what=undo))
    assert line in drawn
    assert not table.window.cut, table.window.cut
