"""§6.13 a smoke break names who spends the cigarette. Typed without one, the refusal names the roles and the
example of several as the table types them (`rollen=kapitän,offizier`, `роли=командир,старпом`), never the English
ids at a German or Russian table; and the example it gives is taken as typed."""

from __future__ import annotations

import pytest
from kit import console_typed


@pytest.mark.parametrize(("code", "line", "said", "example"), [
    ("en", "smoke", "! smoke: name who spends a cigarette: a player's role (captain, officer, navigator, engineer), "
                    "or several as roles=captain,officer, each once", "smoke roles=captain,officer"),
    ("de", "rauchen", "! rauchen: nennen, wer eine Zigarette ausgibt: die Rolle eines Spielers (Kapitän, Offizier, "
                      "Navigator, Maschinist), oder mehrere als rollen=kapitän,offizier, jede einmal",
     "rauchen rollen=kapitän,offizier"),
    ("ru", "перекур", "! перекур: укажите, кто тратит сигарету: роль игрока (командир, старпом, штурман, механик) "
                      "или несколько как роли=командир,старпом, каждую один раз", "перекур роли=командир,старпом"),
])
def test_6_13_a_smoke_break_without_a_smoker_names_the_tables_words(code, line, said, example):
    assert console_typed(code, line).strip() == said
    taken = console_typed(code, example)
    assert not [said for said in taken.splitlines() if said.startswith("!")], taken


@pytest.mark.parametrize(("code", "titled", "worded"), [
    ("en", "smoke first_officer", "smoke officer"),
    ("en", "smoke roles=chief_engineer,captain", "smoke roles=engineer,captain"),
    ("de", "rauchen Erster_Offizier", "rauchen offizier"),
    ("de", "rauchen rollen=erster_maschinist,kapitaen", "rauchen rollen=maschinist,kapitän"),
    ("ru", "перекур старший_помощник", "перекур старпом"),
])
def test_6_13_a_role_typed_as_the_smoke_break_sheet_titles_it(code, titled, worded):
    """The smoke break's sheet titles the players' roles ("First Officer", "Chief Engineer"); typed so, they are
    those roles."""
    said = console_typed(code, titled)
    assert said == console_typed(code, worded) and not said.startswith("!"), said
