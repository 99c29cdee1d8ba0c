"""Surfaced, the TDC works from the lookouts' view on the bridge (rulebook §8.3: the lookouts' view needs at
least one busy lookout in section 8, "Wenn sich min. 1 beschäftigter Beobachter in Sektion 8 befindet";
§8.3/§8.4 "TDC" and "Torpedos abfeuern": the TDC view, whence torpedoes are fired, is reached from the
periscope's or the lookouts' view). So with nobody on observation duty on the bridge a surfaced `tdc` order
and a surfaced `fire_torpedoes` order are refused, with one sentence the First Officer reads aloud, when the
crew rules are enforced; where they only advise (the training mission), the order goes ahead and a
`crew_warning` says what was missing, as for an order short of its sailors."""

from __future__ import annotations

import json
from pathlib import Path

from kit import play_script
from weaponskit import do, named, one, order, post_lookout, range_game, refused

TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
TDC = {"bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
NO_VIEW = ("the TDC needs the lookouts' view from the bridge: post at least one lookout in section 8 (the "
           "observation order)")


def _enforced(surfaced: bool = True):
    """The practice range's boat with tube 1 flooded and the crew rules enforced."""
    g = range_game(vessels=[TRAMP], flooded=[1], surfaced=surfaced)
    do(g, {"do": "crew_options", "rules": "enforce"})
    return g


def _weapons_state(g) -> str:
    return json.dumps(g.module("weapons").to_state(), sort_keys=True)


def test_8_3_8_4_surfaced_the_tdc_and_the_salvo_need_a_lookout_on_the_bridge():
    g = _enforced()
    assert g.module("sea").lookouts() == 0
    before = _weapons_state(g)
    rejected = one(order(g, "tdc", **TDC), "order_rejected")
    assert rejected["reason"] == NO_VIEW
    assert rejected["feed"] == f"Program the TDC refused: {NO_VIEW}."
    assert _weapons_state(g) == before and g.module("weapons").tdc_status() == {"programmed": False}
    post_lookout(g)
    one(order(g, "tdc", **TDC), "tdc_programmed")
    # the lookout is called below: the TDC keeps its solution, but nobody fires without the bridge's view
    order(g, "mobilize")
    do(g, {"do": "place", "figure": "navigator-square", "section": 3})
    armed = _weapons_state(g)
    events = order(g, "fire_torpedoes", tubes=[1])
    assert refused(events) == NO_VIEW and named(events, "torpedo_fired") == []
    assert _weapons_state(g) == armed
    post_lookout(g)
    one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")


def test_8_3_standing_on_the_bridge_is_not_enough_the_lookout_must_be_on_observation_duty():
    """A sailor in section 8 without the observation order is no lookout (§8.3: a busy lookout, activated
    with an observation chip); at periscope depth no lookout is needed, the periscope's view is (§8.4)."""
    g = _enforced()
    order(g, "mobilize")
    do(g, {"do": "place", "figure": "navigator-square", "section": 8})
    assert refused(order(g, "tdc", **TDC)) == NO_VIEW
    one(order(g, "observe"), "observation")
    one(order(g, "tdc", **TDC), "tdc_programmed")
    dived = _enforced(surfaced=False)  # at periscope depth: the periscope's view, no lookout
    one(order(dived, "periscope"), "periscope_view")
    one(order(dived, "tdc", **TDC), "tdc_programmed")


def test_6_4_a_tdc_refused_for_want_of_a_lookout_ends_the_mobilization_like_any_refusal():
    """The order desk's contract (§6.4): the order is given, so an open mobilization ends (with its undo
    entry) before the order's own check refuses it; the check itself changes nothing."""
    g = _enforced()
    before = json.dumps(g.to_state(), sort_keys=True)
    g.module("orders").preview({"order": "tdc", **TDC})
    assert json.dumps(g.to_state(), sort_keys=True) == before
    order(g, "mobilize")
    events = order(g, "tdc", **TDC)
    names = [e["event"] for e in events]
    assert names.index("mobilization_ended") < names.index("order_rejected")
    assert refused(events) == NO_VIEW
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "end of the mobilization"


def test_8_4_a_surfaced_attack_script_without_lookouts_is_refused_and_sinks_nothing(tmp_path: Path):
    """Through the table-script interface on the convoy battle exercise, the crew rules enforced: the night
    attack of host/README.md with its two navigators sent to the bridge but no observation order given. The
    TDC is refused for want of the lookouts' view, so the salvo has no solution; with the order given the same
    attack fires."""
    from kaleun.uboot.game import new_game

    crew = [{"t": 0, "do": "crew_options", "rules": "enforce"},
            {"t": 0, "do": "order", "order": "mobilize"},
            {"t": 2, "do": "place", "figure": "navigator-square", "section": 8},
            {"t": 4, "do": "place", "figure": "navigator-triangle", "section": 8},
            {"t": 6, "do": "place", "figure": "engineer-square", "section": 5},
            {"t": 8, "do": "place", "figure": "engineer-triangle", "section": 6},
            {"t": 9, "do": "place", "figure": "engineer-circle", "section": 6}]
    attack = [{"t": 20, "do": "order", "order": "flood_tubes", "tubes": [1, 2, 3]},
              {"t": 300, "do": "order", "order": "tdc", "bearing": 31, "range_nm": 1.2, "course": 137,
               "speed_kn": 7.5, "spread_deg": 6},
              {"t": 302, "do": "order", "order": "fire_torpedoes", "tubes": [1, 2, 3]},
              {"t": 900, "do": "end"}]
    _game, events = play_script(tmp_path, [*crew, *attack], game=new_game(0, "exercise_convoy_battle"))
    rejected = named(events, "order_rejected")
    assert [(e["order"], e["reason"]) for e in rejected] == [
        ("tdc", NO_VIEW), ("fire_torpedoes", "no TDC solution: program the TDC first")]
    assert named(events, "torpedo_fired") == [] and named(events, "ship_sunk") == []
    observed = [*crew, {"t": 10, "do": "order", "order": "observe"}, *attack]
    _game, events = play_script(tmp_path, observed, game=new_game(0, "exercise_convoy_battle"))
    assert named(events, "order_rejected") == []
    assert one(events, "salvo")["tubes"] == [1, 2, 3]


def test_8_4_advised_the_surfaced_tdc_goes_ahead_without_a_lookout_and_says_what_was_missing():
    """The training mission's crew rules only advise ("whoever stands where"): the TDC is programmed and the
    salvo fired, each followed by a `crew_warning` naming the missing lookout; with a lookout posted, none."""
    g = range_game(vessels=[TRAMP], flooded=[1], surfaced=True)
    assert g.module("crew").rules == "advise"
    events = order(g, "tdc", **TDC)
    one(events, "tdc_programmed")
    warned = one(events, "crew_warning")
    assert warned["feed"] == ("Program the TDC went ahead without its crew: no lookout on the bridge (section 8) "
                              "for the TDC's view.")
    events = order(g, "fire_torpedoes", tubes=[1])
    one(events, "torpedo_fired")
    assert one(events, "crew_warning")["missing"] == "no lookout on the bridge (section 8) for the TDC's view"
    watched = range_game(vessels=[TRAMP], flooded=[1], surfaced=True)
    post_lookout(watched)
    events = order(watched, "tdc", **TDC)
    one(events, "tdc_programmed")
    assert named(events, "crew_warning") == []


GUNS_NO_VIEW = ("the guns are laid from the lookouts' view: post at least one lookout in section 8 (the "
                "observation order)")


def _contact(g) -> str:
    from weaponskit import advance

    for _ in range(20):
        active = [c for c in g.module("sea").picture.active() if c["kind"] == "ship"]
        if active:
            return str(active[0]["id"])
        advance(g, g.t + 30)
    raise AssertionError("no contact")


def test_8_3_the_deck_guns_too_are_laid_from_the_lookouts_view():
    """§8.3: "while the First Officer is in the lookouts' view he has access to the TDC and the deck guns"
    (German rulebook; Russian: from the binoculars' view to the torpedo aiming and the guns' sights). With
    nobody on observation duty on the bridge the 88 mm and the 20 mm are refused (rules enforced) and
    nothing fires; with a lookout posted the 88 mm opens fire. Advised, it opens fire with a crew warning."""
    g = _enforced()
    cid = _contact(g)
    before = _weapons_state(g)
    assert refused(order(g, "gun_88", target=cid)) == GUNS_NO_VIEW
    assert refused(order(g, "gun_20")) == GUNS_NO_VIEW
    assert _weapons_state(g) == before
    advised = range_game(vessels=[TRAMP], flooded=[1], surfaced=True)
    events = order(advised, "gun_88", target=_contact(advised))
    one(events, "gun_firing")
    assert "88 mm gun went ahead without its crew: no lookout on the bridge (section 8) for the guns' view." in [
        e["feed"] for e in named(events, "crew_warning")]  # beside the crew engine's own (no gunners on deck)
    do(g, {"do": "crew_options", "rules": "advise"})  # the gun crew is not what this test is about
    post_lookout(g)
    events = order(g, "gun_88", target=cid)
    one(events, "gun_firing")
    assert not [e for e in named(events, "crew_warning") if "lookout" in str(e["missing"])]
