"""A briefing's promise is what the game checks (rulebook §4.1: the primary objective is the briefing's): a
`reach` objective whose words name a line to cross ("west of 14°30'W", "east of 5°W") is met wherever the
boat crosses that line in the water the mission is about, not only inside a narrower box than the words say."""

from __future__ import annotations

import pytest
from kaleun.uboot.sea.seabed import seabed
from missionkit import advance, game, named, order, until_event

H = 3600.0


@pytest.mark.parametrize("mission, objective, start, course, words", [
    # a boat bound for the north Atlantic leaves the Bay on a north-westerly course: it crosses 14°30'W north of
    # 49°N, which the box [43, 49] missed
    ("biscay_1943", "out", [49.6, -14.2], 270, "west of 14°30'W"),
    # and one bound south crosses it off Spain's north-west corner, south of 43°N
    ("biscay_1943", "out", [42.6, -14.2], 270, "west of 14°30'W"),
    # through the Strait close under the Spanish coast (water to 36.52°N at 5°W), north of the box's 36.4°N
    ("gibraltar_1941", "through", [36.47, -5.04], 90, "east of 5°W"),
])
def test_4_1_a_reach_objective_is_met_where_its_words_say(mission, objective, start, course, words):
    assert seabed().depth_at(*start) > 10
    g = game(mission, changes={"position": start, "course": course, "air_cover": "none", "encounter": [],
                               "traffic": "none"})
    text = next(o for o in g.module("mission").objectives.values() if o.id == objective).text
    assert words in text
    order(g, "new_speed", speed="full_ahead")
    events = until_event(g, "objective", 6 * H)
    met = [e for e in named(events, "objective") if e["objective"] == objective and e["state"] == "met"]
    assert met, f"{mission}: {text!r} not met after crossing from {start} on course {course}"


def test_4_1_hqs_clear_of_the_coast_names_the_line_its_report_must_come_from():
    """agents_1941: HQ's "Report your position when you are clear of the coast" counts only west of 10°42'W. A
    boat heading home to St-Nazaire runs south-east from the landing point, clear of the coast but never west of
    it: its report did not count, though it did what the words said. The words now name the line, and the
    report says why it does not count."""
    from kaleun.uboot.missions.catalogue import catalogue

    spec = catalogue().missions["agents_1941"]
    signal = next(r for r in spec["radio"] if r.get("objective", {}).get("id") == "clear")
    assert "west of 10°42'W" in signal["text"] and "west of 10°42'W" in signal["objective"]["text"]
    # forty miles south-east of the landing point, on the way home
    radio = [{"at_h": 0.1, "text": signal["text"], "objective": signal["objective"]}]
    g = game("agents_1941", changes={"position": [51.3, -9.6], "objective": [], "encounter": [], "radio": radio})
    until_event(g, "radio_message", 1 * H, step=60)
    order(g, "enigma")
    sent = named(order(g, "enigma", report="position"), "radio_message")[0]
    assert not g.module("mission").objectives["clear"].met
    assert "It does not count" in sent["feed"] and sent["feed"].endswith("16°W to 10°42'W.")


def test_4_1_the_weather_boats_briefing_asks_for_the_reports_the_objective_counts():
    """weather_1940's briefing said "sending a weather report at least every ten hours" (no more than ten hours
    between two), while the objective counts only reports at least ten hours apart: a crew that reported every
    eight hours, as the briefing allowed, heard "It does not count" for every second report. The briefing now asks
    for what is counted."""
    from kaleun.uboot.missions.catalogue import catalogue

    spec = catalogue().missions["weather_1940"]
    reports = next(o for o in spec["objective"] if o["id"] == "reports")
    assert reports["every_h"] == 10 and "ten hours apart" in reports["text"]
    assert "at least every ten hours" not in spec["briefing"]
    assert "three weather reports at least ten hours apart" in spec["briefing"]
    g = game("weather_1940", changes={"position": [62.25, -18.625], "weather": "fair"})
    first = named(order(g, "enigma", report="weather"), "radio_message")[0]
    assert "count" not in first["feed"]
    advance(g, 8 * H)
    early = named(order(g, "enigma", report="weather"), "radio_message")[0]
    assert "It does not count" in early["feed"] and "10 h must lie between them" in early["feed"]


def test_4_1_a_report_refused_for_its_place_says_so_when_the_reckoning_puts_the_boat_there():
    """§9 (the navigator's reckoning drifts): a station is kept by the true position. A weather report sent where
    the reckoning puts the boat inside the station, the truth outside, read "Weather report sent to HQ from AE79.
    It does not count ...: it was not sent from squares AE76, AE79." - a square of the station refused for not
    being one. It now says the boat is not where its reckoning puts it."""
    g = game("weather_1940", changes={"position": [60.7, -18.6], "weather": "fair"})
    nav = g.module("navigation")
    nav.dr_shift = [0.0, 20.0]  # the plot 20 nm north of the truth, as a drifting reckoning leaves it
    assert nav.dr_square() == "AE79" and nav.true_square() not in ("AE76", "AE79")
    sent = named(order(g, "enigma", report="weather"), "radio_message")[0]
    assert sent["feed"].startswith("Weather report sent to HQ from AE79. It does not count")
    assert sent["feed"].endswith("the boat is not in squares AE76, AE79, though the reckoning puts it there.")
    # reckoned outside as well: the plain reason
    plain = game("weather_1940", changes={"position": [60.7, -18.6], "weather": "fair"})
    said = named(order(plain, "enigma", report="weather"), "radio_message")[0]["feed"]
    assert said.endswith("it was not sent from squares AE76, AE79.")
