"""The order assistant names everything a weapon order lacks at once (rulebook §8.3: the lookouts' view needs a
lookout on the bridge in section 8, and from it alone the TDC and the guns are reached surfaced; §8.4: submerged the
TDC view is entered from the periscope's). When another check refuses the order first ("tube 1 is not flooded",
"no TDC solution", "there is no contact"), the preview (the console's `check ORDER`, the window's order sheet: both
`order_warnings`) still names the missing view, so the First Officer sees both before he gives the order.
Checking stays side-effect free: the game is the same after a preview as before it."""

from __future__ import annotations

import io
import json

from kaleun.boards.loader import default_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.table import Table
from kaleun.ui.console import Console
from kaleun.ui.order_warnings import order_warnings
from weaponskit import do, order, range_game

TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
TDC = {"bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
PERISCOPE = "the periscope is not up for the TDC's view (the periscope order)"
LOOKOUT_TDC = "no lookout on the bridge (section 8) for the TDC's view"
LOOKOUT_GUNS = "no lookout on the bridge (section 8) for the guns' view"
ADVISED = "Warning: also {missing}: once the rest is in order, the order would go ahead without it."
ENFORCED = "Warning: also {missing}: the order would be refused for that as well."


def _state(g) -> str:
    return json.dumps(g.to_state(), sort_keys=True)


def _preview(g, **fields):
    before = _state(g)
    answer = g.module("orders").preview(fields)
    warnings = [str(w) for w in order_warnings(g, answer)]
    assert _state(g) == before  # checked, not given
    return answer, warnings


def test_8_4_advised_a_salvo_refused_for_an_unflooded_tube_also_names_the_periscope():
    g = range_game(vessels=[TRAMP], flooded=[])
    order(g, "tdc", **TDC)  # advised: programmed without the periscope
    answer, warnings = _preview(g, order="fire_torpedoes", tubes=[1])
    assert answer["accepted"] is False
    assert str(answer["reason"]) == "tube 1 is not flooded (flood it first)"
    assert warnings == [ADVISED.format(missing=PERISCOPE)]


def test_8_4_advised_a_tdc_refused_for_an_unknown_contact_also_names_the_periscope():
    g = range_game(vessels=[TRAMP], flooded=[1])
    answer, warnings = _preview(g, order="tdc", contact="c99")
    assert answer["accepted"] is False and "there is no contact c99" in str(answer["reason"])
    assert warnings == [ADVISED.format(missing=PERISCOPE)]


def test_8_3_advised_surfaced_a_refused_salvo_and_a_refused_gun_also_name_the_missing_lookout():
    g = range_game(vessels=[TRAMP], flooded=[], surfaced=True)
    order(g, "tdc", **TDC)
    answer, warnings = _preview(g, order="fire_torpedoes", tubes=[1])
    assert str(answer["reason"]) == "tube 1 is not flooded (flood it first)"
    assert warnings == [ADVISED.format(missing=LOOKOUT_TDC)]
    answer, warnings = _preview(g, order="gun_88", target="c99")
    assert answer["accepted"] is False
    # the gun's crew is not on deck either (§6.5): named with the view
    assert warnings == [ADVISED.format(missing="3 sailors with the 88 mm symbol needed in section 7; found nobody"),
                        ADVISED.format(missing=LOOKOUT_GUNS)]


def test_8_4_enforced_a_salvo_refused_first_for_want_of_a_solution_also_names_the_periscope():
    """Enforced, the view is itself a refusal: named once when it is the reason, and as a second refusal when
    an earlier check ("no TDC solution") refuses first."""
    g = range_game(vessels=[TRAMP], flooded=[1])
    do(g, {"do": "crew_options", "rules": "enforce"})
    answer, warnings = _preview(g, order="fire_torpedoes", tubes=[1])
    assert str(answer["reason"]) == "no TDC solution: program the TDC first"
    assert warnings == [ENFORCED.format(missing=PERISCOPE)]
    answer, warnings = _preview(g, order="tdc", **TDC)
    assert str(answer["reason"]) == "the TDC needs the periscope's view: up periscope first (the periscope order)"
    assert warnings == []


def test_8_4_the_console_check_lists_the_refusal_and_the_missing_periscope_together():
    """At the console, `check fire 1` prints the refusal and, under it, the missing view."""
    g = range_game(vessels=[TRAMP], flooded=[])
    order(g, "tdc", **TDC)
    out = io.StringIO()
    runtime = Runtime(g, Table(default_board(), g), clock=lambda: 0.0)
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    before = _state(g)
    console.handle("check fire 1")
    text = out.getvalue()
    assert "would be refused: tube 1 is not flooded (flood it first)." in text
    assert ADVISED.format(missing=PERISCOPE) in text
    assert _state(g) == before


def test_8_4_the_window_s_fire_sheet_shows_the_refusal_and_the_missing_periscope_together():
    """On the window, the attack screen's Fire! sheet (tube 1 chosen) says it would be refused for the unflooded
    tube and warns of the periscope beside it."""
    from window.fingers import Table_, shown
    from window.test_order_warnings import joined

    g = range_game(vessels=[TRAMP], flooded=[])
    order(g, "tdc", **TDC)
    table = Table_(game=g)
    table.tap("tab.attack")
    table.tap("tube.1")
    table.tap("weapon.fire")
    text = joined(shown(table))
    assert "tube 1 is not flooded (flood it first)" in text
    assert ADVISED.format(missing=PERISCOPE) in text


def test_8_3_no_lookout_is_asked_for_a_gun_the_boat_does_not_carry():
    """A patrol sailing after June 1943 has no 88 mm gun (guns.toml `until`): the refusal says so, and the
    assistant does not ask for a lookout to lay a gun that is not there."""
    g = range_game(vessels=[TRAMP], flooded=[1], surfaced=True, start="1943-09-01T12:00:00")
    answer, warnings = _preview(g, order="gun_88", target="c1")
    assert "the boat has no 88 mm gun" in str(answer["reason"])
    assert warnings == []
    answer, warnings = _preview(g, order="gun_20")
    assert answer["accepted"] is False
    # the flak is aboard: its crew and its view are asked for
    assert warnings == [ADVISED.format(missing="2 sailors with the 20 mm symbol needed in section 8; found nobody"),
                        ADVISED.format(missing=LOOKOUT_GUNS)]
