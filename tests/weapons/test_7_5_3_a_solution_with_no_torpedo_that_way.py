"""§7.5.3 (a torpedo is fired from a loaded, flooded tube on the TDC's solution): the console's `weapons` view
gave the stern's solution as "ok" after tube 5 had fired and held no torpedo, so a crew reading it ordered `fire 5`
and was refused. A facing with no torpedo in any tube says so in place of a verdict on its solution."""

from __future__ import annotations

from kaleun.i18n import language
from kaleun.ui.console_views import weapons as weapons_view
from weaponskit import named, one, order, range_game


def _row(shown: list[str], facing: str) -> str:
    return next(line for line in shown if line.startswith(f"  {facing} "))


def test_7_5_3_the_stern_with_its_tube_fired_has_no_torpedo_not_an_ok_solution():
    g = range_game(vessels=[{"class": "tramp", "bearing": 200, "range_m": 1500, "course": 90, "speed_kn": 7}])
    order(g, "periscope")
    one(order(g, "tdc", contact="c1"), "tdc_programmed")
    assert _row(weapons_view(g, language("en")), "stern").endswith(" ok")  # tube 5 holds a torpedo, flooded
    assert named(order(g, "fire_torpedoes", tubes=[5]), "salvo")
    shown = weapons_view(g, language("en"))
    assert _row(shown, "stern").endswith(" no torpedo")
    assert _row(shown, "bow").endswith(" beyond the gyro limit")  # the bow tubes still hold theirs
    assert _row(weapons_view(g, language("de")), "Heck").endswith(" kein Torpedo")


def test_7_5_3_the_tdc_with_only_the_stern_loaded_does_not_tell_the_crew_to_turn_the_boat():
    """The bow tubes fired empty, tube 5 still loaded: the TDC's report gave the bow's gyro angle of 172° and "turn
    the boat", though the stern shot needed 8°. It says the bow holds no torpedo and gives the stern's solution."""
    g = range_game(vessels=[{"class": "tramp", "bearing": 200, "range_m": 1500, "course": 90, "speed_kn": 7}])
    order(g, "periscope")
    one(order(g, "tdc", bearing=0, range_m=800, course=90, speed_kn=7), "tdc_programmed")
    assert named(order(g, "fire_torpedoes", tubes=[1, 2, 3, 4]), "salvo")
    order(g, "periscope")
    said = one(order(g, "tdc", contact="c1"), "tdc_programmed")["feed"]
    assert said == ("TDC set on c1: range 1,482 m, speed 7.0 kn, angle on the bow 68° port. No torpedo in the bow "
                    "tubes. From the stern tube: gyro angle 8° starboard, run 90 s.")
    assert "turn the boat" not in said
    assert named(order(g, "fire_torpedoes", tubes=[5]), "salvo")  # the shot it gives is there to fire
