"""The info feed's grouping (kaleun.ui.feedlog): what belongs together is one line that says what is new,
and every line has its alarm class (a convoy coming into view ship by ship made a new
"Lookouts report..." line every 30-60 s)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.ui.feedlog import ALARMS, EVENT_ALARMS, FeedLog, alarm_of

START = datetime(1941, 6, 1, 4, 0, 0)


def ev(t: float, name: str, feed: Msg | str | None = None, **data: Any) -> Event:
    clock = (START + timedelta(seconds=t)).isoformat(timespec="seconds")
    return Event(t, clock, name, data, feed)


def sighting(t: float, cid: str, bearing: int, range_nm: float, kind: str = "ship") -> Event:
    return ev(t, "contact", contact=cid, kind=kind, sensor="lookouts", age_s=0, bearing=bearing,
              rel_bearing=bearing, range_nm=range_nm, course=100, speed_kn=7.5, identified=False)


def report(t: float, ids: list[str], feed: str = "Lookouts report ...", aircraft: int = 0) -> Event:
    return ev(t, "contact_report", feed, sensor="lookouts", contacts=ids, ships=len(ids) - aircraft,
              aircraft=aircraft)


def feed_convoy(log: FeedLog, waves: list[tuple[float, list[tuple[str, int, float]]]]) -> list[Any]:
    changes = []
    for t, ships in waves:
        for cid, bearing, rng in ships:
            assert log.add(sighting(t, cid, bearing, rng)) is None  # no feed of its own
        changes.append(log.add(report(t, [s[0] for s in ships])))
    return changes


def test_a_convoy_coming_into_view_ship_by_ship_is_one_line_that_says_what_is_new():
    log = FeedLog()
    changes = feed_convoy(log, [
        (50, [("c1", 20, 10.7)]),
        (80, [("c2", 18, 12.0), ("c3", 19, 12.1), ("c4", 22, 8.6), ("c5", 51, 6.8)]),
        (140, [("c6", 24, 11.5), ("c7", 24, 10.1)]),
        (170, [("c8", 19, 12.9)]),
    ])
    assert [c.kind for c in changes] == ["new", "update", "update", "update"]
    assert changes[0].news == "Lookouts report ..."  # the first report as the sea said it
    # a stream (the console) is told only the ships added, where they are, and the count in all
    assert changes[1].news == "Lookouts report 4 more ships bearing 018 to 051, range 7 to 12 nm (5 in all)."
    assert changes[2].news == "Lookouts report 2 more ships bearing 024, range 10 to 12 nm (7 in all). A convoy!"
    assert changes[3].news == "Lookouts report 1 more ship bearing 019, range about 13 nm (8 in all)."
    (line,) = log.lines
    assert line.text == "Lookouts report 8 ships bearing 018 to 051, range 7 to 13 nm; 1 new. A convoy!"
    assert line.count == 4 and line.alarm == "contact"
    assert (line.first, line.clock, line.t, line.event) == ("04:00:50", "04:02:50", 170, "contact_report")


def test_an_updated_line_moves_to_the_end_and_the_feed_version_changes():
    log = FeedLog()
    feed_convoy(log, [(50, [("c1", 20, 10.7)])])
    log.add(ev(60, "order_accepted", "Order: dive.", order="dive"))
    version = log.version
    feed_convoy(log, [(80, [("c2", 30, 9.0)])])
    assert [line.text for line in log.lines] == [
        "Order: dive.", "Lookouts report 2 ships bearing 020 to 030, range 9 to 11 nm; 1 new."]
    assert log.version > version


def test_a_report_after_five_quiet_minutes_starts_a_new_line_and_aircraft_stand_alone():
    log = FeedLog()
    feed_convoy(log, [(0, [("c1", 20, 10.7)]), (301, [("c2", 30, 9.0)])])
    assert len(log.lines) == 2
    log.add(sighting(320, "c3", 90, 6.0, kind="aircraft"))
    change = log.add(report(320, ["c3"], "Lookouts report aircraft bearing 090, range about 6 nm!", aircraft=1))
    assert change is not None and change.kind == "new" and change.line.alarm == "aircraft"
    assert len(log.lines) == 3


@pytest.mark.parametrize(("ranges", "said"), [
    ((7.9, 8.3), "range about 8 nm"),
    ((0.4, 0.8), "close, 0.4 to 0.8 nm"),
    ((0.42, 0.44), "close, 0.4 nm"),
    ((2.2, 11.6), "range 2 to 12 nm"),
    ((0.4, 2.2), "range 0.4 to 2 nm"),  # never "range 0 to 2 nm"
])
def test_the_merged_line_never_says_range_8_to_8(ranges, said):
    log = FeedLog()
    feed_convoy(log, [(0, [("c1", 350, ranges[0])]), (30, [("c2", 10, ranges[1])])])
    assert log.lines[-1].text == f"Lookouts report 2 ships bearing 350 to 010, {said}; 1 new."


def test_depth_charge_patterns_repeat_on_one_line_until_ten_quiet_minutes():
    log = FeedLog()
    news = [log.add(ev(t, "depth_charges", "Depth charges!", source="e1", pattern=5)) for t in (0, 250, 500)]
    assert [c.news for c in news if c] == ["Depth charges!", "Depth charges! (2 patterns)",
                                           "Depth charges! (3 patterns)"]
    assert len(log.lines) == 1 and log.lines[0].alarm == "depth_charges"
    later = log.add(ev(1101, "depth_charges", "Depth charges!", source="e1", pattern=5))
    assert later is not None and later.kind == "new" and len(log.lines) == 2


def test_asdic_contacts_repeat_on_one_line_and_silent_pings_are_not_news():
    log = FeedLog()
    first = log.add(ev(0, "ping", "ASDIC! Pings on the hull: an escort has found the boat.", escort=None, echo=True))
    assert first is not None and first.line.alarm == "asdic"
    assert log.add(ev(2, "ping", None, escort=None, echo=True)) is None
    again = log.add(ev(400, "ping", "ASDIC! Pings on the hull: an escort has found the boat.", escort="c4",
                       echo=True))
    assert again is not None and again.news == "ASDIC! Pings on the hull: an escort has found the boat. (2 times)"
    assert len(log.lines) == 1


def test_the_guns_rounds_count_quietly_on_the_line_of_the_order_until_the_cease_fire():
    log = FeedLog()
    log.add(ev(0, "gun_firing", Msg("88 mm gun: open fire on {target}, {rounds} rounds.", target="c3", rounds=5),
               gun="gun_88", target="c3", rounds=5))
    rounds = [log.add(ev(4 * i, "gun_round", gun="gun_88", target="c3", hit=i in (2, 4), range_m=2000))
              for i in range(1, 6)]
    assert all(c is not None and c.kind == "repeat" and c.news is None for c in rounds)
    assert log.lines[0].text == "88 mm gun firing at c3: 5 rounds, 2 hits."
    ceased = log.add(ev(21, "gun_ceased", "88 mm gun: cease fire, 5 shots, 2 hits.", gun="gun_88", shots=5, hits=2,
                        target="c3", reason=None))
    assert ceased is not None and ceased.news == "88 mm gun: cease fire, 5 shots, 2 hits."
    assert [line.text for line in log.lines] == ["88 mm gun: cease fire, 5 shots, 2 hits."]
    assert log.add(ev(30, "gun_round", gun="gun_88", target="c3", hit=False, range_m=2000)) is None


def test_what_follows_from_one_damage_at_the_same_moment_joins_its_line():
    log = FeedLog()
    log.add(ev(10, "damage", "Damage to the compressor: maintenance needed (depth charge at 46 m).",
               kind="technical", component="compressor", severity="maintenance", cause="depth charge at 46 m"))
    follow = log.add(ev(10, "technical_condition", "Technical condition: maintenance needed on the compressor.",
                        component="compressor", severity="maintenance"))
    assert follow is not None and follow.kind == "update"
    assert follow.news == "Technical condition: maintenance needed on the compressor."  # the console prints this
    assert log.lines[-1].text == ("Damage to the compressor: maintenance needed (depth charge at 46 m). "
                                  "Technical condition: maintenance needed on the compressor.")
    log.add(ev(10, "damage", "Damage: fire in section 5.", kind="environmental", condition="fire", section=5,
               cause="shell"))
    log.add(ev(10, "condition_placed", "Fire in section 5 (diesel room)!", condition="fire", section=5, id=1))
    other = log.add(ev(10, "technical_condition", "Technical condition: the diesels.", component="diesels"))
    assert other is not None and other.kind == "new"  # not the damage it follows
    assert [line.alarm for line in log.lines] == ["damage", "fire", "damage"]


def test_the_lookouts_count_confirms_an_observation_order_and_replaces_itself():
    log = FeedLog()
    log.add(ev(10, "observation", "Observation sectors assigned: 2 lookouts on the bridge.", lookouts=2, active=True))
    quiet = log.add(ev(10, "lookouts", "Lookouts on the bridge: 2.", count=2))
    assert quiet is not None and quiet.kind == "repeat" and quiet.news is None
    assert log.lines[-1].text == "Observation sectors assigned: 2 lookouts on the bridge."
    log.add(ev(200, "lookouts", "Lookouts on the bridge: 3.", count=3))
    log.add(ev(230, "lookouts", "Lookouts on the bridge: 1.", count=1))
    assert [line.text for line in log.lines][1:] == ["Lookouts on the bridge: 1."]


@pytest.mark.parametrize(("name", "data", "alarm"), [
    ("contact_report", {"ships": 3, "aircraft": 0, "sensor": "lookouts", "contacts": []}, "contact"),
    ("contact_report", {"ships": 0, "aircraft": 1, "sensor": "lookouts", "contacts": []}, "aircraft"),
    ("gunfire", {"escort": "v3"}, "gunfire"),
    ("aircraft_attack", {}, "aircraft"),
    ("aircraft_attacking", {"aircraft": "c1", "type": "sunderland", "range_nm": 3.5}, "aircraft"),
    ("depth_charges", {}, "depth_charges"),
    ("damage", {"kind": "hull_breach", "section": 4}, "breach"),
    ("damage", {"kind": "environmental", "condition": "fire", "section": 5}, "fire"),
    ("damage", {"kind": "environmental", "condition": "leak", "section": 5}, "damage"),
    ("breach_warning", {"section": 4}, "breach"),
    ("ping", {"echo": True}, "asdic"),
    ("order_rejected", {}, "refused"),
    ("mission_end", {}, "mission"),
    ("watch_change", {}, "info"),
])
def test_every_line_has_its_alarm_class(name, data, alarm):
    assert alarm_of(ev(0, name, "...", **data)) == alarm
    assert alarm in ALARMS


def test_alarm_classes_are_declared_once_with_distinct_priorities():
    assert set(EVENT_ALARMS.values()) <= set(ALARMS)
    priorities = [a.priority for a in ALARMS.values()]
    assert len(set(priorities)) == len(priorities)


def test_a_line_with_several_events_takes_the_loudest_alarm():
    log = FeedLog()
    log.add(ev(5, "damage", "Damage: leak in section 2.", kind="environmental", condition="leak", section=2,
               cause="x"))
    log.add(ev(5, "condition_placed", "Leak in section 2!", condition="leak", section=2, id=1))
    assert log.lines[-1].alarm == "damage"
    log.add(ev(6, "damage", "Hull breach in section 4!", kind="hull_breach", section=4, cause="x"))
    log.add(ev(6, "hull_breach", "Breach: 3:00 to seal it.", section=4))  # not a follow-up rule: own line
    assert [line.alarm for line in log.lines][-2:] == ["breach", "breach"]


def test_refused_inputs_are_lines_of_their_own():
    log = FeedLog()
    change = log.problem("04:00:05", "place: section must be from 1 to 8, not 9")
    assert change.line.problem and change.line.alarm == "problem" and change.kind == "new"
    assert log.lines[-1].text == "place: section must be from 1 to 8, not 9"


def test_events_without_a_feed_change_nothing_and_the_feed_keeps_its_length():
    log = FeedLog(length=5)
    assert log.add(ev(0, "speed_set", telegraph="stop")) is None and log.lines == ()
    for i in range(8):
        log.add(ev(i, "order_accepted", f"Order {i}.", order="dive"))
    assert [line.text for line in log.lines] == [f"Order {i}." for i in range(3, 8)]
    feed_convoy(log, [(100, [("c1", 20, 5.0)])])
    for i in range(5):
        log.add(ev(101 + i, "order_accepted", f"Later {i}.", order="dive"))
    change = feed_convoy(log, [(130, [("c2", 25, 5.5)])])[0]
    assert change.kind == "new"  # its line had left the feed: a new one, as the sea said it


def test_lines_render_in_the_tables_language_and_keep_their_message():
    log = FeedLog(language="de")
    msg = Msg("Tube {tube} loaded ({torpedo}).", tube=3, torpedo="G7e")
    change = log.add(ev(0, "tube_loaded", msg, tube=3))
    assert change is not None
    assert change.line.message == msg
    assert change.line.text == language("de").render(msg)
    log.set_language("en")
    assert log.lines[0].text == "Tube 3 loaded (G7e)."
