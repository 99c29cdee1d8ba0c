"""The console's manoeuvring and instruments (battery, propulsion, speed ...) show the diesel fuel left: the
helm screen at 800x480 in English, German and Russian (the figure said in words, the colour only adds to it), and
the text console's `status`. With the fuel spent the helm says so beside "Engines stopped", and that line reads
whole in Russian too (it was cut to "Двигатели остановле…" whenever the engines stopped)."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language as lang_of
from kaleun.uboot.game import new_game
from kaleun.uboot.sea.boat import FUEL_CAPACITY_T
from kit import console_typed

from window.fingers import Table_, shown
from window.test_helm_words_whole import cut_outside_feed


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_2_the_helm_shows_the_fuel_left_whole(language: str) -> None:
    table = Table_(mission="training", language=language)
    table.window.dismiss_alarms()
    table.game.module("boat").set_fuel(FUEL_CAPACITY_T * 0.2)
    table.tap("tab.helm")
    table.window.cut.clear()
    said = shown(table)
    assert lang_of(language).render(Msg("Fuel {pct} %", pct=20)) in said, said
    assert not cut_outside_feed(table), table.window.cut


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_2_the_helm_says_the_fuel_is_spent_beside_the_stopped_engines(language: str) -> None:
    table = Table_(mission="training", language=language)
    table.window.dismiss_alarms()
    table.game.module("boat").set_fuel(0.0)
    table.tap("tab.helm")
    table.window.cut.clear()
    said = shown(table)
    r = lang_of(language).render
    assert r(Msg("Fuel spent")) in said and r(Msg("Engines stopped")) in said, said
    assert not cut_outside_feed(table), table.window.cut


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_2_the_last_of_the_fuel_never_reads_0_percent_nor_spent_before_the_tanks_are_dry(language: str) -> None:
    """0.4 t (0.35 %) lasts about an hour and a half at full ahead: the helm reads 1 %, not 0 % and not "Fuel spent",
    also while the engines are stopped for another reason; once the tanks are dry it says "Fuel spent", also
    submerged."""
    table = Table_(mission="training", language=language)
    table.window.dismiss_alarms()
    boat = table.game.module("boat")
    boat.set_fuel(0.4)
    table.game.module("technical").add_condition("diesels", "major_failure", "test")
    table.game.advance(120)
    assert boat.stopped == "the diesels are out of action" and not boat.dry
    table.tap("tab.helm")
    said = shown(table)
    r = lang_of(language).render
    assert r(Msg("Fuel {pct} %", pct=1)) in said and r(Msg("Fuel spent")) not in said, said
    assert r(Msg("Fuel {pct} %", pct=0)) not in said, said
    boat.set_fuel(0.0)
    table.game.apply({"do": "crew_options", "rules": "advise", "wear": False})
    table.game.apply({"do": "order", "order": "dive"})
    table.game.advance(120)
    assert not boat.surfaced
    table.tap("tab.helm")
    said = shown(table)
    assert r(Msg("Fuel spent")) in said, said


def test_12_the_console_status_prints_the_fuel() -> None:
    game = new_game(0, "training")
    game.module("boat").set_fuel(40.0)
    said = console_typed("en", "status", game=game)
    assert "fuel 35 % (40.0 t)" in said, said
    assert "Treiböl 35 % (40,0 t)" in console_typed("de", "status", game=game)  # the German decimal sign
    assert "топливо 35 % (40,0 т)" in console_typed("ru", "status", game=game)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_1_the_windows_debrief_says_the_fuel_used_whole(language: str) -> None:
    from window.test_debrief_lines_whole import _debrief

    game = new_game(0, "prize_rules_1939", {"time_limit_h": 1, "encounter": [], "radio": [], "air_cover": "none",
                                            "traffic": "none"})
    game.apply({"do": "crew_options", "rules": "advise", "wear": False})
    game.apply({"do": "order", "order": "new_speed", "speed": "full_ahead"})
    table, win = _debrief(game, language)
    used = FUEL_CAPACITY_T - game.module("boat").fuel_at(game.t)
    assert used > 0.2
    line = lang_of(language).render(Msg("{used} t of fuel used", used=round(used, 1)))
    assert (f"{used:.1f}".replace(".", ",") if language != "en" else f"{used:.1f}") in line  # its decimal sign
    assert line in shown(table), shown(table)
    assert line not in win.cut, win.cut
