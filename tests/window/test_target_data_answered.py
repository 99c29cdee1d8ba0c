"""The console's contacts and target data (tap a contact for its target data): the plot's **Target data** button
sent the `target` command and the game recorded its `target_data`, but the window showed nothing new, so the
touch looked like a button that does nothing. The crew's figures of that moment now go into the feed, as the text
console prints them for `target c3`, and the ticker keeps each figure with its unit ("2.2 nm", not "2.2" at the
end of one row and "nm" at the start of the next)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from kaleun.ui.widgets import UNIT_LETTERS

from window.fingers import Table_, lookouts_on_watch, shown
from window.test_convoy_by_touch import choose_contact

WORDS = {"en": ("Target data c1 (ship): bearing", "range about", "not identified"),
         "de": ("Zieldaten c1 (Schiff): Peilung", "Entfernung etwa", "nicht identifiziert"),
         "ru": ("Данные цели c1 (судно): пеленг", "дистанция около", "не опознан")}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_10_2_target_data_by_touch_is_answered_in_the_feed(language: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=1, language=language)
    lookouts_on_watch(table)
    table.until(300, step=10)
    table.window.dismiss_alarms()
    table.tap("tab.plot")
    choose_contact(table, "c1")
    before = len(table.window.scene().feed)
    table.tap("target.data")
    [data] = [e.data for e in table.named("target_data")]
    newest = table.window.scene().feed[-1]
    assert len(table.window.scene().feed) == before + 1
    words = table.window.tr(newest.words)
    head, ranged, unknown = WORDS[language]
    assert words.startswith(head) and ranged in words and unknown in words, words
    assert f"{data['bearing']:03d}°" in words and f"{data['course']:03d}°" in words, words
    drawn = shown(table)
    # the ticker shows it whole on its two rows, the second not beginning with a unit left behind by its figure
    pairs = [(a, b) for a, b in pairwise(drawn) if f"{a} {b}" == words]
    assert pairs, drawn
    second = pairs[0][1].split()[0].rstrip(".,;:)")
    assert not (second.isalpha() and len(second) <= UNIT_LETTERS), pairs[0]
