"""§3 depth: the helm's depth gauge says its unit. Its scale read "0 50 100 ... 300" beside lines in
metres and a battery in per cent; the first mark now reads "0 m" (in the table's language)."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_, shown
from window.test_screens_render import LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_3_the_depth_gauges_scale_says_metres(language: str) -> None:
    table = Table_(language=language)
    table.tap("tab.helm")
    said = shown(table)
    assert table.window.tr(Msg("{m} m", m=0)) in said, said
    assert all(str(m) in said for m in range(50, 301, 50))


def test_2_the_gauge_shows_the_echo_sounders_bottom_and_the_ordered_depth() -> None:
    """The console's manoeuvring and instruments: the depth gauge with the ordered depth and the echo sounder's
    bottom. On the Dogger Bank (exercise_shoal, 20 m of water) the gauge is sea above the bottom and
    bottom below it, and says "bottom 20 m"; an ordered depth is a line in the accent colour there."""
    from kaleun.ui import theme

    table = Table_(mission="exercise_shoal")
    seabed = table.game.module("boat").status()["seabed_m"]
    assert 0 < seabed < 300
    table.tap("tab.helm")
    said = shown(table)
    assert f"bottom {round(seabed)} m" in said and "ordered 0 m" in said, said
    gauge = table.window.screens["helm"].gauge  # type: ignore[attr-defined]

    span = table.window.screens["helm"].span  # type: ignore[attr-defined]

    def colour_at(m: float) -> tuple[int, int, int]:
        y = gauge.y + round(m / span * gauge.h)
        return tuple(table.surface.get_at((gauge.x + gauge.w * 3 // 4, y))[:3])  # type: ignore[return-value]

    assert colour_at(seabed / 2) == theme.SEA
    below = {colour_at(seabed + 5), colour_at(span - 2)}
    assert theme.SEA not in below  # the sea ends at the bottom the echo sounder gives
    table.runtime.submit({"do": "order", "order": "dive"})
    table.runtime.submit({"do": "order", "order": "new_depth", "depth_m": 15})
    table.until(5)
    said = shown(table)
    assert "ordered 15 m" in said, said
    assert colour_at(15) == theme.ACCENT


def test_2_in_shallow_water_the_gauge_shows_the_water_there_is() -> None:
    """The depth gauge with the echo sounder's bottom: on the Dogger Bank (20 m of water) the
    0-300 m scale drew the boat at 10 m and the bottom at 20 m a few pixels apart, the rest of the gauge
    all seabed. In shallow water the gauge takes the shortest scale that shows the bottom with room
    under it (0-50 m, a mark each 10 m), and a touch on it asks for a depth on that scale."""
    table = Table_(mission="exercise_shoal")
    table.tap("tab.helm")
    said = shown(table)
    helm = table.window.screens["helm"]
    assert helm.span == 50  # type: ignore[attr-defined]
    assert all(str(m) in said for m in (10, 20, 30, 40, 50)) and "300" not in said, said
    gauge = table.target("depth_gauge").rect
    table.tap("depth_gauge", (gauge.centerx, gauge.y + round(15 / 50 * gauge.h)))
    assert table.window.overlay.values["depth_m"] == 15  # type: ignore[union-attr]


def test_2_in_open_water_the_gauge_reaches_past_crush_depth() -> None:
    table = Table_(mission="exercise_convoy")
    table.tap("tab.helm")
    table.render()
    assert table.window.screens["helm"].span == 300  # type: ignore[attr-defined]
