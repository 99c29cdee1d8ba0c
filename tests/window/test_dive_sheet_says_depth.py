"""The Dive sheet (rulebook §8 diving: a dive takes the boat to periscope depth; a new depth order takes it
deeper) says where the dive ends and that an escort can still ram the boat there. Before, it said only
"This order has nothing to choose": a crew diving away from a charging sloop stayed at 10 m and was
rammed (sensors.toml ram_depth_m), with nothing on the screen telling them to order a depth as well."""

from __future__ import annotations

import pytest

from window.fingers import Table_, shown


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_the_dive_sheet_says_it_stops_at_periscope_depth_and_what_to_order_next(language: str) -> None:
    table = Table_(mission="sc_convoy_1940", seed=7, language=language)
    table.tap("tab.helm")
    table.tap("order.dive")
    note = table.window.overlay.form.note
    assert note is not None and "periscope depth (10 m)" in str(note) and "new depth" in str(note)
    words = table.window.tr(note)
    said = " ".join(" ".join(shown(table)).split())
    assert " ".join(words.split()[:5]) in said and " ".join(words.split()[-4:]) in said
