"""The TDC's sheet opened from the attack screen with contacts on the plot (the console's every order by touch and
weapons: the order assistant says exactly what is missing). Before a target was touched the assistant said, in red, "It
would be refused: the TDC needs the target's bearing, range, course or angle on the bow and speed", with the
contacts right there on the sheet; it now asks for the target as every sheet asks for a choice still open
("Not complete: Choose: Target"), and not once the target data is to come from the attack disc (§12)."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg

from window.fingers import Table_, lookouts_on_watch, shown


def tdc_sheet(language: str) -> Table_:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    lookouts_on_watch(table)
    table.runtime.submit({"do": "attack_disc", "own_course": 20, "enemy_course": 140, "bearing": 30})
    table.until(290)
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.tap("weapon.tdc")
    table.render()
    return table


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_12_the_tdc_sheet_asks_for_the_target_before_anything_else(language: str) -> None:
    table = tdc_sheet(language)
    contacts = table.window.targets.ids("field.contact=")
    assert contacts, "the contacts are on the sheet"
    said = shown(table)
    tr = table.window.tr
    assert tr(Msg("Choose: {what}", what=Msg("Target"))) in said
    assert tr(Msg("It would be refused:")) not in said
    assert table.target("sheet.give").action is None
    table.tap(contacts[0])  # a target chosen: the assistant says who programs the TDC
    said = shown(table)
    assert tr(Msg("Choose: {what}", what=Msg("Target"))) not in said
    assert tr(Msg("It can be given.")) in said


def test_12_target_data_from_the_attack_disc_needs_no_target() -> None:
    """From the attack disc the TDC takes no contact: the sheet does not ask for one, and the assistant says what
    the disc does not give (its range and speed) and where they come from (a target chosen on the sheet)."""
    table = tdc_sheet("en")
    table.tap("field.source=disc")
    said = shown(table)
    assert "Choose: Target" not in said, said
    assert ("the TDC needs the target's range and speed (the attack disc gives only the bearing and the courses: "
            "choose a target for the rest)") in said, said



@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_12_with_no_ship_in_contact_the_tdc_sheet_says_where_a_target_comes_from(language: str) -> None:
    """A crew's first TDC sheet, before anything is in sight: the Target field said "nothing to choose now" and the
    assistant that the TDC needs the target's bearing, range, course or angle on the bow and speed, with no word on
    how a target is found; the assistant now says that the lookouts, the periscope or the hydrophone find one (§12:
    the TDC is programmed from a contact's data), whole on the 7" screen."""
    table = Table_(mission="training", language=language)
    table.window.dismiss_alarms()
    table.tap("tab.orders")
    table.tap("order.tdc")
    table.window.cut.clear()
    said = shown(table)
    tr = table.window.tr
    hint = tr(Msg("the TDC needs a target, and no ship is in contact yet (the lookouts, the periscope or the "
                  "hydrophone find one)"))
    assert any(hint[1:] in words for words in said), said  # the assistant begins its reason with a capital
    assert not [whole for whole in table.window.cut if hint[1:] in whole], table.window.cut
    assert table.target("sheet.give").action is None
