"""`order ID key=value ...` gives any order by its id (the console's command for orders the table has no word for):
an id it does not know is refused naming the command typed and the orders it takes, in the table's words (it read
"! foo: order 'foo' is not one of: ...", named by the word typed, with the English field's name), and an order's
console word names the order too (`order course course=90`)."""

from __future__ import annotations

from kit import console_typed


def test_an_unknown_order_id_is_refused_naming_the_command_and_the_orders():
    said = console_typed("en", "order foo")
    assert said.startswith("! order: 'foo' is not an order (orders: mobilize, new_speed, new_course,")
    assert console_typed("de", "befehl fliegen").startswith("! befehl: „fliegen“ ist kein Befehl (Befehle: mobilize,")
    assert console_typed("ru", "приказ летать").startswith("! приказ: «летать» — не приказ (приказы: mobilize,")


def test_an_orders_console_word_names_it_as_its_id_does():
    heard: list = []
    said = console_typed("de", "befehl kurs course=45", heard=heard)
    assert "Befehl: neuer Kurs 045." in said
    assert [e.data.get("order") for e in heard if e.name == "order_accepted"] == ["new_course"]
