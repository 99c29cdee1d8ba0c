"""The Enigma by touch (rulebook §7 orders, the radio operator's Enigma; host/README.md "Missions, HQ and
the patrol": signals and reports): the window's Enigma sheet decodes the signal the crew pick and sends
HQ a report, as the console's `enigma decode=m1 report=position` does. Before, the sheet had only the
number of messages: a crew at the screen could not send the contact, weather or position report their
mission asks for."""

from __future__ import annotations

import pytest
from kaleun.uboot.missions.radio import REPORT_KINDS

from window.fingers import Table_, convoy_in_sight, shown


def at_the_signal() -> Table_:
    """The slow convoy (seed 7): HQ's coded signal m1 has come in by 2 h; the radio operator in 2."""
    table = Table_(mission="sc_convoy_1940", seed=7)
    table.until(2.1 * 3600)
    assert any(e.data.get("message") == "m1" and e.data.get("state") == "received"
               for e in table.named("radio_message"))
    table.tap("tab.orders")
    table.tap("order.enigma")
    return table


def test_7_the_sheet_decodes_the_signal_chosen_and_sends_a_position_report(home) -> None:
    table = at_the_signal()
    table.tap("field.decode=m1")
    table.render()
    assert "field.messages.+1" not in table.window.targets.ids()  # a count goes with no pick
    table.tap("field.report=position")
    table.tap("sheet.give")
    order = table.named("order_accepted")[-1].data
    assert order["order"] == "enigma" and order["decode"] == ["m1"] and order["report"] == "position"
    table.until(table.game.t + 600)
    said = {(e.data.get("message"), e.data.get("state")) for e in table.named("radio_message")}
    assert ("m1", "decoded") in said
    sent = [e.data for e in table.named("radio_message") if e.data.get("state") == "sent"]
    assert [d["report"] for d in sent] == ["position"]


def test_7_a_contact_report_asks_for_the_ship_and_says_when_there_is_none(home) -> None:
    """With no ship in contact the sheet says so and its button stays grey, before any order goes."""
    table = at_the_signal()
    table.tap("field.report=convoy")
    table.render()
    preview = table.window.overlay.preview
    assert not preview["accepted"] and "no ship in contact" in str(preview["reason"])
    assert table.target("sheet.give").action is None
    assert not table.named("order_accepted")[1:]  # only the start's orders, none from the sheet


def test_7_an_exercise_without_hq_offers_no_report() -> None:
    """The convoy exercise has no HQ to report to: the sheet offers no report (it sent one to nobody)."""
    table = convoy_in_sight(100)
    table.tap("tab.orders")
    table.tap("order.enigma")
    table.render()
    assert not [i for i in table.window.targets.ids() if i.startswith(("field.report", "field.decode"))]


def test_7_the_report_order_reads_in_the_tables_language(home) -> None:
    """The order's feed line names the report in German ("Standortmeldung"), not "a position report"."""
    table = Table_(mission="sc_convoy_1940", seed=7, language="de")
    table.until(2.1 * 3600)
    table.tap("tab.orders")
    table.tap("order.enigma")
    table.tap("field.report=position")
    table.tap("sheet.give")
    said = " ".join(shown(table))
    assert "eine Standortmeldung senden" in said and "a position report" not in said


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
