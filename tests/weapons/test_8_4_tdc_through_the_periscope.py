"""Submerged, the TDC works through the periscope (rulebook §8.4 "Periskop": at periscope depth the periscope
order opens the periscope view, "Die TDC-EPP kann ebenfalls von der Periskop-EPP aus eingenommen werden";
"TDC": the TDC view is reached from the periscope's or the lookouts' view; "Torpedos abfeuern": torpedoes are
fired from the TDC view). So at periscope depth a `tdc` order and a `fire_torpedoes` order need the periscope
up: with the crew rules enforced they are refused without it, with one sentence the First Officer reads aloud;
advised, they go ahead with a `crew_warning`. A `tdc` order given through the periscope keeps it up for
torpedoes.toml `tdc_periscope_s` (our choice), so the book's orders — periscope, TDC, fire — make an attack."""

from __future__ import annotations

import io
import json
from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.weapons.arsenal import BOAT
from weaponskit import advance, do, named, one, order, range_game, refused

TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
TDC = {"bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
NO_PERISCOPE = "the TDC needs the periscope's view: up periscope first (the periscope order)"
MISSING = "the periscope is not up for the TDC's view (the periscope order)"
SCRIPT = Path(__file__).parent / "scripts" / "periscope_attack.jsonl"


def _enforced():
    """The practice range's boat at periscope depth with tube 1 flooded and the crew rules enforced."""
    g = range_game(vessels=[TRAMP], flooded=[1])
    do(g, {"do": "crew_options", "rules": "enforce"})
    return g


def _state(g) -> str:
    return json.dumps(g.to_state(), sort_keys=True)


def test_8_4_enforced_the_tdc_and_the_salvo_are_refused_with_the_periscope_down_and_go_with_it_up():
    g = _enforced()
    assert not g.module("sea").periscope_up()
    before = _state(g)
    rejected = one(order(g, "tdc", **TDC), "order_rejected")
    assert rejected["reason"] == NO_PERISCOPE
    assert rejected["feed"] == f"Program the TDC refused: {NO_PERISCOPE}."
    assert g.module("weapons").tdc_status() == {"programmed": False}
    one(order(g, "periscope"), "periscope_view")
    assert g.module("sea").periscope_up()
    raised = _state(g)
    assert g.module("orders").preview({"order": "tdc", **TDC})["accepted"] is True
    assert _state(g) == raised  # checked, not given: the periscope is not kept up by a preview
    one(order(g, "tdc", **TDC), "tdc_programmed")
    one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")
    assert before != _state(g)


def test_8_4_the_periscope_s_look_lapses_and_the_salvo_waits_for_it_to_go_up_again():
    """The periscope's look lasts sensors.toml [periscope] exposure_s (120 s); the TDC keeps it up
    `tdc_periscope_s` after its order; past that, the salvo is refused until the periscope goes up again."""
    g = _enforced()
    one(order(g, "periscope"), "periscope_view")
    advance(g, 100.0)
    one(order(g, "tdc", **TDC), "tdc_programmed")
    advance(g, 100.0 + float(BOAT["tdc_periscope_s"]) - 10.0)  # past the look alone, inside the TDC's hold
    assert g.module("sea").periscope_up()
    order(g, "mobilize")  # a fresh round of chips for the second salvo below
    advance(g, 100.0 + float(BOAT["tdc_periscope_s"]) + 10.0)
    assert not g.module("sea").periscope_up()
    armed = json.dumps(g.module("weapons").to_state(), sort_keys=True)
    events = order(g, "fire_torpedoes", tubes=[1])
    assert refused(events) == NO_PERISCOPE and named(events, "torpedo_fired") == []
    assert json.dumps(g.module("weapons").to_state(), sort_keys=True) == armed
    one(order(g, "periscope"), "periscope_view")
    one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")


def test_8_4_a_tdc_order_with_the_periscope_down_does_not_raise_it():
    """Advised, a TDC programmed without the periscope leaves it down (the escorts see no periscope)."""
    g = range_game(vessels=[TRAMP], flooded=[1])
    one(order(g, "tdc", **TDC), "tdc_programmed")
    assert not g.module("sea").periscope_up()


def test_6_4_checking_the_tdc_changes_nothing_and_a_refusal_ends_the_mobilization():
    """The order desk's contract (§6.4): the preview changes nothing and says the refusal; given, the order
    ends an open mobilization (with its undo entry) before its own check refuses it."""
    g = _enforced()
    before = _state(g)
    answer = g.module("orders").preview({"order": "tdc", **TDC})
    assert answer["accepted"] is False and answer["reason"] == NO_PERISCOPE
    assert _state(g) == before
    order(g, "mobilize")
    events = order(g, "tdc", **TDC)
    names = [e["event"] for e in events]
    assert names.index("mobilization_ended") < names.index("order_rejected")
    assert refused(events) == NO_PERISCOPE
    assert one(do(g, {"do": "undo"}), "undone")["action"] == "end of the mobilization"


def test_8_4_advised_the_tdc_and_the_salvo_go_ahead_with_the_periscope_down_and_say_so():
    """The training mission's crew rules only advise: the TDC is programmed and the salvo fired, each
    followed by a `crew_warning` naming the periscope; with the periscope up, none."""
    g = range_game(vessels=[TRAMP], flooded=[1])
    assert g.module("crew").rules == "advise"
    events = order(g, "tdc", **TDC)
    one(events, "tdc_programmed")
    warned = one(events, "crew_warning")
    assert warned["feed"] == f"Program the TDC went ahead without its crew: {MISSING}."
    events = order(g, "fire_torpedoes", tubes=[1])
    one(events, "torpedo_fired")
    assert one(events, "crew_warning")["missing"] == MISSING
    up = range_game(vessels=[TRAMP], flooded=[1])
    one(order(up, "periscope"), "periscope_view")
    events = order(up, "tdc", **TDC) + order(up, "fire_torpedoes", tubes=[1])
    one(events, "torpedo_fired")
    assert named(events, "crew_warning") == []


def test_8_4_the_order_assistant_names_the_missing_periscope_before_the_order_is_given():
    """The order assistant (the desk's preview with `order_warnings`, console and window alike): advised, a
    warning that the order would go ahead without the periscope's view; enforced, the refusal itself."""
    from kaleun.ui.order_warnings import order_warnings

    g = range_game(vessels=[TRAMP], flooded=[1])
    for fields in ({"order": "tdc", **TDC}, {"order": "fire_torpedoes", "tubes": [1]}):
        if fields["order"] == "fire_torpedoes":
            order(g, "tdc", **TDC)
        answer = g.module("orders").preview(fields)
        assert answer["accepted"] is True
        assert [str(w) for w in order_warnings(g, answer)] == [
            f"Warning: {MISSING}: the order would go ahead without it."]
    one(order(g, "periscope"), "periscope_view")
    assert order_warnings(g, g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})) == []
    enforced = _enforced()
    answer = enforced.module("orders").preview({"order": "tdc", **TDC})
    assert answer["reason"] == NO_PERISCOPE and order_warnings(enforced, answer) == []


def test_8_3_the_order_assistant_names_the_missing_bridge_lookout_surfaced():
    """Surfaced and advised, the assistant warns of the missing lookout on the bridge (§8.3) for the TDC and
    for the guns."""
    from kaleun.ui.order_warnings import order_warnings

    g = range_game(vessels=[TRAMP], flooded=[1], surfaced=True)
    answer = g.module("orders").preview({"order": "tdc", **TDC})
    assert [str(w) for w in order_warnings(g, answer)] == [
        "Warning: no lookout on the bridge (section 8) for the TDC's view: the order would go ahead without it."]
    for _ in range(20):  # the boat's own watch officer reports the tramp after a while
        ships = [c for c in g.module("sea").picture.active() if c["kind"] == "ship"]
        if ships:
            break
        advance(g, g.t + 30)
    answer = g.module("orders").preview({"order": "gun_88", "target": str(ships[0]["id"])})
    assert answer["accepted"] is True
    assert [str(w) for w in order_warnings(g, answer)] == [
        "Warning: no lookout on the bridge (section 8) for the guns' view: the order would go ahead without it."]


def _run(script: Path) -> list[dict]:
    out = io.StringIO()
    ScriptRun(new_game(0, "exercise_convoy_battle"), default_board(), EventWriter(out)).run(script)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_8_4_a_periscope_attack_script_in_enforce_mode_sinks_a_ship():
    """Through the table-script interface on the convoy battle exercise, the crew rules enforced, at periscope
    depth: the TDC refused before the periscope is up, then periscope, TDC and fire as the rulebook orders
    them — the salvo a minute after the TDC, past the periscope's own look — and a ship hit and sunk."""
    events = _run(SCRIPT)
    assert [(e["order"], e["reason"]) for e in named(events, "order_rejected")] == [("tdc", NO_PERISCOPE)]
    assert named(events, "crew_warning") == []
    accepted = [e["order"] for e in named(events, "order_accepted")]
    assert accepted == ["mobilize", "dive", "flood_tubes", "periscope", "tdc", "fire_torpedoes"]
    assert one(events, "salvo")["tubes"] == [1, 2, 3]
    hit = named(events, "torpedo_hit")[0]
    sunk = one(events, "ship_sunk")
    assert sunk["vessel"] == hit["vessel"] and sunk["cause"] == "torpedo"
    assert _run(SCRIPT) == events  # the same seed and script, the same log
