"""What a table new to Kaleun types from the READMEs and the help, and what the console answers: a fixed value typed
alone (`tdc disc`), and the first card the game asks for. Driven through the Console object, as
test_console_actions.py does."""

from __future__ import annotations

import pytest
from foundation.test_console_actions import Desk
from kaleun.uboot.game import new_game
from kaleun.ui.actions import find


@pytest.fixture
def desk() -> Desk:
    return Desk(new_game(0))


def test_a_fixed_value_typed_alone_is_the_field_it_can_only_mean(desk):
    """The attack (§9.2.1, the attack disc): `help tdc` shows `source=contact|disc|manual`, and a First Officer who
    types `tdc disc` means the disc, not a contact called 'disc'; `reload deck` is `reload from=deck`. A word its
    place takes stays there (`tdc c3` is the contact), and a word no field takes is still refused by its place."""
    tdc = find("tdc")
    reload = find("reload")
    assert tdc is not None and reload is not None
    assert tdc.read(["disc"]) == tdc.read(["source=disc"]) == {"source": "disc"}
    assert tdc.read(["manual", "range_m=1000"]) == {"source": "manual", "range_m": 1000}
    assert tdc.read(["c3", "disc"]) == {"contact": "c3", "source": "disc"}
    assert tdc.read(["c3"]) == {"contact": "c3"}
    assert reload.read(["deck"]) == {"from": "deck"}
    assert reload.read(["2", "racks"]) == {"tube": 2, "from": "racks"}
    assert desk.type("tdc foo").startswith("! tdc: contact must be a contact such as c3, not 'foo'")
    # a place that must be filled keeps the word and says what it takes
    assert desk.type("damage fire section=3").startswith(
        "! damage: kind 'fire' is not one of: environmental, hull_breach, crew, technical")
    assert desk.type("tdc disc disc").startswith("! tdc: contact must be a contact such as c3, not 'disc'")
    desk.type("disc own=290 enemy=70 bearing=40")
    desk.type("tdc disc range_nm=1 speed_kn=7")
    programmed = [e for e in desk.events if e.name == "tdc_programmed"]
    assert programmed and programmed[-1].data["source"] == "disc"


def test_the_first_card_asked_for_says_how_to_tell_the_game_what_it_does(desk):
    """§7.3 a morale card is drawn when morale falls onto or past a card field, and §6.14 what a card does is entered
    as a correction: the first card the console asks for is followed once by the commands that enter it, lines that
    work as typed; the next card is not (the table has learnt)."""
    shown = desk.type("morale -1")
    assert "Captain: draw a card from morale deck 1 (morale reached X)." in shown
    hint = ("  Tell the game what a card does with the corrections (help lists them under Corrections (§6.14)): "
            "morale -1, command_bar 1, ailment FIGURE deck=wounds wounds=1, chips FIGURE add=1, kill FIGURE.")
    assert hint in shown.splitlines()
    assert "Tell the game" not in desk.type("morale -2")
    assert not desk.type("ailment engineer-square deck=wounds wounds=1", "chips engineer-square add=1",
                         "command_bar 1").count("! ")
