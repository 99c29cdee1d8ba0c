# SPDX-License-Identifier: MIT
"""Lamps on the hub's NeoPixel strip, lit by the host's `lamp` and `dark` frames.

The host names pixel ranges; patterns run here so a blinking lamp costs no serial traffic.
`pixels` is anything indexable with RGB tuples and a `show()` (neopixel.NeoPixel with
auto_write=False, or a list-like fake in tests).
"""

#: pattern -> period in ms (steady and off have none)
PERIODS = {"blink": 1000, "pulse": 1500}


def _rgb(color):
    value = int(color, 16)
    return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)


def level(pattern, now):
    """Brightness 0..255 of a pattern at `now` ms."""
    if pattern == "off":
        return 0
    period = PERIODS.get(pattern)
    if period is None:
        return 255
    phase = now % period
    if pattern == "blink":
        return 255 if phase < period // 2 else 0
    half = period // 2  # pulse: triangle wave
    return (phase * 255) // half if phase < half else ((period - phase) * 255) // half


class HubLamps:
    def __init__(self, pixels, count):
        self.pixels = pixels
        self.count = count
        #: pixel index -> (rgb, pattern)
        self.lit = {}
        self.shown = None

    def set(self, first, count, color, pattern="steady"):
        rgb = _rgb(color)
        for index in range(max(0, first), min(self.count, first + max(0, count))):
            if pattern == "off" or rgb == (0, 0, 0):
                self.lit.pop(index, None)
            else:
                self.lit[index] = (rgb, pattern)

    def clear(self):
        self.lit = {}

    def frame(self, now):
        out = [(0, 0, 0)] * self.count
        for index, (rgb, pattern) in self.lit.items():
            k = level(pattern, now)
            out[index] = (rgb[0] * k // 255, rgb[1] * k // 255, rgb[2] * k // 255)
        return out

    def render(self, now):
        frame = self.frame(now)
        if frame == self.shown:
            return
        for index, rgb in enumerate(frame):
            self.pixels[index] = rgb
        self.pixels.show()
        self.shown = frame
