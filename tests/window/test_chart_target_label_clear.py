"""The strategic map: squares named, the mission's target area: the "target area" label under the area
was drawn over the name of the square beneath it; with the boat in that square (aircrew_1942, stopped by the
ditching point) the square's name was pushed under the label by the boat's mark and neither read. A square's name
now goes where it is clear of the mark and of the label."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.game import new_game
from kaleun.uboot.sea.grid import naval_grid

from window.fingers import Table_, drawn_with_rects


#: the boat in BE36 near its top edge, the ditching point a few miles west-south-west (where a crew stopped by the
#: drifting dinghy has it): the mark pushes the name down, onto the label; and the boat by the point itself
@pytest.mark.parametrize("position", [[49.67, -12.0], [49.65, -12.05], [49.69, -11.95], [49.52, -12.48]])
@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_7_no_square_name_under_the_target_area_label(code: str, position: list[float]) -> None:
    game = new_game(0, "aircrew_1942", {"position": position, "square": naval_grid().name_at(*position)})
    table = Table_(game=game, language=code)
    table.window.dismiss_alarms()
    table.tap("tab.map")
    drawn = drawn_with_rects(table)
    label = table.window.tr(Msg("target area"))
    tags = [rect for words, rect in drawn if words == label]
    assert tags, drawn  # the area is in view, with its label
    names = [(words, rect) for words, rect in drawn if len(words) == 4 and words[:2].isalpha() and words[2:].isdigit()]
    assert names
    under = [words for words, rect in names if any(rect.inflate(0, -4).colliderect(tag.inflate(0, -4)) for tag in tags)]
    assert not under, under
