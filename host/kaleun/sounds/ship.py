"""Steel under strain, synthesised: a ship breaking up as she sinks, the own hull creaking below
its test depth.

Both are low groans of bending plates (slowly gliding tones with a rough, uneven loudness)
with cracks of rivets and bulkheads; a sinking ship adds bangs and a rush of water and air.
"""

from __future__ import annotations

import numpy as np

from kaleun.sounds.synth import RATE, axis, bandpass, finish, hit, lowpass, noise, tone


def _groan(t: np.ndarray, rate: int, base_hz: float, seed: int) -> np.ndarray:
    """A bending-steel groan: a gliding tone with harmonics, loudness wandering slowly."""
    glide = lowpass(noise(len(t), seed), rate, 0.8)
    glide /= float(np.max(np.abs(glide))) or 1.0
    hz = base_hz * (1.0 + 0.25 * glide)
    wave = tone(t, hz, rate) + 0.5 * tone(t, 2 * hz, rate) + 0.3 * tone(t, 3.1 * hz, rate)
    rough = np.abs(lowpass(noise(len(t), seed + 1), rate, 6))
    return wave * rough / (float(np.max(rough)) or 1.0)


def _cracks(t: np.ndarray, rate: int, count: int, seed: int, low: float, high: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.zeros_like(t)
    burst = bandpass(noise(len(t), seed + 7), rate, low, high)
    for at in np.sort(rng.uniform(0.1, t[-1] * 0.85, count)):
        out += burst * hit(t, float(at), 0.001, float(rng.uniform(0.03, 0.15))) * float(rng.uniform(0.4, 1.0))
    return out


def ship_breaking_up(rate: int = RATE) -> np.ndarray:
    t = axis(7.0, rate)
    n = len(t)
    swell = np.minimum(1.0, t / 1.0) * np.minimum(1.0, (t[-1] - t) / 1.5)
    groans = (_groan(t, rate, 48, 41) + 0.7 * _groan(t, rate, 83, 43)) * swell
    bangs = _cracks(t, rate, 9, 45, 150, 1200)
    rush = lowpass(noise(n, 47), rate, 400) * np.clip((t - 2.5) / 3.0, 0.0, 1.0)
    return finish(lowpass(groans, rate, 700) + 1.6 * bangs + 0.6 * rush, rate, 1.0)


def hull_creak(rate: int = RATE) -> np.ndarray:
    t = axis(2.8, rate)
    swell = np.minimum(1.0, t / 0.4) * np.minimum(1.0, (t[-1] - t) / 0.8)
    groan = lowpass(_groan(t, rate, 72, 51), rate, 500) * swell
    ticks = _cracks(t, rate, 4, 53, 800, 3000)
    return finish(groan + 0.5 * ticks, rate, 0.5)
