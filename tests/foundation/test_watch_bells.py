"""§6.8 watch changes at 06:00, 12:00, 18:00, 00:00, announced by the ship's bell."""

from __future__ import annotations

import numpy as np
from kaleun.sounds import bell
from kaleun.uboot.watch import strike_pattern
from kit import named, play_script


def test_6_8_watch_changes_ring_8_bells_at_00_and_12_and_4_bells_at_06_and_18(tmp_path):
    _, events = play_script(tmp_path, [{"t": 2 * 86400, "do": "end"}])  # mission starts 04:00
    bells = named(events, "bell")
    assert [(b["clock"][11:16], b["strikes"]) for b in bells[:4]] == [
        ("06:00", 4), ("12:00", 8), ("18:00", 4), ("00:00", 8)]
    assert len(bells) == 8


def test_6_8_bells_are_struck_in_pairs():
    assert strike_pattern(8) == [2, 2, 2, 2]
    assert strike_pattern(4) == [2, 2]
    assert strike_pattern(3) == [2, 1]


def test_6_8_each_bell_is_followed_by_the_watch_change_and_watches_alternate(tmp_path):
    _, events = play_script(tmp_path, [{"t": 86400, "do": "end"}])
    names = [e["event"] for e in events if e["event"] in ("bell", "watch_change")]
    assert names == ["bell", "watch_change"] * 4
    watches = [e["watch"] for e in named(events, "watch_change")]
    assert watches == ["second", "first", "second", "first"]
    assert all("watch change" in e["feed"] for e in named(events, "watch_change"))


def test_the_watch_change_carries_the_ship_log(tmp_path):
    _, events = play_script(tmp_path, [{"t": 0, "do": "order", "order": "new_speed", "speed": "half_ahead"},
                                       {"t": 7300, "do": "end"}])
    assert named(events, "watch_change")[0]["distance_nm"] > 19


def _strike_onsets(samples: np.ndarray, rate: int) -> list[float]:
    """Strike times: jumps of the envelope of the upper partials, which ring only briefly."""
    spectrum = np.fft.rfft(samples.astype(np.float64))
    freqs = np.fft.rfftfreq(len(samples), 1 / rate)
    spectrum[freqs < 2000] = 0
    high = np.abs(np.fft.irfft(spectrum, len(samples)))
    window = int(rate * 0.01)
    frames = high[: len(high) // window * window].reshape(-1, window).max(axis=1)
    frames = np.concatenate([[0.0], frames])  # silence before the first stroke
    onsets: list[float] = []
    for i in range(1, len(frames)):
        t = (i - 1) * 0.01
        rising = frames[i] > 2 * frames[i - 1] and frames[i] > 0.2 * frames.max()
        if rising and (not onsets or t - onsets[-1] > 0.15):
            onsets.append(t)
    return onsets


def test_the_synthesised_bell_strikes_eight_times_in_four_pairs():
    samples = bell.render([2, 2, 2, 2], rate=bell.RATE)
    onsets = _strike_onsets(samples, bell.RATE)
    assert len(onsets) == 8
    gaps = np.diff(onsets)
    within, between = gaps[0::2], gaps[1::2]
    assert max(within) < min(between)  # pairs: close together, then a longer pause


def test_the_synthesised_bell_is_a_decaying_tone_in_16_bit_range():
    samples = bell.render([2], rate=bell.RATE)
    assert samples.dtype == np.int16
    head = int(np.abs(samples[: bell.RATE // 10]).max())
    tail = int(np.abs(samples[-bell.RATE // 10:]).max())
    assert head > 10 * tail > 0


def test_the_pygame_sounder_plays_with_sdl_dummy_audio():
    from kaleun.ports.sound import PygameSounder

    sounder = PygameSounder(volume=0.5)
    assert sounder.available
    sounder.bell([2, 2])
    assert sounder.played == [[2, 2]]
    sounder.close()
