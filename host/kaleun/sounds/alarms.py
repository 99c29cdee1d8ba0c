"""Alarm signals, synthesised: each alarm the window shows has a sound of its own, so a crew hears
which alarm it is without looking (kaleun.ui.alarms says which cue belongs to which alarm).

- contact: the lookout's call on the bridge speaker, two rising chimes;
- aircraft: the air raid klaxon, a rasping horn in three short blasts ("Flieger!");
- gunfire: shells bursting near the boat, three sharp reports with their splashes;
- breach: the alarm whoop over the roar of water coming in; a minute before the section floods
  (`breach_warning`) the whoop comes again, higher and three times as fast: time is running out;
- fire: the fire bell, fast strokes of a high gong in two bursts.
"""

from __future__ import annotations

import numpy as np

from kaleun.sounds.synth import RATE, axis, bandpass, finish, hit, lowpass, noise, tone


def contact_chime(rate: int = RATE) -> np.ndarray:
    t = axis(1.2, rate)
    out = np.zeros_like(t)
    for at, hz in ((0.0, 880.0), (0.28, 1175.0)):
        env = hit(t, at, 0.005, 0.35)
        out += env * (tone(t, hz, rate) + 0.3 * tone(t, hz * 2.0, rate))
    return finish(out, rate, 0.2)


def aircraft_klaxon(rate: int = RATE) -> np.ndarray:
    t = axis(1.9, rate)
    gate = np.zeros_like(t)
    for start in (0.0, 0.6, 1.2):
        gate += ((t >= start) & (t < start + 0.45)).astype(np.float64)
    gate = lowpass(gate, rate, 60)
    buzz = np.sign(tone(t, 310.0, rate)) * 0.6 + np.sign(tone(t, 466.0, rate)) * 0.4
    return finish(bandpass(buzz, rate, 200, 3000) * gate, rate, 0.1)


def gunfire_reports(rate: int = RATE) -> np.ndarray:
    t = axis(2.4, rate)
    n = len(t)
    out = np.zeros_like(t)
    for k, at in enumerate((0.0, 0.55, 1.1)):
        crack = bandpass(noise(n, 71 + k), rate, 400, 4000) * hit(t, at, 0.001, 0.05)
        boom = lowpass(noise(n, 81 + k), rate, 250) * hit(t, at, 0.004, 0.25)
        splash = bandpass(noise(n, 91 + k), rate, 800, 6000) * hit(t, at + 0.15, 0.05, 0.3)
        out += 2.0 * crack + 2.5 * boom + 0.5 * splash
    return finish(out, rate, 0.3)


def breach_whoop(rate: int = RATE) -> np.ndarray:
    t = axis(2.6, rate)
    n = len(t)
    sweep = 500 + 500 * ((t % 0.8) / 0.8)
    whoop = tone(t, sweep, rate) * (np.minimum(1.0, t / 0.05)) * ((t % 0.8) < 0.7)
    water = bandpass(noise(n, 101), rate, 150, 1500) * np.minimum(1.0, t / 0.6)
    return finish(0.8 * whoop + 1.4 * water, rate, 0.4)


def breach_countdown(rate: int = RATE) -> np.ndarray:
    """The breach's whoop, urgent: higher, a whoop every 0.27 s instead of every 0.8 s, over the water."""
    t = axis(2.4, rate)
    n = len(t)
    period = 0.8 / 3
    sweep = 800 + 700 * ((t % period) / period)
    whoop = tone(t, sweep, rate) * (np.minimum(1.0, t / 0.03)) * ((t % period) < 0.8 * period)
    water = bandpass(noise(n, 103), rate, 150, 1500) * np.minimum(1.0, t / 0.3)
    return finish(0.9 * whoop + 1.2 * water, rate, 0.3)


def fire_bell(rate: int = RATE) -> np.ndarray:
    t = axis(2.2, rate)
    out = np.zeros_like(t)
    strike = 1 / 12
    for burst in (0.0, 1.1):
        for k in range(10):
            at = burst + k * strike
            env = hit(t, at, 0.002, 0.09)
            out += env * (tone(t, 1600.0, rate) + 0.5 * tone(t, 1600.0 * 2.7, rate))
    return finish(out, rate, 0.3)
