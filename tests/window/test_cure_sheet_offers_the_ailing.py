"""The corrections of §6.14 by touch (an ailment card is discarded): the sheet "Discard an ailment card" offered
every sailor on duty, sixteen on two pages, though only a sailor with an ailment card has one to discard (the one
chosen without a card then had "nothing to choose now"). It offers the sailors with an ailment card."""

from __future__ import annotations

from window.fingers import Table_


def test_6_14_the_cure_sheet_offers_only_sailors_with_an_ailment_card() -> None:
    table = Table_(mission="training", seed=0)
    rt = table.runtime
    rt.submit({"do": "ailment", "figure": "officer-square", "deck": "event"})
    rt.submit({"do": "ailment", "figure": "engineer-circle", "deck": "wounds", "exhaustion": 1,
               "supplies": ["bandages"]})
    table.window.dismiss_alarms()
    table.tap("tab.orders")
    table.window.open_form("cure")
    table.render()
    offered = [t.id for t in table.window.targets.items if t.id.startswith("field.figure=")]
    assert sorted(offered) == ["field.figure=engineer-circle", "field.figure=officer-square"], offered
    assert table.window.targets.get("field.figure.more") is None  # on one page
    table.tap("field.figure=engineer-circle")
    table.render()
    table.tap(next(t.id for t in table.window.targets.items if t.id.startswith("field.ailment=")))
    table.tap("sheet.give")
    healed = [e.data for e in table.events if e.name == "ailment_healed"]
    assert [d.get("figure") for d in healed] == ["engineer-circle"], healed
