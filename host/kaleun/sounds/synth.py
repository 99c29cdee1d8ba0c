"""Small building blocks for the synthesised sounds: time axes, seeded noise, filters, envelopes.

Everything works on float64 arrays in about [-1, 1] and is deterministic (fixed seeds), so a
sound is the same on every table. Filters work in the frequency domain (one FFT each): exact
enough for sound effects and fast for a few seconds of audio.
"""

from __future__ import annotations

import numpy as np

RATE = 22050


def axis(seconds: float, rate: int) -> np.ndarray:
    """Time in seconds of every sample of a sound `seconds` long."""
    return np.arange(int(seconds * rate), dtype=np.float64) / rate


def noise(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(n)


def _response(n: int, rate: int) -> np.ndarray:
    return np.fft.rfftfreq(n, 1 / rate)


def lowpass(x: np.ndarray, rate: int, cutoff_hz: float, order: int = 2) -> np.ndarray:
    """A Butterworth-shaped low-pass (magnitude only)."""
    f = _response(len(x), rate)
    gain = 1.0 / np.sqrt(1.0 + (f / cutoff_hz) ** (2 * order))
    return np.fft.irfft(np.fft.rfft(x) * gain, len(x))


def highpass(x: np.ndarray, rate: int, cutoff_hz: float, order: int = 2) -> np.ndarray:
    f = np.maximum(_response(len(x), rate), 1e-9)
    gain = 1.0 / np.sqrt(1.0 + (cutoff_hz / f) ** (2 * order))
    return np.fft.irfft(np.fft.rfft(x) * gain, len(x))


def bandpass(x: np.ndarray, rate: int, low_hz: float, high_hz: float) -> np.ndarray:
    return lowpass(highpass(x, rate, low_hz), rate, high_hz)


def hit(t: np.ndarray, at: float = 0.0, attack_s: float = 0.003, decay_s: float = 0.5) -> np.ndarray:
    """An envelope that starts at `at`, rises in `attack_s` and decays exponentially."""
    tt = t - at
    live = tt >= 0
    tt = np.where(live, tt, 0.0)
    return np.where(live, np.minimum(1.0, tt / attack_s) * np.exp(-tt / decay_s), 0.0)


def tone(t: np.ndarray, hz: np.ndarray | float, rate: int) -> np.ndarray:
    """A sine whose frequency may change over time (the phase is integrated)."""
    freq = np.broadcast_to(np.asarray(hz, dtype=np.float64), t.shape)
    return np.sin(2 * np.pi * np.cumsum(freq) / rate)


def finish(x: np.ndarray, rate: int, fade_s: float = 0.05) -> np.ndarray:
    """Normalised to a peak of 1, faded in over 2 ms and out over `fade_s` (no clicks), float32."""
    n = len(x)
    x = x.copy()
    start = min(n // 2, max(1, int(0.002 * rate)))
    end = min(n // 2, max(1, int(fade_s * rate)))
    x[:start] *= np.linspace(0.0, 1.0, start)
    x[n - end:] *= np.linspace(1.0, 0.0, end)
    peak = float(np.max(np.abs(x))) or 1.0
    return (x / peak).astype(np.float32)
