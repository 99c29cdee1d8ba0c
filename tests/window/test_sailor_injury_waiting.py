"""§6.10 crew damage and the console's crew view ("32 sailors — duty, chips, tasks, ailments"):
a sailor hurt by crew damage whose injury card is not entered yet wears the red cross on his card of
the crew screen; touched, his details say he is injured and which card to draw, and a button opens
the injury card's sheet for him. The details once read "section 3, 0 chips" and nothing more, with
"First aid" and "Cure card" greyed: the sailor marked hurt looked unhurt, and the way on was only
on the damage screen."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.ui.screens.sheet import FormSheet

from window.fingers import shown
from window.test_screens_render import LANGUAGES, busy_table


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_10_a_sailor_waiting_for_his_injury_card_says_so_and_opens_it(language: str) -> None:
    table = busy_table(language)
    win = table.window
    crew = table.game.module("crew").status()
    his = [i for i in crew["health"]["injuries_waiting"] if i["figure"] == "officer-square"]
    assert his and not crew["sailors"]["officer-square"]["ailments"]  # hurt twice (wounds and gas)
    table.tap("tab.crew")
    table.tap("sailor.officer-square")
    said = shown(table)
    for injury in his:
        line = win.tr(Msg("injured: draw a {deck} card and enter it", deck=Msg.term(str(injury["deck"]))))
        assert line in said, said
    table.window.cut.clear()
    table.render()
    assert not table.window.cut, f"sailor details in {language}: {table.window.cut}"
    table.tap("sailor.card")
    sheet = win.overlay
    assert isinstance(sheet, FormSheet) and sheet.form.id == "ailment"
    assert sheet.values.get("injury") == his[0]["id"]


def test_6_10_an_unhurt_sailor_has_no_injury_card_to_enter() -> None:
    """No other sailor's injury is entered for him: his card button is an ailment card (§6.14, an
    event or morale card) for him alone, with no injury chosen."""
    table = busy_table("en")
    waiting = {i["figure"] for i in table.game.module("crew").status()["health"]["injuries_waiting"]}
    assert "navigator-square" not in waiting
    table.tap("tab.crew")
    table.tap("sailor.navigator-square")
    events = len(table.events)
    table.tap("sailor.card")
    sheet = table.window.overlay
    assert isinstance(sheet, FormSheet) and sheet.form.id == "ailment"
    assert sheet.values.get("injury") is None and sheet.values.get("figure") == "navigator-square"
    assert sheet.form.command_for(sheet.values) == {"do": "ailment", "figure": "navigator-square"}
    assert len(table.events) == events
