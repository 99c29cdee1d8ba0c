"""Explosions heard inside the boat, synthesised: depth charges near and far, a torpedo's hit.

Underwater explosions reach the hull as a hard pressure pulse, a low booming tail and, a third
of a second later, the gas bubble's second pulse. Near, the boat rings: fittings rattle, the
shock shakes everything loose. Far, only a dull thud and rumble arrive (water takes the highs).
A torpedo hit on a ship, heard through the water, is a distant blast with a long rumble.
"""

from __future__ import annotations

import numpy as np

from kaleun.sounds.synth import RATE, axis, bandpass, finish, hit, lowpass, noise, tone


def depth_charge_near(rate: int = RATE) -> np.ndarray:
    t = axis(4.0, rate)
    n = len(t)
    boom = lowpass(noise(n, 11), rate, 180) * (hit(t, 0.0, 0.004, 0.7) + 0.45 * hit(t, 0.34, 0.02, 0.5))
    thud = tone(t, 44 - 14 * np.minimum(1.0, t / 1.5), rate) * hit(t, 0.0, 0.003, 0.6)
    rumble = lowpass(noise(n, 12), rate, 70) * hit(t, 0.05, 0.1, 1.4)
    rattle_env = (np.random.default_rng(13).random(n) < 0.004) * hit(t, 0.02, 0.001, 0.5)
    rattle = bandpass(lowpass(rattle_env.astype(np.float64), rate, 4000), rate, 1500, 5000) * 3
    clang = bandpass(noise(n, 14), rate, 600, 2500) * hit(t, 0.0, 0.001, 0.08)
    return finish(3.0 * boom + 1.2 * thud + 2.0 * rumble + 0.6 * rattle + 0.8 * clang, rate, 0.4)


def depth_charge_far(rate: int = RATE) -> np.ndarray:
    t = axis(3.5, rate)
    n = len(t)
    boom = lowpass(noise(n, 21), rate, 110) * (hit(t, 0.0, 0.03, 0.6) + 0.35 * hit(t, 0.38, 0.04, 0.5))
    thud = tone(t, 36 - 8 * np.minimum(1.0, t / 1.5), rate) * hit(t, 0.0, 0.02, 0.5)
    rumble = lowpass(noise(n, 22), rate, 55) * hit(t, 0.1, 0.2, 1.2)
    return finish(3.0 * boom + 0.8 * thud + 2.0 * rumble, rate, 0.4)


def torpedo_hit(rate: int = RATE) -> np.ndarray:
    t = axis(4.5, rate)
    n = len(t)
    crack = bandpass(noise(n, 31), rate, 300, 1800) * hit(t, 0.0, 0.002, 0.06)
    blast = lowpass(noise(n, 32), rate, 220) * hit(t, 0.0, 0.01, 0.9)
    rumble = lowpass(noise(n, 33), rate, 60) * hit(t, 0.15, 0.3, 1.8)
    return finish(0.7 * crack + 3.0 * blast + 2.5 * rumble, rate, 0.5)
