"""§11 (the companion app's info feed: everything the crew must know is read out): a contact dropping out of the
crew's picture is said in the feed, as the crew knows it — the lookouts lost sight of it, or nobody has reported it
for a while and it is off the plot — never why it is gone. Losses said the same way within a few minutes of each
other are one line, so a convoy leaving sight ship by ship does not fill the feed, and drop a fast forward to real
time once. A ship seen to sink or an aircraft shot down has its own line and no loss line besides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kaleun.core.events import Event
from kaleun.uboot.game import new_game
from kaleun.uboot.sea.geo import M_PER_NM
from kaleun.uboot.sea.reports import lost_feed, lost_said
from kaleun.ui.feedlog import FeedLog
from kit import advance, named, play_script

LOOKOUTS = [{"t": 0, "do": "order", "order": "mobilize"},
            {"t": 1, "do": "place", "figure": "navigator-square", "section": 8},
            {"t": 2, "do": "order", "order": "observe"}]


def _game(surfaced: bool, ships: list[dict[str, Any]]) -> Any:
    """A boat stopped heading north in clear weather, the crew rules advising, and these ships (bearing,
    range_m, course, speed_kn) placed exactly at t = 0."""
    vessels = [{"class": "tramp", **{k: v for k, v in s.items() if k != "range_m"}, "range_nm": s["range_m"] / M_PER_NM}
               for s in ships]
    g = new_game(0, "training", {"surfaced": surfaced, "course": 0, "start": "1942-06-20T12:00:00",
                                 "vessel": vessels, "crew_rules": "advise", "wear": False, "weather": "clear",
                                 "weather_hold": True})
    g.take_events()
    return g


def _sailing_away() -> Any:
    """Three tramps 5 km off on diverging courses at 12 kn: the lookouts see them, then lose them one by one."""
    return _game(True, [{"bearing": b, "range_m": 5000, "course": b, "speed_kn": 12} for b in (0, 20, 40)])


def _event(line: dict[str, Any]) -> Event:
    """An event line of the log as the engine gave it; a loss's feed as the sea words it (in any language)."""
    data = {k: v for k, v in line.items() if k not in ("t", "clock", "event", "feed")}
    feed = line.get("feed")
    said = lost_said(Event(line["t"], line["clock"], line["event"], data))
    if said is not None and feed is not None:
        feed = lost_feed(said, [str(data["contact"])])
    return Event(line["t"], line["clock"], line["event"], data, feed=feed)


def _feed(events: list[dict[str, Any]], code: str = "en") -> list[str]:
    log = FeedLog(code)
    for e in events:
        log.add(_event(e))
    return [line.text for line in log.lines]


def test_11_the_lookouts_losing_ships_one_by_one_is_one_line_in_the_feed(tmp_path: Path):
    _g, events = play_script(tmp_path, [*LOOKOUTS, {"t": 3 * 3600, "do": "end"}], game=_sailing_away())
    lost = named(events, "contact_lost")
    assert len(lost) == 3 and {e["reason"] for e in lost} == {"out of sight"}
    assert lost[0]["feed"] == f"Lookouts: lost sight of {lost[0]['contact']}."
    assert all(e["sensor"] == "lookouts" for e in lost)
    said = [line for line in _feed(events) if "lost sight" in line]
    assert len(said) <= 2, said  # the last two went within a minute of each other: one line
    order = [e["contact"] for e in lost]
    assert said[-1] in (f"Lookouts: lost sight of {order[1]} and {order[2]}.",
                        f"Lookouts: lost sight of {order[0]}, {order[1]} and {order[2]}.")


def test_11_the_loss_line_in_german_and_russian():
    lost = {"t": 10, "clock": "1942-06-20T12:00:10", "event": "contact_lost", "contact": "c3",
            "reason": "out of sight", "sensor": "lookouts", "feed": "Lookouts: lost sight of c3."}
    again = {**lost, "t": 40, "clock": "1942-06-20T12:00:40", "contact": "c7", "feed": "Lookouts: lost sight of c7."}
    stale = {**lost, "t": 50, "clock": "1942-06-20T12:00:50", "contact": "c9", "reason": "no longer reported",
             "sensor": "hydrophone", "feed": "No longer reported, off the plot: c9."}
    assert _feed([lost, again, stale]) == ["Lookouts: lost sight of c3 and c7.",
                                           "No longer reported, off the plot: c9."]
    assert _feed([lost, again, stale], "de") == ["Beobachter: c3 und c7 außer Sicht.",
                                                 "Nicht mehr gemeldet, von der Lagekarte genommen: c9."]
    assert _feed([lost, again, stale], "ru") == ["Сигнальщики: потеряли из виду c3 и c7.",
                                                 "Больше не докладывается, снято с планшета: c9."]


def test_11_many_losses_name_the_first_and_count_the_rest():
    events = [{"t": i, "clock": f"1942-06-20T12:00:{i:02d}", "event": "contact_lost", "contact": f"c{i}",
               "reason": "out of sight", "sensor": "lookouts", "feed": f"Lookouts: lost sight of c{i}."}
              for i in range(1, 13)]
    assert _feed(events) == ["Lookouts: lost sight of c1, c2, c3, c4, c5, c6, c7, c8 and 4 more."]


def test_11_a_periscope_contact_nobody_reports_again_goes_off_the_plot():
    """A ship seen once through the periscope, then the boat goes deep: after an hour unreported (sensors.toml
    `stale_h`) she leaves the plot, and the feed says so, not where she went."""
    g = _game(False, [{"bearing": 0, "range_m": 3000, "course": 90, "speed_kn": 8}])
    from kit import order

    assert named(order(g, "periscope"), "periscope_view")
    lost = named(advance(g, 2 * 3600), "contact_lost")
    assert [(e["contact"], e["reason"], e["feed"]) for e in lost] == [
        ("c1", "no longer reported", "No longer reported, off the plot: c1.")]


def test_11_a_ship_seen_to_sink_has_no_loss_line():
    """A tramp 1,000 m ahead torpedoed from periscope depth: `ship_sunk` says she went down, and her contact
    leaves the plot without a second line."""
    from kit import order

    g = _game(False, [{"bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}])
    order(g, "periscope")
    order(g, "flood_tubes", tubes=[1])
    advance(g, 60)
    order(g, "periscope")
    order(g, "tdc", contact="c1")
    events = order(g, "fire_torpedoes", tubes=[1]) + advance(g, 3600)
    assert named(events, "ship_sunk")
    (lost,) = named(events, "contact_lost")
    assert lost["reason"] == "sunk" and "feed" not in lost
    assert not [line for line in _feed(events) if "lost sight" in line or "off the plot" in line]


def test_11_a_convoy_leaving_sight_drops_a_fast_forward_to_real_time_once():
    """§11: time compression drops to real time whenever a new feed message appears; a ship added to the open
    line of losses is no new message, as a ship added to an open contact report is not."""
    from kit import do

    g = _sailing_away()
    for line in LOOKOUTS:
        do(g, {k: v for k, v in line.items() if k != "t"})
    lost: list[dict[str, Any]] = []
    while len(lost) < 3 and g.t < 3 * 3600:
        events = advance(g, g.t + 10)
        new = named(events, "contact_lost")
        lost += new
        if new:
            if len(lost) == 1 or lost[-1]["t"] - lost[-2]["t"] > 300:
                # a new line: it drops the fast forward the crew set
                assert named(events, "time_compression")[-1]["reason"] == "feed"
            else:
                assert not named(events, "time_compression")  # joins the open line: transit stays
        if g.module("compression").mode != "transit":
            do(g, {"do": "ui", "action": "time_compression", "mode": "transit"})
    assert len(lost) == 3 and lost[2]["t"] - lost[1]["t"] <= 300  # the case where a loss joins a line was played


def test_11_a_contact_lost_again_after_a_glimpse_says_nothing_new():
    """At night the lookouts lose a ship, glimpse her again and lose her again: the open line names her once and
    the second loss is no news (the console prints nothing, no alarm, the line stays where it is)."""
    first = {"t": 10, "clock": "1942-06-20T12:00:10", "event": "contact_lost", "contact": "c3",
             "reason": "out of sight", "sensor": "lookouts", "feed": "Lookouts: lost sight of c3."}
    log = FeedLog()
    assert log.add(_event(first)).news == "Lookouts: lost sight of c3."
    again = log.add(_event({**first, "t": 100, "clock": "1942-06-20T12:01:40"}))
    assert again is not None and again.news is None and not again.raises
    assert [line.text for line in log.lines] == ["Lookouts: lost sight of c3."]
