"""Fingers: every touch target at least 9 mm (47 px at 800x480) on the 7" panel. The engine telegraph is
one target of five rows, so the check of each target's size did not see that its rows stood 43-44 px apart
(8.6 mm): a finger meant for half ahead gave slow ahead. Each row is a fingertip high now, in every language and
at a larger window's scale, and a touch in each row's middle sets that position on the table's telegraph."""

from __future__ import annotations

import pytest
from kaleun.i18n import LANGUAGES
from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui.theme import MIN_TARGET

from window.fingers import Table_


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_10_each_telegraph_position_is_a_fingertip_high_and_answers_its_touch(language: str,
                                                                             size: tuple[int, int]) -> None:
    table = Table_(language=language, size=size)
    table.window.dismiss_alarms()
    table.tap("tab.helm")
    table.render()
    helm = table.window.screens["helm"]
    scale = table.window.layout.scale
    assert helm.telegraph is not None
    rows = [helm.telegraph.row(i) for i in range(len(TELEGRAPH))]
    assert min(r.h for r in rows) >= int(MIN_TARGET * scale), [r.h for r in rows]
    for index in (3, 0, 4, 1, 2):  # each position once, none the one set before
        table.tap("telegraph", at=rows[index].center)
        table.runtime.step()
        table.render()
        assert table.runtime.table.telegraph == index, (language, TELEGRAPH[index])
