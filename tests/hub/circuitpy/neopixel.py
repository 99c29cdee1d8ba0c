"""Stand-in for the `neopixel` library: a list of pixels on a claimed pin."""

import digitalio


class NeoPixel:
    def __init__(self, pin, n, brightness=1.0, auto_write=True, pixel_order="GRB"):
        digitalio.claim(pin, self)
        self.pixels = [(0, 0, 0)] * n
        self.shows = 0

    def __setitem__(self, index, value):
        self.pixels[index] = value

    def __getitem__(self, index):
        return self.pixels[index]

    def __len__(self):
        return len(self.pixels)

    def show(self):
        self.shows += 1
