"""The engine telegraph after a refused order (rulebook §8 speed orders; the helm's telegraph on screen):
the handle stays where the crew put it and the engine room's band shows the speed the boat keeps.
Touching the handle's own position again gives the order again, now the crew can carry it out. Before,
that touch did nothing (the handle already stood there) and the Speed sheet did nothing either: the crew
had to swing the handle to another speed and back, two orders paid from the command bar."""

from __future__ import annotations

from kaleun.uboot.boat import TELEGRAPH

from window.fingers import Table_


def full_ahead(table: Table_) -> None:
    table.tap("tab.helm")
    table.render()
    table.press(table.window.screens["helm"].telegraph.point(TELEGRAPH.index("full_ahead"), 0.7))


def speeds(table: Table_, name: str) -> list[str]:
    return [e.data.get("speed") or e.data.get("order") for e in table.named(name) if e.data.get("order") == "new_speed"]


def test_8_the_handle_touched_again_where_it_stands_repeats_the_refused_speed_order() -> None:
    table = Table_(mission="sc_convoy_1940", seed=7)
    table.tap("mobilize")
    table.tap("sheet.give")
    table.drag("figure.engineer-square", "section.5")  # one engineer: a surfaced boat's diesels want two
    table.tap("end_mobilize")
    full_ahead(table)
    table.until(table.game.t + 60)
    assert speeds(table, "order_rejected") and not speeds(table, "order_accepted")
    assert TELEGRAPH[int(table.window.table.telegraph)] == "full_ahead"
    assert table.game.module("boat").telegraph == "stop"  # the engine room answers stop
    table.tap("tab.boat")
    table.tap("mobilize")
    table.tap("sheet.give")
    table.drag("figure.engineer-triangle", "section.5")
    table.tap("end_mobilize")
    full_ahead(table)  # the handle's own position, touched again
    table.until(table.game.t + 60)
    assert speeds(table, "order_accepted")
    assert table.game.module("boat").telegraph == "full_ahead"


def test_8_a_handle_the_engine_room_answered_gives_no_second_order() -> None:
    """Touching the position the boat already keeps orders nothing (no command point spent)."""
    table = Table_(mission="sc_convoy_1940", seed=7)
    table.tap("mobilize")
    table.tap("sheet.give")
    table.drag("figure.engineer-square", "section.5")
    table.drag("figure.engineer-triangle", "section.5")
    table.tap("end_mobilize")
    full_ahead(table)
    table.until(table.game.t + 60)
    assert len(speeds(table, "order_accepted")) == 1
    full_ahead(table)
    table.until(table.game.t + 60)
    assert len(speeds(table, "order_accepted")) == 1 and not speeds(table, "order_rejected")
