"""A convoy coming into view ship by ship raises the contact alarm once per report (the console's
alarms: "group what belongs together so the feed stays readable and says what is new").
The lookouts' first report of a group raises the banner and sounds the chimes; a ship added to that
open report updates its line ("4 ships …; 1 new.") without either again. A report after 5 quiet
minutes is news again; so is a report with aircraft, and a fire after the damage that caused it.
"""

from __future__ import annotations

from pathlib import Path

from kaleun.core.events import Event
from kaleun.ports.sim import SilentSounder
from kaleun.runtime.outputs import SoundOutput
from kit import BOARDS

from window.fingers import Table_, convoy_in_sight


def ship_reports(events: list[Event]) -> list[float]:
    return [e.t for e in events if e.name == "contact_report" and not e.data.get("aircraft")]


def test_9_a_ship_added_to_an_open_report_updates_its_line_without_the_banner() -> None:
    table = convoy_in_sight()
    win = table.window
    table.until(100, step=10)
    assert ship_reports(table.events) == [90.0]
    kind, line = win.alarm_shown()
    assert kind == "contact"
    win.dismiss_alarms()
    table.until(200, step=10)
    assert ship_reports(table.events) == [90.0, 180.0]
    assert win.alarm_shown() is None  # the second ship only grows the report
    newest = win.scene().feed[-1]
    assert newest.event == "contact_report" and "4 ships" in newest.text and "1 new" in newest.text
    table.until(560, step=10)
    assert ship_reports(table.events)[-1] == 540.0
    kind, line = win.alarm_shown()  # six quiet minutes later: a new report, a new alarm
    assert kind == "contact" and "a ship" in line.text


def test_9_the_banner_is_raised_once_per_report_and_for_aircraft() -> None:
    table = convoy_in_sight()
    raised: list[tuple[str, float]] = []
    win = table.window
    table.until(1300, step=10)
    for kind, line, _ in win.alarms:
        raised.append((kind, line.event))
    reports = ship_reports(table.events)
    assert reports == [90.0, 180.0, 540.0, 690.0, 810.0]
    # the banner's waiting alarms of the reports: two of ships (90 s and 540 s), one of aircraft
    assert [k for k, event in raised if event == "contact_report"] == ["contact", "contact", "aircraft"]


def test_9_the_chimes_sound_once_per_report_through_the_tables_sound_output(home: Path) -> None:
    """The sound output `kaleun play` builds (`make_runtime`) plays the contact chimes for the two
    reports, not for the three ships added to them; the aircraft klaxon sounds; every other cue
    plays as before."""
    from kaleun.boards.loader import load_board
    from kaleun.uboot.game import new_game
    from kaleun.ui.session import make_runtime

    table = convoy_in_sight()
    table.until(1300, step=10)
    board = home / "quiet.toml"
    board.write_text((BOARDS / "sim.toml").read_text(encoding="utf-8").replace('driver = "pygame"', 'driver = "none"'),
                     encoding="utf-8")
    runtime = make_runtime(new_game(1, "exercise_convoy_battle"), load_board(board))
    try:
        output = next(o for o in runtime.outputs if isinstance(o, SoundOutput))
        sounder = output.sounder
        assert isinstance(sounder, SilentSounder)
        for event in table.events:
            output.handle(event)
    finally:
        runtime.close()
    assert sounder.cues.count("contact_alarm") == 2
    assert sounder.cues.count("aircraft_alarm") == 1
    every = SilentSounder()
    plain = SoundOutput(every)  # without the feed's word every cue plays (five ship reports)
    for event in table.events:
        plain.handle(event)
    assert every.cues.count("contact_alarm") == 5
    assert [c for c in every.cues if not c.endswith("_alarm")] == [c for c in sounder.cues if not c.endswith("_alarm")]


def test_10_3_a_fire_after_its_damage_still_raises_the_fire_alarm() -> None:
    """The fire joins its damage's line (one moment, one line), and is news again: banner and bell."""
    from kaleun.ui.feedlog import AlarmGate

    table = Table_(mission="exercise_convoy_battle", seed=0)
    gate = AlarmGate()
    sounder = SilentSounder()
    output = SoundOutput(sounder, raises=gate.raises)
    table.runtime.listeners.append(output.handle)
    table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    table.until(2)
    assert table.window.alarm_shown()[0] == "fire"
    assert "fire_alarm" in sounder.cues


def test_9_the_gate_agrees_with_the_feed_it_mirrors() -> None:
    """`AlarmGate` raises exactly where the window's feed log says a change raises its alarm."""
    from kaleun.ui.feedlog import AlarmGate, FeedLog

    table = convoy_in_sight()
    table.until(900, step=10)
    gate, log = AlarmGate(), FeedLog()
    for event in table.events:
        change = log.add(event)
        assert gate.raises(event) == (change is not None and change.raises)


def test_9_the_waiting_banner_says_what_its_report_has_grown_to() -> None:
    """The banner over the feed shows its report as it is now: a ship added to the open report while
    the banner still waits (the clock runs fast, nobody touched it) turns its "a ship bearing ..." into
    the grown report ("4 ships ...; 1 new"), as the feed line it covers says, and raises nothing new."""
    table = convoy_in_sight()
    win = table.window
    table.until(100, step=10)
    kind, line = win.alarm_shown()
    assert kind == "contact" and "3 ships" in line.text
    table.until(200, step=10)  # a fourth ship joins the report; the banner was not touched
    kind, line = win.alarm_shown()
    assert kind == "contact" and "4 ships" in line.text and "1 new" in line.text
    assert len(win.alarms) == 1  # the same report: one alarm waiting, not two
    assert line == win.scene().feed[-1]
