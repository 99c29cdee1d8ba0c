"""The first slice end to end: telegraph dial → speed change request → speed → distance run."""

from __future__ import annotations

import pytest
from kit import BOARDS, named, play_script, read_events, run_kaleun, write_script


def test_turning_the_telegraph_requests_new_speed_and_the_boat_follows(tmp_path):
    _, events = play_script(tmp_path, [
        {"t": 10, "do": "turn", "dial": "telegraph", "steps": 3},   # stop -> full ahead
        {"t": 3610, "do": "report"},
    ])
    accepted = named(events, "order_accepted")
    assert accepted == [{**accepted[0], "order": "new_speed", "speed": "full_ahead", "via": "telegraph"}]
    speed_set = named(events, "speed_set")[0]
    assert speed_set["target_kn"] == 12.5 and speed_set["propulsion"] == "diesel"
    reached = named(events, "speed_reached")[0]
    assert reached["speed_kn"] == 12.5
    assert reached["t"] == pytest.approx(10 + 12.5 / 0.1)  # data: 0.1 kn/s surfaced


def test_distance_run_accumulates_exactly(tmp_path):
    """10 kn for one hour after the ramp = 10 nm; the ramp adds its triangle."""
    _, events = play_script(tmp_path, [
        {"t": 0, "do": "order", "order": "new_speed", "speed": "half_ahead"},
        {"t": 100 + 3600, "do": "report"},
    ])
    ramp_s = 10.0 / 0.1
    expected = (10.0 / 2 * ramp_s + 10.0 * 3600) / 3600
    assert named(events, "report")[0]["boat"]["distance_nm"] == pytest.approx(expected, abs=1e-3)


def test_submerged_speeds_come_from_the_data_file(tmp_path):
    _, events = play_script(tmp_path, [
        {"t": 0, "do": "order", "order": "dive"},
        {"t": 1, "do": "turn", "dial": "telegraph", "steps": 3},
        {"t": 1000, "do": "report"},
    ])
    assert named(events, "boat_submerged")[0]["propulsion"] == "electric"
    assert named(events, "speed_set")[0]["target_kn"] == 7.6
    assert named(events, "report")[0]["boat"]["speed_kn"] == 7.6


@pytest.mark.parametrize("steps, expected", [(1, "slow_ahead"), (-1, "full_astern"), (9, "full_ahead"),
                                             (-9, "full_astern")])
def test_telegraph_has_five_positions_with_end_stops(tmp_path, steps, expected):
    _, events = play_script(tmp_path, [{"t": 1, "do": "turn", "dial": "telegraph", "steps": steps}])
    assert named(events, "order_accepted")[0]["speed"] == expected


def test_turning_past_the_end_stop_gives_no_new_order(tmp_path):
    _, events = play_script(tmp_path, [
        {"t": 1, "do": "turn", "dial": "telegraph", "steps": 3},
        {"t": 2, "do": "turn", "dial": "telegraph", "steps": 1},
    ])
    assert len(named(events, "order_accepted")) == 1


def test_going_astern_counts_distance_through_the_water(tmp_path):
    _, events = play_script(tmp_path, [
        {"t": 0, "do": "order", "order": "new_speed", "speed": "full_astern"},
        {"t": 3640, "do": "report"},
    ])
    boat = named(events, "report")[0]["boat"]
    assert boat["speed_kn"] == -4.0
    assert boat["distance_nm"] == pytest.approx((4.0 / 2 * 40 + 4.0 * 3600) / 3600, abs=1e-3)


def test_same_order_twice_is_rejected_with_a_reason(tmp_path):
    _, events = play_script(tmp_path, [
        {"t": 0, "do": "order", "order": "new_speed", "speed": "stop"},
    ])
    rejected = named(events, "order_rejected")[0]
    assert rejected["reason"] == "the telegraph already stands at stop"
    assert "refused" in rejected["feed"]


def test_mocked_gpio_encoder_drives_the_same_slice(tmp_path):
    """boards/mock-gpio.toml: the telegraph is a gpiozero RotaryEncoder on MockFactory pins."""
    _, events = play_script(tmp_path, [
        {"t": 5, "do": "turn", "dial": "telegraph", "steps": 2},
        {"t": 6, "do": "turn", "dial": "telegraph", "steps": -3},
        {"t": 7, "do": "press", "button": "pause"},
    ], board=BOARDS / "mock-gpio.toml")
    speeds = [e["speed"] for e in named(events, "order_accepted")]
    assert speeds == ["half_ahead", "full_astern"]
    assert named(events, "time_compression")[-1]["mode"] == "pause"


def test_mocked_gpio_encoder_counts_quadrature_cycles():
    """One detent = one full quadrature cycle on the encoder pins (A↓ B↓ A↑ B↑)."""
    from gpiozero.pins.mock import MockFactory
    from kaleun.boards.model import DialSpec
    from kaleun.ports.base import DialTurned
    from kaleun.ports.gpio import GpioDial

    factory = MockFactory()
    try:
        dial = GpioDial(DialSpec("telegraph", "gpio", 5, 6), factory)
        got: list[DialTurned] = []
        dial.start(got.append)
        a, b = factory.pin(5), factory.pin(6)
        a.drive_low()
        b.drive_low()
        a.drive_high()  # three quarters of a cycle: no detent yet
        assert got == []
        b.drive_high()
        assert got == [DialTurned("telegraph", 1)]
        dial.turn(-2)
        assert got[1:] == [DialTurned("telegraph", -1), DialTurned("telegraph", -1)]
        dial.close()
    finally:
        factory.reset()


def test_a_half_cycle_encoder_moves_the_telegraph_one_position_every_second_detent_as_the_guides_say():
    """An EC11 that rests at both-low every half cycle (30 detents, 15 pulses): gpiozero counts one step per
    full cycle, so two detents make one position with `steps_per_position = 1`. The build guide and
    wiring/mechanics.md told the maker to set `steps_per_position = 2` for it, which takes four detents a
    position (the lever's five positions would need 16 detents of travel); boards/README.md and `kaleun hw
    check` say two detents a position, or a full-cycle encoder. The three must agree with the pins."""
    import re

    from gpiozero.pins.mock import MockFactory
    from kaleun.boards.model import DialSpec
    from kaleun.ports.base import DialTurned
    from kaleun.ports.gpio import GpioDial
    from kit import ROOT

    factory = MockFactory()
    try:
        dial = GpioDial(DialSpec("telegraph", "gpio", 5, 6), factory)
        got: list[DialTurned] = []
        dial.start(got.append)
        a, b = factory.pin(5), factory.pin(6)
        a.drive_low()
        b.drive_low()  # the first detent: both low, half a cycle
        assert got == []
        a.drive_high()
        b.drive_high()  # the second detent: the cycle is full
        assert got == [DialTurned("telegraph", 1)]
        dial.close()
    finally:
        factory.reset()
    for doc in ("wiring/README.md", "wiring/mechanics.md", "boards/README.md"):
        text = " ".join((ROOT / doc).read_text(encoding="utf-8").split())
        advice = re.search(r"both-low every half cycle[^.]*\.", text)
        assert advice is not None, f"{doc} says nothing about encoders that rest at both-low every half cycle"
        assert "steps_per_position = 2" not in advice.group(0), f"{doc}: {advice.group(0)}"
        assert "two detents" in advice.group(0) or "2 detents" in advice.group(0), f"{doc}: {advice.group(0)}"


def test_cli_run_shows_the_speed_change_in_the_event_log(tmp_path):
    script = write_script(tmp_path / "turn.jsonl", [
        {"t": 9, "do": "turn", "dial": "telegraph", "steps": 2},
        {"t": 600, "do": "report"},
    ])
    out = tmp_path / "events.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), "--seed", "7", home=tmp_path)
    assert result.returncode == 0, result.stderr
    events = read_events(out)
    assert named(events, "speed_set")[0]["telegraph"] == "half_ahead"
    assert named(events, "report")[0]["boat"]["speed_kn"] == 10.0
