"""HQ's radio traffic and the Enigma order (rulebook §7.5.2, §8.4 and the order table: one activation per
message sent or received; §4.1: secondary objectives come from HQ during the mission)."""

from __future__ import annotations

import pytest
from kaleun.core.engine import Engine
from kaleun.core.errors import CommandError
from missionkit import advance, game, lookouts, named, one, order, until_event

H = 3600.0
TWO_SIGNALS = {"radio": [{"at_h": 0.1, "text": "First signal."},
                         {"at_h": 0.2, "text": "Second signal.",
                          "objective": {"id": "pos", "kind": "report", "report": "position",
                                        "text": "Send a position report."}}]}


def test_8_4_a_signal_arrives_coded_and_says_nothing_until_decoded():
    g = game()
    events = until_event(g, "radio_message", 30 * H)
    received = one(events, "radio_message")
    assert received["state"] == "received" and received["coded"] and "text" not in received
    assert received["feed"] == "Radio: a coded signal from HQ (m1). Decode it with the Enigma."
    assert received["objective"] == "weather"
    assert g.module("mission").objectives["weather"].state == "pending"
    decoded = order(g, "enigma")
    message = next(e for e in named(decoded, "radio_message") if e["state"] == "decoded")
    assert message["text"].startswith("Naval weather service asks for observations")
    given = one(decoded, "objective")
    assert given["state"] == "given" and given["objective"] == "weather" and not given["primary"]


def test_8_4_an_undecoded_signals_objective_cannot_be_met():
    g = game()
    until_event(g, "radio_message", 30 * H)
    sent = order(g, "enigma", report="weather")  # the report goes out, but the order is not known yet
    assert [e["state"] for e in named(sent, "radio_message")] == ["sent"]
    assert not named(sent, "objective")
    end = one(advance(g, 72 * H), "mission_end")
    weather = next(o for o in end["objectives"] if o["id"] == "weather")
    assert weather == {**weather, "met": False, "state": "pending", "coded": True}
    # §4.1: the debrief reads it out with its fame, which the par counts (HQ sent it), as the chart does
    from kaleun.uboot.missions.debrief import debrief, lines

    said = [str(m) for m in lines(debrief(g))]
    assert f"  [ ] Secondary: a signal never decoded ({weather['fame']:,} fame)" in said, said


def test_8_4_once_decoded_the_order_counts_from_then_on():
    g = game()
    until_event(g, "radio_message", 30 * H)
    order(g, "enigma", report="weather")  # before decoding: does not count
    order(g, "enigma")
    met = order(g, "enigma", report="weather")
    assert one(met, "objective")["state"] == "met"
    assert g.module("mission").outcome()["fame"] == 200


def test_8_4_one_activation_per_message():
    g = game("training", changes=TWO_SIGNALS, rules="enforce")
    advance(g, 0.3 * H)
    accepted = one(order(g, "enigma", decode=["m1", "m2"]), "order_accepted")
    assert accepted["messages"] == 2 and sum(a["chips"] for a in accepted["activated"]) == 2
    assert accepted["feed"] == "Order: Enigma: decode m1, m2."
    # the order table: "one activation per message sent or received" — a report sent is a message too
    g = game("training", changes=TWO_SIGNALS, rules="enforce")
    advance(g, 0.3 * H)
    both = one(order(g, "enigma", decode=["m1"], report="position"), "order_accepted")
    assert both["messages"] == 2 and sum(a["chips"] for a in both["activated"]) == 2
    alone = one(order(g, "enigma", report="position"), "order_accepted")
    assert alone["messages"] == 1 and sum(a["chips"] for a in alone["activated"]) == 1


@pytest.mark.parametrize("fields, reason", [
    ({}, "no coded signal is waiting"),
    ({"decode": "m7"}, "no signal m7 has been received"),
    ({"report": "convoy"}, "there is no ship in contact to report"),
])
def test_8_4_what_the_radio_cannot_do_is_refused_with_the_reason(fields, reason):
    g = game("training", changes=TWO_SIGNALS)
    assert one(order(g, "enigma", **fields), "order_rejected")["reason"] == reason


def test_8_4_reports_go_out_on_the_surface_and_signals_wait_for_a_boat_near_the_surface():
    g = game("training", changes=TWO_SIGNALS)
    order(g, "dive")
    advance(g, 40)
    order(g, "new_depth", depth_m=60)
    assert not named(advance(g, 0.5 * H), "radio_message")  # HQ repeats its broadcast meanwhile
    assert one(order(g, "enigma", report="position"), "order_rejected")["reason"] == (
        "reports are sent on the surface: the aerial is on the bridge")
    order(g, "new_depth", depth_m=10)
    received = named(advance(g, 0.6 * H), "radio_message")
    assert [e["message"] for e in received] == ["m1", "m2"]


def test_8_4_a_decoded_order_is_rejected_twice_and_a_malformed_enigma_order_is_an_error():
    g = game("training", changes=TWO_SIGNALS)
    advance(g, 0.3 * H)
    order(g, "enigma", decode="m1")
    assert one(order(g, "enigma", decode="m1"), "order_rejected")["reason"] == "signal m1 is already decoded"
    with pytest.raises(CommandError, match="messages = 3, but the order handles 2"):
        order(g, "enigma", decode=["m1", "m2"], messages=3)
    with pytest.raises(CommandError, match="an Enigma order handles 1 to 3 messages"):
        order(g, "enigma", decode=["m1", "m2", "m3"], report="position")


def test_8_4_the_training_patrol_has_no_hq_and_its_enigma_order_checks_its_fields_and_says_so():
    """The attack's order desk: every order checks its fields once the missions give Enigma its effect. In the
    training patrol (no HQ) the order took any field as given ("note": "practice" was echoed) and was
    accepted for signals that never come; now a typo is an error and the refusal says why."""

    g = game("training")
    with pytest.raises(CommandError, match=r"^enigma: unknown field\(s\) 'note'$"):
        order(g, "enigma", messages=2, note="practice")
    assert one(order(g, "enigma", messages=2), "order_rejected")["reason"] == "no coded signal is waiting"
    assert one(order(g, "enigma", report="weather"), "order_rejected")["reason"] == \
        "this training patrol has no HQ: a report would reach nobody"


def convoy_in_sight() -> Engine:
    """shadow_1941 with an unescorted HX convoy 6 nm from the boat (bearing 0), seen by the lookouts: ten minutes on,
    the picture holds it and a convoy report can go out."""
    from kaleun.uboot.sea import scenario

    g = game("shadow_1941")
    lat, lon = g.module("boat").position
    scenario.add_convoy(g.module("sea"), {"kind": "HX", "bearing": 0, "range_nm": 6.0, "course": 240, "columns": 3,
                                          "escorts": []}, lat, lon, g.t)
    lookouts(g)
    advance(g, g.t + 600)
    return g


def test_4_1_a_convoy_report_brings_hqs_answer_with_a_new_objective():
    g = convoy_in_sight()
    assert g.module("sea").picture.active()
    report = order(g, "enigma", report="convoy")
    assert [e["state"] for e in named(report, "radio_message")] == ["sent"]
    assert one(report, "objective")["objective"] == "report"
    answer = until_event(g, "radio_message", g.t + 2 * H, step=300)
    coded = [e for e in named(answer, "radio_message") if e["state"] == "received"]
    assert coded and coded[-1]["kind"] == "answer" and coded[-1]["objective"] == "pack_attack"
    decoded = order(g, "enigma", decode=coded[-1]["message"])
    text = next(e for e in named(decoded, "radio_message") if e["state"] == "decoded")["text"]
    assert "boats are closing on your convoy in" in text
    assert one(decoded, "objective")["objective"] == "pack_attack"



@pytest.mark.parametrize(("mission", "near", "out"), [
    ("agents_1941", [51.75, -10.4], [51.74, -11.04]),  # the landing point; where the worked example reports
    ("minefield_1939", [54.7, -0.86], [54.72, -0.55]),  # the field; where the winning script reports
])
def test_4_1_report_once_clear_of_the_coast_counts_only_from_clear_of_the_coast(mission, near, out):
    """HQ: "Report your position when you are clear of the coast." A position report sent at the landing point
    or over the minefield met it as well: the objective had no place. It counts from out at sea now."""
    from kaleun.uboot.missions.catalogue import catalogue

    spec = catalogue().missions[mission]
    signal = next(r for r in spec["radio"] if r.get("objective", {}).get("id") == "clear")
    for where, counts in ((near, False), (out, True)):
        g = game(mission, changes={"position": where, "objective": [], "encounter": [],
                                   "radio": [{"at_h": 0.1, "text": signal["text"], "objective": signal["objective"]}]})
        until_event(g, "radio_message", 1 * H, step=60)
        order(g, "enigma")
        sent = order(g, "enigma", report="position")
        assert named(sent, "radio_message")[0]["state"] == "sent"
        assert g.module("mission").objectives["clear"].met is counts, (mission, where)


def test_4_1_a_report_that_does_not_count_for_its_objective_says_why():
    """§4.1, §8.4: weather_1940 asks for three weather reports from the station, ten hours apart. A report sent
    before the boat is there, or too soon after the last one that counted, goes out, but it does not count: the
    table hears why at once instead of finding "0 of 3 reports" later."""
    g = game("weather_1940")
    sent = one(order(g, "enigma", report="weather"), "radio_message")
    assert sent["feed"] == ('Weather report sent to HQ from AL31. It does not count for the objective "Send three '
                            'weather reports from the station, ten hours apart.": it was not sent from squares '
                            'AE76, AE79.')
    assert g.module("mission").objectives["reports"].progress == 0
    on_station = game("weather_1940", changes={"position": [62.25, -18.625], "weather": "fair"})
    assert on_station.module("mission").objectives["reports"].area.contains(62.25, -18.625)
    first = one(order(on_station, "enigma", report="weather"), "radio_message")
    assert first["feed"].startswith("Weather report sent to HQ from ") and "count" not in first["feed"]
    advance(on_station, 2 * H)
    again = one(order(on_station, "enigma", report="weather"), "radio_message")
    assert again["feed"].endswith('It does not count for the objective "Send three weather reports from the '
                                  'station, ten hours apart.": the last one that counted was sent 2.0 h before, '
                                  'and 10 h must lie between them.')
    assert on_station.module("mission").objectives["reports"].progress == 1


def test_4_1_how_many_boats_join_a_reported_convoy_is_data(monkeypatch):
    """HQ's "boats joining" answer (issue text: a convoy contact report brings HQ's answer: shadow, attack, other
    boats joining) names a number of boats drawn from mission_rules.toml [radio] answer_boats, our choice."""
    from kaleun.uboot import mission

    monkeypatch.setitem(mission.RADIO, "answer_boats", [7, 7])
    g = convoy_in_sight()
    order(g, "enigma", report="convoy")
    answer = until_event(g, "radio_message", g.t + 2 * H, step=300)
    coded = [e for e in named(answer, "radio_message") if e["state"] == "received"]
    decoded = order(g, "enigma", decode=coded[-1]["message"])
    text = next(e for e in named(decoded, "radio_message") if e["state"] == "decoded")["text"]
    assert text.startswith("7 boats are closing on your convoy in")


@pytest.mark.parametrize("boats", [[5, 2], [0, 3], [2], "2-5", [2.5, 4]])
def test_4_1_a_wrong_number_of_joining_boats_in_the_rules_is_refused_with_its_line(monkeypatch, boats):
    from kaleun.uboot.missions import catalogue

    monkeypatch.setitem(catalogue.RULES["radio"], "answer_boats", boats)
    catalogue.catalogue.cache_clear()  # read again with the changed rules, and afresh after the test
    monkeypatch.setattr(catalogue, "catalogue", catalogue.catalogue.__wrapped__)
    with pytest.raises(catalogue.MissionError) as err:
        catalogue.catalogue()
    problems = [str(p) for p in err.value.problems]
    assert len(problems) == 1 and "radio.answer_boats" in problems[0]
    assert problems[0].startswith("mission_rules.toml:47: ")


def test_8_4_hqs_signal_gives_a_convoys_course_in_three_figures():
    """HQ's signal naming an encounter gives its course as every course the crew reads is written ("course 080",
    "new course 090"): long_patrol_1941's HQ read "Convoy reported in AK52, course 80, 8.5 kn.". Here the slow
    convoy of sc_convoy_1940 steers 80."""
    from kaleun.i18n import language
    from kaleun.uboot.missions.catalogue import catalogue

    encounter = dict(catalogue().missions["sc_convoy_1940"]["encounter"][0])
    encounter["convoy"] = {**encounter["convoy"], "course": 80}
    g = game("sc_convoy_1940", changes={"encounter": [encounter]})
    until_event(g, "radio_message", 3 * H)
    decoded = next(e for e in named(order(g, "enigma"), "radio_message") if e["state"] == "decoded")
    assert ", course 080, speed " in decoded["text"], decoded["text"]
    message = g.module("mission").messages[0]
    assert ", Kurs 080, " in language("de").render(message.text_msg())
