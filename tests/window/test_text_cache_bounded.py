"""The window's rendered texts are kept within a memory budget (the console's fingers and eyes: the table runs
for hours on a Raspberry Pi). The ship's clock makes a new text every second; the cache kept 3000 texts
whatever their size (80 MB at 800x480, 350 MB at 1920x1080, all the clock's past seconds) and then threw every
text away at once. Now the least recently used texts go first, one at a time, within a budget of bytes that
grows with the window's area, and the words on the screen are not rendered again."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from kaleun.ui.widgets import TextCache

from window.fingers import Table_


def test_10_the_clocks_seconds_leave_the_cache_and_the_screens_words_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table_(mission="training", seed=1)
    win = table.window
    win.cache.budget = 2**20  # a small budget, met within minutes of the clock's texts
    table.render()
    made: Counter[str] = Counter()
    keep = TextCache._keep

    def counting(self: TextCache, key: tuple[Any, ...], image: Any) -> Any:
        made[key[2]] += 1
        return keep(self, key, image)

    monkeypatch.setattr(TextCache, "_keep", counting)
    for second in range(1, 301):
        table.until(second, step=1)
        table.render()
        assert win.cache.bytes <= win.cache.budget
    clock = [text for text in made if text.count(":") == 2]
    assert len(clock) >= 300, "the clock's seconds were drawn"
    assert sum(made[text] for text in clock) * 20_000 > win.cache.budget, "more than the budget was drawn"
    assert made[win.tr("Mobilize")] == 0 and made[win.tr("Orders")] == 0, "the screen's words were drawn again"


@pytest.mark.parametrize(("size", "times"), [((800, 480), 1.0), ((1920, 1080), 5.4)])
def test_10_a_larger_window_keeps_as_much_more_as_it_is_larger(size: tuple[int, int], times: float) -> None:
    table = Table_(mission="training", seed=1, size=size)
    assert table.window.cache.budget == pytest.approx(TextCache.BUDGET * times)
    table.window.resize((800, 480))
    assert table.window.cache.budget == TextCache.BUDGET
