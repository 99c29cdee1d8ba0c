"""§6 (the command and morale bars) in the console's languages: the top bar reads both bars whole on every
field, in English, German and Russian, at 800x480. Its date and watch took the room first: in Russian the morale bar
on VIII read "Боевой дух …", its numeral lost. The date and watch now give up a little of their width (squeezed, as a
label too wide for its place) before the bars do."""

from __future__ import annotations

import pytest
from kaleun.ui.frame import WATCH_WORDS, bar_reading

from window.fingers import Table_, shown


@pytest.mark.parametrize("mission", ["exercise_convoy", "exercise_convoy_battle"])  # 20 June, 11 September
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_6_the_top_bar_reads_both_bars_whole_on_every_field(language: str, mission: str) -> None:
    table = Table_(mission=mission, seed=0, language=language)
    window = table.window
    for _ in range(12):  # XI ... I and the blank field of the morale bar; VII ... blank of the command bar
        bars = table.game.module("crew").status()["bars"]
        readings = [window.tr(bar_reading(bar, bars[bar])) for bar in ("command", "morale")]
        window.cut.clear()
        said = shown(table)
        for reading in readings:
            assert reading in said and reading not in window.cut, (reading, window.cut.get(reading))
        scene = window.scene()
        for text in (scene.date, window.tr(WATCH_WORDS[scene.watch])):  # nor the date and watch beside them
            assert text in said and text not in window.cut, window.cut
        table.runtime.submit({"do": "adjust_morale", "by": -1})
        table.runtime.submit({"do": "adjust_command", "by": -1})
