"""The console's first-person views, the 88 mm sight: its range marks are true. Each mark is labelled
with its range and unit and sits where the waterline of a ship at that range is seen (the drop
below the horizon of the layer's eye height over the range), the same rule that places the ships
drawn in the sight. The marks were once "10 20 30 40" every 14 px below the horizon: no unit, and
a ship on the "20" mark was about 270 m off, not 2,000 m."""

from __future__ import annotations

import math
from typing import Any

import pytest
from kaleun.core.messages import Msg
from kaleun.ui import widgets
from kaleun.ui.screens.scope import GUN_MARKS_M, OPTICS, waterline_y

from window.fingers import Table_
from window.test_screens_render import LANGUAGES


def gun_sight(language: str, size: tuple[int, int]) -> Table_:
    table = Table_(language=language, size=size)
    table.tap("tab.scope")
    table.tap("optic.gun_sight")
    return table


def texts_with_places(table: Table_, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    drawn: list[tuple[str, Any]] = []
    text = widgets.Canvas.text

    def recorded(self: widgets.Canvas, words: Any, pos: tuple[int, int], *args: Any, **kw: Any) -> Any:
        box = text(self, words, pos, *args, **kw)
        drawn.append((self.tr(words), box))
        return box

    with monkeypatch.context() as m:
        m.setattr(widgets.Canvas, "text", recorded)
        table.render()
    return drawn


def test_8_a_mark_is_where_a_waterline_at_its_range_is_seen() -> None:
    eye = OPTICS["gun_sight"].eye_m
    for range_m in GUN_MARKS_M:
        drop = waterline_y(100, 40.0, eye, range_m) - 100
        assert abs(drop - 40.0 * math.degrees(eye / range_m)) < 1
    assert [waterline_y(100, 40.0, eye, r) for r in sorted(GUN_MARKS_M)] == sorted(
        (waterline_y(100, 40.0, eye, r) for r in GUN_MARKS_M), reverse=True)  # nearer: lower


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_8_the_gun_sights_marks_say_their_range_with_its_unit(language: str, size: tuple[int, int],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    table = gun_sight(language, size)
    scope: Any = table.window.screens["scope"]
    drawn = texts_with_places(table, monkeypatch)
    said = [words for words, _ in drawn]
    assert not {"10", "20", "30", "40"} & set(said), said
    px_per_deg, horizon = scope.sight_scale
    labels = []
    for range_m in GUN_MARKS_M:
        label = table.window.tr(Msg("{m} m", m=range_m))
        boxes = [box for words, box in drawn if words == label]
        assert len(boxes) == 1, (label, said)
        y = waterline_y(horizon, px_per_deg, OPTICS["gun_sight"].eye_m, range_m)
        assert abs(boxes[0].centery - y) <= 1, (label, boxes[0], y)
        labels.append(boxes[0])
    for i, a in enumerate(labels):  # readable: no label over another
        for b in labels[i + 1:]:
            assert a.clip(b).h <= 6, (a, b)
