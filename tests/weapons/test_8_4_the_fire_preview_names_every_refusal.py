"""The order assistant names every reason a salvo is refused for at once (rulebook §8.4: torpedoes leave flooded
tubes on the TDC's solution, within the gyro angle's limit). The order itself still says its first reason ("tube 1
is not flooded"); the preview (the console's `check fire`, the window's Fire! sheet) names the gyro angle beyond the
limit beside it, so flooding the tube is not met by a second refusal. Checking changes nothing."""

from __future__ import annotations

import json

from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.ui.actions import in_words
from kaleun.ui.order_warnings import order_warnings
from kit import console_typed
from weaponskit import order, range_game, refused, tube

#: a target abeam to starboard, running away: the bow tubes would need 95° of gyro angle
AWAY = {"bearing": 95, "range_m": 1500, "course": 95, "speed_kn": 0}
FLOOD = "tube 1 is not flooded (flood it first)"
GYRO = "gyro angle 95° is beyond the limit of 90° for tube 1"
ALSO = "Warning: also {missing}: the order would be refused for that as well."


def _state(g) -> str:
    return json.dumps(g.to_state(), sort_keys=True)


def _unflooded_and_beyond_the_limit():
    g = range_game(flooded=[])
    order(g, "tdc", **AWAY)
    return g


def test_8_4_the_preview_names_the_unflooded_tube_and_the_gyro_angle_beyond_the_limit():
    g = _unflooded_and_beyond_the_limit()
    before = _state(g)
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})
    assert _state(g) == before  # checked, not given
    assert answer["accepted"] is False
    assert str(answer["reason"]) == FLOOD
    assert [str(a) for a in answer["also"]] == [GYRO]
    assert ALSO.format(missing=GYRO) in [str(w) for w in order_warnings(g, answer)]
    # the order itself is refused for its first reason alone, as before
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == FLOOD


def test_8_4_a_salvo_names_each_tube_not_flooded_and_each_beyond_the_limit():
    g = _unflooded_and_beyond_the_limit()
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1, 2]})
    reasons = [str(answer["reason"]), *(str(a) for a in answer["also"])]
    assert reasons[:2] == [FLOOD, "tube 2 is not flooded (flood it first)"]
    assert len(reasons) == 4 and all("beyond the limit" in r for r in reasons[2:])


def test_8_4_no_tdc_solution_names_the_unflooded_tube_but_no_gyro_angle():
    g = range_game(flooded=[])
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})
    assert str(answer["reason"]) == "no TDC solution: program the TDC first"
    assert [str(a) for a in answer["also"]] == [FLOOD]


def test_8_4_the_console_check_prints_both_reasons_in_each_language():
    """`check fire 1` typed in the table's words prints the refusal and, under it, the gyro angle."""
    for code in ("en", "de", "ru"):
        lang = language(code)
        text = console_typed(code, in_words("check fire 1", lang), game=_unflooded_and_beyond_the_limit())
        gyro = lang.render(Msg("gyro angle {gyro}° is beyond the limit of {limit}° for tube {tube}", gyro="95", tube=1,
                               limit=90))
        flood = lang.render(Msg("tube {tube} is not flooded ({what})", tube=1, what=Msg("flood it first")))
        assert flood in text and gyro in text, (code, text)
        assert text.index(flood) < text.index(gyro)


def test_8_4_the_window_s_fire_sheet_shows_both_reasons():
    from window.fingers import Table_, shown
    from window.test_order_warnings import joined

    g = _unflooded_and_beyond_the_limit()
    table = Table_(game=g)
    table.tap("tab.attack")
    table.tap("tube.1")
    table.tap("weapon.fire")
    text = joined(shown(table))
    assert FLOOD in text
    assert ALSO.format(missing=GYRO) in text


def test_8_4_a_tube_just_fired_is_named_empty_while_the_tdc_still_holds_its_target():
    """After a shot the TDC keeps its target and the tube is empty: asking again (`check fire 1`, the window's
    Fire! sheet opened on that tube) names the empty tube, where it used to fail on the missing torpedo."""
    g = range_game(flooded=[1])
    order(g, "tdc", bearing=10, range_m=1500, course=90, speed_kn=5)
    order(g, "fire_torpedoes", tubes=[1])
    assert tube(g, 1)["state"] in ("fired", "empty")
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})
    assert answer["accepted"] is False
    assert str(answer["reason"]) == "tube 1 is not flooded (it is empty)"
    assert list(answer["also"]) == []
    for code in ("de", "ru"):
        text = console_typed(code, in_words("check fire 1", language(code)), game=g)
        assert language(code).render(Msg("tube {tube} is not flooded ({what})", tube=1,
                                         what=Msg("it is empty"))) in text, (code, text)
