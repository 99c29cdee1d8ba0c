"""The boat's own signals, synthesised: the diving alarm, the engine telegraph's bell, the
launch of a torpedo.

The diving alarm is an electric bell: a clapper striking a small gong about eighteen times a
second while the button is held. The engine telegraph answers with a quick double ring of its
bell. A torpedo leaves its tube with a thump, a rush of compressed air and the fading whine
of its motor.
"""

from __future__ import annotations

import numpy as np

from kaleun.sounds.synth import RATE, axis, bandpass, finish, hit, lowpass, noise, tone

#: a small gong: (frequency ratio, amplitude, decay s)
GONG = ((1.0, 1.0, 0.35), (2.76, 0.5, 0.18), (5.4, 0.25, 0.08))


def _gong(t: np.ndarray, rate: int, hz: float, decay_scale: float = 1.0) -> np.ndarray:
    return sum((amp * np.exp(-t / (decay * decay_scale)) * tone(t, hz * ratio, rate)
                for ratio, amp, decay in GONG), np.zeros_like(t))


def diving_alarm(rate: int = RATE) -> np.ndarray:
    t = axis(2.6, rate)
    strike = 1 / 18
    stroke = _gong(axis(strike * 3, rate), rate, 1250, 0.12)
    out = np.zeros_like(t)
    for k in range(int(2.2 / strike)):
        start = int(k * strike * rate)
        end = min(len(out), start + len(stroke))
        out[start:end] += stroke[:end - start]
    return finish(out, rate, 0.35)


def telegraph_ring(rate: int = RATE) -> np.ndarray:
    t = axis(1.4, rate)
    ding = np.zeros_like(t)
    for at in (0.0, 0.17):
        tt = np.maximum(0.0, t - at)
        ding += np.where(t >= at, _gong(tt, rate, 2100), 0.0)
    return finish(ding, rate, 0.3)


def torpedo_launch(rate: int = RATE) -> np.ndarray:
    t = axis(2.6, rate)
    n = len(t)
    thump = lowpass(noise(n, 61), rate, 150) * hit(t, 0.0, 0.004, 0.12)
    air = bandpass(noise(n, 62), rate, 350, 3000) * hit(t, 0.03, 0.05, 0.55)
    whine = tone(t, 190 - 60 * np.minimum(1.0, t / 2.0), rate) * hit(t, 0.25, 0.2, 0.9)
    return finish(3.0 * thump + 1.2 * air + 0.25 * whine, rate, 0.4)
