"""The First Officer's console, languages, the physical table: what only a hand can move at a real table is said in the
table's language.

A figure dragged on screen at a table whose figures stand on a real deck hub, a dial or a button a script or the
console would turn on real hardware: the refusal ("the figures stand on a real deck hub; move them by hand") was
English in a German or Russian window and console. It names its command as the console does (`place: ...`).
"""

from __future__ import annotations

import pytest
from kaleun.boards.dials import DIALS
from kaleun.boards.loader import load_board
from kaleun.core.errors import CommandError
from kaleun.core.messages import of_error
from kaleun.hub.dials import HubDial
from kaleun.i18n import language
from kaleun.ports.base import HardwareOnly
from kit import ROOT

from window.fingers import Table_


class RealHubSensor:
    """The deck hub's sensor of a table with a real hub (no fake hub inside Kaleun)."""

    def __init__(self) -> None:
        from kaleun.hub.sensor import HubFigureSensor

        self.sensor = HubFigureSensor.__new__(HubFigureSensor)
        self.sensor.fake = None

    def place(self, figure: str, section: int) -> None:
        self.sensor.place(figure, section)

    def settle(self) -> None:
        pass


def test_a_figure_dragged_at_a_real_hub_table_is_refused_in_the_tables_language() -> None:
    table = Table_(language="de")
    table.runtime.table.sensor = RealHubSensor()
    table.drag("figure.officer-square", "section.6")
    assert not table.named("figure_placed")
    line = table.window.scene().feed[-1]
    assert line.problem
    said = table.window.tr(line.msg)  # as the window draws it
    assert "by hand" not in said and "deck hub" not in said, said
    with pytest.raises(CommandError) as caught:
        table.runtime.table.actuate({"do": "place", "figure": "officer-square", "section": 6})
    assert str(caught.value) == "place: the figures stand on a real deck hub; move them by hand"
    assert table.window.tr(of_error(caught.value)).startswith("setzen: "), "the command as the table types it"


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_hub_dial_turned_by_a_script_at_a_real_table_says_why_not_in_the_tables_language(code) -> None:
    board = load_board(ROOT / "boards" / "pico-hub.toml")
    dial = HubDial(board.dial("telegraph"), 0, fake=None)
    with pytest.raises(HardwareOnly) as caught:
        dial.turn(1)
    assert str(caught.value) == "dial 'telegraph' is an encoder on the deck hub: turn it by hand"
    said = of_error(caught.value)
    assert language(code).missing(said) == []  # type: ignore[arg-type]
    assert "by hand" not in language(code).render(said)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_dial_set_to_what_it_cannot_read_or_before_its_zero_is_known_says_why_in_the_tables_language(code) -> None:
    """The console's and the window's dials: a telegraph position that is none, a ring whose zero is not known
    yet ("home it first"), a dial the board has not."""
    table = Table_(language=code)
    hands = table.runtime.table
    refusals = []
    for call in (lambda: hands.set_dial("telegraph", "warp"), lambda: hands.set_dial("disc_bearing", "north"),
                 lambda: hands.set_dial("periscope", 3)):
        with pytest.raises(CommandError) as caught:
            call()
        refusals.append(caught.value)
    hands.steps["disc_bearing"] = None  # turns went uncounted: its zero is not known
    with pytest.raises(CommandError) as caught:
        hands.set_dial("disc_bearing", 90)
    refusals.append(caught.value)
    assert [str(r) for r in refusals] == [
        "telegraph position 'warp' is not one of: " + ", ".join(DIALS["telegraph"].positions),
        "disc_bearing reads whole degrees, got 'north'",
        "no dial 'periscope' (dials: telegraph, disc_own_course, disc_enemy_course, disc_bearing)",
        str(refusals[3]),
    ]
    assert "its zero is not known yet; home it first" in str(refusals[3])
    for refusal in refusals:
        said = of_error(refusal)
        assert language(code).missing(said) == [], said  # type: ignore[arg-type]
        rendered = language(code).render(said)  # type: ignore[arg-type]
        for words in ("is not one of", "reads whole degrees", "no dial", "not known yet"):
            assert words not in rendered, rendered
