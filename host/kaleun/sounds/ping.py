"""An ASDIC ping as heard inside the boat, synthesised: a short, pure, high tone striking the
hull, ringing on in a long metallic reverberation.

The real transmission was at 14-22 kHz; what the crew heard and remembered (and what films
reproduce) is the hull's answer around 1.5-2 kHz, so the tone sits there. The reverberation is
a few decaying, slightly detuned echoes plus a low-passed noise tail.
"""

from __future__ import annotations

import numpy as np

RATE = 22050
TONE_HZ = 1760.0
#: seconds: the tone, then the whole sound with its ringing tail
TONE_S = 0.18
LENGTH_S = 1.6
#: (delay s, gain, detune ratio) of the hull's echoes
ECHOES = ((0.0, 1.0, 1.0), (0.045, 0.45, 1.003), (0.11, 0.3, 0.997), (0.19, 0.18, 1.006))
TAIL_DECAY_S = 0.45


def _ping(t: np.ndarray, ratio: float = 1.0) -> np.ndarray:
    """One ping starting at t = 0 (silent before), float64 in [-1, 1]."""
    live = t >= 0
    tt = np.where(live, t, 0.0)
    attack = np.minimum(1.0, tt / 0.004)
    body = np.where(tt < TONE_S, 1.0, np.exp(-(tt - TONE_S) / TAIL_DECAY_S))
    return np.where(live, np.sin(2 * np.pi * TONE_HZ * ratio * tt) * attack * body, 0.0)


def render(rate: int = RATE, volume: float = 0.8, seed: int = 7) -> np.ndarray:
    """The ping with its ringing, as 16-bit mono samples (deterministic: a fixed noise seed)."""
    n = int(LENGTH_S * rate)
    t = np.arange(n, dtype=np.float64) / rate
    out = np.zeros(n, dtype=np.float64)
    for delay, gain, ratio in ECHOES:
        out += gain * _ping(t - delay, ratio)
    noise = np.random.default_rng(seed).standard_normal(n)
    kernel = np.ones(16) / 16  # a crude low-pass: the water's hiss, not white noise
    out += np.convolve(noise, kernel, mode="same") * np.exp(-t / TAIL_DECAY_S) * 0.05
    peak = float(np.max(np.abs(out))) or 1.0
    return (out / peak * volume * 32767).astype(np.int16)
