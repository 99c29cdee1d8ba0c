"""§7.5.3 (a salvo needs a programmed TDC) and §12 (the TDC tracked its target): once the crew has seen the
ship the TDC was set on go down, the TDC has no target. The console's `weapons` view and the window's attack
screen say so in words a First Officer reads aloud — not that she is "off the plot" with the TDC running on
its last data, as for a ship lost from sight — and a salvo on that solution is refused with the reason."""

from __future__ import annotations

from kaleun.i18n import language
from kaleun.ui.console_views import weapons as weapons_view
from kaleun.ui.weapon_faults import target_gone
from weaponskit import advance, do, named, one, order, post_lookout, range_game, refused, weapons

SUNK_LINE = "c1 has sunk: the TDC has no target. Program it on another ship."


def _sunk_under_the_tdc():
    """A tramp 1,000 m ahead seen through the periscope, the TDC set on her (c1), tube 3 fired: she goes down."""
    g = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "periscope")
    one(order(g, "tdc", contact="c1"), "tdc_programmed")
    events = order(g, "fire_torpedoes", tubes=[3]) + advance(g, 3600)
    assert one(events, "ship_sunk")["ship"] == "c1"
    return g


def test_12_the_weapons_view_says_the_tdcs_target_has_sunk_and_it_has_no_target():
    g = _sunk_under_the_tdc()
    shown = weapons_view(g, language("en"))
    assert SUNK_LINE in shown
    assert not any("off the plot" in line for line in shown)
    assert not any(line.startswith("TDC on c1") for line in shown)  # no solution on a ship that is gone
    assert not any(line.startswith("  bow ") for line in shown)


def test_7_5_3_a_salvo_on_a_sunk_targets_solution_is_refused_and_says_why():
    g = _sunk_under_the_tdc()
    order(g, "periscope")
    assert refused(order(g, "fire_torpedoes", tubes=[1])) == (
        "no TDC solution: c1 has sunk, the TDC has no target; program it on another ship")
    assert weapons(g).status()["tubes"][0]["state"] == "flooded"  # the refusal changed nothing


def test_7_5_3_the_tdc_set_anew_by_hand_fires_again():
    g = _sunk_under_the_tdc()
    order(g, "periscope")
    one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5), "tdc_programmed")
    assert target_gone(g) is None
    assert named(order(g, "fire_torpedoes", tubes=[1]), "salvo")


def test_12_a_ship_lost_from_sight_is_still_off_the_plot_and_in_the_tables_language():
    """A ship gone from sight (not seen to sink) keeps the old words: the TDC runs on its last data. The sunk
    line is said in German and Russian too."""
    g = _sunk_under_the_tdc()
    assert language("de").render(target_gone(g)) == (
        "c1 ist gesunken: der TDC hat kein Ziel. Den TDC auf ein anderes Schiff programmieren.")
    assert language("ru").render(target_gone(g)).startswith("c1 затонул")
    lost = range_game(vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(lost, "periscope")
    one(order(lost, "tdc", contact="c1"), "tdc_programmed")
    lost.module("sea")._lost(lost.module("sea").picture.get("c1")["entity"], "out of sight")
    assert language("en").render(target_gone(lost)) == "c1 is off the plot: the TDC runs on its last data."


def test_7_5_3_the_order_assistant_warns_of_no_run_on_a_sunk_targets_solution():
    """The order assistant (`?fire`) at a German table, the TDC's target gone down: it warned "Die Laufstrecke von
    6.432 m ist länger als die Reichweite des Torpedos ..." of a solution on a ship that is no more; it says only
    why the salvo would be refused."""
    from kaleun.ui.order_warnings import order_warnings

    g = _sunk_under_the_tdc()
    order(g, "periscope")
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})
    assert answer["accepted"] is False and "has sunk" in str(answer["reason"])
    assert order_warnings(g, answer) == []



def test_12_a_ship_seen_to_sink_is_named_so_when_an_order_names_her_again():
    """The TDC, or the 88 mm gun, ordered at the ship the crew saw go down was refused with "contact c1 is lost",
    as for a ship gone from sight; it says she has sunk."""
    g = _sunk_under_the_tdc()
    order(g, "periscope")
    assert refused(order(g, "tdc", contact="c1")) == "c1 has sunk: choose another ship"
    surfaced = range_game(surfaced=True, flooded=[3],
                          vessels=[{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    post_lookout(surfaced)
    while surfaced.module("sea").picture.get("c1") is None and surfaced.t < 600:
        advance(surfaced, surfaced.t + 10)
    sea = surfaced.module("sea")
    vessel = sea.picture.get("c1")["entity"]
    truth, (course, speed) = sea.truth(vessel, surfaced.t), sea.vmotion(sea.vessels[vessel])  # she flees the boat
    one(order(surfaced, "tdc", bearing=truth.bearing, range_m=truth.range_nm * 1852, course=course, speed_kn=speed),
        "tdc_programmed")
    events = order(surfaced, "fire_torpedoes", tubes=[3]) + advance(surfaced, surfaced.t + 3600)
    assert one(events, "ship_sunk")["ship"] == "c1"
    assert refused(order(surfaced, "gun_88", target="c1")) == "c1 has sunk: choose another ship"



def test_12_the_target_data_of_a_ship_seen_to_sink_say_she_has_sunk():
    """The console's target data (`target c1`) of the ship the crew saw go down said "Target data c1 (ship), lost:"
    with her last course and speed, as for a ship gone from sight; they say she has sunk."""
    from kaleun.ui.console_views import target

    g = _sunk_under_the_tdc()
    data = one(do(g, {"do": "target", "contact": "c1"}), "target_data")
    assert target(data, language("en"), g)[0] == "Target data c1 (ship), sunk: her last data:"
    assert target(data, language("de"), g)[0] == "Zieldaten c1 (Schiff), gesunken: ihre letzten Daten:"
    assert target(data, language("en"))[0] == "Target data c1 (ship), lost:"  # without the game: the event's word


def test_12_the_report_says_the_tdcs_target_has_sunk_and_gives_no_solution():
    """The `report` command (every module's status) still gave the TDC's solution on the ship the crew saw go
    down, gyro angle and run, while the `weapons` view and the attack screen said she has sunk and a salvo on it
    was refused. The report agrees with them: set on c1, she has sunk, no solution for bow or stern."""
    g = _sunk_under_the_tdc()
    tdc = one(do(g, {"do": "report"}), "report")["weapons"]["tdc"]
    assert tdc["contact"] == "c1" and tdc["sunk"] is True
    assert "bow" not in tdc and "stern" not in tdc
    order(g, "periscope")
    one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5), "tdc_programmed")
    again = one(do(g, {"do": "report"}), "report")["weapons"]["tdc"]  # set anew: a solution again
    assert "sunk" not in again and again["bow"]["reachable"] is True
