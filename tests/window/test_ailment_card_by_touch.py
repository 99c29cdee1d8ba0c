"""§6.14 corrections by touch (the console's every order by touch): an ailment card that no injury brought
(an event card, a morale card: "the cook falls ill") is entered on the sailor's sheet as the console's
`ailment FIGURE deck=event ...` does. The window's Injury card button only took the card of an injury
waiting in the crew's list, so a touch-only crew could not enter such a card at all."""

from __future__ import annotations

from window.fingers import Table_


def test_6_14_an_ailment_card_for_a_sailor_with_no_injury_waiting_is_entered_by_touch() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.window.dismiss_alarms()
    assert not table.game.module("crew").status()["health"]["injuries_waiting"]
    table.tap("tab.crew")
    table.tap("sailor.engineer-square")
    table.tap("sailor.card")
    sheet = table.window.overlay
    assert sheet is not None and sheet.form.command == "ailment"  # type: ignore[attr-defined]
    assert sheet.values.get("figure") == "engineer-square"  # type: ignore[attr-defined]
    table.tap("field.deck=event")
    table.tap("sheet.fields.more")  # the card's five questions take two pages at 800x480
    table.tap("field.exhaustion=1")
    table.tap("sheet.give")
    assert not table.named("action_refused")
    sailor = table.game.module("crew").status()["sailors"]["engineer-square"]
    assert [a["deck"] for a in sailor["ailments"]] == ["event"]
    assert [chip for chip in sailor["chips"] if chip.startswith("E")] == ["E1"]  # the card's exhaustion chip


def test_6_14_a_waiting_injury_is_still_entered_from_its_sailors_sheet() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.runtime.submit({"do": "damage", "kind": "crew", "sections": [3]})
    waiting = table.game.module("crew").status()["health"]["injuries_waiting"]
    assert waiting
    figure = waiting[0]["figure"]
    table.window.dismiss_alarms()
    table.tap("tab.crew")
    table.tap(f"sailor.{figure}")
    table.tap("sailor.card")
    sheet = table.window.overlay
    assert sheet.values.get("injury") == waiting[0]["id"]  # type: ignore[union-attr]
    table.tap("field.wounds=1")
    table.tap("sheet.give")
    assert not table.named("action_refused")
    assert table.game.module("crew").status()["sailors"][figure]["ailments"]
