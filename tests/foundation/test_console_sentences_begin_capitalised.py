"""A feed line that names a sailor first begins with a capital letter on the text console, as on the window: the
console printed "[04:00:00] square navigator (Navigator) is dead (left outside when the boat dived)." in English and
"штурман-квадрат (Штурман) погиб ..." in Russian, the figure's words in the lower case they take inside a sentence."""

from __future__ import annotations

import pytest
from kit import console_typed

DIVE = {"en": ["mobilize", "place navigator-square 8", "end_mobilize", "dive"],
        "de": ["mobilisieren", "setzen navigator-quadrat 8", "auf_stationen", "tauchen"],
        "ru": ["смена_позиций", "поставить штурман-квадрат 8", "позиции_заняты", "погружение"]}
DEAD = {"en": "] Square navigator (Navigator) is dead (left outside when the boat dived).",
        "de": "] Navigator-Quadrat (Navigator) ist tot",
        "ru": "] Штурман-квадрат (Штурман) погиб (остался снаружи при погружении)."}


@pytest.mark.parametrize("code", sorted(DIVE))
def test_10_the_console_begins_the_line_of_a_sailor_lost_in_a_dive_with_a_capital(code: str):
    said = console_typed(code, *DIVE[code])
    assert DEAD[code] in said, said


def test_10_the_move_without_a_mobilize_begins_with_a_capital_on_the_console():
    said = console_typed("en", "place navigator-square 8")
    assert "] Square navigator moved 4 → 8 without Mobilize: " in said, said
