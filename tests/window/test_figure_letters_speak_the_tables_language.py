"""§2, §6.2 (the sailors: four roles, each its colour and shapes): colour is never alone on the window, so each
figure carries its role's letter. The letters were the English ids' (C, O, N, E) at every table: a German First
Officer read "E" on the brown figures he types as `maschinist-quadrat` (and could take it for the Erster Offizier),
a Russian one read Latin letters on figures named «штурман», «механик». Each letter is now the first of the role's
word in the table's language, on the boat, the crew page and the order sheets alike."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.ui import boat_view

from window.fingers import Table_

LETTERS = {"en": {"C", "O", "N", "E"}, "de": {"K", "O", "N", "M"}, "ru": {"К", "С", "Ш", "М"}}


def letters_drawn(table: Table_, tab: str, monkeypatch: Any) -> set[str]:
    drawn: list[str] = []
    real = boat_view.blit_text

    def spy(surface, font, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(surface, font, text, *args, **kwargs)

    monkeypatch.setattr(boat_view, "blit_text", spy)
    table.window.show(tab)
    table.render()
    monkeypatch.setattr(boat_view, "blit_text", real)
    return {t for t in drawn if len(t) == 1}


@pytest.mark.parametrize("code", sorted(LETTERS))
def test_6_2_each_figure_carries_its_roles_letter_in_the_tables_language(code: str, monkeypatch: Any):
    table = Table_(language=code)
    assert letters_drawn(table, "boat", monkeypatch) == LETTERS[code]  # all sixteen figures on the model


def test_6_2_the_letter_follows_a_change_of_language(monkeypatch: Any):
    table = Table_(language="en")
    assert letters_drawn(table, "boat", monkeypatch) == LETTERS["en"]
    table.window.set_language("de")  # as the settings' language buttons do
    assert letters_drawn(table, "boat", monkeypatch) == LETTERS["de"]


@pytest.mark.parametrize(("code", "said"), [("en", "C2 O2 N2 E2"), ("de", "K2 O2 N2 M2"), ("ru", "К2 С2 Ш2 М2")])
def test_6_13_the_cigarettes_of_each_role_go_by_its_figures_letter(code: str, said: str):
    """The stores page counts each role's cigarettes (§6.13, the smoke break) by the role's letter: the English
    C, O, N, E at every table before, now the letters its figures carry."""
    from window.fingers import shown

    table = Table_(language=code)
    table.window.show("crew")
    table.window.ui.update(crew_page="stores", sailor=None)
    assert said in shown(table)
