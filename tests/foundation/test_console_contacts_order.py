"""The console's console parity (the text console keeps parity) in a heavy convoy battle: `contacts` printed
the crew's 47 contacts in the order they were first reported, so the nearest ship was anywhere in the table.
It lists them as the window's plot does, nearest first (or `contacts newest`, `contacts identified`), and
says which ships sail together, as the plot's list groups them."""

from __future__ import annotations

import io

from kaleun.uboot.game import new_game
from kaleun.ui.console import Console
from kit import console_on_a_clock


def convoy_console(language: str = "en") -> tuple[Console, io.StringIO]:
    """The convoy battle by daylight, three lookouts up for four minutes: the whole convoy in sight."""
    game = new_game(seed=0, mission="exercise_convoy_battle", changes={"start": "1941-09-11T12:00:00"})
    runtime, console, out, now = console_on_a_clock(game, language, "mobilize", "place navigator-square 8",
                                                    "place navigator-triangle 8", "place navigator-hexagon 8",
                                                    "observe")
    while now[0] < 240:
        now[0] += 10.0
        runtime.step()
    return console, out


def _typed(console: Console, out: io.StringIO, line: str) -> list[str]:
    seen = len(out.getvalue())
    console.handle(line)
    return out.getvalue()[seen:].splitlines()


def test_12_contacts_nearest_first_then_the_ships_sailing_together() -> None:
    console, out = convoy_console()
    picture = console.game.module("sea").status()["contacts"]
    assert len(picture) >= 40
    printed = _typed(console, out, "contacts")
    rows = [line.split() for line in printed[2:2 + len(picture)]]
    ranges = [float(row[4]) for row in rows]
    assert ranges == sorted(ranges), printed
    together = [line for line in printed if line.startswith("Sailing together, group ")]
    assert together and " ships bearing " in together[0] and "; nearest " in together[0], printed


def test_12_contacts_newest_first_and_a_wrong_order_said() -> None:
    console, out = convoy_console()
    picture = console.game.module("sea").status()["contacts"]
    printed = _typed(console, out, "contacts newest")
    numbers = [int(line.split()[0][1:]) for line in printed[2:2 + len(picture)]]
    assert numbers == sorted(numbers, reverse=True)
    said = _typed(console, out, "contacts farthest")
    assert said == ["! contacts: sort 'farthest' is not one of: nearest, newest, identified"], said


def test_12_the_groups_line_speaks_german() -> None:
    console, out = convoy_console("de")
    printed = _typed(console, out, "contacts")
    assert any(line.startswith("Gemeinsam in Fahrt, Gruppe ") for line in printed), printed


def test_12_the_contacts_column_is_a_contact_and_the_pistol_an_impact_pistol() -> None:
    """"contact" is the plot's word for a ship seen and also the torpedo's contact pistol: the German table of
    contacts was headed "Aufschlag" (impact), the Russian "контактный" (the pistol's adjective). The pistol's
    name has its own context now."""
    for language, head, pistol in (("de", "Kontakt", "Aufschlag"), ("ru", "контакт", "контактный")):
        console, out = convoy_console(language)
        assert _typed(console, out, "contacts")[1].split()[0] == head
        nearest = _typed(console, out, "contacts")[2].split()[0]
        _typed(console, out, f"tdc {nearest}")
        console.runtime.step()
        weapons = "\n".join(_typed(console, out, "weapons"))
        assert pistol in weapons, weapons
