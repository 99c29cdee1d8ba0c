"""A ship's bell, synthesised: inharmonic bell partials with exponential decay.

Partials follow the classic church/ship bell series (hum, prime, tierce, quint, nominal
and upper partials); the strike note is the nominal. Strokes of a watch bell come in pairs:
two strokes close together, a longer pause, the next pair.
"""

from __future__ import annotations

import numpy as np

RATE = 22050
#: the nominal (strike note) in Hz; a small brass ship's bell sounds around 1 kHz
NOMINAL_HZ = 1046.5
#: (frequency ratio to the nominal, amplitude, decay time constant in s)
PARTIALS = (
    (0.25, 0.25, 2.2),   # hum
    (0.5, 0.45, 1.6),    # prime
    (0.6, 0.40, 1.3),    # minor-third tierce: the bell's sad colour
    (0.75, 0.20, 1.0),   # quint
    (1.0, 1.00, 1.1),    # nominal
    (1.25, 0.35, 0.6),
    (1.5, 0.30, 0.5),
    (2.0, 0.20, 0.35),
    (2.61, 0.12, 0.25),
)
STROKE_S = 2.4          # length of one stroke's ring
WITHIN_PAIR_S = 0.38    # between the two strokes of a pair
BETWEEN_PAIRS_S = 1.05  # from a pair's second stroke to the next pair's first


def stroke(rate: int = RATE) -> np.ndarray:
    """One stroke of the bell, float32 in [-1, 1]."""
    t = np.arange(int(STROKE_S * rate), dtype=np.float64) / rate
    wave = np.zeros_like(t)
    for ratio, amp, decay in PARTIALS:
        wave += amp * np.exp(-t / decay) * np.sin(2 * np.pi * NOMINAL_HZ * ratio * t)
    attack = np.minimum(1.0, t / 0.002)  # 2 ms attack: the clapper's click without a pop
    release = np.minimum(1.0, (STROKE_S - t) / 0.4)  # fade the last 0.4 s: no click at the end
    wave *= attack * release
    return (wave / np.max(np.abs(wave))).astype(np.float32)


def onsets(pattern: list[int]) -> list[float]:
    """Start time (s) of every stroke of a pattern such as [2, 2, 2, 2]."""
    times: list[float] = []
    t = 0.0
    for group in pattern:
        for i in range(group):
            times.append(t)
            t += WITHIN_PAIR_S if i < group - 1 else 0.0
        t += BETWEEN_PAIRS_S
    return times


def render(pattern: list[int], rate: int = RATE, volume: float = 0.8) -> np.ndarray:
    """The whole pattern as 16-bit mono samples."""
    one = stroke(rate)
    starts = [int(s * rate) for s in onsets(pattern)]
    out = np.zeros((starts[-1] if starts else 0) + len(one), dtype=np.float32)
    for start in starts:
        out[start:start + len(one)] += one
    peak = max(1.0, float(np.max(np.abs(out)))) if len(out) else 1.0
    return (out / peak * volume * 32767).astype(np.int16)
