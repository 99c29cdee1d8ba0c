"""The ASDIC ping: synthesised, played by the sounders, triggered by `ping` events."""

from __future__ import annotations

import numpy as np
from kaleun.core.events import Event
from kaleun.ports.sim import SilentSounder
from kaleun.runtime.outputs import BellOutput
from kaleun.sounds import ping


def test_ping_is_a_high_tone_with_a_ringing_tail():
    samples = ping.render()
    assert samples.dtype == np.int16 and len(samples) == int(ping.LENGTH_S * ping.RATE)
    spectrum = np.abs(np.fft.rfft(samples.astype(float)))
    peak_hz = np.fft.rfftfreq(len(samples), 1 / ping.RATE)[spectrum.argmax()]
    assert abs(peak_hz - ping.TONE_HZ) < 10
    head = np.abs(samples[: ping.RATE // 10]).max()
    tail = np.abs(samples[-ping.RATE // 10:]).max()
    assert 0 < tail < head / 4  # it rings on and fades


def test_ping_events_sound_a_ping_and_bells_still_ring():
    sounder = SilentSounder()
    out = BellOutput(sounder)
    out.handle(Event(0.0, "", "ping", {"range_scale_yd": 2500}))
    out.handle(Event(1.0, "", "bell", {"strikes": 4, "pattern": [2, 2]}))
    assert sounder.pings == 1 and sounder.played == [[2, 2]]


def test_pygame_sounder_pings_with_the_dummy_driver():
    from kaleun.ports.sound import PygameSounder

    sounder = PygameSounder()
    sounder.ping()
    sounder.ping()
    assert sounder.pings == 2
    sounder.close()
