"""A refused order says exactly why (rulebook §6.5: an order is carried out by the sailors its row of the
order table names, in their section), and the console's hint for a newcomer — `crew`, `mobilize`, `place
FIGURE SECTION`, `?ORDER` — follows only what it helps with: an order short of its sailors. A weapon order
refused by its own check ("no TDC solution", "tube 3 is not flooded") has nothing to do with where the
sailors stand, and the console said the hint after it all the same (it said it after any refusal)."""

from __future__ import annotations

from kaleun.ui.console import crew_short
from kit import console_typed
from weaponskit import do, one, order, range_game

HINT = "  crew shows each sailor's section and symbols"


def test_6_5_an_order_refused_by_its_own_check_carries_no_missing_crew():
    g = range_game(flooded=[])
    do(g, {"do": "crew_options", "rules": "enforce"})
    no_tdc = one(order(g, "fire_torpedoes", tubes=[1]), "order_rejected")
    assert no_tdc["reason"] == "no TDC solution: program the TDC first"
    assert "missing" not in no_tdc and not crew_short("order_rejected", no_tdc)


def test_6_5_an_order_refused_for_want_of_its_sailors_says_what_is_missing():
    g = range_game(flooded=[1])
    do(g, {"do": "crew_options", "rules": "enforce"})
    order(g, "mobilize")
    for figure in ("captain-circle", "captain-hexagon"):  # the bow room's two men leave it
        do(g, {"do": "place", "figure": figure, "section": 2})
    short = one(order(g, "reload_torpedo", tube=2), "order_rejected")
    assert short["reason"] == "tube 2 is already loaded" and "missing" not in short  # its own check first
    short = one(order(g, "flood_tubes", tubes=[2]), "order_rejected")
    assert short["missing"] == short["reason"]
    assert str(short["missing"]).startswith("1 sailor with the flood/fire torpedoes symbol needed in section 1")
    assert crew_short("order_rejected", short)


def test_8_4_the_periscope_down_is_no_matter_of_sailors_but_an_empty_bridge_is():
    """Advised, a TDC order at periscope depth with the periscope down goes ahead with a `crew_warning` whose
    `view` is `periscope` (an order to give: no hint about placing sailors); surfaced with nobody on the bridge,
    `view` is `bridge` (a lookout to place: the hint fits)."""
    g = range_game()
    tdc = {"bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
    down = one(order(g, "tdc", **tdc), "crew_warning")
    assert down["view"] == "periscope" and not crew_short("crew_warning", down)
    g = range_game(surfaced=True)
    bare = one(order(g, "tdc", **tdc), "crew_warning")
    assert bare["view"] == "bridge" and crew_short("crew_warning", bare)


def test_6_5_the_console_gives_the_crew_hint_after_a_crew_refusal_not_after_a_weapon_check():
    said = console_typed("en", "fire 3", "reload 1", "crew_options rules=enforce", "speed full_ahead")
    lines = said.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(HINT))
    assert "Fire torpedoes refused: no TDC solution: program the TDC first." in said
    assert "Reload torpedo refused: tube 1 is already loaded." in said
    assert "New speed refused: 2 sailors with the engines symbol needed in section 5" in lines[first - 1]
    assert said.count(HINT) == 1


def test_8_3_8_4_a_weapon_order_refused_for_want_of_its_view_says_which():
    """Enforced, a weapon order without its view is refused by its own check (§8.3: the lookouts' view needs a
    lookout on observation duty in section 8; §8.4: submerged, the periscope's). Its `order_rejected` names the
    view; the bridge's also says what is missing — a lookout to place, in the words of the warning the order
    gets where the rules only advise — and the console's hint follows it; the periscope down is an order to
    give, not a sailor to place."""
    tdc = {"bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
    g = range_game(surfaced=True)
    do(g, {"do": "crew_options", "rules": "enforce"})
    for name, fields, missing in (
            ("tdc", tdc, "no lookout on the bridge (section 8) for the TDC's view"),
            ("gun_88", {"target": "c1"}, "no lookout on the bridge (section 8) for the guns' view")):
        bare = one(order(g, name, **fields), "order_rejected")
        assert str(bare["reason"]).startswith("the ") and "section 8" in str(bare["reason"])
        assert bare["view"] == "bridge" and bare["missing"] == missing and crew_short("order_rejected", bare)
    g = range_game()
    do(g, {"do": "crew_options", "rules": "enforce"})
    down = one(order(g, "tdc", **tdc), "order_rejected")
    assert down["reason"] == "the TDC needs the periscope's view: up periscope first (the periscope order)"
    assert down["view"] == "periscope" and "missing" not in down and not crew_short("order_rejected", down)
    other = one(order(g, "fire_torpedoes", tubes=[1]), "order_rejected")  # no solution: no view named
    assert "view" not in other and "missing" not in other
