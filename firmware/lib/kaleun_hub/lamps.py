# SPDX-License-Identifier: MIT
"""Lamps on the hub's NeoPixel strip, lit by the host's `lamp` and `dark` frames.

The host names pixel ranges; patterns run here so a blinking lamp costs no serial traffic.
`pixels` is anything indexable with RGB tuples and a `show()` (neopixel.NeoPixel with
auto_write=False, or a list-like fake in tests).

`PATTERNS` is the one declaration of the lamp patterns: the Pi's lamp director reads this
very table (kaleun.runtime.lamps) to shade the strips it drives itself, so a pattern added
here is known to the hub and to the Pi alike. A pattern this firmware does not know shows
steady (an older hub keeps its lamps lit).
"""

#: pattern -> (shape, period in ms, width in ms). Shapes: "steady", "off"; "square": on for
#: `width` ms of every period; "double": two flashes of `width` ms, a gap as long between them
#: (struck in pairs, like a watch bell); "triangle": up and down once per period; "decay": full at
#: the start of each period, fading to dark by its end (a flare); "flicker": a new
#: random level between 35 % and 100 % every period (fire); "sparks": dim, with a random
#: bright flash in about one period of six (an electrical fault). All looks are our choice.
#: the level of "dim": steady at three eighths, told from "steady" by brightness, not by colour
DIM = 96

PATTERNS = {
    "steady": ("steady", 0, 0),
    "dim": ("dim", 0, 0),
    "off": ("off", 0, 0),
    "blink": ("square", 1000, 500),
    "blink_fast": ("square", 400, 200),
    "strobe": ("square", 250, 60),
    "drip": ("square", 1400, 150),
    "bells": ("double", 1300, 120),
    "pulse": ("triangle", 1500, 0),
    "pulse_slow": ("triangle", 3000, 0),
    "flare": ("decay", 500, 0),
    "flicker": ("flicker", 90, 0),
    "sparks": ("sparks", 50, 0),
}


def _noise(step):
    """A pseudo-random byte for a step number: two rounds of a 16-bit xorshift (small
    integers on every interpreter, the same sequence on the hub and the Pi)."""
    x = ((step & 0xFFFF) * 0x3A5 + 0x1234) & 0xFFFF
    for _ in range(2):
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
    return (x >> 4) & 0xFF


def level(pattern, now):
    """Brightness 0..255 of a pattern at `now` ms."""
    spec = PATTERNS.get(pattern)
    if spec is None:
        return 255
    shape, period, width = spec
    if shape == "steady":
        return 255
    if shape == "dim":
        return DIM
    if shape == "off":
        return 0
    if shape == "square":
        return 255 if now % period < width else 0
    if shape == "double":
        phase = now % period
        return 255 if phase < width or 2 * width <= phase < 3 * width else 0
    if shape == "triangle":
        phase = now % period
        half = period // 2
        return (phase * 255) // half if phase < half else ((period - phase) * 255) // half
    if shape == "decay":
        return ((period - now % period) * 255) // period
    noise = _noise(now // period)
    if shape == "flicker":
        return 90 + (noise * 165) // 255
    return 255 if noise < 43 else 24  # sparks


def animated(pattern):
    """True when a pattern changes over time (it needs frames, not one colour)."""
    shape = PATTERNS.get(pattern, ("steady", 0, 0))[0]
    return shape not in ("steady", "dim", "off")


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


def _rgb(color):
    value = int(color, 16)
    return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
