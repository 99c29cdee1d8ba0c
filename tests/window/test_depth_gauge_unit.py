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
