"""§6.13 (cigarettes: each role's for the smoke break) on the text console: the window's stores page counts each
role's cigarettes, the console's `crew` said nothing of them, so a crew at the console could not tell whether a
smoke break was left. `crew` now prints them by role in the table's words, and a smoke break spends one."""

from __future__ import annotations

import pytest
from kit import console_typed

SMOKE = {"en": ["mobilize", "place navigator-square 8", "end_mobilize", "chips navigator-square add=1",
                "smoke navigator", "crew"],
         "de": ["mobilisieren", "setzen navigator-quadrat 8", "auf_stationen", "chips navigator-quadrat dazu=1",
                "rauchen navigator", "mannschaft"],
         "ru": ["смена_позиций", "поставить штурман-квадрат 8", "позиции_заняты", "жетоны штурман-квадрат добавить=1",
                "перекур штурман", "экипаж"]}
BEFORE = {"en": "  cigarettes: captain 2, officer 2, navigator 2, engineer 2",
          "de": "  Zigaretten: Kapitän 2, Offizier 2, Navigator 2, Maschinist 2",
          "ru": "  сигареты: командир — 2, старпом — 2, штурман — 2, механик — 2"}
AFTER = {"en": "  cigarettes: captain 2, officer 2, navigator 1, engineer 2",
         "de": "  Zigaretten: Kapitän 2, Offizier 2, Navigator 1, Maschinist 2",
         "ru": "  сигареты: командир — 2, старпом — 2, штурман — 1, механик — 2"}


@pytest.mark.parametrize("code", sorted(SMOKE))
def test_6_13_crew_prints_each_roles_cigarettes_and_a_smoke_break_spends_one(code: str):
    assert BEFORE[code] in console_typed(code, SMOKE[code][-1]).splitlines()
    said = console_typed(code, *SMOKE[code]).splitlines()
    assert AFTER[code] in said, said
