"""§12 the TDC and the torpedo crisis of 1939–40 (a magnetic pistol on offer, so the TDC's sheet has one field more):
on a 1939 patrol before any contact the sheet has no room for a label on two lines, and the Russian pistol label was
cut at 800x480 ("… иначе конта…"): what the crew gets when it chooses no pistol was lost. Every label of the sheet
reads whole in English, German and Russian."""

from __future__ import annotations

import pytest

from window.fingers import Table_


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_12_the_1939_tdc_sheet_reads_whole(language: str) -> None:
    table = Table_(mission="minefield_1939", seed=2, language=language)
    win = table.window
    win.dismiss_alarms()
    win.open_form("tdc")
    table.render()
    assert win.targets.get("field.pistol=magnetic") is not None  # 1939: the magnetic pistol is offered
    win.cut.clear()
    table.render()
    assert not win.cut, f"cut short in {language}: {win.cut}"
