"""The First Officer's console at an English table takes a value as the window names it, as a German or Russian
table does (`reparieren bauteil=88-mm-geschütz`): `repair component=88_mm_gun` is `repair component=gun_88`,
`repair component=electric_motors` is `e_motors`; `help` still lists the ids."""

from __future__ import annotations

import pytest
from kit import console_typed


@pytest.mark.parametrize(("named", "id_"), [
    ("repair component=88_mm_gun", "repair component=gun_88"),
    ("repair component=Electric_Motors", "repair component=e_motors"),
    ("repair component=torpedo_data_computer", "repair component=tdc"),
])
def test_a_value_typed_as_the_window_names_it_is_that_value(named, id_):
    said = console_typed("en", named)
    assert said == console_typed("en", id_) and "is not one of" not in said, said


def test_help_lists_the_ids_at_an_english_table():
    said = console_typed("en", "help repair")
    assert "[periscope, hydrophone, radio, diesels, e_motors, batteries," in said, said
