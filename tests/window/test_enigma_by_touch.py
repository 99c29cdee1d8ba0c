"""Rulebook §8 (the Enigma order) and item 1 of the console's issue (every order by touch): the Enigma
sheet only counted messages to decode, so a touch-only crew could never send HQ the weather, position,
contact or convoy report its mission asks for (the console's `enigma report=weather` could)."""

from __future__ import annotations

import pytest
from kaleun.uboot.missions.radio import REPORT_KINDS

from window.fingers import Table_


@pytest.mark.parametrize("report", ["weather", "position"])
def test_8_a_report_to_hq_is_sent_by_touch(report: str) -> None:
    table = Table_(mission="prize_rules_1939", seed=1)  # "Send HQ a weather report." (on the surface)
    table.window.dismiss_alarms()
    table.tap("tab.orders")
    table.tap("order.enigma")
    for kind in REPORT_KINDS:  # every report HQ takes is offered
        assert table.target(f"field.report={kind}") is not None
    table.tap(f"field.report={report}")
    table.tap("sheet.give")
    table.until(table.game.t + 600, step=10)
    (accepted,) = table.named("order_accepted")
    assert accepted.data["order"] == "enigma" and accepted.data["report"] == report
    sent = [e for e in table.named("radio_message") if e.data.get("state") == "sent"]
    assert [e.data["report"] for e in sent] == [report]


def test_8_a_convoy_report_names_the_ship_it_reports_and_a_decode_counts_its_messages() -> None:
    table = Table_(mission="prize_rules_1939", seed=1)
    table.window.dismiss_alarms()
    table.tap("tab.orders")
    table.tap("order.enigma")
    table.render()
    assert table.window.targets.get("field.messages.+1") is not None  # decoding: how many signals
    table.tap("field.report=convoy")
    table.render()
    sheet = table.window.overlay
    assert any(f.key == "contact" for f in sheet.fields())  # type: ignore[union-attr]
    assert table.window.targets.get("field.messages.+1") is None  # a report alone is one message
    assert sheet.form.command_for(sheet.values) == {"do": "order", "order": "enigma",  # type: ignore[union-attr]
                                                    "report": "convoy"}
