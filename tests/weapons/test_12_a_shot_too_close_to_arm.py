"""A shot fired too close does not explode (torpedoes.toml `pistols.arming_m`, 250 m, [gap]: a pistol arms only
after the torpedo has run that far): the crew hears it before the order, as it hears a run beyond the torpedo's
range. The order assistant (`check fire`, the window's order sheet: `order_warnings`) warns of a run shorter than
the arming run, the console's `weapons` table and the attack screen mark the solution. The TDC's geometry is a
hand-checkable one: the tramp 200 m dead ahead, crossing at 7.5 kn — a run of about 200 m."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.ui.console_views import weapons as weapons_view
from kaleun.ui.order_warnings import order_warnings
from weaponskit import one, order, range_game

NEAR = {"class": "tramp", "bearing": 0, "range_m": 200, "course": 90, "speed_kn": 7.5}
TOO_CLOSE = ("Warning: the run of {run} m is shorter than the 250 m a torpedo runs before its pistol is armed: "
             "it would strike without exploding. Open the range first.")


def _programmed(range_m: float):
    g = range_game(vessels=[{**NEAR, "range_m": range_m}], flooded=[1])
    one(order(g, "periscope"), "periscope_view")  # no view warning in the way
    one(order(g, "tdc", bearing=0, range_m=range_m, course=90, speed_kn=7.5), "tdc_programmed")
    return g


def test_12_the_assistant_warns_of_a_run_shorter_than_the_arming_run():
    g = _programmed(200)
    run = round(float(g.module("weapons").status()["tdc"]["bow"]["run_m"]))
    assert run < 250
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})
    assert answer["accepted"] is True
    assert [str(w) for w in order_warnings(g, answer)] == [TOO_CLOSE.format(run=run)]


def test_12_no_such_warning_from_beyond_the_arming_run():
    g = _programmed(1000)
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})
    assert order_warnings(g, answer) == []


@pytest.mark.parametrize(("range_m", "verdict"), [(200, "too close to arm"), (1000, "ok")])
def test_12_the_console_weapons_table_marks_a_solution_too_close_to_arm(range_m, verdict):
    g = _programmed(range_m)
    lines = weapons_view(g, language("en"))
    bow = next(line for line in lines if line.strip().startswith("bow "))
    assert bow.rstrip().endswith(verdict)


def test_12_the_attack_screen_marks_the_solution_too_close_to_arm():
    """The window's attack screen shows the bow solution with a warning, as it does for a run beyond range."""
    from window.fingers import Table_, shown
    from window.test_order_warnings import joined

    table = Table_(game=_programmed(200))
    table.tap("tab.attack")
    assert "too close: the pistol would not arm" in joined(shown(table))
    far = Table_(game=_programmed(1000))
    far.tap("tab.attack")
    assert "too close: the pistol would not arm" not in joined(shown(far))


def test_12_a_target_the_torpedo_cannot_catch_is_not_called_too_close():
    """A target running away faster than the torpedo has no run at all (the fire order's own refusal says it
    cannot catch the target): no warning of a run of 0 m."""
    g = range_game(vessels=[{**NEAR, "range_m": 2000, "course": 0, "speed_kn": 35}], flooded=[3])
    one(order(g, "periscope"), "periscope_view")
    one(order(g, "tdc", bearing=0, range_m=2000, course=0, speed_kn=35, torpedo_kn=30), "tdc_programmed")
    assert g.module("weapons").status()["tdc"]["bow"]["reachable"] is False
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [3]})
    assert "cannot catch the target" in str(answer["reason"])
    assert order_warnings(g, answer) == []
    bow = next(line for line in weapons_view(g, language("en")) if line.strip().startswith("bow "))
    assert bow.rstrip().endswith("out of reach")
