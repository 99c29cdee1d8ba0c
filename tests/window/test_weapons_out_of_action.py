"""§10.3.1 a major failure puts its component out of action until it is repaired (technical.toml's
`disables`): when the bow tubes, the TDC and the 88 mm gun fail, the window's attack screen says so
where the weapons are (tubes 1-4 marked out of action in words, the TDC panel instead of "not
programmed, choose a target", the gun's line), in English, German and Russian, and the console's
`weapons` view prints the same. Before, the screen showed four usable tubes, a TDC waiting to be set
and a gun with 220 rounds: the First Officer learnt of it only by a refused order."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language as lang_of

from window.fingers import Table_, shown
from window.test_order_warnings import Desk, joined

FAILURES = ("bow_tubes", "tdc", "gun_88")


def _break(submit: object) -> None:
    for component in FAILURES:
        submit({"do": "damage", "kind": "technical", "component": component,  # type: ignore[operator]
                "severity": "major_failure"})


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_3_1_the_attack_screen_says_which_weapons_are_out_of_action(language: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.tap("tab.attack")
    r = lang_of(language).render
    tube_out = {r(Msg("{facing} · out of action", facing=Msg(facing))) for facing in ("bow", "stern")}
    tdc_out = r(Msg("Out of action until repaired: the TDC holds no solution and cannot be set."))
    gun_out = r(Msg("{gun}: out of action", gun=Msg("88 mm")))
    before = shown(table)
    assert not tube_out & set(before) and gun_out not in before
    _break(table.runtime.submit)
    table.runtime.step()
    table.window.cut.clear()
    said = shown(table)
    assert said.count(r(Msg("{facing} · out of action", facing=Msg("bow")))) == 4  # tubes 1-4, not 5
    assert r(Msg("{facing} · out of action", facing=Msg("stern"))) not in said
    assert tdc_out in joined(said)
    assert r(Msg("Not programmed. Choose a target on the plot, or set the attack disc.")) not in said
    assert gun_out in said
    cut = set(table.window.cut)
    assert not cut & ({tdc_out, gun_out} | tube_out), f"cut on the attack screen in {language}: {cut}"
    if language == "en":
        assert "bow · out of action" in said and "88 mm: out of action" in said


def test_10_3_1_the_console_weapons_view_says_the_same() -> None:
    desk = Desk("exercise_convoy_battle")
    assert "Out of action" not in desk.type("weapons")
    _break(desk.runtime.submit)
    text = desk.type("weapons")
    assert "Out of action until repaired: major failure of the bow torpedo tubes" in text
    assert "Out of action until repaired: major failure of the torpedo data computer" in text
    assert "Out of action until repaired: major failure of the 88 mm gun" in text
