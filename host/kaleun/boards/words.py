"""The words of the board format as `kaleun board check` says them in the table's language: the drivers, a
ring's homing and the speaker's output. What a maker names (the board, a dial's own key) and the names of
components (pygame, neopixel_spi) are kept as written."""

from __future__ import annotations

from kaleun.core.messages import N_, Msg

#: a dial's, the lamps' or the figures' driver
DRIVERS = {"sim": N_("simulated"), "hub": N_("deck hub"), "gpio": N_("the Pi's GPIO"), "none": N_("none")}
#: how a dial learns where it stands (`home` in [dials.<dial>], boards/dials.toml)
HOMES = {"saved": N_("where it stood when saved"), "switch": N_("home switch"), "index": N_("index pulse"),
         "calibrate": N_("set by the crew"), "none": N_("known on the screen")}
#: where the speaker plays (audio.output)
OUTPUTS = {"default": N_("default sound device"), "analog": N_("3.5 mm jack"), "hdmi": N_("HDMI"), "usb": N_("USB"),
           "i2s": N_("I2S amplifier")}


def said(words: dict[str, str], value: str) -> Msg | str:
    """A value of the board file in the table's words, when it is one of the format's; else as written."""
    return Msg.term(words[value]) if value in words else value
