# SPDX-License-Identifier: MIT
# Kaleun deck hub: the main program on the Pico. See README.md (protocol, flashing).
import time

import usb_cdc
from kaleun_hub import FIRMWARE_VERSION, PROTOCOL_VERSION, config
from kaleun_hub.hub import Hub

print("Kaleun deck hub firmware", FIRMWARE_VERSION, "protocol", PROTOCOL_VERSION)

try:
    cfg = config.load(config.CONFIG_FILE)
except config.ConfigError as exc:
    print("config problem:", exc)
    print("running with no readers; fix", config.CONFIG_FILE, "and reset the board")
    cfg = config.parse({"format": config.CONFIG_FORMAT})

from kaleun_hub import hardware  # noqa: E402 - after the config message reached the console

readers, lamps, encoders = hardware.build(cfg)
port = usb_cdc.data if usb_cdc.data is not None else usb_cdc.console
port.timeout = 0


def clock_ms():
    return time.monotonic_ns() // 1000000


def write(frame):
    # without a host (DTR low) the bytes would pile up in the USB buffer: drop them, the
    # host asks for a snapshot when it connects
    if port.connected:
        try:
            port.write(frame)
        except OSError:
            pass


hub = Hub(readers, cfg, write, lamps=lamps, encoders=encoders, clock=clock_ms)
while True:
    waiting = port.in_waiting
    if waiting:
        hub.feed(port.read(waiting))
    hub.tick(clock_ms())
